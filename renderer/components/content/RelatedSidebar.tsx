import { Link } from "react-router";
import { MESSAGES, type RelatedContentResponse } from "../../../contract/index.js";
import { useRelatedContent, useSimilarContent } from "../../api/contentActions.js";
import { QuickInfoTrigger } from "./QuickInfoPopover.js";

/**
 * The view page's sidebars: Related content (shared tags) and Similar content (same type, similar title). `withRelated` false
 * leaves Related content out (and unasked), for an item whose tags no other content can share (a group's).
 */
export function RelatedSidebar({ item, withRelated = true }: { item: { id: number; model_key: string; link: string }; withRelated?: boolean }) {
  const related = useRelatedContent(item, withRelated);
  const similar = useSimilarContent(item.link);
  return (
    <aside className="related-sidebar" aria-label={withRelated ? "Related and similar content" : "Similar content"}>
      {withRelated && <RelatedList title="Related content" query={related} />}
      <RelatedList title="Similar content" query={similar} listedAbove={withRelated ? related.data : undefined} />
    </aside>
  );
}

const keyOf = (d: RelatedContentResponse["arrObjResponse"]["data"][number]) => `${d.model_key}:${d.id}`;

/** One titled list of result links, without those `listedAbove` already shows (an item can share tags and a title with this one). */
function RelatedList({ title, query, listedAbove }: { title: string; query: { data?: RelatedContentResponse; isError: boolean }; listedAbove?: RelatedContentResponse }) {
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const shown = new Set(listedAbove?.arrObjResponse.data.map(keyOf));
  const items = query.data?.arrObjResponse.data.filter((d) => !shown.has(keyOf(d))) ?? [];
  return (
    <section className="related-list" aria-labelledby={`${slug}-heading`}>
      <h2 id={`${slug}-heading`} className="related-list__title">
        {title}
      </h2>
      {query.isError ? (
        <p className="empty-note">{MESSAGES.genericLoad}</p>
      ) : !query.data ? (
        <p className="page-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="empty-note">{MESSAGES.noResults}</p>
      ) : (
        <ul className="related-list__items">
          {items.map((d) => (
            <li key={d.id} className="related-list__item">
              <QuickInfoTrigger modelKey={d.model_key} id={d.id}>
                <Link to={d.link}>{d.title}</Link>
              </QuickInfoTrigger>
              <span className="related-list__meta">
                {d.common.type_name_singular} · {d.owner_data.name}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
