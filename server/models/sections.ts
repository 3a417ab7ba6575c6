import type { Kysely } from "kysely";
import type { Db } from "../db/connection.js";
import type { ContentSection, Database } from "../db/schema.js";
import { emptyIfBlank, sanitizeUserHtml } from "../lib/sanitize.js";
import { followSectionThreads, removedThreadUids } from "./sectionComments.js";

/** A section to store: its title, its HTML (sanitized here), from the editor Lexical's JSON, and the uid it was read with. */
export interface SectionContent {
  title: string;
  html: string;
  json?: Record<string, unknown> | null;
  /** The stored section this one is (its comment thread follows it); a new uid when absent or not one of the item's. */
  uid?: string | null;
}

/** The sections of an item, in order. */
export function listSections(db: Db, contentId: number): Promise<ContentSection[]> {
  return db.selectFrom("content_sections").selectAll().where("content_id", "=", contentId).orderBy("position").orderBy("id").execute();
}

/**
 * Replaces an item's body with these sections, in this order, in the caller's transaction (or db), and keeps the
 * item's comment threads in step: a dropped section's thread is marked removed, a returning uid's thread is live again.
 * The HTML is sanitized with the course-designer profile, so any caller (the editor's save, a
 * template's copy) stores only safe HTML, and a section whose text shows nothing stores "". Callers record the content change for search.
 */
export async function writeSections(trx: Kysely<Database>, contentId: number, sections: SectionContent[]): Promise<ContentSection[]> {
  const before = await trx.selectFrom("content_sections").select(["uid", "title"]).where("content_id", "=", contentId).execute();
  // A removed section's uid (its thread kept) counts as the item's too, so a later save can bring the section back.
  const known = new Set([...before.map((row) => row.uid), ...(await removedThreadUids(trx, contentId))]);
  await trx.deleteFrom("content_sections").where("content_id", "=", contentId).execute();
  const written = sections.length ? await insertSections(trx, contentId, sections, known) : [];
  await followSectionThreads(trx, contentId, before, written.map((s) => s.uid!));
  return written;
}

/** Inserts the sections in order; `known` holds the uids they may keep. */
function insertSections(trx: Kysely<Database>, contentId: number, sections: SectionContent[], known: Set<string | null>): Promise<ContentSection[]> {
  // A uid is kept only for a section the item had, once (a pasted or repeated uid starts a new section).
  const uidOf = (uid: string | null | undefined) => (uid && known.delete(uid) ? uid : crypto.randomUUID());
  const now = new Date().toISOString();
  return trx
    .insertInto("content_sections")
    .values(
      sections.map((s, position) => ({
        content_id: contentId,
        position,
        title: s.title.trim().slice(0, 255),
        body_json: s.json ? JSON.stringify(s.json) : null,
        body_html: emptyIfBlank(sanitizeUserHtml(s.html, "course-designer")),
        updated_at: now,
        uid: uidOf(s.uid),
      })),
    )
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.position - b.position));
}
