import { useId, useState, type FormEvent } from "react";
import { CONTENT_ACTION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { changeOwner, useOwnerCandidates } from "../../api/contentActions.js";
import { FormDialog } from "../ModalFrame.js";
import { reloadWithToast } from "./pendingToast.js";
import { ProfileSearchField } from "./ProfileSearchField.js";

/**
 * The change-ownership dialog: an option is required ('me' when the server says the actor may take the item
 * (`abilities.take_ownership`: not its owner, and no group's leader taking the group's item), or 'other');
 * 'other' needs a new owner picked from the autocomplete (3 characters or more). Success reloads the page
 * with the server's message as a toast; a refusal shows the server's message in a danger alert.
 */
export function ChangeOwnerDialog({
  item,
  me,
  onClose,
}: {
  item: { opaque_id: string; owner_data: { profile_id: number; name: string }; abilities: { take_ownership: boolean } };
  me: { id: number; name: string };
  onClose(): void;
}) {
  const id = useId();
  const canTakeIt = item.abilities.take_ownership;
  const [option, setOption] = useState<"me" | "other" | null>(null);
  const [term, setTerm] = useState("");
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const candidates = useOwnerCandidates(option === "other" ? term.trim() : "");

  /** Choosing an option answers 'Please choose who the new owner is.', so that message goes. */
  const handleOption = (next: "me" | "other") => {
    setOption(next);
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const selected = option === "me" ? me.id : option === "other" ? picked?.id : undefined;
    if (!option) return setError(CONTENT_ACTION_MESSAGES.ownerOptionRequired);
    if (!selected) return setError(CONTENT_ACTION_MESSAGES.ownerRequired);
    setError(null);
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await changeOwner({ opaque_id: item.opaque_id, selected_profile: selected });
      reloadWithToast(answer.message);
    } catch (err) {
      setFailure(messageOf(err, MESSAGES.unexpected));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      id="change-owner-modal"
      title="Change owner"
      description={<>Currently owned by {item.owner_data.name}.</>}
      onClose={onClose}
      onSubmit={handleSubmit}
      failure={failure}
      submitLabel="Change owner"
      busyLabel="Saving…"
      submitting={submitting}
    >
      <fieldset className="choice-group" aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="field__label">New owner</legend>
        {canTakeIt && (
          <label className="choice">
            <input type="radio" name={`${id}-option`} checked={option === "me"} onChange={() => handleOption("me")} /> Me ({me.name})
          </label>
        )}
        <label className="choice">
          <input type="radio" name={`${id}-option`} checked={option === "other"} onChange={() => handleOption("other")} /> Someone else
        </label>
      </fieldset>
      {option === "other" && (
        <ProfileSearchField
          id={`${id}-owner`}
          label="Search people and groups"
          listLabel="Matching profiles"
          term={term}
          onTermChange={setTerm}
          candidates={candidates.data?.data}
          isPicked={(p) => picked?.id === p.profile_id}
          onPick={(p) => {
            setPicked({ id: p.profile_id, name: p.name });
            setTerm("");
            setError(null);
          }}
        >
          {picked && (
            <p className="field__hint">
              Chosen: <strong>{picked.name}</strong>
            </p>
          )}
        </ProfileSearchField>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
