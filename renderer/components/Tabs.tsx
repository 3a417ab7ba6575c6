import { useRef, type KeyboardEvent, type ReactNode } from "react";

/** One tab: its key and what its button says. */
export interface TabSpec<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * A row of tabs with roving focus: ArrowLeft and ArrowRight move (wrapping round), and with `homeEnd` Home and End
 * go to the first and last. Tab `key` is `${idBase}-tab-${key}` and controls the TabPanel `${idBase}-panel-${key}`.
 */
export function TabList<K extends string>({
  idBase,
  label,
  tabs,
  active,
  onSelect,
  homeEnd = false,
}: {
  idBase: string;
  label: string;
  tabs: readonly TabSpec<K>[];
  active: K;
  onSelect(key: NoInfer<K>): void;
  homeEnd?: boolean;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    const jump = homeEnd && (event.key === "Home" || event.key === "End");
    if (!move && !jump) return;
    event.preventDefault();
    const nextIndex = event.key === "Home" && jump ? 0 : event.key === "End" && jump ? tabs.length - 1 : (index + move + tabs.length) % tabs.length;
    const next = tabs[nextIndex]!.key;
    onSelect(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(el) => {
            if (el) refs.current.set(tab.key, el);
          }}
          type="button"
          role="tab"
          id={`${idBase}-tab-${tab.key}`}
          aria-controls={`${idBase}-panel-${tab.key}`}
          aria-selected={active === tab.key}
          tabIndex={active === tab.key ? 0 : -1}
          className="tabs__tab"
          onClick={() => onSelect(tab.key)}
          onKeyDown={(e) => handleKeyDown(e, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of one tab of a TabList (hidden while another tab is chosen). */
export function TabPanel({ idBase, tabKey, active, children }: { idBase: string; tabKey: string; active: boolean; children?: ReactNode }) {
  return (
    <div role="tabpanel" id={`${idBase}-panel-${tabKey}`} aria-labelledby={`${idBase}-tab-${tabKey}`} hidden={!active} className="tabs__panel">
      {children}
    </div>
  );
}
