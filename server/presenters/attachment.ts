import { attachmentSize, type AttachmentUploadResponse, type CommentAttachment, type PostAttachment } from "../../contract/index.js";
import type { AttachmentRow } from "../db/schema.js";

/** Where an attachment's file is read (GET /files/attachments/{key}, after the reader's check). */
export const attachmentLink = (row: Pick<AttachmentRow, "storage_key">): string => `/files/attachments/${row.storage_key}`;

/** The icon of an uploaded file (the entity's model_common.icon). */
const FILE_ICON = "file";

/** The upload call's answer: the spec's status, name, id, link, common (and the size the form shows). */
export function presentAttachmentUpload(row: AttachmentRow): AttachmentUploadResponse {
  return { status: "success", id: row.id, name: row.file_name, link: attachmentLink(row), size: row.size_bytes, common: { icon: FILE_ICON } };
}

/** An attachment on a post (the Feed post attachment entity): an uploaded file is a common_file titled by its name. */
export function presentPostAttachment(row: AttachmentRow): PostAttachment {
  return {
    id: row.id,
    title: row.file_name,
    source_title: row.file_name,
    link: attachmentLink(row),
    attachment_type: "common_file",
    attachment_id: row.id,
    description: attachmentSize(row.size_bytes),
    model_common: { icon: FILE_ICON },
  };
}

/** An attachment on a comment (the Comment attachment entity). */
export function presentCommentAttachment(row: AttachmentRow): CommentAttachment {
  return {
    title: row.file_name,
    source_title: row.file_name,
    description: attachmentSize(row.size_bytes),
    attachment_type: "common_file",
    attachment_id: row.id,
    link: attachmentLink(row),
    model_common: { icon: FILE_ICON },
    removed: false,
  };
}
