import { useEffect, useId, useRef, useState, type ReactElement } from "react";
import { Link } from "react-router";
import { ATTRIBUTE_FACETS, SEARCH_MIN_TERM, type AttributeGroupView, type EditableItem } from "../../../contract/index.js";
import { PATHS } from "../../routes/paths.js";

/** How many values of one type show before a "+N" button (second document: "Attribute tag list can show a limit"); grades are never limited. */
export const TAGS_SHOWN_PER_TYPE = 6;

/** The search screen's URL key of each attribute type the screen filters on (an item's tag leads to its filter). */
const FACET_URL_KEY = new Map<string, string>(ATTRIBUTE_FACETS.map((f) => [f.type, f.url]));

/**
 * What an item is tagged with, on its page: each attribute type with its values, then the keywords. A value leads to
 * the search screen filtered on it (a keyword: searched for, when it is long enough to search); past
 * TAGS_SHOWN_PER_TYPE values a type shows "+N" to see the rest, except grades. On the edit page (`editing`) the values
 * are plain text (a link would lead the author away mid-edit) and an item without tags says so.
 */
export function ItemTags({ tags, editing = false }: { tags: EditableItem["tags"]; editing?: boolean }) {
  const headingId = useId();
  const empty = !tags.attributes.length && !tags.keywords.length;
  if (empty && !editing) return null;
  return (
    <section className={editing ? "item-tags item-tags--editing" : "item-tags"} aria-labelledby={headingId}>
      <h2 id={headingId} className="item-tags__title">
        Tags
      </h2>
      {empty ? (
        <p className="empty-note">No tags, standards or keywords yet.</p>
      ) : (
        <dl className="item-tags__list">
        {tags.attributes.map((group) => (
          <TagGroup
            key={group.type_key}
            name={group.type_name}
            limited={group.type_key !== "grades"}
            values={[
              ...group.items.map((value) => <AttributeTag key={value.id} typeKey={group.type_key} value={value} linked={!editing} />),
              // The item's write-in value of the type follows its values; it leads nowhere (no filter holds it).
              ...(group.other
                ? [
                    <span key="other" className="item-tags__tag">
                      Other: {group.other}
                    </span>,
                  ]
                : []),
            ]}
          />
        ))}
        {tags.keywords.length > 0 && (
          <TagGroup
            name="Keywords"
            limited
            values={tags.keywords.map((keyword) =>
              keyword.length >= SEARCH_MIN_TERM && !editing ? (
                <Link key={keyword} className="item-tags__tag" to={`${PATHS.search}?query=${encodeURIComponent(keyword)}`}>
                  {keyword}
                </Link>
              ) : (
                <span key={keyword} className="item-tags__tag">
                  {keyword}
                </span>
              ),
            )}
          />
        )}
        </dl>
      )}
    </section>
  );
}

/** One type's values, the first TAGS_SHOWN_PER_TYPE of them unless shown all (or not `limited`). */
function TagGroup({ name, limited, values }: { name: string; limited: boolean; values: ReactElement[] }) {
  const [all, setAll] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const hidden = limited && !all ? Math.max(0, values.length - TAGS_SHOWN_PER_TYPE) : 0;
  // "+N" goes once pressed: focus moves to the first value it showed.
  useEffect(() => {
    const first = all ? listRef.current?.querySelectorAll<HTMLElement>("li > *")[TAGS_SHOWN_PER_TYPE] : undefined;
    if (!first) return;
    // A value that leads nowhere (a write-in, a short keyword) takes the focus too, or it would fall to the page.
    if (!first.matches("a, button, [tabindex]")) first.tabIndex = -1;
    first.focus();
  }, [all]);
  return (
    <div className="item-tags__group">
      <dt className="item-tags__type">{name}</dt>
      <dd className="item-tags__values">
        <ul ref={listRef} className="item-tags__tags">
          {values.slice(0, values.length - hidden).map((value) => (
            <li key={value.key}>{value}</li>
          ))}
          {hidden > 0 && (
            <li>
              <button type="button" className="item-tags__more" onClick={() => setAll(true)}>
                +{hidden}
                <span className="visually-hidden"> more {name}</span>
              </button>
            </li>
          )}
        </ul>
      </dd>
    </div>
  );
}

/** One attribute value: a link to the search screen filtered on it (when the screen has that filter and `linked`); a short code shows its full name to a screen reader and on hover. */
function AttributeTag({ typeKey, value, linked }: { typeKey: string; value: AttributeGroupView["items"][number]; linked: boolean }) {
  const urlKey = linked ? FACET_URL_KEY.get(typeKey) : undefined;
  const label = value.short_name ? (
    <>
      {value.short_name}
      <span className="visually-hidden">: {value.name}</span>
    </>
  ) : (
    value.name
  );
  const title = value.short_name ? value.name : undefined;
  return urlKey ? (
    <Link className="item-tags__tag" to={`${PATHS.search}?${urlKey}[]=${value.id}`} title={title}>
      {label}
    </Link>
  ) : (
    <span className="item-tags__tag" title={title}>
      {label}
    </span>
  );
}
