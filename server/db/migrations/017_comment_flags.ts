import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Comments reported as inappropriate (POST /comment/thread/comment/flag), for moderators, beside content_flags. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("comment_flags")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("reason", "varchar(32)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("comment_flags_review").on("comment_flags").columns(["status", "created_at"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("comment_flags").ifExists().execute();
}
