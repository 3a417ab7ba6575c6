import { useId, useState, type FormEvent } from "react";
import { CONTENT_ACTION_MESSAGES, FLAG_REASONS, FLAG_REASON_LABELS } from "../../../contract/index.js";
import { useSaveAndClose } from "../ManageDialog.js";
import { FormDialog } from "../ModalFrame.js";
import { fieldErrorProps } from "../Field.js";

/** What a flag says: the reason and the description. */
export type FlagReport = { value: (typeof FLAG_REASONS)[number]; message: string };

/**
 * The flagging dialog (id flagging-modal): a reason (required) and a description (required); success thanks with a toast.
 * `title` and `subject` word it for what is flagged (an item, a comment); `send` makes the call.
 */
export function FlagDialog({ title, subject, send, onClose }: { title: string; subject: string; send(report: FlagReport): Promise<unknown>; onClose(): void }) {
  const id = useId();
  const [reason, setReason] = useState<(typeof FLAG_REASONS)[number] | null>(null);
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; message?: string }>({});
  const { failure, submitting, save } = useSaveAndClose(onClose);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { ...(reason ? {} : { reason: CONTENT_ACTION_MESSAGES.flagReasonRequired }), ...(message.trim() ? {} : { message: CONTENT_ACTION_MESSAGES.flagMessageRequired }) };
    setErrors(next);
    if (!reason || next.message) return;
    await save(async () => {
      await send({ value: reason, message });
      return { message: CONTENT_ACTION_MESSAGES.flagThanks };
    });
  };

  return (
    <FormDialog
      id="flagging-modal"
      title={title}
      description={<>Tell the moderators about {subject}.</>}
      onClose={onClose}
      onSubmit={handleSubmit}
      failure={failure}
      submitLabel="Send"
      busyLabel="Sending…"
      submitting={submitting}
    >
      <fieldset className="choice-group" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="field__label">Reason</legend>
        {FLAG_REASONS.map((r) => (
          <label key={r} className="choice">
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} /> {FLAG_REASON_LABELS[r]}
          </label>
        ))}
        {errors.reason && (
          <p id={`${id}-reason-error`} className="field__error">
            {errors.reason}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Description
        </label>
        <textarea id={`${id}-message`} className="input" rows={4} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} {...fieldErrorProps(`${id}-message`, errors.message)} />
        {errors.message && (
          <p id={`${id}-message-error`} className="field__error">
            {errors.message}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
