import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ICON_MESSAGES, ICON_STYLES, iconMatches, iconStyleLabel, type IconStyle, type IconValue } from "../../../contract/index.js";
import { useSupportedIcons } from "../../api/icons.js";
import { TabList, TabPanel } from "../Tabs.js";
import { IconGlyph } from "./IconGlyph.js";

/** Icons drawn at a time; more are added as the grid is scrolled (or walked with the keyboard) to its end. */
const PAGE = 96;

/** Arrow keys' moves in a grid of `columns`. */
const MOVES: Record<string, (columns: number) => number> = { ArrowRight: () => 1, ArrowLeft: () => -1, ArrowDown: (c) => c, ArrowUp: (c) => -c };

/**
 * An icon picker (first document: icon pickers; styles Light, Regular, Solid, Duotone, Brands, of which it shows
 * those the server has): style tabs, a search over names, labels and terms ('Icon type not found' when nothing
 * matches), a grid of toggle buttons (16em high, scrolling; arrow keys, Home and End move), and Clear.
 * Its value is an icon value, {style, name}, or null.
 */
export function IconPicker({ id, label, value, onChange }: { id: string; label: string; value: IconValue | null; onChange(value: IconValue | null): void }) {
  const icons = useSupportedIcons(true);
  const common = useSupportedIcons(false);
  const list = icons.data ?? [];
  const [search, setSearch] = useState("");
  const styles = ICON_STYLES.filter((s) => list.some((icon) => icon.styles.includes(s.value)));
  const [chosenTab, setChosenTab] = useState<IconStyle>(value?.style ?? "fas");
  const tab = styles.some((s) => s.value === chosenTab) ? chosenTab : (styles[0]?.value ?? chosenTab);
  // A few thousand short strings: filtering on each render is cheaper than keeping a memo right.
  const found = list.filter((icon) => icon.styles.includes(tab) && iconMatches(icon, search));
  // Unsearched, the common icons come first (the full list by name starts with digits and arrows).
  const commonNames = new Set((common.data ?? []).map((icon) => icon.name));
  const matches = search.trim() ? found : [...found.filter((icon) => commonNames.has(icon.name)), ...found.filter((icon) => !commonNames.has(icon.name))];

  // How many are drawn and which button holds the grid's tab stop, both for this tab and search only.
  const listKey = `${tab}|${search}`;
  const [paging, setPaging] = useState({ key: listKey, shown: PAGE, active: -1 });
  const shown = paging.key === listKey ? paging.shown : PAGE;
  const selectedIndex = value?.style === tab ? matches.findIndex((icon) => icon.name === value.name) : -1;
  const active = paging.key === listKey && paging.active >= 0 && paging.active < Math.min(shown, matches.length) ? paging.active : selectedIndex >= 0 && selectedIndex < shown ? selectedIndex : 0;
  const setView = (next: { shown?: number; active?: number }) => setPaging({ key: listKey, shown: next.shown ?? shown, active: next.active ?? active });

  const gridRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLSpanElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const pendingFocus = useRef<number | null>(null);

  // Scrolled to its end, the grid draws the next page.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !gridRef.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setPaging((p) => ({ key: listKey, shown: (p.key === listKey ? p.shown : PAGE) + PAGE, active: p.key === listKey ? p.active : -1 }));
    }, { root: gridRef.current, rootMargin: "64px" });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [listKey, shown, matches.length]);

  // A key that moved past the drawn icons focuses its target once it is drawn.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const button = buttons.current.get(pendingFocus.current);
    if (button) {
      pendingFocus.current = null;
      button.focus();
    }
  });

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = MOVES[event.key];
    if (!move && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const first = buttons.current.get(0);
    const columns = Math.max(1, [...buttons.current.values()].filter((b) => b.offsetTop === first?.offsetTop).length);
    const target = event.key === "Home" ? 0 : event.key === "End" ? matches.length - 1 : index + move!(columns);
    if (target < 0 || target >= matches.length) return;
    if (target < shown) {
      setView({ active: target });
      buttons.current.get(target)?.focus();
    } else {
      pendingFocus.current = target;
      setView({ shown: Math.max(shown + PAGE, target + 1), active: target });
    }
  };

  const chosenLabel = value ? (list.find((icon) => icon.name === value.name)?.label ?? value.name) : null;
  const styleLabel = iconStyleLabel(tab);

  return (
    <fieldset className="icon-picker field--compact" aria-describedby={`${id}-current`}>
      <legend className="field__label">{label}</legend>
      <div className="icon-picker__current" id={`${id}-current`}>
        {value ? (
          <>
            <span className="icon-picker__chosen">
              <IconGlyph icon={value} size={24} />
            </span>
            <span>
              Chosen: {chosenLabel} ({iconStyleLabel(value.style)})
            </span>
            <button type="button" className="button button--ghost button--small" onClick={() => onChange(null)}>
              Clear<span className="visually-hidden"> the chosen icon</span>
            </button>
          </>
        ) : (
          <span className="muted">None chosen: the content type&apos;s own icon.</span>
        )}
      </div>
      {icons.isPending ? (
        <p className="page-status">Loading icons…</p>
      ) : icons.isError || !styles.length ? null : (
        <>
          <div className="icon-picker__search">
            <label className="field__label" htmlFor={`${id}-search`}>
              Search icons
            </label>
            <input id={`${id}-search`} className="input" type="search" value={search} autoComplete="off" onChange={(e) => setSearch(e.target.value)} />
          </div>
          <TabList idBase={`${id}-styles`} label={`${label} styles`} tabs={styles.map((s) => ({ key: s.value, label: s.label }))} active={tab} onSelect={setChosenTab} homeEnd />
          {styles.map((s) => (
            <TabPanel key={s.value} idBase={`${id}-styles`} tabKey={s.value} active={s.value === tab}>
              {s.value === tab && (
                <>
                  <p className="icon-picker__count" role="status">
                    {matches.length ? `${matches.length} ${styleLabel} icon${matches.length === 1 ? "" : "s"}` : ICON_MESSAGES.notFound}
                  </p>
                  {matches.length > 0 && (
                    <div className="icon-picker__grid" role="group" aria-label={`${styleLabel} icons`} ref={gridRef}>
                      {matches.slice(0, shown).map((icon, index) => (
                        <button
                          key={icon.name}
                          ref={(el) => {
                            if (el) buttons.current.set(index, el);
                            else buttons.current.delete(index);
                          }}
                          type="button"
                          className="icon-picker__icon"
                          aria-label={icon.label}
                          aria-pressed={index === selectedIndex}
                          title={icon.label}
                          tabIndex={index === active ? 0 : -1}
                          onClick={() => onChange({ style: tab, name: icon.name })}
                          onFocus={() => index !== active && setView({ active: index })}
                          onKeyDown={(e) => handleKeyDown(e, index)}
                        >
                          <IconGlyph icon={{ style: tab, name: icon.name }} size={22} />
                        </button>
                      ))}
                      {shown < matches.length && <span ref={sentinelRef} className="icon-picker__more" aria-hidden="true" />}
                    </div>
                  )}
                </>
              )}
            </TabPanel>
          ))}
        </>
      )}
    </fieldset>
  );
}
