import type { Comment, CommentDeleteResponse, CommentFeedbackCounts, CommentHistoryEntry, CommentReply, DiscussionList, DiscussionThread, FeedbackType, Thread, ThreadSummary, ThreadTransient } from "../../contract/index.js";
import type { AttachmentRow, CommentThread, Content, ZoomMeetingRow } from "../db/schema.js";
import type { DeletedComment } from "../commands/deleteComment.js";
import type { Actor } from "../lib/actor.js";
import type { CommentWithCreator, FeedbackCounts, HistoryWithProfile } from "../models/comments.js";
import { commentPolicy } from "../policies/index.js";
import type { ThreadSubject } from "../policies/comment.js";
import { presentCommentAttachment } from "./attachment.js";
import { profileLink } from "./profile.js";
import { presentZoomMeeting } from "./zoomMeeting.js";

/** What presenting a list of comments needs besides the rows: the actor, the thread they belong to and the per-comment reactions and subscriptions. */
export interface CommentLookups {
  actor: Actor;
  thread: ThreadSubject;
  counts: Map<number, FeedbackCounts>;
  mine: Map<number, FeedbackType>;
  subscribed: Set<number>;
  attachments: Map<number, AttachmentRow[]>;
  /** The Zoom meeting each comment carries. */
  meetings: Map<number, ZoomMeetingRow>;
}

/** The reaction counts and the actor's own reaction of one comment. */
export function presentFeedback(counts: FeedbackCounts | undefined, mine: CommentFeedbackCounts["current_user_feedback_type"]): CommentFeedbackCounts {
  return {
    current_user_feedback_type: mine,
    content_feedback_likes_count: counts?.like ?? 0,
    content_feedback_loves_count: counts?.love ?? 0,
    content_feedback_magics_count: counts?.magic ?? 0,
    content_feedback_powerfuls_count: counts?.powerful ?? 0,
  };
}

/** The meeting a comment carries, unless the comment was deleted (its text goes, and so does its meeting). */
function meetingOf(row: CommentWithCreator, lookups: CommentLookups) {
  const meeting = row.deleted_at || row.deleted_with_replies_at ? undefined : lookups.meetings.get(row.id);
  return meeting ? presentZoomMeeting(meeting) : null;
}

/** A reply (its own replies list is always empty). */
export function presentReply(row: CommentWithCreator, lookups: CommentLookups): CommentReply {
  return {
    id: row.id,
    opaque_id: row.opaque_id,
    creator: { profile_id: row.creator_id, name: row.creator_name, link: profileLink(row.creator_uid), thumbnail_small: row.creator_thumb },
    creator_id: row.creator_id,
    title: row.title,
    content: row.content,
    is_html: row.is_html === 1,
    highlight_content: null,
    highlight: false,
    replies: [],
    replies_count: row.replies_count,
    attachments: (lookups.attachments.get(row.id) ?? []).map(presentCommentAttachment),
    meeting: meetingOf(row, lookups),
    created_at: row.created_at,
    updated_at: row.updated_at,
    edited_at: row.edited_at,
    deleted_with_replies_at: row.deleted_with_replies_at,
    deleted_at: row.deleted_at,
    subscribed: lookups.subscribed.has(row.id),
    ...presentFeedback(lookups.counts.get(row.id), lookups.mine.get(row.id) ?? null),
    abilities: commentPolicy.abilitiesOn(lookups.actor, lookups.thread, row),
  };
}

/** A comment with its embedded replies (oldest first). */
export function presentComment(row: CommentWithCreator, lookups: CommentLookups, replies: CommentWithCreator[] = []): Comment {
  return { ...presentReply(row, lookups), replies: replies.map((r) => presentReply(r, lookups)) };
}

/** The thread summary: its id (null before it exists), open or closed, the count and the actor's abilities. */
export function presentSummary(thread: CommentThread | undefined, commentsCount: number, transient: ThreadTransient): ThreadSummary {
  return { id: thread?.id ?? null, view_permission: thread?.view_permission ?? "open", comments_count: commentsCount, transient };
}

/** A thread with a page of comments; an item without a thread row reads as an open, empty one. */
export function presentThread(item: Pick<Content, "id" | "model_key">, summary: ThreadSummary, comments: Comment[], meta: Thread["meta"]): Thread {
  return {
    id: summary.id,
    comments,
    status_label: summary.view_permission,
    context_type: item.model_key,
    context_id: item.id,
    view_permission: summary.view_permission,
    comments_count: summary.comments_count,
    transient: summary.transient,
    meta,
  };
}

/** What a delete left. */
export function presentDeleted(d: DeletedComment): CommentDeleteResponse {
  return { id: d.id, deleted_at: d.deleted_at, deleted_with_replies_at: d.deleted_with_replies_at, content: d.content };
}

/** One history entry; new_values is stored as JSON text. */
export function presentHistoryEntry(h: HistoryWithProfile): CommentHistoryEntry {
  const values = JSON.parse(h.new_values) as { title?: unknown; content?: unknown; is_html?: unknown };
  return {
    id: h.id,
    event: h.event,
    created_at: h.created_at,
    profile: { name: h.profile_name, link: profileLink(h.profile_uid) },
    new_values: { title: typeof values.title === "string" ? values.title : null, content: typeof values.content === "string" ? values.content : "", is_html: values.is_html === true },
  };
}

/** A thread of a group's widget: its opening comment and when it last saw activity (itself or its latest reply). */
export function presentDiscussionThread(row: CommentWithCreator, lookups: CommentLookups): DiscussionThread {
  return { ...presentComment(row, lookups), last_activity_at: row.last_activity_at ?? row.created_at };
}

/** A page of a group's threads with its paging, the actor's abilities and the features the widget offers. */
export function presentDiscussionList(threads: DiscussionThread[], meta: DiscussionList["meta"], transient: ThreadTransient, features: DiscussionList["features"]): DiscussionList {
  return { data: threads, meta, transient, features };
}
