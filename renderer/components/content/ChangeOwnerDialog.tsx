import { useId, useState, type FormEvent } from "react";
import { CONTENT_ACTION_MESSAGES, MESSAGES, OWNER_AUTOCOMPLETE_MIN } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { changeOwner, useOwnerCandidates } from "../../api/contentActions.js";
import { FormDialog } from "../ModalFrame.js";
import { reloadWithToast } from "./pendingToast.js";

/**
 * The change-ownership dialog: an option is required ('me' when the actor is not the owner, or 'other');
 * 'other' needs a new owner picked from the autocomplete (3 characters or more). Success reloads the page
 * with the server's message as a toast; a refusal shows the server's message in a danger alert.
 */
export function ChangeOwnerDialog({ item, me, onClose }: { item: { opaque_id: string; owner_data: { profile_id: number; name: string } }; me: { id: number; name: string }; onClose(): void }) {
  const id = useId();
  const canTakeIt = me.id !== item.owner_data.profile_id;
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
      setFailure(err instanceof ApiError ? err.displayMessage : MESSAGES.unexpected);
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
        <div className="field">
          <label className="field__label" htmlFor={`${id}-owner`}>
            Search people and groups
          </label>
          {picked && (
            <p className="field__hint">
              Chosen: <strong>{picked.name}</strong>
            </p>
          )}
          <input id={`${id}-owner`} className="input" type="search" autoComplete="off" value={term} onChange={(e) => setTerm(e.target.value)} aria-controls={term.trim().length >= OWNER_AUTOCOMPLETE_MIN ? `${id}-results` : undefined} />
          {term.trim() && term.trim().length < OWNER_AUTOCOMPLETE_MIN ? (
            <p className="field__hint">{MESSAGES.minChars(OWNER_AUTOCOMPLETE_MIN)}</p>
          ) : (
            term.trim() && (
              <ul id={`${id}-results`} className="owner-results" aria-label="Matching profiles">
                {(candidates.data?.data ?? []).map((p) => (
                  <li key={p.profile_id}>
                    <button
                      type="button"
                      className="link-button"
                      aria-pressed={picked?.id === p.profile_id}
                      onClick={() => {
                        setPicked({ id: p.profile_id, name: p.name });
                        setTerm("");
                        setError(null);
                      }}
                    >
                      {p.name}
                      {p.is_group ? " (group)" : ""}
                    </button>
                  </li>
                ))}
                {candidates.data && !candidates.data.data.length && <li>{MESSAGES.noResults}</li>}
              </ul>
            )
          )}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
