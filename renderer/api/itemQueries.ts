import type { EditableItem } from "../../contract/index.js";

/**
 * Whether a query is about this item (its page, discussion, sidebars, endorsements...): keyed by its uid, opaque id
 * or link, or by its id beside its model key (related content, quick info) or alone ("moreInfo"). Once the item is
 * deleted these can only answer 404: they are dropped, not loaded again.
 */
export function isQueryAboutItem(queryKey: readonly unknown[], item: Pick<EditableItem, "id" | "uid" | "opaque_id" | "link" | "model_key">): boolean {
  if (queryKey.some((part) => part === item.uid || part === item.opaque_id || part === item.link)) return true;
  return queryKey.includes(item.id) && (queryKey.includes(item.model_key) || queryKey[0] === "moreInfo");
}
