import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { MESSAGES, STANDARD_SEARCH_MIN, STANDARDS_TYPE, TAGGING_MESSAGES, type AttributeTypeConfig, type ContentTags } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { fetchStandardsByIds, useStandardSearch } from "../../api/contentActions.js";
import { saveTags, useAttributeConfig, useContentTags } from "../../api/tagging.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { Alert } from "../Alert.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { CloseActions, DialogActions, ModalFrame } from "../ModalFrame.js";
import { TabList, TabPanel } from "../Tabs.js";
import { AttributeTree, highlightWords, type Selection } from "../tagging/AttributeTree.js";

/** The confirmation the first document asks for before a standard is removed. */
export const REMOVE_STANDARD_CONFIRM = "Are you sure you want to remove this standard?";

/** A tree item's label as the search shows it: its code, then its text. */
const standardLabel = (item: { name: string; short_name?: string | null }) => (item.short_name ? `${item.short_name} ${item.name}` : item.name);

type Chosen = Map<number, { id: number; label: string }>;
const TABS = [
  { key: "browse", label: "Browse" },
  { key: "search", label: "Search" },
  { key: "selected", label: "Selected Standards" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

/** The standards selector (tabs Browse, Search, Selected Standards); Save replaces the item's standards and keeps its other tags. */
export function StandardsSelectorDialog({ link, modelKey, onClose, onSaved }: { link: string; modelKey: string; onClose(): void; onSaved(message: string): void }) {
  const tags = useContentTags(link);
  const config = useAttributeConfig(modelKey);
  const current = useQuery({ queryKey: ["standardsOf", tags.data?.attribute_ids], queryFn: () => fetchStandardsByIds(tags.data!.attribute_ids), enabled: Boolean(tags.data) });
  const standardsConfig = config.data?.find((t) => t.key === STANDARDS_TYPE);
  const failed = tags.isError || config.isError || current.isError;
  const noStandards = Boolean(config.data && !standardsConfig);

  return (
    <ModalFrame id="standards-selector-modal" className="dialog dialog--tags" title="Select Standards" onClose={onClose}>
      {/* Until the form is there, a Close row is the way out (ModalFrame draws no close button of its own). */}
      {failed ? (
        <>
          <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
          <CloseActions />
        </>
      ) : noStandards ? (
        <>
          <p className="empty-note">Standards do not apply to this kind of item.</p>
          <CloseActions variant="primary" />
        </>
      ) : !tags.data || !standardsConfig || !current.data ? (
        <>
          <p className="page-status">Loading…</p>
          <CloseActions />
        </>
      ) : (
        <SelectorBody link={link} tags={tags.data} config={standardsConfig} initial={current.data.map((s) => ({ id: s.id, label: s.label }))} onSaved={onSaved} />
      )}
    </ModalFrame>
  );
}

/** The three tabs and Save, once the item's tags are loaded. */
function SelectorBody({ link, tags, config, initial, onSaved }: { link: string; tags: ContentTags; config: AttributeTypeConfig; initial: { id: number; label: string }[]; onSaved(message: string): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<TabKey>("browse");
  const [chosen, setChosen] = useState<Chosen>(() => new Map(initial.map((s) => [s.id, s])));
  const [confirmRemove, setConfirmRemove] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = (item: { id: number; label: string }, on: boolean) =>
    setChosen((map) => {
      const next = new Map(map);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  // Only leaves get a tick box (the tree's leaf-only rule); unticking asks first, like removing from the list.
  const selection: Selection = {
    isChosen: (itemId) => chosen.has(itemId),
    set: (item, on) => (on ? choose({ id: item.id, label: standardLabel(item) }, true) : setConfirmRemove(item.id)),
  };

  const handleSave = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const before = new Set(initial.map((s) => s.id));
      const others = tags.attribute_ids.filter((a) => !before.has(a));
      await saveTags(queryClient, link, { attribute_ids: [...others, ...chosen.keys()], keywords: tags.keywords });
      onSaved(TAGGING_MESSAGES.standardsSaved);
    } catch (error) {
      setFailure(messageOf(error, MESSAGES.unexpected));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <TabList idBase={id} label="Standards" tabs={TABS.map((tab) => (tab.key === "selected" ? { ...tab, label: `${tab.label} (${chosen.size})` } : tab))} active={active} onSelect={setActive} />
      <TabPanel idBase={id} tabKey="browse" active={active === "browse"}>
        {active === "browse" && (
          <div className="stack">
            <AttributeTree config={config} selection={selection} />
          </div>
        )}
      </TabPanel>
      <TabPanel idBase={id} tabKey="search" active={active === "search"}>
        {active === "search" && <SearchPanel chosen={chosen} onChoose={(s, on) => (on ? choose(s, true) : setConfirmRemove(s.id))} />}
      </TabPanel>
      <TabPanel idBase={id} tabKey="selected" active={active === "selected"}>
        {chosen.size ? (
          <ul className="standards-list" aria-label="Selected standards">
            {[...chosen.values()].map((s) => (
              <li key={s.id} className="standards-list__item">
                <span>{s.label}</span>
                <button type="button" className="button button--small button--danger-text" aria-label={`Remove ${s.label}`} onClick={() => setConfirmRemove(s.id)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">No standards selected.</p>
        )}
      </TabPanel>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Save standards" busyLabel="Saving…" busy={saving} onAction={() => void handleSave()} />
      {confirmRemove !== null && (
        <ConfirmDialog
          title="Remove standard"
          message={REMOVE_STANDARD_CONFIRM}
          confirmLabel="Remove"
          onConfirm={() => {
            choose({ id: confirmRemove, label: "" }, false);
            setConfirmRemove(null);
          }}
          onCancel={() => setConfirmRemove(null)}
        />
      )}
    </>
  );
}

/** Search from 2 characters (debounced 300 ms, the modal's delay); only leaf standards come back. */
function SearchPanel({ chosen, onChoose }: { chosen: Chosen; onChoose(s: { id: number; label: string }, on: boolean): void }) {
  const inputId = useId();
  const [term, setTerm] = useState("");
  const debounced = useDebouncedValue(term.trim(), 300);
  const results = useStandardSearch(debounced);
  return (
    <div className="stack">
      <div className="field field--compact">
        <label className="field__label" htmlFor={inputId}>
          Search standards
        </label>
        <input id={inputId} className="input" type="search" value={term} maxLength={100} onChange={(e) => setTerm(e.target.value)} />
      </div>
      {term.trim() && term.trim().length < STANDARD_SEARCH_MIN ? (
        <p className="field__hint">{MESSAGES.minChars(STANDARD_SEARCH_MIN)}</p>
      ) : debounced.length < STANDARD_SEARCH_MIN ? null : results.isError ? (
        <Alert tone="danger">{MESSAGES.genericLoad}</Alert>
      ) : !results.data ? (
        <p className="page-status">Searching…</p>
      ) : results.data.length ? (
        <ul className="tree__level" aria-label={`Standards matching ${debounced}`}>
          {results.data.map((s) => (
            <li key={s.id} className="tree__row">
              <label className="tree__choice">
                <input type="checkbox" checked={chosen.has(s.id)} onChange={(e) => onChoose({ id: s.id, label: s.label }, e.target.checked)} />
                <span>
                  {highlightWords(s.label, debounced)} <span className="standards-list__root">({s.root_standard_name})</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">No results found for {debounced}</p>
      )}
    </div>
  );
}
