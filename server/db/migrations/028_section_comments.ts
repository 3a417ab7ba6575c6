import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Comments on an item's sections (second document: the legacy comment popover, "Legacy thread: id, comments,
 * status_label (open or resolved)"): one thread per section, open or resolved, holding plain-text comments.
 * Sections are rewritten on every save, so each gets a `uid` that a save keeps (the editor sends it back), and
 * threads name their section by it: comments follow a section through edits and moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? "serial" : "integer";
  await db.schema.alterTable("content_sections").addColumn("uid", "varchar(36)").execute();
  const sections = db as unknown as Kysely<{ content_sections: { id: number; uid: string | null } }>;
  for (const { id: sectionId } of await sections.selectFrom("content_sections").select("id").execute()) {
    await sections.updateTable("content_sections").set({ uid: crypto.randomUUID() }).where("id", "=", sectionId).execute();
  }
  await db.schema.createIndex("content_sections_uid").on("content_sections").column("uid").execute();
  await db.schema
    .createTable("section_threads")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("section_uid", "varchar(36)", (c) => c.notNull())
    // 1 open, 2 resolved (the spec's status codes).
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("section_threads_section", ["content_id", "section_uid"])
    .execute();
  await db.schema
    .createTable("section_comments")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("thread_id", "integer", (c) => c.notNull().references("section_threads.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("section_comments_thread").on("section_comments").columns(["thread_id", "id"]).execute();
}

/** Drops the tables and the sections' uid. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("section_comments").ifExists().execute();
  await db.schema.dropTable("section_threads").ifExists().execute();
  await db.schema.dropIndex("content_sections_uid").ifExists().execute();
  await db.schema.alterTable("content_sections").dropColumn("uid").execute();
}
