import { useId, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { MESSAGES, SEARCH_MAX_TERM, SEARCH_MIN_TERM, VIEW_ALL_PAGE_LIMIT, VIEW_ALL_PAGE_SIZE, screenStateFromUrl, screenStateToUrl, type SearchResultItem, type SearchTypeConfig } from "../../../contract/index.js";
import { usePageBlock } from "../../api/pageBlocks.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { PATHS } from "../../routes/paths.js";
import { ResultList } from "./ResultList.js";
import { CloseActions, ModalFrame } from "../../components/ModalFrame.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";

/** The modal's search waits this long after the last key (second document: 300 ms in the modal). */
const TERM_DEBOUNCE_MS = 300;

export interface ViewAllDialogProps {
  /** The dialog's title ("Add Item" where it picks items to add). */
  title: string;
  /** The types to browse, one at a time (the search screen's types). */
  types: SearchTypeConfig[];
  /** Offer "All types" first (browsing someone's content), or start on the first type (picking items of one kind). */
  allTypes?: boolean;
  /** Whose items (a profile's or a group's), or none for the whole catalogue the asker may see. */
  settings?: { profile_id?: number; group_id?: number };
  /** The controls each listed item gets (Add, Added…); without it, a card's own (Favorite, Collect). */
  actionsOf?(item: SearchResultItem): ReactNode;
  /** A line the dialog reads out after an action ("Added to Science Week."). */
  status?: ReactNode;
  onClose(): void;
}

/**
 * The View All modal (second document): a content block's items 12 a page with Previous and Next, a type to choose and
 * an optional search box. Choosing another type starts over; a new term goes back to page 1. It holds at most two pages
 * (the cap is page size times page limit): beyond them, "See all in search" opens the full search page. It closes by
 * its Close button only, not by Escape or a click outside (the spec's rule), so a half-done pick is not lost by a stray key.
 */
export function ViewAllDialog({ title, types, allTypes = false, settings, actionsOf, status, onClose }: ViewAllDialogProps) {
  const id = useId();
  const [type, setType] = useState(allTypes ? "" : (types[0]?.type ?? ""));
  const [term, setTerm] = useState("");
  const [page, setPage] = useState(1);
  const typed = term.trim().toLowerCase();
  const searched = useDebouncedValue(typed.length >= SEARCH_MIN_TERM ? typed : "", TERM_DEBOUNCE_MS);
  const block = usePageBlock("content", { settings, block: type ? [{ t: [type] }] : [], st: searched, page, per: VIEW_ALL_PAGE_SIZE });
  const total = block.data?.arrObjResponse.total ?? 0;
  const pages = Math.min(Math.ceil(total / VIEW_ALL_PAGE_SIZE), VIEW_ALL_PAGE_LIMIT);
  const items = block.data?.arrObjResponse.data ?? [];
  // The search target of the View All modal (second document): its type and owner, its term, titles A to Z, page 1.
  const owners = [settings?.profile_id, settings?.group_id].filter((o) => o !== undefined);
  const searchLink = `${PATHS.search}?${screenStateToUrl({ ...screenStateFromUrl(new URLSearchParams()), types: type ? [type] : [], owners, st: searched, s: "title_lsort_asc" })}`;
  const keepOpen = (event: Event) => event.preventDefault();

  return (
    <ModalFrame
      id="view-all-modal"
      title={title}
      className="dialog dialog--view-all"
      contentProps={{ onEscapeKeyDown: keepOpen, onPointerDownOutside: keepOpen, onInteractOutside: keepOpen }}
      onClose={onClose}
    >
      <div className="view-all__controls">
        <label className="field">
          <span className="field__label">Type</span>
          <select
            className="input"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setTerm("");
              setPage(1);
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
        <label className="field view-all__search">
          <span className="field__label">Search</span>
          <input
            className="input"
            type="search"
            maxLength={SEARCH_MAX_TERM}
            value={term}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              setTerm(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      <p id={`${id}-hint`} className="view-all__hint">
        {typed.length > 0 && typed.length < SEARCH_MIN_TERM ? MESSAGES.minChars(SEARCH_MIN_TERM) : "Titles A to Z, or the best matches first when you search."}
      </p>
      <div role="status" className="view-all__status">
        {status}
      </div>
      {block.isError ? (
        <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void block.refetch()} />
      ) : block.isPending ? (
        <p className="page-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="empty-note">Nothing found.</p>
      ) : (
        <ResultList items={items} layout="pairs" busy={block.isFetching} actionsOf={actionsOf} />
      )}
      {pages > 1 && (
        <nav className="view-all__pages" aria-label={`${title} pages`}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="view-all__page">{`Page ${page} of ${pages}`}</span>
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
          {total > VIEW_ALL_PAGE_SIZE * VIEW_ALL_PAGE_LIMIT && (
            <Link className="view-all__more" to={searchLink}>
              See all {total.toLocaleString()} in search
            </Link>
          )}
        </nav>
      )}
      <CloseActions variant="primary" />
    </ModalFrame>
  );
}
