import { Link } from "react-router";
import type { EditableItem } from "../../../contract/index.js";
import { shortDate } from "../dates.js";

/** A person's name, linked to their profile page when the answer gives one. */
function PersonName({ name, link }: { name: string; link?: string }) {
  return link ? <Link to={link}>{name}</Link> : <strong>{name}</strong>;
}

type AboutItem = Pick<EditableItem, "owner_data" | "copied_from_details" | "extra_data">;

/** Whether the About card has anything to say (a copy, an original author or authors). */
export const hasAbout = (item: AboutItem): boolean => Boolean(item.copied_from_details || item.extra_data.original_author || item.extra_data.authors_list.length);

/**
 * The view page's About card (first document: "About cards (created by, copied by, original author, endorsements)"):
 * who created the item (for a copy, the original's owner) and, for a copy, who copied it, when and from what; a
 * resource's original author and its authors, each linked to the page its link gives (a new tab, as links that leave the
 * site open). Nothing when the item is no copy and names no author: the page's "By" line already names its owner.
 */
export function AboutCard({ item }: { item: AboutItem }) {
  const copied = item.copied_from_details;
  const { authors_list: authors, original_author: originalAuthor } = item.extra_data;
  if (!hasAbout(item)) return null;
  return (
    <section className="related-list about-card" aria-labelledby="about-heading">
      <h2 id="about-heading" className="related-list__title">
        About
      </h2>
      <dl className="about-card__facts">
        <div className="about-card__fact">
          <dt>Created by</dt>
          <dd>{copied ? <strong>{copied.owner_data.name}</strong> : <PersonName name={item.owner_data.name} link={item.owner_data.link} />}</dd>
        </div>
        {copied && (
          <>
            <div className="about-card__fact">
              <dt>Copied by</dt>
              <dd>
                <PersonName name={item.owner_data.name} link={item.owner_data.link} />{" "}
                <span className="related-list__meta">
                  on <time dateTime={copied.created_at}>{shortDate(copied.created_at)}</time>
                </span>
              </dd>
            </div>
            <div className="about-card__fact">
              <dt>Copied from</dt>
              <dd>
                <Link to={copied.link}>{copied.title}</Link>
              </dd>
            </div>
          </>
        )}
        {originalAuthor && (
          <div className="about-card__fact">
            <dt>Original author</dt>
            <dd>{originalAuthor}</dd>
          </div>
        )}
        {authors.length > 0 && (
          <div className="about-card__fact">
            <dt>{authors.length === 1 ? "Author" : "Authors"}</dt>
            <dd>
              <ul className="about-card__authors">
                {authors.map((a, i) => (
                  <li key={`${i}:${a.name}`}>
                    {a.url ? (
                      <a href={a.url} target="_blank" rel="noopener noreferrer">
                        {a.name}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      a.name
                    )}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
