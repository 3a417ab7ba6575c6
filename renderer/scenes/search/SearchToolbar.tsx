import { useId, type ChangeEvent } from "react";
import { SORT_OPTIONS } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";

/** How results are laid out; remembered locally. */
export const RESULT_LAYOUTS = ["list", "grid"] as const;
export type ResultLayout = (typeof RESULT_LAYOUTS)[number];

interface SearchToolbarProps {
  sort: string;
  layout: ResultLayout;
  onSortChange(sort: string): void;
  onLayoutChange(layout: ResultLayout): void;
}

/** The sort dropdown and the list/grid toggle. */
export function SearchToolbar({ sort, layout, onSortChange, onLayoutChange }: SearchToolbarProps) {
  const sortId = useId();
  const known = SORT_OPTIONS.some((o) => o.code === sort);

  const handleSortChange = (event: ChangeEvent<HTMLSelectElement>) => onSortChange(event.target.value);

  return (
    <div className="search-toolbar">
      <div className="search-toolbar__sort">
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} className="select" value={known ? sort : ""} onChange={handleSortChange}>
          {SORT_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="segmented" role="group" aria-label="Result layout">
        <button type="button" className="segmented__button" aria-pressed={layout === "list"} onClick={() => onLayoutChange("list")}>
          <Icon name="rows" size={18} />
          List
        </button>
        <button type="button" className="segmented__button" aria-pressed={layout === "grid"} onClick={() => onLayoutChange("grid")}>
          <Icon name="grid" size={18} />
          Grid
        </button>
      </div>
    </div>
  );
}
