import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { COMMENT_MAX, COMMENT_TITLE_MAX, DISCUSSION_MESSAGES, GROUP_DISCUSSION_CONTEXT } from "../../../contract/index.js";
import { Alert } from "../Alert.js";
import { AttachmentPicker } from "../attachments/AttachmentPicker.js";
import { useAttachmentUploads } from "../attachments/useAttachmentUploads.js";
import { Field, fieldErrorProps } from "../Field.js";
import { DiscardDraftDialog } from "./DiscardDraftDialog.js";

/**
 * The widget's "Start a discussion..." form: a title (required, at most 255: second document, section 5), the
 * message and, while the site offers them (`attachmentsOn`: group-discussions.attachments), files, sent together as a
 * new thread. Escape or Cancel closes it, asking the spec's question first when something was written or attached;
 * Start is disabled while the message is blank, a file is still uploading or a save runs.
 */
export function StartDiscussionForm({
  busy,
  failure,
  attachmentsOn,
  onAnnounce,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  failure: string | null;
  attachmentsOn: boolean;
  /** Says an upload's progress in the widget's live region. */
  onAnnounce(message: string): void;
  /** Sends the new thread with the ids of its uploaded files; resolves true when it was saved. */
  onSubmit(title: string, message: string, attachments: number[]): Promise<boolean>;
  onClose(): void;
}) {
  const id = useId();
  const uploads = useAttachmentUploads("comment", onAnnounce, GROUP_DISCUSSION_CONTEXT);
  const titleRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const blank = message.trim() === "";
  const tooLong = message.length > COMMENT_MAX;
  const written = title.trim() !== "" || !blank || (attachmentsOn && uploads.uploads.length > 0);
  const holding = attachmentsOn && uploads.busy;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || blank || tooLong || holding) return;
    const error = title.trim() === "" ? DISCUSSION_MESSAGES.titleRequired : title.trim().length > COMMENT_TITLE_MAX ? DISCUSSION_MESSAGES.titleTooLong : null;
    setTitleError(error);
    if (error) {
      titleRef.current?.focus();
      return;
    }
    if (await onSubmit(title.trim(), message, attachmentsOn ? uploads.ids : [])) onClose();
  };
  const handleCancel = () => {
    if (written) setConfirming(true);
    else onClose();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Escape" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleCancel();
    }
  };

  return (
    <form className="comment-form start-discussion" onSubmit={(event) => void handleSubmit(event)} onKeyDown={handleKeyDown} noValidate aria-busy={busy || undefined} aria-label="Start a discussion">
      <Field id={`${id}-title`} label="Title" error={titleError}>
        <input
          ref={titleRef}
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={COMMENT_TITLE_MAX}
          required
          autoFocus
          {...fieldErrorProps(`${id}-title`, titleError)}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Message
        </label>
        <textarea
          id={`${id}-message`}
          className="input comment-form__text"
          rows={3}
          value={message}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-message-error` : undefined}
          onChange={(event) => setMessage(event.target.value)}
        />
        {tooLong && (
          <p id={`${id}-message-error`} className="field__error">
            {DISCUSSION_MESSAGES.commentTooLong}
          </p>
        )}
      </div>
      {attachmentsOn && <AttachmentPicker uploads={uploads} />}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="comment-form__actions">
        <button type="button" className="button button--small button--ghost" onClick={handleCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--small button--primary" disabled={blank || busy || tooLong || holding}>
          {busy ? "Starting…" : "Start discussion"}
        </button>
      </div>
      {confirming && (
        <DiscardDraftDialog
          onDiscard={() => {
            setConfirming(false);
            onClose();
          }}
          onKeep={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
