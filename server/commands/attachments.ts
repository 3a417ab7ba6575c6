import { ATTACHMENT_MESSAGES, PENDING_ATTACHMENTS_MAX, PENDING_ATTACHMENT_TTL_MS } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { AttachmentRow } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import type { CheckedFile } from "../lib/resourceFile.js";
import { attachmentsOfComments, deleteAttachmentRows, insertAttachment, listPendingAttachments } from "../models/attachments.js";
import { newStorageKey, type FileStorage } from "../storage/fileStorage.js";

/**
 * Removes attachments, rows first (nobody can reach a file whose row is gone), then the files of the rows removed;
 * `pendingOnly` leaves any that a post or comment took meanwhile.
 */
export async function removeAttachments(db: Db, storage: FileStorage, rows: Pick<AttachmentRow, "id" | "storage_key">[], options: { pendingOnly?: boolean } = {}): Promise<void> {
  const removed = new Set(await deleteAttachmentRows(db, rows.map((r) => r.id), options));
  for (const r of rows) if (removed.has(r.id)) await storage.delete(r.storage_key);
}

/**
 * Stores an upload to attach later. Uploads never posted do not pile up: the profile's pending ones older than a day
 * are swept first, and at most PENDING_ATTACHMENTS_MAX may wait at once (422 beyond). The file is stored before its
 * row, and removed again if the row cannot be written.
 */
export async function uploadAttachment(db: Db, storage: FileStorage, uploaderId: number, file: CheckedFile): Promise<AttachmentRow> {
  const pending = await listPendingAttachments(db, uploaderId);
  const cutoff = new Date(Date.now() - PENDING_ATTACHMENT_TTL_MS).toISOString();
  const stale = pending.filter((a) => a.created_at < cutoff);
  await removeAttachments(db, storage, stale, { pendingOnly: true });
  if (pending.length - stale.length >= PENDING_ATTACHMENTS_MAX) throw new HttpError(422, ATTACHMENT_MESSAGES.tooManyPending, { file: [ATTACHMENT_MESSAGES.tooManyPending] });
  const key = newStorageKey();
  await storage.put(key, file.data);
  try {
    return await insertAttachment(db, { storageKey: key, fileName: file.name, mimeType: file.mimeType, sizeBytes: file.data.length, uploaderId });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** Removes a deleted comment's attachments and their files (a deleted comment, kept for its replies or not, shows none). */
export async function removeCommentAttachments(db: Db, storage: FileStorage, commentId: number): Promise<void> {
  await removeAttachments(db, storage, (await attachmentsOfComments(db, [commentId])).get(commentId) ?? []);
}
