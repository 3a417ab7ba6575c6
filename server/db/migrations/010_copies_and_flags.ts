import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Where a copy came from (content_copies) and the flags people raise on content for moderators (content_flags). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("content_copies")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("content.id").onDelete("cascade"))
    // The original may be deleted later; the copy stays and only loses its "Copied from".
    .addColumn("source_id", "integer", (c) => c.references("content.id").onDelete("set null"))
    .addColumn("copied_by", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_copies_source").on("content_copies").column("source_id").execute();

  await db.schema
    .createTable("content_flags")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("reason", "varchar(32)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_flags_review").on("content_flags").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("content_flags_content").on("content_flags").column("content_id").execute();
}

/** Drops both tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_flags").execute();
  await db.schema.dropTable("content_copies").execute();
}
