import { z } from "zod";
import { positiveId } from "./common.js";
import { COMMENT_MAX } from "./discussions.js";

/**
 * Comments on an item's sections: the second document's legacy comment calls (POST /comment/addcomment,
 * /comment/updatecomment, /comment/deletecomment, /comment/updatestatus, GET /comment/getcomment) and its
 * "Comment popover (last 3 comments, View Previous Comments modal, comment form, status toggle button)". An item
 * is named by `type` (its model key) and `type_id` (its id); the part of it commented on by `module` ("section",
 * the only kind of part that has threads) and `module_id` (the section's uid, kept across saves). One thread per
 * section, open (status 1) or resolved (status 2); comments are plain text.
 */
export const SECTION_MODULE = "section";
/** The spec's status codes: Re-open sends 1, Mark As Resolved sends 2. */
export const THREAD_OPEN = 1;
export const THREAD_RESOLVED = 2;
/** The popover shows a thread's last 3 comments; the rest behind View Previous Comments. */
export const POPOVER_COMMENTS = 3;
/** The longest comment accepted: as long as a discussion comment (the comment form checks the same). */
export const SECTION_COMMENT_MAX = COMMENT_MAX;

export const SECTION_COMMENT_MESSAGES = {
  contentRequired: "The comment cannot be empty.",
  contentTooLong: `A comment may be at most ${SECTION_COMMENT_MAX} characters.`,
  typeRequired: "type must be the item's model key.",
  typeIdInvalid: "type_id must be the item's id, a whole number from 1.",
  moduleInvalid: `module must be "${SECTION_MODULE}".`,
  moduleIdInvalid: "module_id must be the section's uid.",
  commentIdInvalid: "comment_id must be a whole number from 1.",
  threadIdInvalid: "thread_id must be a whole number from 1.",
  statusInvalid: `status must be ${THREAD_OPEN} (open) or ${THREAD_RESOLVED} (resolved).`,
  sectionNotFound: "The section was not found: it may have been removed. Reload the page.",
  commentNotFound: "The comment was not found.",
  threadNotFound: "The thread was not found.",
  notCreator: "Only the comment's writer may change or delete it.",
  statusForbidden: "Only those who may edit the item, or who started the thread, may resolve or re-open it.",
  threadRemoved: "This thread's section was removed: its comments can be read but not changed.",
  removedForbidden: "Only those who may edit the item see the comments on its removed sections.",
  /** What the popover shows for any failure other than a 422 (second document, section 8). */
  systemError: "System error",
} as const;

/** The item the call is about: its model key and id. */
const ItemRef = {
  type: z.string({ error: SECTION_COMMENT_MESSAGES.typeRequired }).trim().min(1, SECTION_COMMENT_MESSAGES.typeRequired).max(64, SECTION_COMMENT_MESSAGES.typeRequired),
  type_id: positiveId(SECTION_COMMENT_MESSAGES.typeIdInvalid),
};
/** The section of the item. */
const SectionRef = {
  module: z.literal(SECTION_MODULE, { error: SECTION_COMMENT_MESSAGES.moduleInvalid }),
  module_id: z.string({ error: SECTION_COMMENT_MESSAGES.moduleIdInvalid }).trim().min(1, SECTION_COMMENT_MESSAGES.moduleIdInvalid).max(36, SECTION_COMMENT_MESSAGES.moduleIdInvalid),
};
const content = z
  .string({ error: SECTION_COMMENT_MESSAGES.contentRequired })
  .trim()
  .min(1, SECTION_COMMENT_MESSAGES.contentRequired)
  .max(SECTION_COMMENT_MAX, SECTION_COMMENT_MESSAGES.contentTooLong);

/** GET /comment/getcomment: a section's thread. */
export const SectionThreadQuery = z.object({ ...ItemRef, ...SectionRef });
export type SectionThreadQuery = z.input<typeof SectionThreadQuery>;

/** GET /comment/threads (our path): every section thread of an item, for the sections' badges. */
export const SectionThreadsQuery = z.object(ItemRef);
export type SectionThreadsQuery = z.input<typeof SectionThreadsQuery>;

/** GET /comment/threads/removed (our path): the threads of the item's removed sections (the Deleted Comment Threads sidebar). */
export const RemovedSectionThreadsQuery = z.object(ItemRef);
export type RemovedSectionThreadsQuery = z.input<typeof RemovedSectionThreadsQuery>;

/** POST /comment/addcomment. `thread_id` and `sort_order` are read by the legacy client and ignored: a section has one thread, in order of writing. */
export const SectionCommentCreate = z.object({
  ...ItemRef,
  ...SectionRef,
  content,
  thread_id: z.unknown().optional(),
  sort_order: z.unknown().optional(),
});
export type SectionCommentCreate = z.input<typeof SectionCommentCreate>;

