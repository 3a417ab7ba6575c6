import { useId, useState } from "react";
import { MESSAGES, SEARCH_MAX_TERM, SEARCH_MIN_TERM, type SearchTypeConfig } from "../../contract/index.js";
import { usePageBlock } from "../api/pageBlocks.js";
import { useDebouncedValue } from "../hooks/useDebouncedValue.js";

/**
 * The search waits this long after the last key (first document: "Generic search list: 12 per page, debounce 350 ms").
 * The second document's 300 ms is the attribute modal's, which does not use this filter.
 */
const TERM_DEBOUNCE_MS = 350;

export interface CatalogueFilterOptions {
  /** The type chosen at the start ("" for all types). */
  initialType: string;
  pageSize: number;
  /** Whose items (a profile's or a group's), or none for the whole catalogue the asker may see. */
  settings?: { profile_id?: number; group_id?: number };
}

/**
 * One page of the catalogue the asker may see, narrowed by a type and a search term, as the modals that browse it
 * (View All, the item selector) read it through the content block (POST /pages/block/content). A term shorter than the
 * search's minimum is not sent; a new term or type goes back to page 1.
 */
export function useCatalogueFilter({ initialType, pageSize, settings }: CatalogueFilterOptions) {
  const [type, setType] = useState(initialType);
  const [term, setTerm] = useState("");
  const [page, setPage] = useState(1);
  const typed = term.trim().toLowerCase();
  const searched = useDebouncedValue(typed.length >= SEARCH_MIN_TERM ? typed : "", TERM_DEBOUNCE_MS);
  const block = usePageBlock("content", { settings, block: type ? [{ t: [type] }] : [], st: searched, page, per: pageSize });
  const total = block.data?.arrObjResponse.total ?? 0;
  return {
    type,
    term,
    /** The term as typed, trimmed and lower-cased: what the hint judges. */
    typed,
    /** The term the shown page was asked with ("" when it is too short). */
    searched,
    page,
    setPage,
    block,
    items: block.data?.arrObjResponse.data ?? [],
    total,
    pageCount: Math.ceil(total / pageSize),
    chooseType(next: string, { keepTerm }: { keepTerm: boolean }) {
      setType(next);
      if (!keepTerm) setTerm("");
      setPage(1);
    },
    typeTerm(next: string) {
      setTerm(next);
      setPage(1);
    },
  };
}

export type CatalogueFilter = ReturnType<typeof useCatalogueFilter>;

export interface CatalogueFilterControlsProps {
  filter: CatalogueFilter;
  types: SearchTypeConfig[];
  /** Offer "All types" first. */
  allTypes?: boolean;
  /** Keep the term when the type changes (picking one item), or start over (browsing). */
  keepTermOnType?: boolean;
  /** Told after the type changes, for what the dialog itself resets (its chosen item). */
  onTypeChange?(): void;
}

/** The type choice, the search box and its hint above a browsing modal's results. */
export function CatalogueFilterControls({ filter, types, allTypes = false, keepTermOnType = false, onTypeChange }: CatalogueFilterControlsProps) {
  const id = useId();
  return (
    <>
      <div className="catalogue-filter">
        <label className="field">
          <span className="field__label">Type</span>
          <select
            className="input"
            value={filter.type}
            onChange={(e) => {
              filter.chooseType(e.target.value, { keepTerm: keepTermOnType });
              onTypeChange?.();
            }}
          >
            {allTypes && <option value="">All types</option>}
            {types.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Search</span>
          <input className="input" type="search" maxLength={SEARCH_MAX_TERM} value={filter.term} aria-describedby={`${id}-hint`} onChange={(e) => filter.typeTerm(e.target.value)} />
        </label>
      </div>
      <p id={`${id}-hint`} className="catalogue-filter__hint">
        {filter.typed.length > 0 && filter.typed.length < SEARCH_MIN_TERM ? MESSAGES.minChars(SEARCH_MIN_TERM) : "Titles A to Z, or the best matches first when you search."}
      </p>
    </>
  );
}
