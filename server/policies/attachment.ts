import { COMMENT_ATTACHMENTS_FEATURE, FEED_ATTACHMENTS_FEATURE, GROUP_DISCUSSION_CONTEXT, GROUP_DISCUSSION_FEATURES, commentAttachmentsFeatureOf, type DiscussionContextName } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { isGroupDiscussions, type ThreadSubject } from "./comment.js";

/** The parts of an attachment its policies read. */
export interface AttachmentSubject {
  uploader_id: number;
  feed_post_id: number | null;
  comment_id: number | null;
}

/** Whether the attachment still waits for its post or comment. */
export const isPending = (attachment: AttachmentSubject): boolean => attachment.feed_post_id === null && attachment.comment_id === null;

/**
 * The site features that offer attachments (second document, section 6): on feed posts, on comments of an item (and of
 * a feed post), on a group's discussions (new threads and their replies).
 */
export const ATTACHMENT_FEATURES = { feed: FEED_ATTACHMENTS_FEATURE, comment: COMMENT_ATTACHMENTS_FEATURE, groupDiscussion: GROUP_DISCUSSION_FEATURES.attachments } as const;
/** What an upload is for: a feed post (POST /feeds/attachment) or a comment (POST /comment/attachment). */
export type AttachmentKind = "feed" | "comment";
/** The attachment features as the site's settings hold them. */
export type AttachmentFeatures = Record<(typeof ATTACHMENT_FEATURES)[keyof typeof ATTACHMENT_FEATURES], boolean>;

/** The feature that offers attachments where the file goes: a feed post, or a comment of this discussion (commentAttachmentsFeatureOf). */
const featureFor = (kind: AttachmentKind, context: DiscussionContextName) => (kind === "feed" ? ATTACHMENT_FEATURES.feed : commentAttachmentsFeatureOf(context));

/**
 * Uploading a file to attach later (POST /feeds/attachment, POST /comment/attachment, the latter with the discussion's
 * `context`): a signed-in profile while the site offers that kind of attachment there. Where it may be attached is
 * decided again when the post or comment is sent.
 */
export function canUpload(actor: Actor, kind: AttachmentKind, features: AttachmentFeatures, context: DiscussionContextName = null): boolean {
  return actor.signedIn && features[featureFor(kind, context)];
}

/**
 * Attaching files to a new comment (whoever may post it, as the route checked): in a group's discussions while
 * group-discussions.attachments is on; elsewhere (an item's Discuss card, a feed post's comments) while
 * model-discussions.attachments is on. Each follows its own feature.
 */
export function canAttachToComment(thread: ThreadSubject, features: AttachmentFeatures): boolean {
  return features[featureFor("comment", isGroupDiscussions(thread) ? GROUP_DISCUSSION_CONTEXT : null)];
}

/** Removing an upload before it is posted (the form's Remove): its uploader only; a posted one goes with its post. */
export function canRemove(actor: Actor, attachment: AttachmentSubject): boolean {
  return actor.signedIn && actor.profile?.id === attachment.uploader_id && isPending(attachment);
}

/**
 * Reading an upload that is not posted yet: its uploader only (nobody else has seen it). A posted attachment is read
 * by whoever may read its post (feedPolicy.canRead) or comment (commentPolicy.canRead), as the route loads them.
 */
export function canReadPending(actor: Actor, attachment: AttachmentSubject): boolean {
  return actor.signedIn && actor.profile?.id === attachment.uploader_id;
}
