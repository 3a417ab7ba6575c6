import { useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { OTHER_FILTERS, PROVIDER_AUTOCOMPLETE_MIN, isCalendarDate, type SearchFacets, type SearchScreenState } from "../../../contract/index.js";
import { useProviderCandidates } from "../../api/queries.js";
import { ProfileLookupField, type ProfileCandidates } from "./ProfileLookupField.js";
import { facetTree, toggled, withAttribute, withChanges } from "./searchState.js";

const COLLAPSED_COUNT = 8;

interface FacetFiltersProps {
  state: SearchScreenState;
  facets: SearchFacets | null | undefined;
  /** Attribute facets the selected types support, in display order. */
  attributeFacets: { key: string; label: string }[];
  /** Other filter groups the selected types support: "owners", "publishers", "others", "dates". */
  filters: Set<string>;
  signedIn: boolean;
  onChange(next: SearchScreenState): void;
}

interface Option {
  /** Unique across the groups; also finds the checkbox again after a re-render. */
  key: string;
  id: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  depth: number;
  onToggle(on: boolean): void;
}

/** The filter groups: supported attribute facets, my stuff, owners, publishers and the created date range. */
export function FacetFilters({ state, facets, attributeFacets, filters, signedIn, onChange }: FacetFiltersProps) {
  const attributeGroups = attributeFacets.map((facet) => {
    const selected = state.attributes[facet.key] ?? [];
    const values = facetTree(facets?.attributes[facet.key] ?? []);
    const options: Option[] = checkedFirst(values, selected).map(({ value, depth }) => ({
      key: `${facet.key}:${value.id}`,
      id: String(value.id),
      label: value.label,
      count: value.count,
      checked: selected.includes(value.id),
      depth,
      onToggle: (on) => onChange(withAttribute(state, facet.key, value.id, on)),
    }));
    return { key: facet.key, label: facet.label, options };
  });

  const otherOptions: Option[] = OTHER_FILTERS.filter((o) => signedIn || !o.signedIn).map((o) => ({
    key: `others:${o.key}`,
    id: o.key,
    label: o.label,
    count: facets?.others[o.key],
    checked: state.others.includes(o.key),
    depth: 0,
    onToggle: (on) => onChange(withChanges(state, { others: toggled(state.others, o.key, on) })),
  }));

  const profileOptions = (field: "owners" | "publishers"): Option[] =>
    (facets?.[field] ?? []).map((p) => ({
      key: `${field}:${p.profile_id}`,
      id: String(p.profile_id),
      label: p.name,
      count: p.count,
      checked: state[field].includes(p.profile_id),
      depth: 0,
      onToggle: (on) => onChange(withChanges(state, { [field]: toggled(state[field], p.profile_id, on) })),
    }));

  // A new answer can reorder the values (they come sorted by count), which moves the checkbox
  // just toggled; give keyboard focus back to it when that happens.
  const rootRef = useRef<HTMLDivElement>(null);
  const lastToggled = useRef<string | null>(null);
  useEffect(() => {
    const key = lastToggled.current;
    if (!key || (document.activeElement && document.activeElement !== document.body)) return;
    rootRef.current?.querySelector<HTMLInputElement>(`input[data-option="${CSS.escape(key)}"]`)?.focus();
  });
  const handleToggled = (key: string) => {
    lastToggled.current = key;
  };

  return (
    <div className="facets" ref={rootRef} onChange={(event) => handleToggled((event.target as HTMLElement).dataset.option ?? "")}>
      {attributeGroups
        .filter((group) => group.options.length > 0)
        .map((group) => (
          <CheckboxGroup key={group.key} legend={group.label} options={group.options} />
        ))}
      {filters.has("others") && <CheckboxGroup legend="My stuff and openness" options={otherOptions} />}
      {filters.has("owners") && <CheckboxGroup legend="Owners" options={profileOptions("owners")} />}
      {filters.has("publishers") && (
        <CheckboxGroup legend="Publishers" options={profileOptions("publishers")}>
          <ProfileLookupField
            label="Find a publisher"
            hint="Type part of a publisher's name to find one not listed."
            listLabel="Matching publishers"
            minChars={PROVIDER_AUTOCOMPLETE_MIN}
            useCandidates={usePublisherCandidates}
            isChosen={(profileId) => state.publishers.includes(profileId)}
            onPick={(profileId) => onChange(withChanges(state, { publishers: toggled(state.publishers, profileId, true) }))}
          />
        </CheckboxGroup>
      )}
      {filters.has("dates") && (
        <DateRange from={state.from} to={state.to} onChange={(range) => onChange(withChanges(state, range))} />
      )}
    </div>
  );
}

/** In a flat list the checked values come first, so they stay in view; trees keep their order. */
function checkedFirst<T extends { value: { id: number }; depth: number }>(values: T[], selected: number[]): T[] {
  if (values.some((v) => v.depth > 0)) return values;
  const isChecked = (v: T) => selected.includes(v.value.id);
  return [...values.filter(isChecked), ...values.filter((v) => !isChecked(v))];
}

/** Publishers for the provider filter (GET /api/search/find-providers). */
function usePublisherCandidates(term: string): ProfileCandidates {
  const candidates = useProviderCandidates(term);
  return { profiles: candidates.data?.data, isPending: candidates.isPending };
}

/**
 * One fieldset of checkboxes with counts; long lists show the first few and a "Show all" toggle. `children`
 * (a way to reach values the list leaves out) come after the list, and keep the fieldset even with no options.
 */
function CheckboxGroup({ legend, options, children }: { legend: string; options: Option[]; children?: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (options.length === 0 && !children) return null;
  const collapsible = options.length > COLLAPSED_COUNT;
  const shown = collapsible && !expanded ? options.filter((o, i) => i < COLLAPSED_COUNT || o.checked) : options;

  return (
    <fieldset className="facet">
      <legend className="facet__legend">{legend}</legend>
      {shown.length > 0 && (
        <ul id={listId} className="facet__list">
          {shown.map((option) => (
            <li key={option.key} className="facet__item" data-depth={Math.min(option.depth, 3)}>
              <FacetCheckbox option={option} />
            </li>
          ))}
        </ul>
      )}
      {collapsible && (
        <button type="button" className="link-button facet__more" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          {expanded ? `Show fewer ${legend.toLowerCase()}` : `Show all ${options.length} ${legend.toLowerCase()}`}
        </button>
      )}
      {children}
    </fieldset>
  );
}

function FacetCheckbox({ option }: { option: Option }) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => option.onToggle(event.target.checked);
  return (
    <label className="check">
      <input type="checkbox" data-option={option.key} checked={option.checked} onChange={handleChange} />
      <span className="check__label">{option.label}</span>
      {option.count !== undefined && <span className="check__count">{option.count.toLocaleString()}</span>}
    </label>
  );
}

/** Shown beside the date inputs when the start would come after the end (the server refuses such a range). */
const INVERTED_RANGE_MESSAGE = "The start date must be on or before the end date.";

/** Years before this are taken for a year still being typed (Chrome reports 0002, 0020, 0202 on the way to 2024). */
const EARLIEST_PLAUSIBLE_YEAR = 1900;

type Range = { from: string; to: string };
type RangeField = keyof Range;

/**
 * Created-date range; the start may not be after the end. The inputs keep their own draft (the
 * router commits URL changes in a transition, which would briefly reset a controlled date input
 * while someone types into it). Each applied date is a search and a history entry, so while typing
 * only a plausible complete date or an emptied field applies; any other valid date applies on
 * blur or Enter. An inverted range is not applied: the last good one stays, with a message.
 */
function DateRange({ from, to, onChange }: { from: string; to: string; onChange(range: Range): void }) {
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState({ from, to });
  const [applied, setApplied] = useState({ from, to });
  const [rejected, setRejected] = useState(false);
  if (applied.from !== from || applied.to !== to) {
    // The URL changed (a tag removed, back/forward): show its dates.
    setApplied({ from, to });
    setDraft({ from, to });
    setRejected(false);
  }
  const inForce: Range = { from, to };
  const inverted = rejected || isInverted(inForce);

  /** Applies one field's date with the other's draft, when that is a whole date, else the other's date in force. */
  const apply = (field: RangeField, value: string) => {
    const other: RangeField = field === "from" ? "to" : "from";
    const range = { [field]: value, [other]: isCalendarDate(draft[other]) ? draft[other] : inForce[other] } as Range;
    if (isInverted(range)) {
      setRejected(true);
      return;
    }
    setRejected(false);
    // Applying starts again at page 1, so leaving a field that holds the dates in force must not.
    if (range.from !== from || range.to !== to) onChange(range);
  };

  const handleChange = (field: RangeField) => (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    setDraft({ ...draft, [field]: input.value });
    if (isCleared(input) || isPlausibleDate(input.value)) apply(field, input.value);
  };
  /** Leaving the field, or Enter, applies whatever whole date (or nothing) it holds. */
  const handleCommit = (field: RangeField) => (event: FocusEvent<HTMLInputElement> | KeyboardEvent<HTMLInputElement>) => {
    if ("key" in event && event.key !== "Enter") return;
    const input = event.currentTarget;
    if (isCleared(input) || isCalendarDate(input.value)) apply(field, input.value);
  };
  const dateInput = (field: RangeField, id: string, bound: { min?: string; max?: string }) => (
    <input
      id={id}
      className="input"
      type="date"
      value={draft[field]}
      {...bound}
      aria-invalid={inverted || undefined}
      aria-describedby={inverted ? errorId : undefined}
      onChange={handleChange(field)}
      onBlur={handleCommit(field)}
      onKeyDown={handleCommit(field)}
    />
  );

  return (
    <fieldset className="facet">
      <legend className="facet__legend">Created</legend>
      <div className="date-range">
        <Field id={fromId} label="Created from">
          {dateInput("from", fromId, { max: to || undefined })}
        </Field>
        <Field id={toId} label="Created to">
          {dateInput("to", toId, { min: from || undefined })}
        </Field>
        {inverted && (
          <p id={errorId} className="field__error" role="alert">
            {INVERTED_RANGE_MESSAGE}
          </p>
        )}
      </div>
    </fieldset>
  );
}

const isInverted = (range: Range) => range.from !== "" && range.to !== "" && range.from > range.to;

/** Emptied on purpose: a half-cleared date input also reports "", but flags its leftover parts as bad input. */
const isCleared = (input: HTMLInputElement) => input.value === "" && !input.validity.badInput;

const isPlausibleDate = (value: string) => isCalendarDate(value) && Number(value.slice(0, 4)) >= EARLIEST_PLAUSIBLE_YEAR;

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="field field--compact">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  );
}
