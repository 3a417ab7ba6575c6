import { COLLECTION_MESSAGES, MESSAGES, type MyCollection } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";

/** Collections shown on one page of the dialog's list (second document, section 9). */
export const COLLECTIONS_PER_PAGE = 6;


/** One row of the dialog's list: a collection, whether it is ticked, and why it cannot be chosen (null when it can). */
export interface CollectionChoice {
  collection: MyCollection;
  checked: boolean;
  /** "already": it holds the item (shown ticked); "itself": it is the item being added. */
  blocked: "already" | "itself" | null;
}

/** What the dialog's list shows for each collection, given the ids ticked and the item being added. */
export function collectionChoices(collections: readonly MyCollection[], selected: ReadonlySet<number>, target: { type: string; type_id: number }): CollectionChoice[] {
  return collections.map((collection) => {
    const blocked = collection.contains ? "already" : target.type === "collection" && collection.id === target.type_id ? "itself" : null;
    return { collection, blocked, checked: blocked === "already" || (blocked === null && selected.has(collection.id)) };
  });
}

/**
 * The ids to send: those ticked, less any the latest list says hold the item already or are the item itself. Ticks
 * on collections a filter hides still count.
 */
export function idsToAdd(selected: ReadonlySet<number>, known: readonly CollectionChoice[]): number[] {
  const blocked = new Set(known.filter((c) => c.blocked !== null).map((c) => c.collection.id));
  return [...selected].filter((id) => !blocked.has(id));
}

/** One page of a list (1-based, clamped to the pages there are) and how many pages there are (at least 1). */
export function pageOf<T>(list: readonly T[], page: number, perPage = COLLECTIONS_PER_PAGE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(list.length / perPage));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  return { items: list.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

/** "No collection chosen", "1 collection chosen", "3 collections chosen". */
export function selectionSummary(count: number): string {
  if (count === 0) return "No collection chosen";
  return `${count} ${count === 1 ? "collection" : "collections"} chosen`;
}

/** When the server listed fewer collections than match (it lists the most recently updated), how to reach the rest; else null. */
export function moreThanListed(listed: number, total: number, filtered: boolean): string | null {
  if (total <= listed) return null;
  const shown = `Showing the ${listed.toLocaleString()} most recently updated of ${total.toLocaleString()} collections`;
  return filtered ? `${shown} matching. Type more of the title to narrow them.` : `${shown}. Filter by title to find the others.`;
}

/** "1 item", "12 items". */
export function itemCountText(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? "item" : "items"}`;
}

/** A refusal the server explained (a 4xx with its message) shows that message; anything else the fallback text. */
function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.displayMessage : fallback;
}

/** The text the dialog shows when adding to collections fails. */
export function addFailureMessage(error: unknown): string {
  return serverMessageOr(error, COLLECTION_MESSAGES.updateFailed);
}

/** The text the create tab shows when creating the collection fails. */
export function createFailureMessage(error: unknown): string {
  return serverMessageOr(error, COLLECTION_MESSAGES.createFailed);
}

/** The text the search tab shows when the list of collections fails to load. */
export function loadFailureMessage(error: unknown): string {
  return serverMessageOr(error, MESSAGES.genericLoad);
}
