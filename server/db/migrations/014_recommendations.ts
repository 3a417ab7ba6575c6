import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Recommendations (POST /profile/postRecommend): one row per recipient of a share, with the sender's note. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("recommendations")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("sender_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("recipient_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recommendations_recipient").on("recommendations").columns(["recipient_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recommendations").ifExists().execute();
}
