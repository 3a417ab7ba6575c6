import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { addToVocabulary } from "../search/suggest.js";
import { recordContentChange } from "./createContent.js";

/** Replaces an item's attributes and keywords in one transaction, and tells search it changed. */
export async function setContentTags(db: Db, item: Content, input: { attributes: { id: number; type_id: number }[]; keywords: string[] }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("content_attributes").where("content_id", "=", item.id).execute();
    if (input.attributes.length) {
      await trx
        .insertInto("content_attributes")
        .values(input.attributes.map((a) => ({ content_id: item.id, attr_item_id: a.id, type_id: a.type_id })))
        .execute();
    }
    const tags = input.keywords.join(", ");
    await trx.updateTable("content").set({ tags, updated_at: new Date().toISOString() }).where("id", "=", item.id).execute();
    await addToVocabulary(trx, item.title, tags);
    await recordContentChange(trx, item.id);
  });
}
