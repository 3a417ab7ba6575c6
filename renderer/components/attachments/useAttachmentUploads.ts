import { useCallback, useEffect, useRef, useState } from "react";
import { ATTACHMENT_MESSAGES, ATTACHMENTS_PER_POST, isAttachmentTooLarge, type AttachmentUploadState, type DiscussionContextName } from "../../../contract/index.js";
import { removeAttachment, uploadAttachment, uploadFailureText, type AttachmentKind } from "../../api/attachments.js";

/** One file in the form, in one of the spec's upload states (a removed one leaves the list). */
export interface AttachmentUpload {
  key: number;
  file: File;
  state: Exclude<AttachmentUploadState, "removed">;
  /** 0..1 while uploading. */
  progress: number;
  /** The server's id once complete. */
  id: number | null;
  /** Why it failed: the server's file error message, attachment_too_large, or the generic message. */
  error: string | null;
  /** Whether Retry is offered (not for a file that is too large: sending it again cannot help). */
  retryable: boolean;
  /** Counts the tries, so each is started once (effects may run twice). */
  attempt: number;
}

let nextKey = 1;

/**
 * The uploads of one post or comment form (`kind` says which upload call, `context` which discussion a comment's is for): files are checked for size at once (too large: error, attachment_too_large), wait as
 * pending and upload one at a time; Retry sends a failed one again, Remove drops one (and deletes it on the server
 * once uploaded), clear() forgets them all after the post took them.
 */
export function useAttachmentUploads(kind: AttachmentKind, onAnnounce: (message: string) => void, context: DiscussionContextName = null) {
  const [uploads, setUploads] = useState<AttachmentUpload[]>([]);
  const live = useRef(true);
  const started = useRef(new Set<string>());
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const patch = useCallback((key: number, change: Partial<AttachmentUpload>) => {
    if (live.current) setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  // One upload at a time: the first pending file starts when nothing else is uploading.
  const next = uploads.some((u) => u.state === "uploading") ? undefined : uploads.find((u) => u.state === "pending");
  useEffect(() => {
    if (!next) return;
    const { key, file, attempt } = next;
    if (started.current.has(`${key}:${attempt}`)) return;
    started.current.add(`${key}:${attempt}`);
    patch(key, { state: "uploading", progress: 0 });
    uploadAttachment(kind, file, (progress) => patch(key, { progress }), context)
      .then((answer) => {
        patch(key, { state: "complete", id: answer.id, progress: 1 });
        onAnnounce(`${file.name} uploaded.`);
      })
      .catch((error: unknown) => {
        patch(key, { state: "error", error: uploadFailureText(error) ?? ATTACHMENT_MESSAGES.uploadFailed, retryable: true });
        onAnnounce(`${file.name} could not be uploaded.`);
      });
  }, [next, patch, onAnnounce, kind, context]);

  /** Adds chosen files (up to the per-post limit); too large ones are refused here with the spec's message. */
  const add = (files: File[]) => {
    const room = ATTACHMENTS_PER_POST - uploads.length;
    const added = files.slice(0, Math.max(room, 0)).map((file): AttachmentUpload => {
      const tooLarge = isAttachmentTooLarge(file.size);
      return { key: nextKey++, file, state: tooLarge ? "error" : "pending", progress: 0, id: null, error: tooLarge ? ATTACHMENT_MESSAGES.attachment_too_large : null, retryable: false, attempt: 0 };
    });
    setUploads((list) => [...list, ...added]);
    const refused = added.filter((u) => u.state === "error").length;
    if (files.length > added.length) onAnnounce(ATTACHMENT_MESSAGES.tooMany);
    else if (refused) onAnnounce(ATTACHMENT_MESSAGES.attachment_too_large);
  };
  const retry = (key: number) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, state: "pending", error: null, progress: 0, attempt: u.attempt + 1 } : u)));
  const remove = (key: number) => {
    const upload = uploads.find((u) => u.key === key);
    setUploads((list) => list.filter((u) => u.key !== key));
    // Not posted, so nobody else has it: the server forgets it too (it would be swept after a day anyway).
    if (upload?.id) void removeAttachment(kind, upload.id).catch(() => undefined);
    if (upload) onAnnounce(`${upload.file.name} removed.`);
  };
  const clear = () => setUploads([]);

  return {
    uploads,
    /** The ids to send with the post: the complete uploads, in the order chosen. */
    ids: uploads.filter((u) => u.state === "complete" && u.id !== null).map((u) => u.id!),
    /** Whether an upload is still on its way (the post waits for it). */
    busy: uploads.some((u) => u.state === "pending" || u.state === "uploading"),
    full: uploads.length >= ATTACHMENTS_PER_POST,
    add,
    retry,
    remove,
    clear,
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
