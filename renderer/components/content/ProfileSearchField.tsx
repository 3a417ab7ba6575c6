import type { ReactNode } from "react";
import { MESSAGES, OWNER_AUTOCOMPLETE_MIN, type OwnerAutocomplete } from "../../../contract/index.js";
import { useResultListKeys } from "../../hooks/useResultListKeys.js";
import { Field } from "../Field.js";

type Candidate = OwnerAutocomplete["data"][number];

interface ProfileSearchFieldProps {
  /** The input's id; the result list's is derived from it. */
  id: string;
  label: string;
  /** The result list's accessible name. */
  listLabel: string;
  term: string;
  onTermChange: (term: string) => void;
  /** The server's matches for the term (undefined while none have arrived). */
  candidates: Candidate[] | undefined;
  onPick: (candidate: Candidate) => void;
  /** Leaves matches out of the list (e.g. those already chosen). */
  exclude?: (candidate: Candidate) => boolean;
  /** For a field that picks one: whether a match is the one picked (its button shows as pressed). */
  isPicked?: (candidate: Candidate) => boolean;
  /** The words on each match's button before its name (e.g. "Add"). */
  verb?: string;
  /** Shown between the label and the input (e.g. the choice made). */
  children?: ReactNode;
}

/**
 * A search field for people and groups (the profile autocomplete: from 3 characters, first document section 9):
 * below the minimum it says how many characters to type; from it, the matches as buttons to pick one, reached by Tab or
 * by the arrow keys (`useResultListKeys`). Enter in the field never submits the form around it; it picks the match
 * when there is exactly one.
 */
export function ProfileSearchField({ id, label, listLabel, term, onTermChange, candidates, onPick, exclude, isPicked, verb, children }: ProfileSearchFieldProps) {
  const typed = term.trim();
  const showResults = typed.length >= OWNER_AUTOCOMPLETE_MIN;
  const shown = (candidates ?? []).filter((candidate) => !exclude?.(candidate));
  const { inputRef, listRef, onInputKeyDown, onListKeyDown } = useResultListKeys();
  return (
    <Field id={id} label={label}>
      {children}
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="search"
        autoComplete="off"
        value={term}
        onChange={(e) => onTermChange(e.target.value)}
        onKeyDown={(e) => {
          onInputKeyDown(e);
          // Enter searches, it does not submit the dialog the field sits in (a half-typed name saved the form); with one match it picks it.
          if (e.key !== "Enter") return;
          e.preventDefault();
          if (showResults && shown.length === 1) onPick(shown[0]!);
        }}
        aria-controls={showResults ? `${id}-results` : undefined}
      />
      {typed && !showResults && <p className="field__hint">{MESSAGES.minChars(OWNER_AUTOCOMPLETE_MIN)}</p>}
      {showResults && (
        <ul id={`${id}-results`} ref={listRef} className="owner-results" aria-label={listLabel} onKeyDown={onListKeyDown}>
          {shown.map((candidate) => (
            <li key={candidate.profile_id}>
              <button type="button" className="link-button" aria-pressed={isPicked?.(candidate)} onClick={() => onPick(candidate)}>
                {verb ? `${verb} ` : ""}
                {candidate.name}
                {candidate.is_group ? " (group)" : ""}
              </button>
            </li>
          ))}
          {candidates && !candidates.length && <li>{MESSAGES.noResults}</li>}
        </ul>
      )}
    </Field>
  );
}
