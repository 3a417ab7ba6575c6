/**
 * Previous and Next around "Page N of M" for a list of `total` entries, `per` a page; nothing when it all fits on one
 * page. On the first or last page the button that would leave the list is aria-disabled, not disabled: pressing Next
 * into the last page leaves keyboard focus on Next (a disabled button drops it to the page's start).
 */
export function Pager({ label, page, total, per, onPage }: { label: string; page: number; total: number; per: number; onPage(page: number): void }) {
  const lastPage = Math.max(1, Math.ceil(total / per));
  if (lastPage <= 1) return null;
  const atFirst = page <= 1;
  const atLast = page >= lastPage;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button--secondary button--small" aria-disabled={atFirst || undefined} onClick={() => atFirst || onPage(page - 1)}>
        Previous
      </button>
      <span className="pager__where">
        Page {Math.min(page, lastPage)} of {lastPage}
      </span>
      <button type="button" className="button button--secondary button--small" aria-disabled={atLast || undefined} onClick={() => atLast || onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A page past the list's end (its last entries went, or the address asks too far): says so, with the way back. */
export function EmptyPage({ onFirstPage }: { onFirstPage(): void }) {
  return (
    <p className="pager__empty">
      Nothing on this page.{" "}
      <button type="button" className="button button--secondary button--small" onClick={onFirstPage}>
        Go to the first page
      </button>
    </p>
  );
}
