import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import {
  ATTRIBUTE_TAB_SEARCH_MIN,
  TAGGING_MESSAGES,
  authorRowProblems,
  mergeKeywords,
  splitKeywordEntry,
  type AttributeTreeNode,
  type AttributeTypeConfig,
  type Author,
  type OtherValue,
} from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { fetchAttributesByIds, fetchWholeTree, saveTags, useAttributeConfig, useContentTags } from "../../api/tagging.js";
import { useDebouncedValue } from "../../hooks/useDebouncedValue.js";
import { Alert } from "../Alert.js";
import { CloseActions, DialogActions, ModalFrame } from "../ModalFrame.js";
import { TabList, TabPanel } from "../Tabs.js";
import { AuthorsFields, type AuthorErrors, type AuthorRow } from "./AuthorsFields.js";
import { AttributeTree, ItemChoice, highlightWords, isSelectable, type Selection } from "./AttributeTree.js";

/** Every node of a nested tree, depth first. */
const flatten = (nodes: AttributeTreeNode[]): AttributeTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** The model-attribute editor: a Keywords tab first (when keywords are in use), then a tab per attribute type. */
export function AttributeEditorDialog({ link, modelKey, onClose, onSaved }: { link: string; modelKey: string; onClose(): void; onSaved(message: string): void }) {
  const tags = useContentTags(link);
  const config = useAttributeConfig(modelKey);
  const chosenItems = useQuery({
    queryKey: ["attributesByIds", tags.data?.attribute_ids],
    queryFn: () => fetchAttributesByIds(tags.data!.attribute_ids),
    enabled: Boolean(tags.data),
  });
  const ready = tags.data && config.data && chosenItems.data;

  return (
    <ModalFrame className="dialog dialog--tags" title="Edit tags" onClose={onClose}>
      {/* Until the form is there, a Close row is the way out (ModalFrame draws no close button of its own). */}
      {tags.isError || config.isError || chosenItems.isError ? (
        <>
          <Alert tone="danger">Oops! Something went wrong, try again after sometime</Alert>
          <CloseActions />
        </>
      ) : !ready ? (
        <>
          <p className="page-status">Loading…</p>
          <CloseActions />
        </>
      ) : (
        <TagsForm
          link={link}
          types={config.data}
          keywordsEnabled={tags.data.keywords_enabled}
          initialKeywords={tags.data.keywords}
          initialChosen={chosenItems.data.map((i) => ({ id: i.id, type_id: i.type_id, name: i.name }))}
          initialOthers={tags.data.other_values}
          authors={tags.data.authors_enabled ? { list: tags.data.authors_list, original: tags.data.original_author } : null}
          onSaved={onSaved}
        />
      )}
    </ModalFrame>
  );
}

type Chosen = Map<number, { id: number; type_id: number; name: string }>;
/** Write-in ("Other") values by type id, as typed. */
type Others = Map<number, string>;

