import crypto from "node:crypto";
import { sql } from "kysely";
import { ATTACHMENT_MESSAGES, DISCUSSION_MESSAGES, ZOOM_MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { HttpError } from "../lib/errors.js";
import { attachUploads } from "../models/attachments.js";
import { addHistory, ensureThread, setSubscription, type CommentContext } from "../models/comments.js";
import { attachZoomMeeting } from "../models/zoomMeetings.js";

/** A comment to post: the item, the author, the checked text (sanitized when HTML) and the top-level comment it replies to. */
export interface NewComment {
  contentId: number;
  creatorId: number;
  title: string | null;
  content: string;
  isHtml: boolean;
  /** The top-level comment this replies to (the caller has resolved a reply to a reply to it), or null. */
  parentId: number | null;
  /** Which discussion of the item: null for its Discuss card, "group" for a group's discussions, a feed post's for its comments (a reply takes its parent's). */
  context?: CommentContext;
  /** The feed post the comment is on (its context is the post's): the row goes when the post does. */
  feedPostId?: number | null;
  /** The author's pending uploads to attach (ids from POST /comment/attachment); none when left out. */
  attachmentIds?: number[];
  /** A Zoom meeting the author created and no comment carries yet (POST /system/zoom/meetings answered its id). */
  meetingId?: number | null;
}

/**
 * Posts a comment in one transaction: the item's thread (created on its first comment), the comment, its "created"
 * history row, the parent's reply count and last activity for a reply, the author's subscription to a new top-level comment,
 * and its attachments (if one is not the author's pending upload, nothing is posted: 422). Returns the new comment's id.
 */
export async function postComment(db: Db, c: NewComment): Promise<number> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const thread = await ensureThread(trx, c.contentId, now);
    if (c.parentId !== null) {
      // Counting first, and only while the parent is still a live top-level comment: a delete racing this reply
      // either sees the count (and keeps the parent) or wins (and this reply is refused), never both.
      const counted = await trx
        .updateTable("comments")
        .set({ replies_count: sql<number>`replies_count + 1`, last_activity_at: now })
        .where("id", "=", c.parentId)
        .where("thread_id", "=", thread.id)
        .where("parent_id", "is", null)
        .where("deleted_at", "is", null)
        .where("deleted_with_replies_at", "is", null)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) === 0) throw new HttpError(422, DISCUSSION_MESSAGES.replyTargetGone, { reply_to: [DISCUSSION_MESSAGES.replyTargetGone] });
    }
    const row = await trx
      .insertInto("comments")
      .values({
        opaque_id: crypto.randomUUID(),
        thread_id: thread.id,
        parent_id: c.parentId,
        creator_id: c.creatorId,
        title: c.title,
        content: c.content,
        is_html: c.isHtml ? 1 : 0,
        created_at: now,
        updated_at: now,
        edited_at: null,
        deleted_at: null,
        deleted_with_replies_at: null,
        context: c.context ?? null,
        feed_post_id: c.feedPostId ?? null,
        last_activity_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addHistory(trx, { commentId: row.id, event: "created", profileId: c.creatorId, values: { title: c.title, content: c.content, is_html: c.isHtml } }, now);
    const attachmentIds = c.attachmentIds ?? [];
    const attached = await attachUploads(trx, attachmentIds, c.creatorId, { comment_id: row.id });
    if (attached !== attachmentIds.length) throw new HttpError(422, ATTACHMENT_MESSAGES.notYours, { attachments: [ATTACHMENT_MESSAGES.notYours] });
    if (c.meetingId && !(await attachZoomMeeting(trx, c.meetingId, c.creatorId, row.id))) throw new HttpError(422, ZOOM_MESSAGES.meetingNotYours, { meeting_id: [ZOOM_MESSAGES.meetingNotYours] });
    if (c.parentId === null) await setSubscription(trx, row.id, c.creatorId, true);
    await trx.updateTable("comment_threads").set({ updated_at: now }).where("id", "=", thread.id).execute();
    return row.id;
  });
}
