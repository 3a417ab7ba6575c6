import { useEffect, useState, type KeyboardEvent } from "react";
import { MESSAGES, PROFILE_LIMITS } from "../../../contract/index.js";
import { useInstitutionSearch } from "../../api/profiles.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";

/** A chosen institution: one from the list (its id), or a custom one typed in (id null, created when the profile is saved). */
export interface InstitutionPick {
  institution_id: number | null;
  name: string;
  location: string | null;
}

/** An entry of the open list: a match, or the offer to add what was typed. */
type Option = { kind: "match"; pick: InstitutionPick } | { kind: "custom"; name: string };

/** The multiselect's debounce (first document section 9: 300 ms). */
const MULTISELECT_DEBOUNCE_MS = 300;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const isChosen = (chosen: InstitutionPick[], option: Option) =>
  option.kind === "match" ? chosen.some((c) => c.institution_id === option.pick.institution_id) : chosen.some((c) => c.institution_id === null && sameName(c.name, option.name));
/** Whether a name is among the chosen, listed or custom (the server keeps one of each institution anyway). */
const hasName = (chosen: InstitutionPick[], name: string) => chosen.some((c) => sameName(c.name, name));

/**
 * The chosen institutions with the text still typed in the field added, for saving: as a custom entry (the server
 * reuses a listed institution of that name), or left out when already chosen. Null when it cannot be added (fewer
 * characters than a search needs, or the maximum already chosen): saving then stops, as the keyword editor's does.
 */
export function withPendingInstitution(term: string, value: InstitutionPick[]): InstitutionPick[] | null {
  const typed = term.trim();
  if (!typed || hasName(value, typed)) return value;
  if (typed.length < PROFILE_LIMITS.institutionSearchMin || value.length >= PROFILE_LIMITS.institutionsMax) return null;
  return [...value, { institution_id: null, name: typed, location: null }];
}

interface InstitutionPickerProps {
  id: string;
  value: InstitutionPick[];
  onChange(value: InstitutionPick[]): void;
  /** The text typed in the field (the form's, which adds it on save: withPendingInstitution). */
  term: string;
  onTermChange(term: string): void;
  /** The field's error (the server's or the form's), tied to the input. */
  error?: string | null;
}

/**
 * The profile form's institutions (second document: "search starts after more than 2 characters; max 10 selections;
 * custom entries allowed when multi-select"; "options limit 10"). An ARIA 1.2 combobox: the input owns a listbox of
 * matches it points into with aria-activedescendant; Down and Up move through it, Enter picks, Escape closes it (not
 * the dialog). When no match has the typed name, the last option adds it as typed; Enter with no option highlighted
 * picks the match of exactly that name, or adds it as typed. The choices are chips with a Remove button each;
 * Backspace only ever edits the text.
 */
