import type { Db } from "../db/connection.js";
import type { Content, ContentSection } from "../db/schema.js";
import { writeSections, type SectionContent } from "../models/sections.js";
import { recordSearchSettingsChange } from "../search/catalogueIndex.js";
import { addToVocabulary } from "../search/suggest.js";
import { recordContentChange, titleSortKey } from "./createContent.js";

export interface SaveContentBodyInput {
  title: string;
  /** Left out: the stored description stays (a save that does not send it never empties it). */
  description?: string;
  sections: SectionContent[];
}

/**
 * Saves an item's title, description and body in one transaction, and tells search it changed. A group's page is its
 * name and About text, so saving one renames the group profile too (the share and permission pickers, the owner
 * filter and every item the group owns name it by its profile).
 */
export async function saveContentBody(db: Db, item: Content, input: SaveContentBodyInput): Promise<{ item: Content; sections: ContentSection[] }> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("content")
      .set({ title: input.title, ...(input.description === undefined ? {} : { description: input.description }), title_sort: titleSortKey(input.title), updated_at: new Date().toISOString() })
      .where("id", "=", item.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (item.model_key === "profile" && item.sub_type === "group" && item.profile_id !== null) {
      await trx.updateTable("profiles").set({ name: input.title, description: updated.description, updated_at: updated.updated_at }).where("id", "=", item.profile_id).where("kind", "=", "group").execute();
      // Owner names are cached with the search settings, as a person's rename does (commands/updateProfile.ts).
      if (input.title !== item.title) await recordSearchSettingsChange(trx);
    }
    const sections = await writeSections(trx, item.id, input.sections);
    await addToVocabulary(trx, input.title, updated.tags);
    await recordContentChange(trx, item.id);
    return { item: updated, sections };
  });
}
