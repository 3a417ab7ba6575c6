import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { CONTENT_ACTION_MESSAGES, MESSAGES, defaultCopyTitle } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { copyItem } from "../../api/contentActions.js";
import { Field, fieldErrorProps } from "../Field.js";
import { FormDialog } from "../ModalFrame.js";
import { showToast } from "../toastStore.js";

/** The copy dialog (id copy-modal): a new title (required, the original's plus ' (Copy)' by default); success opens the copy. */
export function CopyDialog({ item, onClose }: { item: { id: number; title: string; link: string }; onClose(): void }) {
  const id = useId();
  const navigate = useNavigate();
  const [title, setTitle] = useState(() => defaultCopyTitle(item.title));
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(CONTENT_ACTION_MESSAGES.copyTitleRequired);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    setError(null);
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await copyItem(item.link, item.id, title);
      showToast(answer.message, "info");
      onClose();
      navigate(answer.link);
    } catch (err) {
      setFailure(messageOf(err, MESSAGES.unexpected));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      id="copy-modal"
      title="Copy"
      description="The copy is yours, with this item’s sections, tags and keywords."
      onClose={onClose}
      onSubmit={handleSubmit}
      failure={failure}
      submitLabel="Copy"
      busyLabel="Copying…"
      submitting={submitting}
    >
      <Field id={`${id}-title`} label="New title" error={error}>
        <input id={`${id}-title`} className="input" value={title} maxLength={255} required onChange={(e) => setTitle(e.target.value)} {...fieldErrorProps(`${id}-title`, error)} />
      </Field>
    </FormDialog>
  );
}
