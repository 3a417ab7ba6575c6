import { useId, useState, type ChangeEvent } from "react";
import { SORT_OPTIONS } from "../../../contract/index.js";
import { Icon } from "../../components/Icon.js";
import { sortOption } from "./searchState.js";

/** How results are laid out; remembered locally. */
export const RESULT_LAYOUTS = ["list", "grid"] as const;
export type ResultLayout = (typeof RESULT_LAYOUTS)[number];

interface SearchToolbarProps {
  sort: string;
  /** Whether a term is in force: without one there is nothing to rank by relevance. */
  hasTerm: boolean;
  layout: ResultLayout;
  onSortChange(sort: string): void;
  onLayoutChange(layout: ResultLayout): void;
}

/** The sort dropdown and the list/grid toggle. */
export function SearchToolbar({ sort, hasTerm, layout, onSortChange, onLayoutChange }: SearchToolbarProps) {
  const sortId = useId();
  const options = SORT_OPTIONS.filter((o) => hasTerm || o.code !== "");

  // The choices just made, the last shown until the URL carries it: the dropdown's value comes from the URL, which
  // changes a moment after each choice, and an arrow key pressed in that moment moved on from the old value (and was lost).
  const current = sortOption(sort, hasTerm);
  const [chosen, setChosen] = useState<{ values: string[]; from: string } | null>(null);
  const last = chosen?.values.at(-1);
  // The URL has the last choice, or went where no choice leads (Back, a link): the URL's value is shown again.
  if (chosen && (current === last || (current !== chosen.from && !chosen.values.includes(current)))) setChosen(null);
  const handleSortChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    setChosen((c) => ({ values: [...(c?.values ?? []), value], from: c?.from ?? current }));
    onSortChange(value);
  };

  return (
    <div className="search-toolbar">
      <div className="search-toolbar__sort">
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} className="select" value={last ?? current} onChange={handleSortChange}>
          {options.map((option) => (
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
