import { ENDORSEMENT_TYPE_LABELS, type Endorsement } from "../../../contract/index.js";
import { shortDate } from "../dates.js";

/**
 * The view page's About card of endorsements (second document: About cards, endorsements): who published, sponsored,
 * endorsed or recognized the item, in that order, as the server lists those shown publicly, and for curriculum items
 * when (published_at). Nothing when there are none.
 */
export function EndorsementsCard({ endorsements, showDates }: { endorsements: Endorsement[]; showDates: boolean }) {
  if (endorsements.length === 0) return null;
  return (
    <section className="related-list about-card" aria-labelledby="endorsements-heading">
      <h2 id="endorsements-heading" className="related-list__title">
        Endorsements
      </h2>
      <ul className="related-list__items">
        {endorsements.map((e) => (
          <li key={e.id} className="related-list__item">
            <span className="related-list__meta">{ENDORSEMENT_TYPE_LABELS[e.type]}</span> <strong>{e.endorser.name}</strong>{" "}
            {showDates && (
              <span className="related-list__meta">
                on <time dateTime={e.published_at}>{shortDate(e.published_at)}</time>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
