import { useState } from "react";
import { Link } from "react-router";
import { IMPORTED_ITEMS_PAGE_SIZE } from "../../../contract/index.js";
import { useImportedItems } from "../../api/bulkImport.js";

/** The content a completed import created, 16 per page, each linking to the item. */
export function ImportedContent({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const items = useImportedItems(id, page, true);
  const total = items.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / IMPORTED_ITEMS_PAGE_SIZE));
  return (
    <section className="import-section" aria-labelledby="imported-title">
      <h2 id="imported-title" className="section-title">
        Imported Content
      </h2>
      {items.data && !items.data.data.length && <p>No results found.</p>}
      <ol className="imported-list" start={(page - 1) * IMPORTED_ITEMS_PAGE_SIZE + 1}>
        {(items.data?.data ?? []).map((item) => (
          <li key={item.id}>
            <Link to={item.link}>{item.title}</Link> <span className="imported-list__row">row {item.row_number}</span>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="imported-pager" aria-label="Imported content pages">
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