export function InstitutionPicker({ id, value, onChange, error, term, onTermChange: setTerm }: InstitutionPickerProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState("");
  const typed = term.trim();
  const settled = useDebouncedValue(typed, MULTISELECT_DEBOUNCE_MS);
  const search = useInstitutionSearch(settled);
  const full = value.length >= PROFILE_LIMITS.institutionsMax;
  const searching = typed.length >= PROFILE_LIMITS.institutionSearchMin && !full;
  // Matches only for what is typed now (the previous term's stay listed while the next arrive, but not below 3 characters).
  const matches = searching && settled.length >= PROFILE_LIMITS.institutionSearchMin ? (search.data?.data ?? []) : [];
  const options: Option[] = searching
    ? [
        ...matches.map((m): Option => ({ kind: "match", pick: m })),
        ...(search.data && !matches.some((m) => sameName(m.name, typed)) ? [{ kind: "custom", name: typed } as const] : []),
      ].filter((o) => !isChosen(value, o))
    : [];
  const expanded = open && searching && options.length > 0;
  // The answer for what is typed now came back empty: the custom entry is offered instead (unless already chosen).
  const noneFound = searching && settled === typed && search.data !== undefined && !search.isPlaceholderData && matches.length === 0;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // aria-activedescendant moves no scroll: the active option is brought into view (the list's, and the dialog's).
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [expanded, active, id]);

  const pick = (option: Option) => {
    const chosen: InstitutionPick = option.kind === "match" ? option.pick : { institution_id: null, name: option.name, location: null };
    onChange([...value, chosen]);
    setAnnouncement(`${chosen.name} added. ${value.length + 1} of ${PROFILE_LIMITS.institutionsMax} chosen.`);
    setTerm("");
    setActive(-1);
    setOpen(false);
  };

  const handleRemove = (index: number) => {
    const removed = value[index]!;
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`${removed.name} removed.`);
    // The chip's button is gone: focus goes back to the input rather than to the page.
    document.getElementById(id)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!searching || !options.length) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setOpen(true);
      setActive((current) => (!expanded ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
    } else if (event.key === "Enter") {
      // Enter never submits the dialog from here; it picks the active option, or with none highlighted the match of
      // exactly the typed name, or adds the name as typed (custom entries are allowed).
      event.preventDefault();
      if (!searching) return;
      const exact = options.find((o) => o.kind === "match" && sameName(o.pick.name, typed));
      if (expanded && options[active]) pick(options[active]);
      else if (exact) pick(exact);
      else if (hasName(value, typed)) {
        setAnnouncement(`${typed} is already chosen.`);
        setTerm("");
        setActive(-1);
      } else pick({ kind: "custom", name: typed });
    } else if (event.key === "Escape" && expanded) {
      setOpen(false);
      setActive(-1);
    }
  };

  const describedBy = [hintId, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const hint = full
    ? MESSAGES.maxSelected(PROFILE_LIMITS.institutionsMax)
    : noneFound
      ? hasName(value, typed)
        ? `${typed} is already chosen.`
        : `No listed institution has that name. Press Enter to add "${typed}" as typed.`
      : typed && typed.length < PROFILE_LIMITS.institutionSearchMin
      ? MESSAGES.minChars(PROFILE_LIMITS.institutionSearchMin)
      : `Type at least ${PROFILE_LIMITS.institutionSearchMin} characters to search; up to ${PROFILE_LIMITS.institutionsMax} institutions. Not listed? Add it as you typed it.`;

  return (
    <div className="field institution-picker">
      <label className="field__label" htmlFor={id}>
        Institutions
      </label>
      {value.length > 0 && (
        <ul className="keyword-list" aria-label="Chosen institutions">
          {value.map((institution, index) => (
            <li key={institution.institution_id ?? `new-${institution.name}`} className="keyword-chip">
              <span>
                {institution.name}
                {institution.location && <span className="institution-picker__location"> · {institution.location}</span>}
              </span>
              <button type="button" className="keyword-chip__remove" aria-label={`Remove ${institution.name}`} onClick={() => handleRemove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="institution-picker__box">
        <input
          id={id}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={PROFILE_LIMITS.nameMax}
          readOnly={full}
          value={term}
          placeholder={full ? undefined : "Search institutions"}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setTerm(e.target.value);
            setAnnouncement("");
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul id={listId} role="listbox" aria-label="Institutions found" className="institution-picker__list" hidden={!expanded}>
          {expanded &&
            options.map((option, index) => (
              <li
                key={option.kind === "match" ? option.pick.institution_id : "custom"}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="institution-picker__option"
                // Keeps focus in the input, so the list stays the input's.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
              >
                {option.kind === "match" ? (
                  <>
                    {option.pick.name}
                    {option.pick.location && <span className="institution-picker__location"> · {option.pick.location}</span>}
                  </>
                ) : (
                  `Add "${option.name}"`
                )}
              </li>
            ))}
        </ul>
      </div>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement || (expanded ? `${options.length} option${options.length === 1 ? "" : "s"}. Use the Down and Up keys to choose, Enter to add.` : "")}
      </p>
    </div>
  );
}
