import { useId, useLayoutEffect, useRef, type MouseEvent } from "react";
import type { SearchScreenState, SearchTypeConfig } from "../../../contract/index.js";
import { TypeIcon } from "../../components/Icon.js";
import { isTypeSelected } from "./searchState.js";

interface TypeTabsProps {
  types: SearchTypeConfig[];
  state: SearchScreenState;
  counts: Record<string, number> | undefined;
  onSelect(type: string, additive: boolean): void;
}

/** Type tabs as toggle buttons: click selects one type, shift-click (or Shift+Enter) adds or removes one. */
export function TypeTabs({ types, state, counts, onSelect }: TypeTabsProps) {
  const hintId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const firstSelected = types.find((config) => isTypeSelected(state, config.type))?.type;

  // On a phone the tabs scroll sideways: a selection made elsewhere (a bookmark, Back, a link) may sit past the edge,
  // leaving no tab in sight shown as selected. Bring it into the strip, sideways only (the page's scroll stays).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>(`[data-type="${CSS.escape(firstSelected ?? "")}"]`);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const strip = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < strip.left) list.scrollLeft -= strip.left - box.left;
    else if (box.right > strip.right) list.scrollLeft += box.right - strip.right;
  }, [firstSelected]);

  const handleClick = (type: string) => (event: MouseEvent<HTMLButtonElement>) => onSelect(type, event.shiftKey);

  return (
    <div className="type-tabs">
      <div ref={listRef} className="type-tabs__list" role="group" aria-label="Content types" aria-describedby={hintId}>
        {types.map((config) => {
          const selected = isTypeSelected(state, config.type);
          const count = counts?.[config.type];
          return (
            <button
              key={config.type}
              type="button"
              className="type-tab"
              data-type={config.type}
              aria-pressed={selected}
              onClick={handleClick(config.type)}
            >
              <TypeIcon kind={config.type} size={18} />
              <span className="type-tab__label">{config.label}</span>
              {count !== undefined && <span className="type-tab__count">{count.toLocaleString()}</span>}
            </button>
          );
        })}
      </div>
      <p id={hintId} className="type-tabs__hint">
        Hold Shift while choosing a type to select several.
      </p>
    </div>
  );
}
