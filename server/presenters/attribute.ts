import { OTHER_VALUE_MAX, type AttributeItem as AttributeItemJson, type AttributeTreeNode, type AttributeTypeConfig, type Standard, type StandardGroup } from "../../contract/index.js";
import type { AttributeItem } from "../db/schema.js";
import type { AttributeType } from "../models/attributes.js";

/** The label of the 'None' choice that clears a single-choice (radio) type. */
const NONE_OPTION = "None";

const itemFields = (row: AttributeItem) => ({
  id: row.id,
  attr_item_id: row.id,
  name: row.name,
  label: row.name,
  type_id: row.type_id,
  parent_id: row.parent_id,
  sort_order: row.sort_order,
  slug: row.slug,
  description: row.description,
  short_name: row.short_name,
});

/** An attribute item whose children are ids (the client loads them on demand). */
export function presentAttributeItem(row: AttributeItem, childIds: number[]): AttributeItemJson {
  return { ...itemFields(row), has_children: childIds.length > 0, children: childIds };
}

/** Nested trees of the rows: rows whose parent is not among them are the roots; siblings in display order. */
export function presentAttributeTree(rows: AttributeItem[]): AttributeTreeNode[] {
  const ordered = [...rows].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const nodes = new Map<number, AttributeTreeNode>(ordered.map((r) => [r.id, { ...itemFields(r), has_children: false, children: [] }]));
  const roots: AttributeTreeNode[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) {
      parent.children.push(node);
      parent.has_children = true;
    } else roots.push(node);
  }
  return roots;
}

/** A standard with its framework (root) name and acronym (the root's short name). */
export function presentStandard(row: AttributeItem, root: AttributeItem): Standard {
  return {
    id: row.id,
    short_name: row.short_name,
    text: row.name,
    label: row.short_name ? `${row.short_name} ${row.name}` : row.name,
    root_standard_name: root.name,
    acronym: root.short_name,
  };
}

/** Standards grouped under their framework: frameworks in display order, standards by code. */
export function presentStandardGroups(pairs: { item: AttributeItem; root: AttributeItem }[]): StandardGroup[] {
  const groups = new Map<number, { root: AttributeItem; standards: AttributeItem[] }>();
  for (const { item, root } of pairs) (groups.get(root.id) ?? groups.set(root.id, { root, standards: [] }).get(root.id)!).standards.push(item);
  const byCode = (a: AttributeItem, b: AttributeItem) => (a.short_name ?? a.name).localeCompare(b.short_name ?? b.name, "en", { numeric: true });
  return [...groups.values()]
    .sort((a, b) => a.root.sort_order - b.root.sort_order || a.root.id - b.root.id)
    .map(({ root, standards }) => ({
      root: { id: root.id, name: root.name, acronym: root.short_name },
      standards: standards.sort(byCode).map((s) => presentStandard(s, root)),
    }));
}

/** The most characters a type's write-in value takes: its configured maximum, within OTHER_VALUE_MAX. */
export const otherMaxLength = (type: Pick<AttributeType, "other_max_length">): number =>
  type.other_max_length !== null && type.other_max_length > 0 ? Math.min(type.other_max_length, OTHER_VALUE_MAX) : OTHER_VALUE_MAX;

/**
 * How the attribute picker shows a type. Radio types get a 'None' choice instead of Select All;
 * leaf-only types (standards) are deep, so they get a search box and an info link instead. A type with show_other offers a
 * write-in field with its placeholder, taking at most its maximum (OTHER_VALUE_MAX when it names none).
 */
export function presentAttributeTypeConfig(type: AttributeType): AttributeTypeConfig {
  const single = type.single === 1;
  const leafOnly = type.leaf_only === 1;
  const showOther = type.show_other === 1;
  return {
    type_id: type.id,
    type_name: type.name,
    key: type.key,
    leaf_only: leafOnly,
    select_all: !single && !leafOnly,
    single,
    none_option: single ? NONE_OPTION : null,
    show_full_tree: !leafOnly,
    show_info: leafOnly,
    show_description: false,
    cols: 1,
    searchable: leafOnly,
    show_other: showOther,
    other_placeholder: showOther ? type.other_placeholder : null,
    other_max_length: showOther ? otherMaxLength(type) : null,
  };
}
