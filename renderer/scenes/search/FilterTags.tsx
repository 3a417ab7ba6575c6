import type { SearchScreenState } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";
import type { FilterTag } from "./searchState.js";

interface FilterTagsProps {
  tags: FilterTag[];
  onChange(next: SearchScreenState): void;
  onClearAll(): void;
}

/** A removable tag per active filter, and "Clear all". */
export function FilterTags({ tags, onChange, onClearAll }: FilterTagsProps) {
  if (tags.length === 0) return null;
  return (
    <div className="filter-tags">
      <h3 className="visually-hidden">Active filters</h3>
      <ul className="filter-tags__list">
        {tags.map((tag) => (
          <li key={tag.key}>
            <button type="button" className="filter-tag" aria-label={`Remove filter ${tag.label}`} onClick={() => onChange(tag.without)}>
              <span>{tag.label}</span>
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onClearAll}>
        Clear all
      </button>
    </div>
  );
}
