import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Feeds (second document: "Feed with post form and posts"): posts on an item's feed (groups have one), one reaction
 * per profile and post, and posts reported as inappropriate for moderators.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? "serial" : "integer";
  await db.schema
    .createTable("feed_posts")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("opaque_id", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("poster_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  // A feed's pages are read newest first by id, after the last post of the page before.
  await db.schema.createIndex("feed_posts_content").on("feed_posts").columns(["content_id", "id"]).execute();
  await db.schema
    .createTable("feed_post_feedback")
    .addColumn("post_id", "integer", (c) => c.notNull().references("feed_posts.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("feedback_type", "varchar(16)", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_post_feedback_pk", ["post_id", "profile_id"])
    .execute();
  await db.schema
    .createTable("feed_post_flags")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("post_id", "integer", (c) => c.notNull().references("feed_posts.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("reason", "varchar(32)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feed_post_flags_review").on("feed_post_flags").columns(["status", "created_at"]).execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["feed_post_flags", "feed_post_feedback", "feed_posts"]) await db.schema.dropTable(table).ifExists().execute();
}
