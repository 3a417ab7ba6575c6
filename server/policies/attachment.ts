import type { Actor } from "../lib/actor.js";

/** The parts of an attachment its policies read. */
export interface AttachmentSubject {
  uploader_id: number;
  feed_post_id: number | null;
  comment_id: number | null;
}

/** Whether the attachment still waits for its post or comment. */
export const isPending = (attachment: AttachmentSubject): boolean => attachment.feed_post_id === null && attachment.comment_id === null;

/** The site features that offer attachments (second document, section 6): on feed posts, on comments of an item. */
export const ATTACHMENT_FEATURES = { feed: "feed-discussions.attachments", comment: "model-discussions.attachments" } as const;
export type AttachmentKind = keyof typeof ATTACHMENT_FEATURES;

/**
 * Uploading a file to attach later (POST /feeds/attachment, POST /comment/attachment): a signed-in profile while the
 * site offers that kind of attachment. Where it may be attached is decided when the post or comment is sent.
 */
export function canUpload(actor: Actor, kind: AttachmentKind, features: Record<(typeof ATTACHMENT_FEATURES)[AttachmentKind], boolean>): boolean {
  return actor.signedIn && features[ATTACHMENT_FEATURES[kind]];
}

/** Attaching files to a new comment: whoever may post it (the route checked), while model-discussions.attachments is on. */
export function canAttachToComment(features: { "model-discussions.attachments": boolean }): boolean {
  return features["model-discussions.attachments"];
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
