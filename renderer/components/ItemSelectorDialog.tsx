import { useId, useState } from "react";
import { MESSAGES, type SearchResultItem, type SearchTypeConfig } from "../../contract/index.js";
import { CatalogueFilterControls, useCatalogueFilter } from "./CatalogueFilter.js";
import { InlineLoadError } from "./InlineLoadError.js";
import { ModalFrame } from "./ModalFrame.js";
import { SELECTOR_PAGE_SIZE, pageWindow, withArticle } from "./itemSelectorPages.js";

export interface ItemSelectorDialogProps {
  /** The types one may pick from (the search screen's types); the first is chosen at the start. */
  types: SearchTypeConfig[];
  /** What the chosen item is for, said under the title ("It is added to Step 2 as a link."). */
  purpose: string;
  onSelect(item: SearchResultItem): void;
  onClose(): void;
}

/**
 * The generic item selector modal (first document): titled 'Select a/an {type}', with a search box, a type filter, the
 * results 9 a page with numbered pages, and a Select button that stays disabled until an item is chosen. It reads the
 * catalogue the asker may see through the content block (POST /pages/block/content), the View All modal's source.
 */
export function ItemSelectorDialog({ types, purpose, onSelect, onClose }: ItemSelectorDialogProps) {
  const id = useId();
  const filter = useCatalogueFilter({ initialType: types[0]?.type ?? "", pageSize: SELECTOR_PAGE_SIZE });
  const [chosen, setChosen] = useState<SearchResultItem | null>(null);
  const { block, items, page, pageCount: pages } = filter;
  const typeConfig = types.find((t) => t.type === filter.type);
  // The title names one item of the chosen type ("Lesson Plans" → "Lesson Plan") from the type itself, not from the
  // results, which still show the previous type's page while the new one loads.
  const typeName = typeConfig?.label.replace(/s$/, "") ?? "Item";

  return (
    <ModalFrame id="item-selector-modal" title={`Select ${withArticle(typeName)}`} description={purpose} className="dialog dialog--wide item-selector" onClose={onClose}>
      <CatalogueFilterControls filter={filter} types={types} keepTermOnType onTypeChange={() => setChosen(null)} />
      {block.isError ? (
        <InlineLoadError message={MESSAGES.genericLoad} onRetry={() => void block.refetch()} />
      ) : block.isPending ? (
        <p className="page-status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="empty-note">{MESSAGES.noResults}</p>
      ) : (
        <fieldset className="item-selector__results" aria-busy={block.isFetching || undefined}>
          <legend className="visually-hidden">Results</legend>
          {items.map((item) => (
            <label key={`${item.model_key}:${item.id}`} className={`item-selector__option${chosen?.id === item.id && chosen.model_key === item.model_key ? " item-selector__option--chosen" : ""}`}>
              <input type="radio" name={`${id}-item`} checked={chosen?.id === item.id && chosen.model_key === item.model_key} onChange={() => setChosen(item)} />
              <span className="item-selector__title">{item.title}</span>
              <span className="item-selector__meta">
                {item.common.type_name_singular} · {item.owner_data.name}
                {item.common.grade_bands?.length ? ` · Grades ${item.common.grade_bands.join(", ")}` : ""}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {pages > 1 && (
        <nav className="item-selector__pages" aria-label="Result pages">
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => filter.setPage(page - 1)}>
            Previous
          </button>
          {pageWindow(page, pages).map((n) => (
            <button
              key={n}
              type="button"
              className={`button button--small ${n === page ? "button--primary" : "button--ghost"}`}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              onClick={() => filter.setPage(n)}
            >
              {n}
            </button>
          ))}
          <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => filter.setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" disabled={!chosen} onClick={() => chosen && onSelect(chosen)}>
          Select
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalFrame>
  );
}
