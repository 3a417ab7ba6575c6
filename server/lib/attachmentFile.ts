import { fileTypeFromBuffer } from "file-type";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES } from "../../contract/index.js";
import { HttpError } from "./errors.js";
import { safeFileName, type CheckedFile, type UploadedFile } from "./resourceFile.js";

/**
 * Checks an attachment: present, not empty, at most 5 MB. Any kind of file may be attached; its content type is what
 * its bytes are found to hold (never the name or the browser's word), application/octet-stream when unknown, and it is
 * served as a download unless it is a PNG, JPEG or GIF image.
 */
export async function checkAttachmentFile(file: UploadedFile | undefined): Promise<CheckedFile> {
  if (!file || file.size === 0) throw new HttpError(422, ATTACHMENT_MESSAGES.fileRequired, { file: [ATTACHMENT_MESSAGES.fileRequired] });
  if (file.size > ATTACHMENT_MAX_BYTES) throw new HttpError(422, ATTACHMENT_MESSAGES.attachment_too_large, { file: [ATTACHMENT_MESSAGES.attachment_too_large] });
  const detected = await fileTypeFromBuffer(file.buffer);
  return { name: safeFileName(file.originalname), mimeType: detected?.mime ?? "application/octet-stream", data: file.buffer };
}
