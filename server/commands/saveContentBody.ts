import type { Db } from "../db/connection.js";
import type { Content, ContentSection } from "../db/schema.js";
import { writeSections, type SectionContent } from "../models/sections.js";
import { addToVocabulary } from "../search/suggest.js";
import { recordContentChange, titleSortKey } from "./createContent.js";

export interface SaveContentBodyInput {
  title: string;
  description: string;
  sections: SectionContent[];
}

/** Saves an item's title, description and body in one transaction, and tells search it changed. */
export async function saveContentBody(db: Db, item: Content, input: SaveContentBodyInput): Promise<{ item: Content; sections: ContentSection[] }> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("content")
      .set({ title: input.title, description: input.description, title_sort: titleSortKey(input.title), updated_at: new Date().toISOString() })
      .where("id", "=", item.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const sections = await writeSections(trx, item.id, input.sections);
    await addToVocabulary(trx, input.title, updated.tags);
    await recordContentChange(trx, item.id);
    return { item: updated, sections };
  });
}
