import { useId } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../../contract/index.js";
import { useCollectionItems } from "../../api/collections.js";
import { PATHS } from "../../routes/paths.js";
import { itemCountText } from "../../components/collect/collectChoices.js";
import { ResultList } from "../search/ResultList.js";

/** A collection page's items, as search cards in the order they were added, or the empty state. */
export function CollectionItems({ uid }: { uid: string }) {
  const headingId = useId();
  const items = useCollectionItems(uid);
  const data = items.data;

  return (
    <section className="collection-items" aria-labelledby={headingId}>
      <div className="collection-items__head">
        <h2 id={headingId} className="section-title">
          Items in this collection
        </h2>
        {data && data.total > 0 && <p className="collection-items__count">{itemCountText(data.total)}</p>}
      </div>
      {items.isPending && <p className="page-status">Loading items…</p>}
      {items.isError && (
        <div className="inline-error">
          <p>{MESSAGES.genericLoad}</p>
          <button type="button" className="button button--secondary" onClick={() => void items.refetch()}>
            Try again
          </button>
        </div>
      )}
      {data && data.data.length === 0 && (
        <div className="empty-state">
          <p className="empty-state__title">This collection has no items yet.</p>
          <p>Use Collect on a search result or on an item’s page to add it here.</p>
          <Link to={PATHS.search}>Find items in search</Link>
        </div>
      )}
      {data && data.data.length > 0 && <ResultList items={data.data} layout="list" busy={items.isFetching} />}
    </section>
  );
}
