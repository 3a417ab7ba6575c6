import type { SearchResultItem } from "../../../contract/index.js";
import { ResultCard } from "./ResultCard.js";
import type { ResultLayout } from "./SearchToolbar.js";

/** The results as a list or a 3-column grid. */
export function ResultList({ items, layout, busy }: { items: SearchResultItem[]; layout: ResultLayout; busy: boolean }) {
  return (
    <ul className={`results-list results-list--${layout}`} aria-busy={busy || undefined}>
      {items.map((item) => (
        <li key={`${item.model_key}:${item.id}`}>
          <ResultCard item={item} />
        </li>
      ))}
    </ul>
  );
}
