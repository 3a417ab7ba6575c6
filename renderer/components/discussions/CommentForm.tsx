import { useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { COMMENT_MAX, COMMENT_TITLE_MAX, DISCUSSION_MESSAGES } from "../../../contract/index.js";
import { Alert } from "../Alert.js";
import { Field, fieldErrorProps } from "../Field.js";
import { DiscardDraftDialog } from "./DiscardDraftDialog.js";

export interface CommentFormProps {
  /** The text area's accessible name ("Comment", "Reply to Maria Lopez", "Edit your comment"). */
  label: string;
  placeholder?: string;
  /** The draft to start from (an edit starts from the comment's text). */
  initialValue?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The server's refusal of the last send, shown above the buttons. */
  failure: string | null;
  /**
   * A Title field above the text (editing a discussion's opening comment): its starting value, and whether it may be
   * left empty (a group's discussion must keep one). Without it the form has no title.
   */
  title?: { initialValue: string; required: boolean };
  /** Sends the text (and the title, trimmed, when the form has one); resolves true when it was saved (a new-comment form then empties itself). */
  onSubmit(text: string, title?: string): Promise<boolean>;
  /** Closes the form (reply and edit forms); without it, cancelling only empties the draft. */
  onCancel?(): void;
  autoFocus?: boolean;
  /** Shown under the text area (the feed's attachment picker). */
  attachments?: ReactNode;
  /** Keeps Send disabled while something the send needs is still on its way (an upload). */
  holdSubmit?: boolean;
}

/**
 * The comment editor (second document section 5): Send disabled while the text is blank or a save runs; Enter sends,
 * Shift+Enter adds a line, Escape cancels, and cancelling a changed, non-empty draft asks the spec's question first.
 * Plain text only (is_html false), at most 10000 characters.
 */
export function CommentForm({ label, placeholder, initialValue = "", title, submitLabel, busyLabel, busy, failure, onSubmit, onCancel, autoFocus, attachments, holdSubmit = false }: CommentFormProps) {
  const id = useId();
  const titleRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(initialValue);
  const [titleDraft, setTitleDraft] = useState(title?.initialValue ?? "");
  const [titleError, setTitleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const blank = draft.trim() === "";
  const tooLong = draft.length > COMMENT_MAX;
  const changed = !blank && (draft !== initialValue || (title !== undefined && titleDraft !== title.initialValue));

  const send = async () => {
    if (blank || busy || tooLong || holdSubmit) return;
    if (title) {
      // The same rules as starting a discussion: required there, at most 255 characters.
      const trimmed = titleDraft.trim();
      const error = title.required && trimmed === "" ? DISCUSSION_MESSAGES.titleRequired : trimmed.length > COMMENT_TITLE_MAX ? DISCUSSION_MESSAGES.titleTooLong : null;
      setTitleError(error);
      if (error) {
        titleRef.current?.focus();
        return;
      }
    }
    const saved = await (title ? onSubmit(draft, titleDraft.trim()) : onSubmit(draft));
    if (saved && !onCancel) setDraft("");
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const finishCancel = () => {
    setConfirming(false);
    setDraft(initialValue);
    setTitleDraft(title?.initialValue ?? "");
    setTitleError(null);
    onCancel?.();
  };
  const handleCancel = () => {
    if (changed) setConfirming(true);
    else finishCancel();
  };
  // An edit opened for more typing starts at the end of the text, not before its first word.
  const handleFocus = (event: FocusEvent<HTMLTextAreaElement>) => {
    const box = event.currentTarget;
    if (autoFocus && box.selectionStart === 0 && box.selectionEnd === 0 && box.value === initialValue) box.setSelectionRange(box.value.length, box.value.length);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // A composing input method uses Enter to pick its candidate: that Enter is not ours.
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };
  // Escape anywhere in the form (its fields and buttons; not the confirmation, a portal React still bubbles from).
  const handleFormKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Escape" || event.nativeEvent.isComposing || !event.currentTarget.contains(event.target as Node)) return;
    if (changed || onCancel) {
      event.preventDefault();
      handleCancel();
    }
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    // Marked while Escape is the form's (a dialog around it then leaves Escape to it: ModalFrame).
    <form className="comment-form" onSubmit={handleSubmit} noValidate aria-busy={busy || undefined} data-handles-escape={changed || onCancel ? "" : undefined} onKeyDown={handleFormKeyDown}>
      {title && (
        <Field id={`${id}-title`} label="Title" error={titleError}>
          <input
            ref={titleRef}
            id={`${id}-title`}
            className="input"
            value={titleDraft}
            maxLength={COMMENT_TITLE_MAX}
            required={title.required}
            {...fieldErrorProps(`${id}-title`, titleError)}
            onChange={(event) => setTitleDraft(event.target.value)}
          />
        </Field>
      )}
      <label className={title ? "field__label" : "visually-hidden"} htmlFor={`${id}-text`}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className="input comment-form__text"
        rows={2}
        placeholder={placeholder}
        value={draft}
        // Focus goes here only when the person asked for this form (Reply, Edit), never on page load.
        autoFocus={autoFocus}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${hintId}${tooLong ? ` ${errorId}` : ""}`}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
        onFocus={handleFocus}
      />
      <p id={hintId} className="visually-hidden">
        Enter sends, Shift+Enter starts a new line, Escape cancels.
      </p>
      {tooLong && (
        <p id={errorId} className="field__error">
          {DISCUSSION_MESSAGES.commentTooLong}
        </p>
      )}
      {attachments}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="comment-form__actions">
        {(onCancel || !blank) && (
          <button type="button" className="button button--small button--ghost" onClick={handleCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button--small button--primary" disabled={blank || busy || tooLong || holdSubmit}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
      {confirming && <DiscardDraftDialog onDiscard={finishCancel} onKeep={() => setConfirming(false)} />}
    </form>
  );
}
