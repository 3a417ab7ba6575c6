import { useId, useRef, useState, type KeyboardEvent } from "react";
import { MESSAGES, OWNER_AUTOCOMPLETE_MIN, type SearchScreenState } from "../../../contract/index.js";
import { useOwnerCandidates } from "../../api/contentActions.js";
import { withChanges, type AdminSearchAbilities } from "./searchState.js";

interface AdminOptionsProps {
  state: SearchScreenState;
  abilities: AdminSearchAbilities;
  /** The name of the profile searched as, when known (the URL carries only its id). */
  asProfileName: string | undefined;
  onChange(next: SearchScreenState): void;
  /** A profile was chosen to search as: its name is remembered for the tag. */
  onSearchAs(profileId: number, name: string): void;
}

/** The filter panel's admin options (spec section 6): ignore permissions, and search as another user. Shown only to profiles that may use them. */
export function AdminOptions({ state, abilities, asProfileName, onChange, onSearchAs }: AdminOptionsProps) {
  if (!abilities.ignorePermissions && !abilities.searchAsProfile) return null;
  return (
    <fieldset className="facet admin-options">
      <legend className="facet__legend">Admin options</legend>
      <div className="admin-options__body">
        {abilities.ignorePermissions && (
          <label className="check">
            <input type="checkbox" checked={state.ignorePermissions} onChange={(event) => onChange(withChanges(state, { ignorePermissions: event.target.checked }))} />
            <span className="check__label">Ignore permissions</span>
          </label>
        )}
        {abilities.searchAsProfile && <SearchAsField current={state.asProfile} currentName={asProfileName} onPick={onSearchAs} />}
      </div>
    </fieldset>
  );
}

/**
 * "Search as": users whose name or username holds the typed text (from 3 characters; groups cannot be
 * searched as), listed as buttons. Down arrow goes from the field into the list, up and down move in
 * it, Escape goes back to the field.
 */
function SearchAsField({ current, currentName, onPick }: { current: number | null; currentName: string | undefined; onPick(profileId: number, name: string): void }) {
  const id = useId();
  const [term, setTerm] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const trimmed = term.trim();
  const listed = trimmed.length >= OWNER_AUTOCOMPLETE_MIN;
  const candidates = useOwnerCandidates(listed ? trimmed : "");
  const users = (candidates.data?.data ?? []).filter((p) => !p.is_group);

  const buttons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
  const handleInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && buttons().length) {
      event.preventDefault();
      buttons()[0]?.focus();
    }
  };
  const handleListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = buttons();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = index + (event.key === "ArrowDown" ? 1 : -1);
      if (next < 0) inputRef.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      inputRef.current?.focus();
    }
  };
  const handlePick = (profileId: number, name: string) => {
    onPick(profileId, name);
    setTerm("");
    inputRef.current?.focus();
  };

  return (
    <div className="field field--compact admin-options__search-as">
      <label className="field__label" htmlFor={`${id}-input`}>
        Search as
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
        onKeyDown={handleInputKeyDown}
      />
      <p id={`${id}-hint`} className="field__hint">
        {current !== null ? `Searching as ${currentName ?? `profile #${current}`}.` : "Type part of a user's name to see the catalogue as they do."}
      </p>
      {trimmed && !listed && <p className="field__hint">{MESSAGES.minChars(OWNER_AUTOCOMPLETE_MIN)}</p>}
      {listed && (
        <ul id={`${id}-results`} ref={listRef} className="search-as__results" aria-label="Matching users" onKeyDown={handleListKeyDown}>
          {users.map((user) => (
            <li key={user.profile_id}>
              <button type="button" className="link-button" aria-pressed={current === user.profile_id} onClick={() => handlePick(user.profile_id, user.name)}>
                {user.name}
              </button>
            </li>
          ))}
          {candidates.isPending && <li className="field__hint">Searching…</li>}
          {candidates.data && users.length === 0 && <li className="field__hint">{MESSAGES.noResults}</li>}
        </ul>
      )}
    </div>
  );
}
