import { z } from "zod";
import { AttachmentIds } from "./attachments.js";
import { digitsAsNumber, positiveId } from "./common.js";
import { FlagRequest } from "./contentActions.js";
import { MeetingDetails, ZOOM_MESSAGES } from "./zoom.js";

/** Message texts of discussions on an item (spec texts where the spec names them, the design's otherwise). */
export const DISCUSSION_MESSAGES = {
  commentRequired: "The comment cannot be empty.",
  commentTooLong: "A comment may be at most 10000 characters.",
  titleTooLong: "The title may be at most 255 characters.",
  attachmentsUnavailable: "Attachments are not available on this site.",
  attachmentsNotEditable: "An edit changes the text only: a comment's attachments stay as they were posted.",
  replyTargetGone: "The comment you are replying to no longer exists.",
  deletedContent: "This comment has been deleted.",
  disabled: "Discussions are disabled",
  cancelConfirm: "Are you sure you want to cancel? Your message will be lost.",
  opaqueIdRequired: "opaque_id is required.",
  commentIdRequired: "comment_id must identify a comment.",
  replyToInvalid: "reply_to must identify a comment.",
  commentNotFound: "The comment was not found.",
  deletedNotEditable: "A deleted comment cannot be edited.",
  notTopLevel: "Only a top-level comment can be subscribed to.",
  feedbackTypeInvalid: "feedback_type must be like, love, magic or powerful.",
  actionInvalid: "action must be subscribe or unsubscribe.",
  viewPermissionInvalid: "view_permission must be open or closed.",
  isHtmlInvalid: "is_html must be true or false.",
  contextTooLong: "context may be at most 64 characters.",
  pageInvalid: "page must be a whole number from 1.",
  requestsInvalid: "requests must be a list of 1 to 50 entries, each with a uniqueId and a request.",
  editForbidden: "Only the author or an administrator may change this comment.",
  reportOwn: "You cannot report your own comment: edit or delete it instead.",
  historyForbidden: "Only administrators may see a comment's history.",
  manageForbidden: "Only those who may edit this item may enable or disable its discussion.",
  readOnlyByLink: "This item was shared with you by its link: you may read its discussion but not take part.",
  titleRequired: "The discussion title is required.",
  groupContextRequired: "context must be group.",
  notAGroup: "Only a group has discussions.",
  groupPostForbidden: "Only the group's members, moderators and administrators may take part in its discussions.",
  feedCommentForbidden: "Only the group's members, moderators and administrators may comment on its posts.",
  sortInvalid: "sort must be last_activity_at_desc, created_at_desc or created_at_asc.",
  limitInvalid: "limit must be a whole number from 1 to 50.",
  searchTooLong: "The search may be at most 80 characters.",
  searchDisabled: "Searching discussions is not enabled on this site.",
  discussionNotFound: "The discussion was not found.",
  subscribeDisabled: "Subscribing to discussions is not enabled on this site.",
} as const;

/** The site feature that offers attachments on an item's comments (second document, section 6). */
export const COMMENT_ATTACHMENTS_FEATURE = "model-discussions.attachments";

/** Longest comment text and title (second document, sections 5 and 9). */
export const COMMENT_MAX = 10000;
export const COMMENT_TITLE_MAX = 255;
/** Top-level comments per page of a thread, replies embedded under each, and the cap of the replies call. */
export const COMMENTS_PER_PAGE = 10;
export const EMBEDDED_REPLIES = 3;
export const REPLIES_MAX = 200;
/** Requests in one bulk call. */
export const DISCUSSION_BULK_MAX = 50;
/** The model discussion card loads comments by itself when 0 < count <= this (second document, section 9). */
export const DISCUSSION_AUTOLOAD_THRESHOLD = 3;
/** A feed post's comments load by themselves when 0 < count <= this ("comment autoload threshold 2 (feed)"). */
export const FEED_COMMENT_AUTOLOAD_THRESHOLD = 2;

