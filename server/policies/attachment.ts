import type { Actor } from "../lib/actor.js";

/** The parts of an attachment its policies read. */
export interface AttachmentSubject {
  uploader_id: number;
  feed_post_id: number | null;
  comment_id: number | null;
}

/** Whether the attachment still waits for its post or comment. */
export const isPending = (attachment: AttachmentSubject): boolean => attachment.feed_post_id === null && attachment.comment_id === null;

/**
 * Uploading a file to attach later (POST /feeds/attachment): a signed-in profile while the site offers feed
 * attachments. Where it may be attached is decided when the post is sent (feedPolicy.canAttach).
 */
export function canUpload(actor: Actor, features: { "feed-discussions.attachments": boolean }): boolean {
  return actor.signedIn && features["feed-discussions.attachments"];
}

/** Removing an upload before it is posted (the form's Remove): its uploader only; a posted one goes with its post. */
export function canRemove(actor: Actor, attachment: AttachmentSubject): boolean {
  return actor.signedIn && actor.profile?.id === attachment.uploader_id && isPending(attachment);
}

/**
 * Reading an upload that is not posted yet: its uploader only (nobody else has seen it). A posted attachment is read
 * by whoever may read its post (feedPolicy.canRead), decided by the route that loads the post's feed.
 */
export function canReadPending(actor: Actor, attachment: AttachmentSubject): boolean {
  return actor.signedIn && actor.profile?.id === attachment.uploader_id;
}
