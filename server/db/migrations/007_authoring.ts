import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Authoring: an item's body as ordered sections (Lexical JSON and the sanitized HTML rendered from it),
 * and edit locks kept in the database so every instance sees the same holder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("content_sections")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    // Null when the section came as HTML only (a template's copy): the editor then imports the HTML.
    .addColumn("body_json", "text")
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_sections_order").on("content_sections").columns(["content_id", "position"]).execute();

  await db.schema
    .createTable("edit_locks")
    .addColumn("model_key", "varchar(32)", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("acquired_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("edit_locks_pk", ["model_key", "content_id"])
    .execute();
}

/** Drops the authoring tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("edit_locks").ifExists().execute();
  await db.schema.dropTable("content_sections").ifExists().execute();
}
