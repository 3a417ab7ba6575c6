import { useId, useRef, type ChangeEvent } from "react";
import { ATTACHMENTS_PER_POST, attachmentSize } from "../../../contract/index.js";
import type { AttachmentUpload, AttachmentUploads } from "./useAttachmentUploads.js";

const STATE_TEXT: Record<AttachmentUpload["state"], string> = { pending: "Waiting to upload", uploading: "Uploading", complete: "Ready", error: "Not attached" };

/**
 * The post form's attachments: an "Attach files" file input (any file, at most 5 MB each, up to 10) and the chosen
 * files with their state (pending, uploading with its percentage, complete, or the error with Retry), each removable
 * before posting.
 */
export function AttachmentPicker({ uploads }: { uploads: AttachmentUploads }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The button pressed leaves with its row (Remove) or its state (Retry): focus stays near, once the change is drawn.
  const handleRetry = (key: number) => {
    uploads.retry(key);
    setTimeout(() => listRef.current?.querySelector<HTMLElement>(`[data-upload="${key}"] .attachment-upload__remove`)?.focus(), 0);
  };
  const handleRemove = (key: number) => {
    uploads.remove(key);
    setTimeout(() => inputRef.current?.focus(), 0);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    uploads.add(Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    event.target.value = "";
  };
  return (
    <div className="attachment-picker">
      <div className="attachment-picker__choose">
        <input ref={inputRef} id={`${id}-file`} className="attachment-picker__input visually-hidden" type="file" multiple disabled={uploads.full} aria-describedby={`${id}-hint`} onChange={handleChange} />
        <label htmlFor={`${id}-file`} className={`button button--small button--secondary attachment-picker__button${uploads.full ? " attachment-picker__button--disabled" : ""}`}>
          <FileIcon />
          Attach files
        </label>
        <span id={`${id}-hint`} className="attachment-picker__hint">
          At most 5 MB each, up to {ATTACHMENTS_PER_POST}.
        </span>
      </div>
      {uploads.uploads.length > 0 && (
        <ul ref={listRef} className="attachment-uploads" aria-label="Files to attach">
          {uploads.uploads.map((u) => (
            <li key={u.key} data-upload={u.key} className={`attachment-upload attachment-upload--${u.state}`}>
              <FileIcon />
              <span className="attachment-upload__name">{u.file.name}</span>
              <span className="attachment-upload__size">{attachmentSize(u.file.size)}</span>
              <span className="attachment-upload__state">
                {u.state === "uploading" ? `${STATE_TEXT.uploading} ${Math.round(u.progress * 100)}%` : u.state === "error" ? u.error : STATE_TEXT[u.state]}
              </span>
              <span className="attachment-upload__actions">
                {u.state === "error" && u.retryable && (
                  <button type="button" className="link-button" aria-label={`Retry ${u.file.name}`} onClick={() => handleRetry(u.key)}>
                    Retry
                  </button>
                )}
                <button type="button" className="link-button link-button--danger attachment-upload__remove" aria-label={`Remove ${u.file.name}`} onClick={() => handleRemove(u.key)}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A paper-clip-free file glyph (decorative). */
export function FileIcon() {
  return (
    <svg className="attachment-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 1.5h5l3.5 3.5v9.5h-8.5z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
      <path d="M9 1.5v3.5h3.5" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
    </svg>
  );
}
