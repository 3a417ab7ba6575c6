import { useRef } from "react";
import type { SearchScreenState } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";
import type { FilterTag } from "./searchState.js";

interface FilterTagsProps {
  tags: FilterTag[];
  onChange(next: SearchScreenState): void;
  onClearAll(): void;
  /** Takes keyboard focus when the last tag goes (the tags' buttons leave the page with it). */
  focusFallback(): void;
}

/**
 * A removable tag per active filter, and "Clear all". A removed tag's button leaves the page, which
 * would drop keyboard focus to the body: focus moves to the next tag, else the previous one, else
 * to the fallback.
 */
export function FilterTags({ tags, onChange, onClearAll, focusFallback }: FilterTagsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  if (tags.length === 0) return null;

  const handleRemove = (tag: FilterTag, index: number) => {
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".filter-tag");
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (neighbour) neighbour.focus();
    else focusFallback();
    onChange(tag.without);
  };
  const handleClearAll = () => {
    focusFallback();
    onClearAll();
  };

  return (
    <div className="filter-tags">
      <h3 className="visually-hidden">Active filters</h3>
      <ul className="filter-tags__list" ref={listRef}>
        {tags.map((tag, index) => (
          <li key={tag.key}>
            <button type="button" className="filter-tag" aria-label={`Remove filter ${tag.label}`} onClick={() => handleRemove(tag, index)}>
              <span>{tag.label}</span>
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={handleClearAll}>
        Clear all
      </button>
    </div>
  );
}
