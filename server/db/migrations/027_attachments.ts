import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Attachments of feed posts (and, by the same table, of comments): one uploaded file each, stored under a random key,
 * uploaded first and attached when the post is sent (both owner columns null until then). And the edit time of a
 * feed post, for its Edited marker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("attachments")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("storage_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("mime_type", "varchar(100)", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("uploader_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("feed_post_id", "integer", (c) => c.references("feed_posts.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // A post's attachments, and a profile's uploads not posted yet (bounded per profile).
  await db.schema.createIndex("attachments_feed_post").on("attachments").column("feed_post_id").execute();
  await db.schema.createIndex("attachments_comment").on("attachments").column("comment_id").execute();
  await db.schema.createIndex("attachments_uploader").on("attachments").columns(["uploader_id", "created_at"]).execute();
  await db.schema.alterTable("feed_posts").addColumn("edited_at", "varchar(32)").execute();
}

/** Drops the table and the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("feed_posts").dropColumn("edited_at").execute();
  await db.schema.dropTable("attachments").ifExists().execute();
}