/** The tabs and the Save button, once everything is loaded. */
function TagsForm({
  link,
  types,
  keywordsEnabled,
  initialKeywords,
  initialChosen,
  initialOthers,
  authors: initialAuthors,
  onSaved,
}: {
  link: string;
  types: AttributeTypeConfig[];
  keywordsEnabled: boolean;
  initialKeywords: string[];
  initialChosen: { id: number; type_id: number; name: string }[];
  initialOthers: OtherValue[];
  /** A resource's authors and original author; null for items without authors. */
  authors: { list: Author[]; original: string } | null;
  onSaved(message: string): void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const tabs = [...(keywordsEnabled ? [{ key: "keywords", label: "Keywords" }] : []), ...types.map((t) => ({ key: `type-${t.type_id}`, label: t.type_name }))];
  const [active, setActive] = useState(tabs[0]?.key ?? "");
  const [keywords, setKeywords] = useState(initialKeywords);
  const [entry, setEntry] = useState("");
  const [chosen, setChosen] = useState<Chosen>(() => new Map(initialChosen.map((c) => [c.id, c])));
  const [others, setOthers] = useState<Others>(() => new Map(initialOthers.map((o) => [o.type_id, o.value])));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [authorRows, setAuthorRows] = useState<AuthorRow[]>(() => (initialAuthors?.list ?? []).map((a, i) => ({ key: i + 1, name: a.name, url: a.url })));
  const [originalAuthor, setOriginalAuthor] = useState(initialAuthors?.original ?? "");
  const [authorErrors, setAuthorErrors] = useState<AuthorErrors>({});

  const selection = (config: AttributeTypeConfig): Selection => ({
    isChosen: (itemId) => chosen.has(itemId),
    set: (item, on) =>
      setChosen((current) => {
        const next = new Map(current);
        // Radio types keep one attribute per type.
        if (config.single) for (const [key, c] of next) if (c.type_id === config.type_id) next.delete(key);
        if (on) next.set(item.id, { id: item.id, type_id: item.type_id, name: item.name });
        else next.delete(item.id);
        return next;
      }),
  });

  const pending = splitKeywordEntry(entry);
  const handleEntry = (value: string) => {
    setEntry(value);
    // A complaint about the pending keyword goes once the entry changes.
    if (failure === TAGGING_MESSAGES.pendingKeyword) setFailure(null);
  };
  const handleAddKeyword = () => {
    if (!pending.valid) return;
    setKeywords((list) => mergeKeywords(list, pending.keywords));
    setEntry("");
  };

  const handleAuthorRows = (rows: AuthorRow[]) => {
    setAuthorRows(rows);
    // Rows move up when one is removed: the errors named by position are said again by the next save.
    setAuthorErrors({});
  };

  const handleSave = async () => {
    // A row left entirely blank is no author; the others are checked as the server checks them, each error at its field.
    const rows = authorRows.filter((r) => r.name.trim() || r.url.trim());
    // The authors go with the save only when they were changed: the server keeps the stored ones otherwise, so a tags
    // save never fails on authors an import stored past the form's limits (more of them, longer names).
    const authorsChanged =
      initialAuthors !== null &&
      (originalAuthor !== initialAuthors.original || rows.length !== initialAuthors.list.length || rows.some((r, i) => r.name !== initialAuthors.list[i]!.name || r.url !== initialAuthors.list[i]!.url));
    if (authorsChanged) {
      const problems: AuthorErrors = {};
      rows.forEach((r, i) => {
        const p = authorRowProblems(r);
        if (p.name) problems[`authors_list.${i}.name`] = p.name;
        if (p.url) problems[`authors_list.${i}.url`] = p.url;
      });
      if (rows.length !== authorRows.length) setAuthorRows(rows);
      setAuthorErrors(problems);
      if (Object.keys(problems).length) {
        setFailure(TAGGING_MESSAGES.authorsInvalid);
        return;
      }
    }
    let finalKeywords = keywords;
    if (entry.trim()) {
      // Saving is blocked while the typed entry cannot be added; an addable one is added first.
      if (!pending.valid) {
        setActive("keywords");
        setFailure(TAGGING_MESSAGES.pendingKeyword);
        return;
      }
      finalKeywords = mergeKeywords(keywords, pending.keywords);
      setKeywords(finalKeywords);
      setEntry("");
    }
    setSaving(true);
    setFailure(null);
    try {
      // Only the types that offer a write-in send theirs (the server trims them and drops empty ones).
      const otherValues = types.filter((t) => t.show_other && others.get(t.type_id)?.trim()).map((t) => ({ type_id: t.type_id, value: others.get(t.type_id)! }));
      const authors = authorsChanged ? { authors_list: rows.map((r) => ({ name: r.name, url: r.url })), original_author: originalAuthor } : {};
      const answer = await saveTags(queryClient, link, { attribute_ids: [...chosen.keys()], other_values: otherValues, keywords: finalKeywords, ...authors });
      onSaved(answer.message);
    } catch (error) {
      // The server's field errors for the authors are shown at their fields (the first one also in the alert).
      if (error instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(error.fieldErrors).filter(([k]) => k.startsWith("authors_list.") || k === "original_author").map(([k, v]) => [k, v[0] ?? ""]));
        setAuthorErrors(fields);
      }
      setFailure(messageOf(error, TAGGING_MESSAGES.pendingKeyword));
    } finally {
      setSaving(false);
    }
  };

  // A function that makes the panel, not a component: one made anew each render would remount it, losing the focus.
  const typePanel = (config: AttributeTypeConfig) => (
    <TypePanel
      config={config}
      selection={selection(config)}
      chosen={chosen}
      setChosen={setChosen}
      other={others.get(config.type_id) ?? ""}
      onOther={(typeId, value) => setOthers((current) => new Map(current).set(typeId, value))}
    />
  );

  return (
    <>
      {initialAuthors && <AuthorsFields idBase={id} rows={authorRows} originalAuthor={originalAuthor} errors={authorErrors} onRows={handleAuthorRows} onOriginalAuthor={setOriginalAuthor} />}
      <TabList idBase={id} label="Tag types" tabs={tabs} active={active} onSelect={setActive} homeEnd />
      {tabs.map((tab) => (
        <TabPanel key={tab.key} idBase={id} tabKey={tab.key} active={active === tab.key}>
          {tab.key === "keywords" ? (
            <KeywordsPanel id={id} keywords={keywords} entry={entry} problem={pending.problem} onEntry={handleEntry} onAdd={handleAddKeyword} onRemove={(k) => setKeywords((list) => list.filter((x) => x !== k))} />
          ) : (
            active === tab.key && typePanel(types.find((t) => `type-${t.type_id}` === tab.key)!)
          )}
        </TabPanel>
      ))}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Save tags" busyLabel="Saving…" busy={saving} onAction={() => void handleSave()} />
    </>
  );
}

