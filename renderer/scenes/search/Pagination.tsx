import { Link } from "react-router";
import type { SearchScreenState } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";
import { pagerEntries, searchHref } from "./searchState.js";

interface PaginationProps {
  state: SearchScreenState;
  totalPages: number;
  onNavigate(): void;
}

/** Previous/next, a window of 3 page links around the current page and the first and last pages (1 … 4 5 6 … 67); paging keeps every filter. */
export function Pagination({ state, totalPages, onNavigate }: PaginationProps) {
  if (totalPages <= 1) return null;
  const { page } = state;
  const href = (n: number) => ({ search: searchHref({ ...state, page: n }) });
  // From past the end (an old bookmark), Previous leads to the last page, not to another page past it.
  const previous = Math.min(page - 1, totalPages);

  return (
    <nav className="pagination" aria-label="Pagination">
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={href(previous)} onClick={onNavigate} rel="prev">
              <Icon name="chevronLeft" size={16} />
              <span className="visually-hidden-on-phone">Previous</span>
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-hidden="true">
              <Icon name="chevronLeft" size={16} />
              <span className="visually-hidden-on-phone">Previous</span>
            </span>
          )}
        </li>
        {pagerEntries(page, totalPages).map((entry) =>
          "gap" in entry ? (
            <li key={entry.gap} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={entry.page}>
              <Link
                className="pagination__link pagination__page"
                to={href(entry.page)}
                onClick={onNavigate}
                aria-label={`Page ${entry.page}`}
                aria-current={entry.page === page ? "page" : undefined}
              >
                {entry.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link className="pagination__link" to={href(page + 1)} onClick={onNavigate} rel="next">
              <span className="visually-hidden-on-phone">Next</span>
              <Icon name="chevronRight" size={16} />
            </Link>
          ) : (
            <span className="pagination__link pagination__link--disabled" aria-hidden="true">
              <span className="visually-hidden-on-phone">Next</span>
              <Icon name="chevronRight" size={16} />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
