import type { Kysely } from "kysely";

/**
 * Comments on a group's feed posts: they are comments of the group item's thread under the post's own context
 * (`feed_post:{id}`), and `feed_post_id` ties each to its post so deleting the post (or anything that deletes it:
 * its poster, the group's page) deletes its comments, and with them their reactions, subscriptions, history,
 * reports and attachment rows, on both databases by the foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comments").addColumn("feed_post_id", "integer", (c) => c.references("feed_posts.id").onDelete("cascade")).execute();
  await db.schema.createIndex("comments_feed_post").on("comments").column("feed_post_id").execute();
}

/** Drops the index and the column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("comments_feed_post").ifExists().execute();
  await db.schema.alterTable("comments").dropColumn("feed_post_id").execute();
}
