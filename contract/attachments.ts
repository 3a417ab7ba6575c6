import { z } from "zod";
import { MAX_ID } from "./common.js";

/** Largest attachment (second document, sections 5 and 9: "attachment max 5 MB", "Upload files max 5 MB by default"). */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Most attachments on one post or comment (ours: the spec names no count). */
export const ATTACHMENTS_PER_POST = 10;
/** Most uploads a profile may hold that are not posted yet (ours), and how long one is kept unposted before it is swept. */
export const PENDING_ATTACHMENTS_MAX = 20;
export const PENDING_ATTACHMENT_TTL_MS = 24 * 60 * 60 * 1000;

/** Message texts of attachments: the spec's key attachment_too_large, worded; the design's otherwise. */
export const ATTACHMENT_MESSAGES = {
  attachment_too_large: "This file is too large: an attachment may be at most 5 MB.",
  unavailable: "Attachments are not available on this site.",
  fileRequired: "Choose a file to upload, in the part named file.",
  uploadFailed: "The file could not be uploaded.",
  tooManyPending: `You have ${PENDING_ATTACHMENTS_MAX} files waiting to be posted: post or remove some first.`,
  tooMany: `A post may have at most ${ATTACHMENTS_PER_POST} attachments.`,
  idsInvalid: "attachments must be a list of the ids of files you uploaded.",
  notYours: "An attachment was not found among your uploads waiting to be posted: upload it again.",
  notFound: "The attachment was not found.",
  removed: "The attachment was removed.",
} as const;

/** The states of one upload in the form (second document, section 4); a removed one leaves the list. */
export const ATTACHMENT_UPLOAD_STATES = ["pending", "uploading", "complete", "error", "removed"] as const;
export type AttachmentUploadState = (typeof ATTACHMENT_UPLOAD_STATES)[number];

/** True for a file the server will refuse as too large (the form says so before uploading). */
export const isAttachmentTooLarge = (size: number): boolean => size > ATTACHMENT_MAX_BYTES;

/** The attachments field of a new post: the ids the upload call answered, each once, at most ATTACHMENTS_PER_POST. */
export const AttachmentIds = z
  .array(z.number({ error: ATTACHMENT_MESSAGES.idsInvalid }).int(ATTACHMENT_MESSAGES.idsInvalid).positive(ATTACHMENT_MESSAGES.idsInvalid).max(MAX_ID, ATTACHMENT_MESSAGES.idsInvalid), {
    error: ATTACHMENT_MESSAGES.idsInvalid,
  })
  .max(ATTACHMENTS_PER_POST, ATTACHMENT_MESSAGES.tooMany)
  .transform((ids) => [...new Set(ids)]);

/** The answer to an upload (POST /feeds/attachment; the spec's comment upload answers status, name, id, link, common). */
export const AttachmentUploadResponse = z.object({
  status: z.literal("success"),
  id: z.number(),
  name: z.string(),
  /** Where the file is read; until it is posted, only its uploader may read it. */
  link: z.string(),
  size: z.number(),
  common: z.object({ icon: z.string() }),
});
export type AttachmentUploadResponse = z.infer<typeof AttachmentUploadResponse>;

/** An attachment on a post (second document's Feed post attachment entity): an uploaded file is a common_file. */
export const PostAttachment = z.object({
  id: z.number(),
  title: z.string(),
  source_title: z.string(),
  /** The file, for whoever may read the post (it answers 401/404 as the post's feed does). */
  link: z.string(),
  attachment_type: z.string(),
  attachment_id: z.number(),
  /** The file's size, in words ("1.2 MB"). */
  description: z.string(),
  model_common: z.object({ icon: z.string() }),
});
export type PostAttachment = z.infer<typeof PostAttachment>;

/** An upload's size in words: bytes, or KB or MB with one decimal rounded up (so a file over 5 MB never reads "5.0 MB"). */
export function attachmentSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "KB"] : [bytes / (1024 * 1024), "MB"];
  return `${(Math.ceil(value * 10) / 10).toFixed(1)} ${unit}`;
}
