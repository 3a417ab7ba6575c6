import crypto from "node:crypto";
import type { Db } from "../db/connection.js";
import type { FeedPostFeedbackTable, FeedPostRow } from "../db/schema.js";
import type { FeedbackCounts } from "./comments.js";

/** A feed post with what its presenter shows of its poster. */
export type FeedPostWithPoster = FeedPostRow & { poster_name: string; poster_uid: string };

const withPoster = (db: Db) =>
  db.selectFrom("feed_posts").innerJoin("profiles as poster", "poster.id", "feed_posts.poster_id").selectAll("feed_posts").select(["poster.name as poster_name", "poster.uid as poster_uid"]);

/**
 * A page of the item's feed, newest first: the `limit` posts before the post `before` (the newest without it), plus
 * whether older ones follow. Paging by the last id shown, so a post added meanwhile never repeats one on the next page.
 */
export async function listFeedPosts(db: Db, contentId: number, before: number | undefined, limit: number): Promise<{ rows: FeedPostWithPoster[]; more: boolean }> {
  let query = withPoster(db).where("feed_posts.content_id", "=", contentId);
  if (before !== undefined) query = query.where("feed_posts.id", "<", before);
  const rows = await query.orderBy("feed_posts.id", "desc").limit(limit + 1).execute();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** A post by id with its poster, or undefined. */
export function findFeedPost(db: Db, postId: number): Promise<FeedPostWithPoster | undefined> {
  return withPoster(db).where("feed_posts.id", "=", postId).executeTakeFirst();
}

/** A post by its opaque_id (the discussion calls name a post's comments by it), or undefined. */
export function findFeedPostByOpaqueId(db: Db, opaqueId: string): Promise<Pick<FeedPostRow, "id" | "content_id" | "poster_id"> | undefined> {
  return db.selectFrom("feed_posts").select(["id", "content_id", "poster_id"]).where("opaque_id", "=", opaqueId).executeTakeFirst();
}

/** The ids of the comments on a post (replies included), whatever their state. */
export async function commentIdsOfFeedPost(db: Db, postId: number): Promise<number[]> {
  return (await db.selectFrom("comments").select("id").where("feed_post_id", "=", postId).execute()).map((r) => r.id);
}

/** Adds a post to the item's feed; returns its id. */
export async function insertFeedPost(db: Db, post: { contentId: number; posterId: number; content: string }): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("feed_posts")
    .values({ opaque_id: crypto.randomUUID(), content_id: post.contentId, poster_id: post.posterId, content: post.content, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a post's text (the poster's edit) and marks it edited. */
export async function updateFeedPostContent(db: Db, postId: number, content: string): Promise<void> {
  const now = new Date().toISOString();
  await db.updateTable("feed_posts").set({ content, edited_at: now, updated_at: now }).where("id", "=", postId).execute();
}

/** Removes a post for good (its reactions and reports go with it). */
export async function deleteFeedPost(db: Db, postId: number): Promise<void> {
  await db.deleteFrom("feed_posts").where("id", "=", postId).execute();
}

const NO_FEEDBACK = (): FeedbackCounts => ({ like: 0, love: 0, magic: 0, powerful: 0 });

/** Reaction counts of several posts (every post given gets an entry). */
export async function feedPostFeedbackCounts(db: Db, postIds: number[]): Promise<Map<number, FeedbackCounts>> {
  const counts = new Map(postIds.map((id) => [id, NO_FEEDBACK()]));
  if (!postIds.length) return counts;
  const rows = await db
    .selectFrom("feed_post_feedback")
    .select(["post_id", "feedback_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where("post_id", "in", postIds)
    .groupBy(["post_id", "feedback_type"])
    .execute();
  for (const r of rows) counts.get(r.post_id)![r.feedback_type] = Number(r.n);
  return counts;
}

/** The profile's own reaction on each of several posts that has one. */
export async function feedPostFeedbackOf(db: Db, profileId: number | null, postIds: number[]): Promise<Map<number, FeedPostFeedbackTable["feedback_type"]>> {
  if (!profileId || !postIds.length) return new Map();
  const rows = await db.selectFrom("feed_post_feedback").select(["post_id", "feedback_type"]).where("profile_id", "=", profileId).where("post_id", "in", postIds).execute();
  return new Map(rows.map((r) => [r.post_id, r.feedback_type]));
}

/** Sets the profile's reaction on a post (one per post), or removes it with null. */
export async function setFeedPostFeedback(db: Db, postId: number, profileId: number, feedbackType: FeedPostFeedbackTable["feedback_type"] | null): Promise<void> {
  if (feedbackType === null) {
    await db.deleteFrom("feed_post_feedback").where("post_id", "=", postId).where("profile_id", "=", profileId).execute();
    return;
  }
  await db
    .insertInto("feed_post_feedback")
    .values({ post_id: postId, profile_id: profileId, feedback_type: feedbackType })
    .onConflict((oc) => oc.columns(["post_id", "profile_id"]).doUpdateSet({ feedback_type: feedbackType }))
    .execute();
}
