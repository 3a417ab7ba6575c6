import { sql, type Transaction } from "kysely";
import { GROUP_DISCUSSION_CONTEXT, type DiscussionContextName, type DiscussionSort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { CommentFeedbackTable, CommentHistoryRow, CommentRow, CommentThread, Database } from "../db/schema.js";

/** A comment with what its presenter shows of its author. */
export type CommentWithCreator = CommentRow & { creator_name: string; creator_uid: string; creator_thumb: string | null };

/** A history row with the name and uid of who made the change. */
export type HistoryWithProfile = CommentHistoryRow & { profile_name: string; profile_uid: string };

/** Reaction counts of one comment, by type. */
export type FeedbackCounts = Record<CommentFeedbackTable["feedback_type"], number>;

type Executor = Db | Transaction<Database>;

/**
 * Which comments of an item's thread a call is about: its Discuss card's (null), a group's discussions ("group"), or
 * the comments on one post of the group's feed (`feed_post:{post id}`, named by the post's opaque_id, never sent by clients).
 */
export type CommentContext = DiscussionContextName | `feed_post:${number}`;

/** The context of the comments on a feed post. */
export const feedPostContext = (postId: number): CommentContext => `feed_post:${postId}`;

/** Comments of one discussion of the item (see CommentContext). */
const contextIs = (context: CommentContext) => (context === null ? sql<boolean>`comments.context is null` : sql<boolean>`comments.context = ${context}`);

const withCreator = (db: Executor) =>
  db
    .selectFrom("comments")
    .innerJoin("profiles as creator", "creator.id", "comments.creator_id")
    .selectAll("comments")
    .select(["creator.name as creator_name", "creator.uid as creator_uid", "creator.thumb_url as creator_thumb"]);

/** The item's thread, if it has one yet. */
export function findThread(db: Executor, contentId: number): Promise<CommentThread | undefined> {
  return db.selectFrom("comment_threads").selectAll().where("content_id", "=", contentId).executeTakeFirst();
}

/** The threads of several items, by content id. */
export async function threadsAmong(db: Db, contentIds: number[]): Promise<Map<number, CommentThread>> {
  if (!contentIds.length) return new Map();
  const rows = await db.selectFrom("comment_threads").selectAll().where("content_id", "in", contentIds).execute();
  return new Map(rows.map((t) => [t.content_id, t]));
}

/** The item's thread, created (open) when it has none; safe when two first comments race. */
export async function ensureThread(trx: Executor, contentId: number, now: string): Promise<CommentThread> {
  await trx
    .insertInto("comment_threads")
    .values({ content_id: contentId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("content_id").doNothing())
    .execute();
  return (await findThread(trx, contentId))!;
}

/** Opens or closes the item's thread, creating it when needed. */
export async function setViewPermission(db: Db, contentId: number, viewPermission: "open" | "closed"): Promise<CommentThread> {
  const now = new Date().toISOString();
  await db
    .insertInto("comment_threads")
    .values({ content_id: contentId, view_permission: viewPermission, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("content_id").doUpdateSet({ view_permission: viewPermission, updated_at: now }))
    .execute();
  return (await findThread(db, contentId))!;
}

/** Comments that count: top-level and replies, neither removed nor kept as deleted. */
export async function countComments(db: Db, threadIds: number[], context: CommentContext = null): Promise<Map<number, number>> {
  if (!threadIds.length) return new Map();
  const rows = await db
    .selectFrom("comments")
    .select(["thread_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("thread_id", "in", threadIds)
    .where(contextIs(context))
    .where("deleted_at", "is", null)
    .where("deleted_with_replies_at", "is", null)
    .groupBy("thread_id")
    .execute();
  return new Map(rows.map((r) => [r.thread_id, Number(r.n)]));
}

/** A page of the thread's top-level comments, newest first (a kept deleted comment stays listed), and how many there are. */
export async function listTopLevel(db: Db, threadId: number, page: number, perPage: number, context: CommentContext = null): Promise<{ rows: CommentWithCreator[]; total: number }> {
  const listed = (q: ReturnType<typeof withCreator>) => q.where("comments.thread_id", "=", threadId).where("comments.parent_id", "is", null).where("comments.deleted_at", "is", null).where(contextIs(context));
  const [rows, total] = await Promise.all([
    listed(withCreator(db))
      .orderBy("comments.id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("thread_id", "=", threadId)
      .where("parent_id", "is", null)
      .where("deleted_at", "is", null)
      .where(contextIs(context))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** The order of each thread sort; the id breaks ties, in the sort's direction. */
const SORT_ORDER: Record<DiscussionSort, { column: "comments.last_activity_at" | "comments.created_at"; direction: "asc" | "desc" }> = {
  last_activity_at_desc: { column: "comments.last_activity_at", direction: "desc" },
  created_at_desc: { column: "comments.created_at", direction: "desc" },
  created_at_asc: { column: "comments.created_at", direction: "asc" },
};

/**
 * A page of a group's threads (the live top-level comments of the context) in the sort's order, and how many there
 * are; `ids` narrows them to a search's matches.
 */
export async function listDiscussions(
  db: Db,
  threadId: number,
  context: DiscussionContextName,
  options: { sort: DiscussionSort; page: number; limit: number; ids: number[] | null },
): Promise<{ rows: CommentWithCreator[]; total: number }> {
  if (options.ids && options.ids.length === 0) return { rows: [], total: 0 };
  const { column, direction } = SORT_ORDER[options.sort];
  const narrow = <Q extends ReturnType<typeof withCreator>>(q: Q) => {
    const base = q.where("comments.thread_id", "=", threadId).where("comments.parent_id", "is", null).where("comments.deleted_at", "is", null).where(contextIs(context));
    return options.ids ? base.where("comments.id", "in", options.ids) : base;
  };
  const [rows, total] = await Promise.all([
    narrow(withCreator(db))
      .orderBy(column, direction)
      .orderBy("comments.id", direction)
      .limit(options.limit)
      .offset((options.page - 1) * options.limit)
      .execute(),
    narrow(withCreator(db))
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * The ids of a group's live threads whose title or text, or the text of one of their live replies, holds `term` in
 * any case. Matched in JavaScript, as the collections list does, since SQLite's lower() knows only A to Z; a group's
 * discussions are few enough to read their texts.
 */
export async function searchDiscussionIds(db: Db, threadId: number, context: DiscussionContextName, term: string): Promise<number[]> {
  const needle = term.toLocaleLowerCase();
  const rows = await db
    .selectFrom("comments")
    .select(["id", "parent_id", "title", "content"])
    .where("thread_id", "=", threadId)
    .where(contextIs(context))
    .where("deleted_at", "is", null)
    .where("deleted_with_replies_at", "is", null)
    .execute();
  const ids = new Set<number>();
  for (const r of rows) if (`${r.title ?? ""}\n${r.content}`.toLocaleLowerCase().includes(needle)) ids.add(r.parent_id ?? r.id);
  // listDiscussions keeps only the threads still listed (a reply's thread may be one kept as deleted for its replies).
  return [...ids];
}

/**
 * Of these thread ids (a group discussion's opening comment), the threads that still stand with a title (not removed,
 * nor kept as deleted for their replies), each with its title and the item whose discussions hold it.
 */
export async function standingDiscussions(db: Db, ids: number[]): Promise<Map<number, { title: string; contentId: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom("comments")
    .innerJoin("comment_threads", "comment_threads.id", "comments.thread_id")
    .select(["comments.id", "comments.title", "comment_threads.content_id"])
    .where("comments.id", "in", ids)
    .where("comments.parent_id", "is", null)
    .where(contextIs(GROUP_DISCUSSION_CONTEXT))
    .where("comments.deleted_at", "is", null)
    .where("comments.deleted_with_replies_at", "is", null)
    .where("comments.title", "is not", null)
    .execute();
  return new Map(rows.map((r) => [r.id, { title: r.title!, contentId: r.content_id }]));
}

/** The latest `perParent` replies of each top-level comment, oldest first within each. */
export async function latestRepliesOf(db: Db, parentIds: number[], perParent: number): Promise<Map<number, CommentWithCreator[]>> {
  const byParent = new Map<number, CommentWithCreator[]>();
  if (!parentIds.length) return byParent;
  // Rank each parent's replies newest first in SQL (window functions: SQLite 3.25+ and PostgreSQL) and keep the top ones.
  const ranked = db
    .selectFrom("comments")
    .select(["comments.id", sql<number>`row_number() over (partition by comments.parent_id order by comments.id desc)`.as("rank")])
    .where("comments.parent_id", "in", parentIds)
    .where("comments.deleted_at", "is", null)
    .as("ranked");
  const rows = await withCreator(db).innerJoin(ranked, "ranked.id", "comments.id").where("ranked.rank", "<=", perParent).orderBy("comments.id", "asc").execute();
  for (const r of rows) byParent.set(r.parent_id!, [...(byParent.get(r.parent_id!) ?? []), r]);
  return byParent;
}

/** A top-level comment's replies, oldest first, at most `limit`. */
export function listReplies(db: Db, parentId: number, limit: number): Promise<CommentWithCreator[]> {
  return withCreator(db).where("comments.parent_id", "=", parentId).where("comments.deleted_at", "is", null).orderBy("comments.id", "asc").limit(limit).execute();
}

/** A comment of the thread that is still listed (not removed), with its author; `removed` includes removed ones too. */
export function findComment(db: Executor, threadId: number, commentId: number, options: { removed?: boolean; context?: CommentContext } = {}): Promise<CommentWithCreator | undefined> {
  let query = withCreator(db).where("comments.thread_id", "=", threadId).where("comments.id", "=", commentId).where(contextIs(options.context ?? null));
  if (!options.removed) query = query.where("comments.deleted_at", "is", null);
  return query.executeTakeFirst();
}

/** A comment by id with its author (after a write, to present it). */
export function commentById(db: Executor, commentId: number): Promise<CommentWithCreator> {
  return withCreator(db).where("comments.id", "=", commentId).executeTakeFirstOrThrow();
}

const NO_FEEDBACK = (): FeedbackCounts => ({ like: 0, love: 0, magic: 0, powerful: 0 });

/** Reaction counts of several comments (every comment given gets an entry). */
export async function feedbackCounts(db: Db, commentIds: number[]): Promise<Map<number, FeedbackCounts>> {
  const counts = new Map(commentIds.map((id) => [id, NO_FEEDBACK()]));
  if (!commentIds.length) return counts;
  const rows = await db
    .selectFrom("comment_feedback")
    .select(["comment_id", "feedback_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where("comment_id", "in", commentIds)
    .groupBy(["comment_id", "feedback_type"])
    .execute();
  for (const r of rows) counts.get(r.comment_id)![r.feedback_type] = Number(r.n);
  return counts;
}

/** The profile's own reaction on each of several comments that has one. */
export async function feedbackOf(db: Db, profileId: number | null, commentIds: number[]): Promise<Map<number, CommentFeedbackTable["feedback_type"]>> {
  if (!profileId || !commentIds.length) return new Map();
  const rows = await db.selectFrom("comment_feedback").select(["comment_id", "feedback_type"]).where("profile_id", "=", profileId).where("comment_id", "in", commentIds).execute();
  return new Map(rows.map((r) => [r.comment_id, r.feedback_type]));
}

/** Sets the profile's reaction (one per comment), or removes it with null. */
export async function setFeedback(db: Db, commentId: number, profileId: number, feedbackType: CommentFeedbackTable["feedback_type"] | null): Promise<void> {
  if (feedbackType === null) {
    await db.deleteFrom("comment_feedback").where("comment_id", "=", commentId).where("profile_id", "=", profileId).execute();
    return;
  }
  await db
    .insertInto("comment_feedback")
    .values({ comment_id: commentId, profile_id: profileId, feedback_type: feedbackType })
    .onConflict((oc) => oc.columns(["comment_id", "profile_id"]).doUpdateSet({ feedback_type: feedbackType }))
    .execute();
}

/** Which of several comments the profile is subscribed to. */
export async function subscribedAmong(db: Db, profileId: number | null, commentIds: number[]): Promise<Set<number>> {
  if (!profileId || !commentIds.length) return new Set();
  const rows = await db.selectFrom("comment_subscriptions").select("comment_id").where("profile_id", "=", profileId).where("comment_id", "in", commentIds).execute();
  return new Set(rows.map((r) => r.comment_id));
}

/** Subscribes the profile to a comment (once), or unsubscribes it. */
export async function setSubscription(db: Executor, commentId: number, profileId: number, subscribed: boolean): Promise<void> {
  if (!subscribed) {
    await db.deleteFrom("comment_subscriptions").where("comment_id", "=", commentId).where("profile_id", "=", profileId).execute();
    return;
  }
  await db
    .insertInto("comment_subscriptions")
    .values({ comment_id: commentId, profile_id: profileId })
    .onConflict((oc) => oc.columns(["comment_id", "profile_id"]).doNothing())
    .execute();
}

/** Records what happened to a comment with the values it took. */
export async function addHistory(trx: Executor, entry: { commentId: number; event: CommentHistoryRow["event"]; profileId: number; values: { title: string | null; content: string; is_html: boolean } }, now: string): Promise<void> {
  await trx
    .insertInto("comment_history")
    .values({ comment_id: entry.commentId, event: entry.event, profile_id: entry.profileId, created_at: now, new_values: JSON.stringify(entry.values) })
    .execute();
}

/** A comment's history, oldest first, with who made each change. */
export function listHistory(db: Db, commentId: number): Promise<HistoryWithProfile[]> {
  return db
    .selectFrom("comment_history")
    .innerJoin("profiles", "profiles.id", "comment_history.profile_id")
    .selectAll("comment_history")
    .select(["profiles.name as profile_name", "profiles.uid as profile_uid"])
    .where("comment_history.comment_id", "=", commentId)
    .orderBy("comment_history.id", "asc")
    .execute();
}