/** The Keywords tab: an entry with an Add button (disabled for an invalid entry) and removable keywords. */
function KeywordsPanel({ id, keywords, entry, problem, onEntry, onAdd, onRemove }: { id: string; keywords: string[]; entry: string; problem: string | null; onEntry(v: string): void; onAdd(): void; onRemove(k: string): void }) {
  const invalid = entry.trim() !== "" && problem !== null;
  return (
    <div className="stack">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-keyword`}>
          {TAGGING_MESSAGES.keywordLabel}
        </label>
        <div className="keyword-entry">
          <input
            id={`${id}-keyword`}
            className="input"
            value={entry}
            maxLength={400}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-keyword-error` : undefined}
            onChange={(e) => onEntry(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                onAdd();
              }
            }}
          />
          <button type="button" className="button button--secondary" disabled={problem !== null} onClick={onAdd}>
            Add
          </button>
        </div>
        {invalid && (
          <p id={`${id}-keyword-error`} className="field__error">
            {problem}
          </p>
        )}
      </div>
      {keywords.length ? (
        <ul className="keyword-list" aria-label="Keywords">
          {keywords.map((k) => (
            <li key={k} className="keyword-chip">
              {k}
              <button type="button" className="keyword-chip__remove" aria-label={`Remove keyword ${k}`} onClick={() => onRemove(k)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">No keywords yet.</p>
      )}
    </div>
  );
}

/**
 * One attribute type: 'None' for radio types, Select All / Select None, search from 2 characters, the lazy tree, and
 * under it a write-in ("Other") field when the type offers one, with the configured placeholder and maximum length.
 */
function TypePanel({
  config,
  selection,
  chosen,
  setChosen,
  other,
  onOther,
}: {
  config: AttributeTypeConfig;
  selection: Selection;
  chosen: Chosen;
  setChosen(update: (c: Chosen) => Chosen): void;
  other: string;
  onOther(typeId: number, value: string): void;
}) {
  const searchId = useId();
  const otherId = useId();
  const [term, setTerm] = useState("");
  // Tab search waits 100 ms after typing stops (second document, section 5).
  const debounced = useDebouncedValue(term.trim(), 100);
  const searching = debounced.length >= ATTRIBUTE_TAB_SEARCH_MIN;
  const whole = useQuery({ queryKey: ["wholeTree", config.key], queryFn: () => fetchWholeTree(config.key), staleTime: 5 * 60_000, enabled: searching });
  const matches = useMemo(() => {
    if (!searching || !whole.data) return [];
    const needle = debounced.toLowerCase();
    return flatten(whole.data).filter((n) => n.name.toLowerCase().includes(needle) || (n.short_name ?? "").toLowerCase().includes(needle));
  }, [searching, whole.data, debounced]);
  const ofType = [...chosen.values()].filter((c) => c.type_id === config.type_id);

  const handleSelectAll = async () => {
    const all = flatten(await fetchWholeTree(config.key)).filter((n) => isSelectable(config, { has_children: n.children.length > 0 }));
    setChosen((current) => new Map([...current, ...all.map((n) => [n.id, { id: n.id, type_id: n.type_id, name: n.name }] as const)]));
  };
  const handleSelectNone = () => setChosen((current) => new Map([...current].filter(([, c]) => c.type_id !== config.type_id)));

  return (
    <div className="stack">
      {(config.searchable || config.select_all) && (
        <div className="type-tools">
          {config.searchable && (
            <div className="field field--compact type-tools__search">
              <label className="field__label" htmlFor={searchId}>
                Search {config.type_name}
              </label>
              <input id={searchId} className="input" type="search" value={term} onChange={(e) => setTerm(e.target.value)} maxLength={80} />
            </div>
          )}
          {config.select_all && (
            <div className="type-tools__buttons">
              <button type="button" className="button button--small button--secondary" onClick={() => void handleSelectAll()}>
                Select All
              </button>
              <button type="button" className="button button--small button--ghost" onClick={handleSelectNone}>
                Select None
              </button>
            </div>
          )}
        </div>
      )}
      <p className="tags-count" aria-live="polite">
        {ofType.length ? `Selected: ${ofType.map((c) => c.name).join(", ")}` : `No ${config.type_name.toLowerCase()} selected.`}
      </p>
      {config.single && (
        <div className="tree__row">
          <span className="tree__spacer" />
          <label className="tree__choice">
            <input type="radio" name={`attribute-type-${config.type_id}`} checked={ofType.length === 0} onChange={handleSelectNone} />
            <span>{config.none_option ?? "None"}</span>
          </label>
        </div>
      )}
      {term.trim() && !searching ? (
        <p className="field__hint">{TAGGING_MESSAGES.searchMin}</p>
      ) : searching ? (
        whole.isPending ? (
          <p className="page-status">Searching…</p>
        ) : matches.length ? (
          <ul className="tree__level" aria-label={`${config.type_name} matching ${debounced}`}>
            {matches.slice(0, 200).map((n) => (
              <li key={n.id} className="tree__row">
                <ItemChoice config={config} item={{ ...n, has_children: n.children.length > 0 }} selection={selection} label={highlightWords(n.short_name ? `${n.short_name} ${n.name}` : n.name, debounced)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">No results found for {debounced}</p>
        )
      ) : (
        <AttributeTree config={config} selection={selection} />
      )}
      {config.show_other && (
        <div className="field">
          <label className="field__label" htmlFor={otherId}>
            Other {config.type_name.toLowerCase()}
          </label>
          <input
            id={otherId}
            className="input"
            value={other}
            placeholder={config.other_placeholder ?? undefined}
            maxLength={config.other_max_length ?? undefined}
            onChange={(e) => onOther(config.type_id, e.target.value)}
          />
        </div>
      )}
    </div>
  );
}
