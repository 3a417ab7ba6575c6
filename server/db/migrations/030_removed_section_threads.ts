import type { Kysely } from "kysely";

/**
 * Threads of removed sections (second document's "Deleted Comment Threads" sidebar). A save that drops a section
 * used to leave its thread behind unlisted; now the thread is kept and marked: `removed_at` (when the save removed
 * the section) and `section_title` (its title then: the section's row is gone, and the sidebar names the thread by
 * it). Two nullable columns on section_threads rather than a table of removed threads: removal is a state of the one
 * thread a section uid has (the unique (content_id, section_uid) pair still holds), and a later save that brings the
 * uid back (the editor's Undo) only clears them, with no rows to move and the comments untouched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_threads").addColumn("removed_at", "varchar(32)").execute();
  await db.schema.alterTable("section_threads").addColumn("section_title", "varchar(255)").execute();
  // Threads left behind by removals before this migration: removed when last written to, their title unknown.
  const threads = db as unknown as Kysely<{
    section_threads: { id: number; content_id: number; section_uid: string; updated_at: string; removed_at: string | null };
    content_sections: { content_id: number; uid: string | null };
  }>;
  await threads
    .updateTable("section_threads")
    .set((eb) => ({ removed_at: eb.ref("updated_at") }))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("content_sections")
            .select("content_sections.uid")
            .whereRef("content_sections.content_id", "=", "section_threads.content_id")
            .whereRef("content_sections.uid", "=", "section_threads.section_uid"),
        ),
      ),
    )
    .execute();
}

/** Drops the two columns (the threads of removed sections are then unlisted again, as before). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("section_threads").dropColumn("section_title").execute();
  await db.schema.alterTable("section_threads").dropColumn("removed_at").execute();
}