/** Reaction types (second document, section 9); the card offers the first three, powerful is only counted. */
export const FEEDBACK_TYPES = ["like", "love", "magic", "powerful"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_PICKER: readonly FeedbackType[] = ["like", "love", "magic"];

/**
 * The context of a group's discussions (the second document's discussion thread widget): a discussion is a titled
 * top-level comment of the group item's thread in this context; an item's Discuss card sends no context (any other
 * value is read as none, as before).
 */
export const GROUP_DISCUSSION_CONTEXT = "group";
export type DiscussionContextName = typeof GROUP_DISCUSSION_CONTEXT | null;
/** Which discussion of the item a call's `context` names. */
export const discussionContextOf = (context: string | null | undefined): DiscussionContextName => (context === GROUP_DISCUSSION_CONTEXT ? GROUP_DISCUSSION_CONTEXT : null);

/** Thread sorts of the widget (second document, section 9), the first the default. */
export const DISCUSSION_SORTS = ["last_activity_at_desc", "created_at_desc", "created_at_asc"] as const;
export type DiscussionSort = (typeof DISCUSSION_SORTS)[number];
export const DISCUSSION_SORT_LABELS: Record<DiscussionSort, string> = {
  last_activity_at_desc: "Recent Activity",
  created_at_desc: "Latest Threads First",
  created_at_asc: "Oldest Threads First",
};
/** Threads per page of the widget, unless the call asks for another limit (at most 50). */
export const DISCUSSIONS_PER_PAGE = 5;
export const DISCUSSIONS_LIMIT_MAX = 50;
/** The search box's longest term (second document, section 5: search input max length 80). */
export const DISCUSSION_SEARCH_MAX = 80;
/** Read-more collapses after 5 lines in thread lists (second document, section 9). */
export const THREAD_LIST_READ_MORE_LINES = 5;
/** Read-more collapses after 8 lines elsewhere: comment and feed post bodies (second document, section 9: "by default"). */
export const READ_MORE_LINES = 8;
/** The site features of group discussions (second document, section 6). */
export const GROUP_DISCUSSION_FEATURES = { search: "group-discussions.search", subscribe: "group-discussions.subscribe", attachments: "group-discussions.attachments" } as const;
/**
 * The site feature that offers attachments on a comment of this discussion: a group's discussions (new threads and
 * their replies) have their own, group-discussions.attachments; an item's comments model-discussions.attachments.
 */
export const commentAttachmentsFeatureOf = (context: DiscussionContextName) => (context === GROUP_DISCUSSION_CONTEXT ? GROUP_DISCUSSION_FEATURES.attachments : COMMENT_ATTACHMENTS_FEATURE);

export const VIEW_PERMISSIONS = ["open", "closed"] as const;
export type ViewPermission = (typeof VIEW_PERMISSIONS)[number];

const opaqueId = z
  .string({ error: DISCUSSION_MESSAGES.opaqueIdRequired })
  .trim()
  .min(1, DISCUSSION_MESSAGES.opaqueIdRequired)
  .max(64, DISCUSSION_MESSAGES.opaqueIdRequired)
  .describe("The item's opaque_id, or a group feed post's (FeedPost.opaque_id) for the comments on that post.");
const idOf = (message: string) => positiveId(message);
const commentId = idOf(DISCUSSION_MESSAGES.commentIdRequired);
const context = z.string({ error: DISCUSSION_MESSAGES.contextTooLong }).max(64, DISCUSSION_MESSAGES.contextTooLong).nullish();
/** Fields every item-thread call accepts: the item by opaque_id, and a context the item threads do not use. */
const threadRef = { opaque_id: opaqueId, context, group_context: context };
const page = z.preprocess(digitsAsNumber, z.number({ error: DISCUSSION_MESSAGES.pageInvalid }).int(DISCUSSION_MESSAGES.pageInvalid).min(1, DISCUSSION_MESSAGES.pageInvalid).max(100000, DISCUSSION_MESSAGES.pageInvalid));

/** The comment text: required after trimming, at most 10000 characters. */
const commentText = z
  .string({ error: DISCUSSION_MESSAGES.commentRequired })
  .trim()
  .min(1, DISCUSSION_MESSAGES.commentRequired)
  .max(COMMENT_MAX, DISCUSSION_MESSAGES.commentTooLong);
/** An optional title; empty is stored as null ("Edited titles are sent as null when empty"). */
const title = z
  .string({ error: DISCUSSION_MESSAGES.titleTooLong })
  .trim()
  .max(COMMENT_TITLE_MAX, DISCUSSION_MESSAGES.titleTooLong)
  .nullish()
  .transform((v) => (v ? v : null));
/** An edit's title: left out keeps the current one; null or empty clears it. */
const editedTitle = z
  .string({ error: DISCUSSION_MESSAGES.titleTooLong })
  .trim()
  .max(COMMENT_TITLE_MAX, DISCUSSION_MESSAGES.titleTooLong)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
const isHtml = z.boolean({ error: DISCUSSION_MESSAGES.isHtmlInvalid }).optional().default(false);
/**
 * A new comment's attachments: the ids POST /comment/attachment answered the author (at most 10), refused while the
 * site feature of that discussion (commentAttachmentsFeatureOf) is off.
 */
const attachments = AttachmentIds.nullish().transform((ids) => ids ?? []);
/** An edit changes the text only: its attachments field, if sent, must be empty. */
const editedAttachments = z
  .array(z.unknown(), { error: DISCUSSION_MESSAGES.attachmentsNotEditable })
  .max(0, DISCUSSION_MESSAGES.attachmentsNotEditable)
  .nullish();

/** One entry of POST /comment/thread/summary/bulk: the item. */
export const ThreadSummaryRequest = z.object({ ...threadRef });
export type ThreadSummaryRequest = z.input<typeof ThreadSummaryRequest>;

/** One entry of POST /comment/thread/bulk: the item and the page of top-level comments. */
export const ThreadRequest = z.object({ ...threadRef, page: page.optional().default(1) });
export type ThreadRequest = z.input<typeof ThreadRequest>;

const uniqueId = z.string({ error: DISCUSSION_MESSAGES.requestsInvalid }).min(1, DISCUSSION_MESSAGES.requestsInvalid).max(200, DISCUSSION_MESSAGES.requestsInvalid);

/** A batched call's body: 1 to 50 requests, each with the caller's uniqueId. */
export const bulkOf = <T extends z.ZodType>(request: T) =>
  z.object({
    requests: z
      .array(z.object({ uniqueId, request }), { error: DISCUSSION_MESSAGES.requestsInvalid })
      .min(1, DISCUSSION_MESSAGES.requestsInvalid)
      .max(DISCUSSION_BULK_MAX, DISCUSSION_MESSAGES.requestsInvalid),
  });
/** The envelope the server reads first: each inner request is then checked alone, so one bad entry fails only itself. */
export const DiscussionBulkEnvelope = bulkOf(z.unknown());

export const ThreadSummaryBulkRequest = bulkOf(ThreadSummaryRequest);
export type ThreadSummaryBulkRequest = z.input<typeof ThreadSummaryBulkRequest>;
export const ThreadBulkRequest = bulkOf(ThreadRequest);
export type ThreadBulkRequest = z.input<typeof ThreadBulkRequest>;

/** POST /comment/thread/comment: a new comment, or a reply (reply_to: a comment of the same thread). */
export const CommentCreateRequest = z.object({
  ...threadRef,
  comment: commentText,
  is_html: isHtml,
  title,
  reply_to: idOf(DISCUSSION_MESSAGES.replyToInvalid).nullish(),
  attachments,
  /** A meeting or webinar its author created with POST /system/zoom/meetings or /webinars (its id), carried by this comment. */
  meeting_id: idOf(ZOOM_MESSAGES.meetingNotYours).nullish(),
});
export type CommentCreateRequest = z.input<typeof CommentCreateRequest>;

/**
 * PUT /comment/thread/comment: the author's (or an admin's) edit. The spec's edit sends no is_html: left out, the
 * comment keeps its kind (HTML stays HTML); a title left out is kept.
 */
export const CommentUpdateRequest = z.object({
  ...threadRef,
  comment_id: commentId,
  comment: commentText,
  is_html: z.boolean({ error: DISCUSSION_MESSAGES.isHtmlInvalid }).optional(),
  title: editedTitle,
  attachments: editedAttachments,
});
export type CommentUpdateRequest = z.input<typeof CommentUpdateRequest>;

/** DELETE /comment/thread/comment (JSON body), and the query of the replies, ancestors and history calls. */
export const CommentRef = z.object({ ...threadRef, comment_id: commentId });
export type CommentRef = z.input<typeof CommentRef>;

/**
 * POST /comment/thread/comment/flag: Report as Inappropriate (second document, section 6; the call's path is ours). The
 * reason and description as the item's flagging dialog asks them (FlagRequest's value and message).
 */
export const CommentFlagRequest = z.object({ ...threadRef, comment_id: commentId, value: FlagRequest.shape.value, message: FlagRequest.shape.message });
export type CommentFlagRequest = z.input<typeof CommentFlagRequest>;

/** POST /comment/thread/comment/feedback: remove true, or the current type again, removes the reaction. */
export const CommentFeedbackRequest = z.object({
  ...threadRef,
  comment_id: commentId,
  feedback_type: z.enum(FEEDBACK_TYPES, { error: DISCUSSION_MESSAGES.feedbackTypeInvalid }),
  remove: z.boolean().optional().default(false),
});
export type CommentFeedbackRequest = z.input<typeof CommentFeedbackRequest>;

/** POST /comment/thread/comment/subscribe: on a top-level comment. */
export const CommentSubscribeRequest = z.object({
  ...threadRef,
  comment_id: commentId,
  action: z.enum(["subscribe", "unsubscribe"], { error: DISCUSSION_MESSAGES.actionInvalid }),
});
export type CommentSubscribeRequest = z.input<typeof CommentSubscribeRequest>;

/** PUT /comment/thread: open or close the item's discussion (managers). */
export const ThreadPermissionRequest = z.object({
  ...threadRef,
  view_permission: z.enum(VIEW_PERMISSIONS, { error: DISCUSSION_MESSAGES.viewPermissionInvalid }),
});
export type ThreadPermissionRequest = z.input<typeof ThreadPermissionRequest>;

/**
 * What the actor may do with the thread (from server/policies/comment.ts): view it, manage it, post, react to comments
 * and subscribe to them; `viewed_by_link`: the actor views the item only through its link share, so the discussion is
 * read-only for it (and a guest gets no invitation to join it, since signing in would not let them).
 */
export const ThreadTransient = z.object({
  can_view: z.boolean(),
  can_manage: z.boolean(),
  can_comment: z.boolean(),
  can_react: z.boolean(),
  can_subscribe: z.boolean(),
  viewed_by_link: z.boolean(),
});
export type ThreadTransient = z.infer<typeof ThreadTransient>;

/** Thread summary: id is null until the thread's row exists (first comment or first view_permission change). */
export const ThreadSummary = z.object({
  id: z.number().nullable(),
  view_permission: z.enum(VIEW_PERMISSIONS),
  /** Top-level comments and replies, not deleted (a kept deleted comment with replies is not counted). */
  comments_count: z.number(),
  transient: ThreadTransient,
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

/** The reaction counts and the actor's own reaction (also POST /comment/thread/comment/feedback's answer). */
export const CommentFeedbackCounts = z.object({
  current_user_feedback_type: z.enum(FEEDBACK_TYPES).nullable(),
  content_feedback_likes_count: z.number(),
  content_feedback_loves_count: z.number(),
  content_feedback_magics_count: z.number(),
  content_feedback_powerfuls_count: z.number(),
});
export type CommentFeedbackCounts = z.infer<typeof CommentFeedbackCounts>;

export const CommentCreator = z.object({ profile_id: z.number(), name: z.string(), link: z.string(), thumbnail_small: z.string().nullable() });
export type CommentCreator = z.infer<typeof CommentCreator>;

/** What the actor may do with one comment (from the policy; the card never re-derives it). */
/** An attachment on a comment (second document's Comment attachment entity): an uploaded file is a common_file. */
export const CommentAttachment = z.object({
  title: z.string(),
  source_title: z.string(),
  /** The file's size, in words ("1.2 MB"). */
  description: z.string(),
  attachment_type: z.string(),
  attachment_id: z.number(),
  /** The file, for whoever may read the comment (401/404 otherwise). */
  link: z.string(),
  model_common: z.object({ icon: z.string() }),
  /** Always false: a deleted comment's files are deleted with it, and an edit does not change them. */
  removed: z.boolean(),
});
export type CommentAttachment = z.infer<typeof CommentAttachment>;

export const CommentAbilities = z.object({ edit: z.boolean(), delete: z.boolean(), report: z.boolean(), history: z.boolean() });
export type CommentAbilities = z.infer<typeof CommentAbilities>;

const commentFields = {
  id: z.number(),
  opaque_id: z.string(),
  creator: CommentCreator,
  creator_id: z.number(),
  title: z.string().nullable(),
  /** Plain text when is_html is false (show it as text), sanitized HTML when true. */
  content: z.string(),
  is_html: z.boolean(),
  highlight_content: z.null(),
  highlight: z.literal(false),
  replies_count: z.number(),
  attachments: z.array(CommentAttachment),
  /** The Zoom meeting or webinar the comment carries (the spec's meeting details), null for none or once deleted. */
  meeting: MeetingDetails.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  edited_at: z.string().nullable(),
  deleted_with_replies_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  subscribed: z.boolean(),
  ...CommentFeedbackCounts.shape,
  abilities: CommentAbilities,
};

/** A reply: a modern comment whose own `replies` is always empty (one level of nesting). */
export const CommentReply = z.object({ ...commentFields, replies: z.array(z.never()) });
export type CommentReply = z.infer<typeof CommentReply>;

/** A modern comment; a top-level one embeds its latest replies (a reply is a Comment too, with no replies). */
export const Comment = z.object({ ...commentFields, replies: z.array(CommentReply) });
export type Comment = z.infer<typeof Comment>;

/** A thread with a page of top-level comments (newest first), each with its latest replies (oldest first). */
export const Thread = z.object({
  id: z.number().nullable(),
  comments: z.array(Comment),
  status_label: z.enum(VIEW_PERMISSIONS),
  context_type: z.string(),
  context_id: z.number(),
  view_permission: z.enum(VIEW_PERMISSIONS),
  comments_count: z.number(),
  transient: ThreadTransient,
  meta: z.object({ current_page: z.number(), last_page: z.number() }),
});
export type Thread = z.infer<typeof Thread>;

/** A failed entry of a bulk call. */
export const BulkError = z.object({ status: z.number(), message: z.string() });
export type BulkError = z.infer<typeof BulkError>;

const bulkResponse = <T extends z.ZodType>(result: T) =>
  z.object({ results: z.record(z.string(), result), errors: z.record(z.string(), BulkError) });

export const ThreadSummaryBulkResponse = bulkResponse(ThreadSummary);
export type ThreadSummaryBulkResponse = z.infer<typeof ThreadSummaryBulkResponse>;
export const ThreadBulkResponse = bulkResponse(Thread);
export type ThreadBulkResponse = z.infer<typeof ThreadBulkResponse>;

/** DELETE /comment/thread/comment: deleted_at (removed) or deleted_with_replies_at (kept, content replaced). */
export const CommentDeleteResponse = z.object({
  id: z.number(),
  deleted_at: z.string().nullable(),
  deleted_with_replies_at: z.string().nullable(),
  content: z.string(),
});
export type CommentDeleteResponse = z.infer<typeof CommentDeleteResponse>;

/** The replies and ancestors calls. */
export const CommentList = z.object({ data: z.array(Comment) });
export type CommentList = z.infer<typeof CommentList>;

/** One entry of a comment's history (admins). */
export const CommentHistoryEntry = z.object({
  id: z.number(),
  event: z.enum(["created", "edited", "deleted"]),
  created_at: z.string(),
  profile: z.object({ name: z.string(), link: z.string() }),
  new_values: z.object({ title: z.string().nullable(), content: z.string(), is_html: z.boolean() }),
});
export type CommentHistoryEntry = z.infer<typeof CommentHistoryEntry>;

export const CommentHistoryList = z.object({ data: z.array(CommentHistoryEntry) });
export type CommentHistoryList = z.infer<typeof CommentHistoryList>;

/** POST /comment/thread/comment/subscribe's answer. */
export const CommentSubscribeResponse = z.object({ subscribed: z.boolean() });
export type CommentSubscribeResponse = z.infer<typeof CommentSubscribeResponse>;

const groupContext = z.literal(GROUP_DISCUSSION_CONTEXT, { error: DISCUSSION_MESSAGES.groupContextRequired });

/** GET /comment/thread/discussions: a page of a group's threads (our path: the spec leaves the thread list calls out). */
export const DiscussionListQuery = z.object({
  opaque_id: opaqueId,
  context: groupContext,
  group_context: context,
  sort: z.enum(DISCUSSION_SORTS, { error: DISCUSSION_MESSAGES.sortInvalid }).optional().default("last_activity_at_desc"),
  page: page.optional().default(1),
  limit: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: DISCUSSION_MESSAGES.limitInvalid })
      .int(DISCUSSION_MESSAGES.limitInvalid)
      .min(1, DISCUSSION_MESSAGES.limitInvalid)
      .max(DISCUSSIONS_LIMIT_MAX, DISCUSSION_MESSAGES.limitInvalid)
      .optional()
      .default(DISCUSSIONS_PER_PAGE),
  ),
  /** The search term (feature group-discussions.search): threads whose title, text or a reply's text holds it, any case. */
  st: z
    .string({ error: DISCUSSION_MESSAGES.searchTooLong })
    .trim()
    .max(DISCUSSION_SEARCH_MAX, DISCUSSION_MESSAGES.searchTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type DiscussionListQuery = z.input<typeof DiscussionListQuery>;

/** GET /comment/thread/discussion: one thread of a group with all its replies (the discussion modal). */
export const DiscussionQuery = z.object({ opaque_id: opaqueId, context: groupContext, group_context: context, comment_id: commentId });
export type DiscussionQuery = z.input<typeof DiscussionQuery>;

/** A thread in the widget's list: its opening comment (title, text, author, replies_count) and its last activity. */
export const DiscussionThread = Comment.extend({ last_activity_at: z.string() });
export type DiscussionThread = z.infer<typeof DiscussionThread>;

/** A page of a group's threads, with what the actor may do and which features are on. */
export const DiscussionList = z.object({
  data: z.array(DiscussionThread),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number(), limit: z.number(), sort: z.enum(DISCUSSION_SORTS), st: z.string().nullable() }),
  transient: ThreadTransient,
  features: z.object({ search: z.boolean(), subscribe: z.boolean() }),
});
export type DiscussionList = z.infer<typeof DiscussionList>;
