import type { AttributeGroupView, CopiedFromDetails, MoreInfoResponse, QuickInfoResponse } from "../../contract/index.js";
import type { Content } from "../db/schema.js";
import { itemLink } from "./editableItem.js";
import { modelTypeInfo } from "./modelTypes.js";

/** Where a copy came from, for the copy's page (only called when the actor may view the original). */
export function presentCopiedFrom(source: Content & { owner_name: string }, copiedAt: string): CopiedFromDetails {
  return { title: source.title, link: itemLink(source), owner_data: { profile_id: source.owner_id, name: source.owner_name }, created_at: copiedAt };
}

type TypeOfRow = { type_id: number; type_key: string; type_name: string; type_sort_order: number };

/** An item's attributes grouped by type, with its write-in value of each type (a type with only a write-in is a group too), in the types' order. */
export function presentAttributeGroups(rows: (TypeOfRow & { id: number; name: string; short_name: string | null })[], others: (TypeOfRow & { value: string })[] = []): AttributeGroupView[] {
  const groups = new Map<number, { order: [number, number]; view: AttributeGroupView }>();
  const groupOf = (r: TypeOfRow) =>
    (groups.get(r.type_id) ?? groups.set(r.type_id, { order: [r.type_sort_order, r.type_id], view: { type_key: r.type_key, type_name: r.type_name, items: [], other: null } }).get(r.type_id)!).view;
  for (const r of rows) groupOf(r).items.push({ id: r.id, name: r.name, short_name: r.short_name });
  for (const o of others) groupOf(o).other = o.value;
  return [...groups.values()].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]).map((g) => g.view);
}

/** The quick-info popover's model: owner, description and attributes. */
export function presentQuickInfo(item: Content & { owner_name: string }, attributes: AttributeGroupView[]): QuickInfoResponse {
  return {
    model: {
      id: item.id,
      model_key: item.model_key,
      title: item.title,
      link: itemLink(item),
      type_name_singular: modelTypeInfo(item.model_key, item.sub_type).singular,
      owner_data: { profile_id: item.owner_id, name: item.owner_name },
      description: item.description,
      attributes,
    },
  };
}

const VISIBILITY_LABELS: Record<Content["visibility"], string> = { public: "Everyone", authed: "Signed-in members", restricted: "Only people it is shared with" };

/** The more-info dialog: the model and the labelled rows to show. */
export function presentMoreInfo(item: Content & { owner_name: string }, attributes: AttributeGroupView[], copiedFrom: CopiedFromDetails | null): MoreInfoResponse {
  const link = itemLink(item);
  return {
    model: {
      id: item.id,
      opaque_id: item.opaque_id,
      model_key: item.model_key,
      title: item.title,
      link,
      owner_data: { profile_id: item.owner_id, name: item.owner_name },
      created_at: item.created_at,
      updated_at: item.updated_at,
    },
    renderables: [
      { key: "type", label: "Type", value: modelTypeInfo(item.model_key, item.sub_type).singular, link: null },
      { key: "owner", label: "Owner", value: item.owner_name, link: null },
      { key: "created_at", label: "Created", value: item.created_at, link: null },
      { key: "updated_at", label: "Last updated", value: item.updated_at, link: null },
      { key: "visibility", label: "Visible to", value: VISIBILITY_LABELS[item.visibility], link: null },
      ...(item.url ? [{ key: "url", label: "Link", value: item.url, link: item.url }] : []),
      ...(copiedFrom ? [{ key: "copied_from", label: "Copied from", value: copiedFrom.title, link: copiedFrom.link }] : []),
      ...attributes.map((g) => ({ key: `attributes.${g.type_key}`, label: g.type_name, value: [...g.items.map((i) => (i.short_name ? `${i.short_name} ${i.name}` : i.name)), ...(g.other ? [`Other: ${g.other}`] : [])].join("; "), link: null })),
    ],
  };
}
