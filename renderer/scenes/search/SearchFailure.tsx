import { ApiError } from "../../api/ApiError.js";

interface SearchFailureProps {
  error: Error;
  /** Drops the filters (and unknown types) of a refused search; absent when there are none to drop. */
  onClearFilters?: () => void;
  onRetry(): void;
}

/**
 * What the results area shows when a search fails. A search the server refused (4xx, such as a bookmark naming a
 * filter value it no longer knows) shows the server's reason and a way to clear the filters. Any other failure is
 * told by the spec's toast (first document, section 8), so here only a way to search again, not the text twice.
 */
export function SearchFailure({ error, onClearFilters, onRetry }: SearchFailureProps) {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  if (!refused)
    return (
      <div className="inline-error search-failure">
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try the search again
        </button>
      </div>
    );
  return (
    <div className="inline-error search-failure">
      <p role="alert">{error.displayMessage}</p>
      <button type="button" className="button button--secondary" onClick={onClearFilters ?? onRetry}>
        {onClearFilters ? "Clear filters" : "Try again"}
      </button>
    </div>
  );
}
