import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { AttributeItem, AttributeTypeConfig } from "../../../contract/index.js";
import { fetchTreeLevel } from "../../api/tagging.js";

/** What a tree needs from the dialog: which ids are chosen and how to change that. */
export interface Selection {
  isChosen(id: number): boolean;
  /** Ticks or unticks an item of the type (radio types: choosing one drops the others). */
  set(item: { id: number; type_id: number; name: string }, chosen: boolean): void;
}

/** Whether an item can be ticked under its type's rules (leaf-only types: leaves only). */
export const isSelectable = (config: AttributeTypeConfig, item: { has_children: boolean }) => !config.leaf_only || !item.has_children;

/** Highlights whole-word, case-insensitive matches of `term` in `text` (second document, section 5). */
export function highlightWords(text: string, term: string): ReactNode {
  const words = term.trim().split(/\s+/).filter(Boolean).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!words.length) return text;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.join("|")})(?![\\p{L}\\p{N}])`, "giu");
  const parts = text.split(pattern);
  return parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part));
}

/** The tick box (or radio) of one item, labelled with its name. */
export function ItemChoice({
  config,
  item,
  selection,
  label,
  onToggle,
}: {
  config: AttributeTypeConfig;
  item: AttributeItem | Omit<AttributeItem, "children">;
  selection: Selection;
  label?: ReactNode;
  /** In a tree, opens or closes the node: a click on a name that cannot be chosen does what its expander does. */
  onToggle?(): void;
}) {
  const text = label ?? item.name;
  if (!isSelectable(config, item)) {
    // Mouse convenience only: the expander button beside the name is the control for keyboards and screen readers.
    return onToggle ? (
      <span className="tree__name tree__name--toggle" onClick={onToggle}>
        {text}
      </span>
    ) : (
      <span className="tree__name">{text}</span>
    );
  }
  return (
    <label className="tree__choice">
      <input
        type={config.single ? "radio" : "checkbox"}
        name={config.single ? `attribute-type-${config.type_id}` : undefined}
        checked={selection.isChosen(item.id)}
        onChange={(e) => selection.set(item, config.single ? true : e.target.checked)}
      />
      <span>{text}</span>
    </label>
  );
}

/** One level of a tree, loaded on demand; `placeholders` rows stand in while it loads. */
function TreeLevel({ config, parentId, placeholders, selection, label }: { config: AttributeTypeConfig; parentId: number | null; placeholders: number; selection: Selection; label: string }) {
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ["attributeTree", config.type_id, parentId],
    queryFn: () => fetchTreeLevel(config.type_id, parentId),
    staleTime: 5 * 60_000,
  });
  // Accordion (types not shown as a full tree): one open sibling at a time.
  const [open, setOpen] = useState<Set<number>>(new Set());
  const accordion = !config.show_full_tree;

  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(accordion ? [] : current);
      if (current.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (isPending) {
    return (
      <ul className="tree__level" aria-busy="true" aria-label={label}>
        {Array.from({ length: Math.max(1, placeholders) }, (_, i) => (
          <li key={i} className="tree__placeholder" data-testid="tree-placeholder">
            <span className="visually-hidden">Loading…</span>
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <p className="field__error">
        This list could not be loaded.{" "}
        <button type="button" className="link-button" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <ul className="tree__level" aria-label={label}>
      {data.map((item) => {
        const expanded = open.has(item.id);
        return (
          <li key={item.id} className="tree__node">
            <div className="tree__row">
              {item.has_children ? (
                <button type="button" className="tree__expander" aria-expanded={expanded} aria-label={`${expanded ? "Collapse" : "Expand"} ${item.name}`} onClick={() => toggle(item.id)}>
                  <span aria-hidden="true">{expanded ? "▾" : "▸"}</span>
                </button>
              ) : (
                <span className="tree__spacer" />
              )}
              <ItemChoice config={config} item={item} selection={selection} onToggle={item.has_children ? () => toggle(item.id) : undefined} />
            </div>
            {expanded && <TreeLevel config={config} parentId={item.id} placeholders={item.children.length} selection={selection} label={`${item.name}: children`} />}
          </li>
        );
      })}
    </ul>
  );
}

/** A type's tree from the top level; children load when a node is first opened. */
export function AttributeTree({ config, selection }: { config: AttributeTypeConfig; selection: Selection }) {
  return <TreeLevel config={config} parentId={null} placeholders={3} selection={selection} label={config.type_name} />;
}
