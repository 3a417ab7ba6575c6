import { useId, useState } from "react";
import { MESSAGES } from "../../../contract/index.js";
import { useResultListKeys } from "../../hooks/useResultListKeys.js";

/** What a lookup found for a term: the profiles, while loading `profiles` undefined. */
export interface ProfileCandidates {
  profiles: { profile_id: number; name: string }[] | undefined;
  isPending: boolean;
}

interface ProfileLookupFieldProps {
  label: string;
  /** The line under the field (what it does, or what is chosen). */
  hint: string;
  /** The accessible name of the list of matches. */
  listLabel: string;
  /** Characters typed before anything is looked up. */
  minChars: number;
  /** The lookup, asked with the trimmed term once it is long enough and with "" before (a query hook: the same one on every render). */
  useCandidates(term: string): ProfileCandidates;
  /** Whether a listed profile is already chosen (shown pressed). */
  isChosen(profileId: number): boolean;
  onPick(profileId: number, name: string): void;
}

/**
 * A search field that lists matching profiles as buttons, from `minChars` characters. Down arrow goes from the
 * field into the list, up and down move in it, Escape goes back to the field; picking one empties the field.
 */
export function ProfileLookupField({ label, hint, listLabel, minChars, useCandidates, isChosen, onPick }: ProfileLookupFieldProps) {
  const id = useId();
  const [term, setTerm] = useState("");
  const { inputRef, listRef, onInputKeyDown, onListKeyDown } = useResultListKeys();
  const trimmed = term.trim();
  const listed = trimmed.length >= minChars;
  const { profiles, isPending } = useCandidates(listed ? trimmed : "");

  const handlePick = (profileId: number, name: string) => {
    onPick(profileId, name);
    setTerm("");
    inputRef.current?.focus();
  };

  return (
    <div className="field field--compact profile-lookup">
      <label className="field__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        className="input"
        type="search"
        autoComplete="off"
        value={term}
        aria-describedby={`${id}-hint`}
        aria-controls={listed ? `${id}-results` : undefined}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={onInputKeyDown}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {trimmed && !listed && <p className="field__hint">{MESSAGES.minChars(minChars)}</p>}
      {listed && (
        <ul id={`${id}-results`} ref={listRef} className="profile-lookup__results" aria-label={listLabel} onKeyDown={onListKeyDown}>
          {profiles?.map((profile) => (
            <li key={profile.profile_id}>
              <button type="button" className="link-button" aria-pressed={isChosen(profile.profile_id)} onClick={() => handlePick(profile.profile_id, profile.name)}>
                {profile.name}
              </button>
            </li>
          ))}
          {isPending && <li className="field__hint">Searching…</li>}
          {profiles?.length === 0 && <li className="field__hint">{MESSAGES.noResults}</li>}
        </ul>
      )}
    </div>
  );
}