/** POST /comment/updatecomment. */
export const SectionCommentUpdate = z.object({ ...ItemRef, comment_id: positiveId(SECTION_COMMENT_MESSAGES.commentIdInvalid), content });
export type SectionCommentUpdate = z.input<typeof SectionCommentUpdate>;

/** POST /comment/deletecomment. */
export const SectionCommentDelete = z.object({ ...ItemRef, comment_id: positiveId(SECTION_COMMENT_MESSAGES.commentIdInvalid) });
export type SectionCommentDelete = z.input<typeof SectionCommentDelete>;

/** POST /comment/updatestatus. */
export const SectionThreadStatusUpdate = z.object({
  ...ItemRef,
  thread_id: positiveId(SECTION_COMMENT_MESSAGES.threadIdInvalid),
  status: z.preprocess((v) => (typeof v === "string" && /^\d$/.test(v) ? Number(v) : v), z.union([z.literal(THREAD_OPEN), z.literal(THREAD_RESOLVED)], { error: SECTION_COMMENT_MESSAGES.statusInvalid })),
});
export type SectionThreadStatusUpdate = z.input<typeof SectionThreadStatusUpdate>;

export const SectionCommentView = z.object({
  id: z.number(),
  content: z.string(),
  creator: z.object({ id: z.number(), name: z.string(), link: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Changed after it was written (the popover shows Edited). */
  edited: z.boolean(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type SectionCommentView = z.infer<typeof SectionCommentView>;

const threadStatus = {
  status: z.union([z.literal(THREAD_OPEN), z.literal(THREAD_RESOLVED)]),
  status_label: z.enum(["open", "resolved"]),
};

/** A section's thread: its comments oldest first. */
export const SectionThreadView = z.object({
  id: z.number(),
  module: z.literal(SECTION_MODULE),
  module_id: z.string(),
  ...threadStatus,
  comments: z.array(SectionCommentView),
});
export type SectionThreadView = z.infer<typeof SectionThreadView>;

/** GET /comment/getcomment: the thread (null when nobody has commented on the section yet) and what the actor may do. */
export const SectionThreadResponse = z.object({
  thread: SectionThreadView.nullable(),
  abilities: z.object({ comment: z.boolean(), set_status: z.boolean() }),
});
export type SectionThreadResponse = z.infer<typeof SectionThreadResponse>;

/** GET /comment/threads: each section thread's state and size; `open_count` counts the open ones (the open-thread badge). */
export const SectionThreadsResponse = z.object({
  threads: z.array(z.object({ id: z.number(), module: z.literal(SECTION_MODULE), module_id: z.string(), ...threadStatus, comments_count: z.number() })),
  open_count: z.number(),
});
export type SectionThreadsResponse = z.infer<typeof SectionThreadsResponse>;

/** POST /comment/addcomment and /comment/updatecomment. */
export const SectionCommentResponse = z.object({ thread_id: z.number(), comment: SectionCommentView });
export type SectionCommentResponse = z.infer<typeof SectionCommentResponse>;

/** POST /comment/deletecomment: `thread_removed` when it was the thread's last comment (the section has no thread again). */
export const SectionCommentDeleteResponse = z.object({ status: z.literal("success"), thread_removed: z.boolean() });
export type SectionCommentDeleteResponse = z.infer<typeof SectionCommentDeleteResponse>;

/** POST /comment/updatestatus. */
export const SectionThreadStatusResponse = z.object({ id: z.number(), ...threadStatus });
export type SectionThreadStatusResponse = z.infer<typeof SectionThreadStatusResponse>;

/**
 * A thread whose section a save removed: the section's last title (null for a removal from before titles were kept;
 * may be empty, as a section's title may), when it was removed, and its comments oldest first, read-only.
 */
export const RemovedSectionThreadView = z.object({
  id: z.number(),
  module: z.literal(SECTION_MODULE),
  module_id: z.string(),
  section_title: z.string().nullable(),
  ...threadStatus,
  removed_at: z.string(),
  comments_count: z.number(),
  comments: z.array(SectionCommentView),
});
export type RemovedSectionThreadView = z.infer<typeof RemovedSectionThreadView>;

/** GET /comment/threads/removed: most recently removed first. */
export const RemovedSectionThreadsResponse = z.object({ threads: z.array(RemovedSectionThreadView) });
export type RemovedSectionThreadsResponse = z.infer<typeof RemovedSectionThreadsResponse>;
