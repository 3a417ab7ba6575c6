import { sql, type Kysely } from "kysely";

/**
 * A group's discussions (second document: the discussion thread widget): a discussion is a titled top-level comment
 * in the group item's thread under a context ("group"), its replies share that context, and the item's own Discuss
 * card keeps the comments without one. `last_activity_at` is when the discussion or its latest reply was posted, for
 * the widget's "Recent Activity" order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comments").addColumn("context", "varchar(32)").execute();
  await db.schema.alterTable("comments").addColumn("last_activity_at", "varchar(32)").execute();
  await sql`update comments set last_activity_at = coalesce((select max(r.created_at) from comments r where r.parent_id = comments.id), created_at)`.execute(db);
  await db.schema.createIndex("comments_thread_context").on("comments").columns(["thread_id", "context", "parent_id", "last_activity_at"]).execute();
}

/** Drops the index and the two columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_thread_context").ifExists().execute();
  await db.schema.alterTable("comments").dropColumn("last_activity_at").execute();
  await db.schema.alterTable("comments").dropColumn("context").execute();
}
