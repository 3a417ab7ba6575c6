import type { ReactNode } from "react";
import type { SearchResultItem } from "../../../contract/index.js";
import { ResultCard } from "./ResultCard.js";
import type { ResultLayout } from "./SearchToolbar.js";

/** The results as a list or a grid; `actionsOf` gives each card the controls of the task it is listed for. */
export function ResultList({ items, layout, busy, actionsOf }: { items: SearchResultItem[]; layout: ResultLayout | "pairs"; busy: boolean; actionsOf?: (item: SearchResultItem) => ReactNode }) {
  return (
    <ul className={`results-list results-list--${layout}`} aria-busy={busy || undefined}>
      {items.map((item) => (
        <li key={`${item.model_key}:${item.id}`}>
          <ResultCard item={item} actions={actionsOf?.(item)} />
        </li>
      ))}
    </ul>
  );
}
