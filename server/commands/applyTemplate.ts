import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Copies a template's sections (titles and starter HTML) into a new item's body, in order; returns how
 * many were copied. The body lives in curriculum_sections until the editor's body storage takes over:
 * this is the one function to point there.
 */
export async function applyTemplate(trx: Transaction<Database>, templateId: number, contentId: number): Promise<number> {
  const sections = await trx.selectFrom("curriculum_template_sections").select(["position", "title", "html"]).where("template_id", "=", templateId).orderBy("position").execute();
  if (!sections.length) return 0;
  await trx
    .insertInto("curriculum_sections")
    .values(sections.map((s, i) => ({ content_id: contentId, position: i, title: s.title, html: s.html })))
    .execute();
  return sections.length;
}
