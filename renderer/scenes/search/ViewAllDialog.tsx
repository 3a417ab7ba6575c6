import type { ReactNode } from "react";
import { Link } from "react-router";
import { MESSAGES, VIEW_ALL_PAGE_LIMIT, VIEW_ALL_PAGE_SIZE, screenStateFromUrl, screenStateToUrl, type SearchResultItem, type SearchTypeConfig } from "../../../contract/index.js";
import { PATHS } from "../../routes/paths.js";
import { ResultList } from "./ResultList.js";
import { CloseActions, ModalFrame } from "../../components/ModalFrame.js";
import { InlineLoadError } from "../../components/InlineLoadError.js";
import { CatalogueFilterControls, useCatalogueFilter } from "../../components/CatalogueFilter.js";

/**
 * What an empty page says: 'No {label} found' while one type is listed (second document's empty state, with the type's
 * plural label), else the spec's 'No results found.' (first document).
 */
function emptyText(types: SearchTypeConfig[], type: string): string {
  const label = types.find((t) => t.type === type)?.label;
  return label ? `No ${label} found` : MESSAGES.noResults;
}

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
  const filter = useCatalogueFilter({ initialType: allTypes ? "" : (types[0]?.type ?? ""), pageSize: VIEW_ALL_PAGE_SIZE, settings });
  const { block, items, total, page, type, searched } = filter;
  const pages = Math.min(filter.pageCount, VIEW_ALL_PAGE_LIMIT);
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
      <CatalogueFilterControls filter={filter} types={types} allTypes={allTypes} />
      <div role="status" className="view-all__status">
        {status}
      </div>
      {block.isError ? (
        <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void block.refetch()} />
      ) : block.isPending ? (
        <p className="page-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="empty-note">{emptyText(types, type)}</p>
      ) : (
        <ResultList items={items} layout="pairs" busy={block.isFetching} actionsOf={actionsOf} />
      )}
      {pages > 1 && (
        <nav className="view-all__pages" aria-label={`${title} pages`}>
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => filter.setPage(page - 1)}>
            Previous
          </button>
          <span className="view-all__page">{`Page ${page} of ${pages}`}</span>
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => filter.setPage(page + 1)}>
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
