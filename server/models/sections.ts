import type { Kysely } from "kysely";
import type { Db } from "../db/connection.js";
import type { ContentSection, Database } from "../db/schema.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";

/** A section to store: its title, its HTML (sanitized here) and, from the editor, Lexical's JSON. */
export interface SectionContent {
  title: string;
  html: string;
  json?: Record<string, unknown> | null;
}

/** The sections of an item, in order. */
export function listSections(db: Db, contentId: number): Promise<ContentSection[]> {
  return db.selectFrom("content_sections").selectAll().where("content_id", "=", contentId).orderBy("position").orderBy("id").execute();
}

/**
 * Replaces an item's body with these sections, in this order, in the caller's transaction (or db).
 * The HTML is sanitized with the course-designer profile, so any caller (the editor's save, a
 * template's copy) stores only safe HTML. Callers record the content change for search.
 */
export async function writeSections(trx: Kysely<Database>, contentId: number, sections: SectionContent[]): Promise<ContentSection[]> {
  await trx.deleteFrom("content_sections").where("content_id", "=", contentId).execute();
  if (!sections.length) return [];
  const now = new Date().toISOString();
  return trx
    .insertInto("content_sections")
    .values(
      sections.map((s, position) => ({
        content_id: contentId,
        position,
        title: s.title.trim().slice(0, 255),
        body_json: s.json ? JSON.stringify(s.json) : null,
        body_html: sanitizeUserHtml(s.html, "course-designer"),
        updated_at: now,
      })),
    )
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.position - b.position));
}
