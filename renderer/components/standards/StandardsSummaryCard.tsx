import { MESSAGES } from "../../../contract/index.js";
import { useSelectedStandards } from "../../api/contentActions.js";
import { useContentTags } from "../../api/tagging.js";

/**
 * The view page's Standards summary sidebar (second document, "Sidebars"): each framework the item's standards belong to,
 * with how many and their codes (a standard without a code by its text), the whole list a glance away from the
 * View standards dialog, which it shares its queries with (opening the dialog then asks nothing again).
 */
export function StandardsSummaryCard({ link }: { link: string }) {
  const tags = useContentTags(link);
  const groups = useSelectedStandards(tags.data?.attribute_ids);
  return (
    <section className="related-list standards-summary" aria-labelledby="standards-summary-heading">
      <h2 id="standards-summary-heading" className="related-list__title">
        Standards summary
      </h2>
      {tags.isError || groups.isError ? (
        <p className="empty-note">{MESSAGES.genericLoad}</p>
      ) : !groups.data ? (
        <p className="page-status">Loading…</p>
      ) : groups.data.length === 0 ? (
        <p className="empty-note">No standards are attached to this item.</p>
      ) : (
        <ul className="related-list__items">
          {groups.data.map((g) => (
            <li key={g.root.id} className="related-list__item">
              <span>
                {g.root.name} <span className="related-list__meta">({g.standards.length})</span>
              </span>
              <ul className="standards-summary__codes" aria-label={`${g.root.name} standards`}>
                {g.standards.map((s) => (
                  <li key={s.id} title={s.short_name ? s.text : undefined}>
                    {s.short_name || s.text}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
