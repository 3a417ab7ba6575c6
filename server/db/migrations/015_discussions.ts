import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Discussions on an item (second document, "Modern comments"): one thread per content item, created lazily, with
 * comments (a reply's parent_id is its top-level comment), one reaction per profile and comment, subscriptions to
 * top-level comments, and each comment's history (admins read it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const id = pg ? "serial" : "integer";
  await db.schema
    .createTable("comment_threads")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().unique().references("content.id").onDelete("cascade"))
    .addColumn("view_permission", "varchar(16)", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("comments")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("opaque_id", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("thread_id", "integer", (c) => c.notNull().references("comment_threads.id").onDelete("cascade"))
    .addColumn("parent_id", "integer", (c) => c.references("comments.id").onDelete("cascade"))
    .addColumn("creator_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("title", "varchar(255)")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("is_html", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("replies_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("edited_at", "varchar(32)")
    .addColumn("deleted_at", "varchar(32)")
    .addColumn("deleted_with_replies_at", "varchar(32)")
    .execute();
  // A thread's page of top-level comments and a comment's replies are both read by (thread_id, parent_id) in id order.
  await db.schema.createIndex("comments_thread_parent").on("comments").columns(["thread_id", "parent_id", "id"]).execute();
  await db.schema.createIndex("comments_parent").on("comments").columns(["parent_id", "id"]).execute();
  await db.schema
    .createTable("comment_feedback")
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("feedback_type", "varchar(16)", (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_feedback_pk", ["comment_id", "profile_id"])
    .execute();
  await db.schema
    .createTable("comment_subscriptions")
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("comment_subscriptions_pk", ["comment_id", "profile_id"])
    .execute();
  await db.schema
    .createTable("comment_history")
    .addColumn("id", id, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("event", "varchar(16)", (c) => c.notNull())
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("new_values", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("comment_history_comment").on("comment_history").columns(["comment_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["comment_history", "comment_subscriptions", "comment_feedback", "comments", "comment_threads"]) await db.schema.dropTable(table).ifExists().execute();
}
