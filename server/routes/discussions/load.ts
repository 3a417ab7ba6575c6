import type { Request } from "express";
import { DISCUSSION_MESSAGES, GROUP_DISCUSSION_FEATURES, MESSAGES, type DiscussionContextName } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { CommentThread } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { attachmentsOfComments } from "../../models/attachments.js";
import { zoomMeetingsOfComments } from "../../models/zoomMeetings.js";
import { editGrants } from "../../models/content.js";
import { feedPostContext, feedbackCounts, feedbackOf, findComment, findThread, subscribedAmong, type CommentWithCreator } from "../../models/comments.js";
import { findFeedPostByOpaqueId } from "../../models/feeds.js";
import { authorizeView, commentPolicy, feedPolicy } from "../../policies/index.js";
import type { ThreadSubject } from "../../policies/comment.js";
import type { CommentLookups } from "../../presenters/comment.js";
import { siteFeatures } from "../app/index.js";
import { grantsOf, loadItemBy, type LoadedItem } from "../contentActions/load.js";

/** An item's discussion as the calls load it: the item, its thread row (if any) and what the policies read. */
export interface ThreadContext {
  item: LoadedItem;
  thread: CommentThread | undefined;
  subject: ThreadSubject;
}

/**
 * The item (by opaque_id, so reached by its link) with its grants and thread; 404 when there is no such item. Viewing
 * is not checked here. With the group context, the group's discussions: the group's profile id and the subscribe
 * feature travel with them (a group's only: an item that is not a group's page is checked by the caller).
 */
export async function loadThread(db: Db, opaqueId: string, context: DiscussionContextName = null): Promise<ThreadContext> {
  // A feed post's opaque_id names its comments: they live in the thread of the group's page, under the post's context.
  const post = context === null ? await findFeedPostByOpaqueId(db, opaqueId) : undefined;
  if (post) return loadFeedPostThread(db, post);
  const item = await loadItemBy(db, "opaque_id", opaqueId);
  const [edit_grants, grants, thread, features] = await Promise.all([editGrants(db, item.id), grantsOf(db, item), findThread(db, item.id), context ? siteFeatures(db) : null]);
  const groupId = feedPolicy.hasFeed(item) ? item.profile_id : null;
  const subscribeEnabled = features ? features[GROUP_DISCUSSION_FEATURES.subscribe] !== false : true;
  return { item, thread, subject: { item: { ...item, edit_grants }, grants, viewPermission: thread?.view_permission ?? "open", reach: "link", context, groupId, subscribeEnabled } };
}

/**
 * The comments on a feed post: the group page's thread under the post's context. Who reads and takes part follows the
 * feed (commentPolicy's group conversation): the page's view rule, not its link (a post's opaque_id is no link to the page).
 */
export async function loadFeedPostThread(db: Db, post: { id: number; content_id: number }): Promise<ThreadContext> {
  const item = await loadItemBy(db, "id", post.content_id);
  const [edit_grants, grants, thread] = await Promise.all([editGrants(db, item.id), grantsOf(db, item), findThread(db, item.id)]);
  const groupId = feedPolicy.hasFeed(item) ? item.profile_id : null;
  const subject: ThreadSubject = { item: { ...item, edit_grants }, grants, viewPermission: "open", reach: "listed", context: feedPostContext(post.id), feedPostId: post.id, groupId };
  return { item, thread, subject };
}

/**
 * The item's thread for a call about it: 401 guest / 404 member when the item is not viewable (as other item calls);
 * a group's discussions of an item that is not a group's page: 404 "Only a group has discussions.".
 */
export async function loadViewableThread(db: Db, req: Request, opaqueId: string, context: DiscussionContextName = null): Promise<ThreadContext> {
  const ctx = await loadThread(db, opaqueId, context);
  authorizeView(req.actor, commentPolicy.canViewItemOf(req.actor, ctx.subject));
  if (context && ctx.subject.groupId == null) throw new HttpError(404, DISCUSSION_MESSAGES.notAGroup);
  return ctx;
}

/** A listed comment of the thread, or 404 "The comment was not found."; `removed` finds removed ones too (history). */
export async function loadComment(db: Db, ctx: ThreadContext, commentId: number, options: { removed?: boolean } = {}): Promise<CommentWithCreator> {
  const comment = ctx.thread ? await findComment(db, ctx.thread.id, commentId, { ...options, context: ctx.subject.context ?? null }) : undefined;
  if (!comment) throw new HttpError(404, DISCUSSION_MESSAGES.commentNotFound);
  return comment;
}

/** The top-level comment a reply goes under (a reply to a reply goes under that reply's top-level comment); 422 when it is gone. */
export async function replyParentId(db: Db, ctx: ThreadContext, replyTo: number): Promise<number> {
  const target = ctx.thread ? await findComment(db, ctx.thread.id, replyTo, { context: ctx.subject.context ?? null }) : undefined;
  if (!target) throw new HttpError(422, DISCUSSION_MESSAGES.replyTargetGone, { reply_to: [DISCUSSION_MESSAGES.replyTargetGone] });
  return target.parent_id ?? target.id;
}

/** The reactions and subscriptions of the comments of the thread about to be presented, for this actor. */
export async function lookupsFor(db: Db, actor: Actor, thread: ThreadSubject, rows: CommentWithCreator[]): Promise<CommentLookups> {
  const ids = rows.map((r) => r.id);
  const profileId = actor.profile?.id ?? null;
  const [counts, mine, subscribed, attachments, meetings] = await Promise.all([feedbackCounts(db, ids), feedbackOf(db, profileId, ids), subscribedAmong(db, profileId, ids), attachmentsOfComments(db, ids), zoomMeetingsOfComments(db, ids)]);
  return { actor, thread, counts, mine, subscribed, attachments, meetings };
}

/** Runs one entry of a bulk call; its refusal (an HttpError) becomes that entry's error, anything else fails the call. */
export async function settle<T>(run: () => Promise<T>): Promise<{ ok: T } | { error: { status: number; message: string } }> {
  try {
    return { ok: await run() };
  } catch (err) {
    if (err instanceof HttpError) return { error: { status: err.status, message: err.message } };
    throw err;
  }
}

/** A bulk entry for an item the actor may not view: 404, for guests too (the summary names no one's items). */
export const notFound = () => new HttpError(404, MESSAGES.notFound);
