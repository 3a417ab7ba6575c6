import { z } from "zod";
import { ModelKey, digitsAsNumber, emptyOrDigits, positiveId } from "./common.js";
import { SearchResultItem } from "./search.js";

/** Texts of the add-to-collection dialog and its calls. */
export const COLLECTION_MESSAGES = {
  chooseOne: "Choose at least one collection.",
  notCollectible: "This item cannot be added to a collection.",
  notItself: "A collection cannot be added to itself.",
  notYours: "You can only add items to collections you can edit.",
  notYoursToRemove: "You can only remove items from collections you can edit.",
  notYoursToReorder: "You can only reorder the items of collections you can edit.",
  notInCollection: "That item is not in this collection.",
  removed: (title: string) => `Removed from ${title}.`,
  moved: (title: string, direction: "up" | "down") => `Moved ${title} ${direction}.`,
  directionInvalid: "direction must be up or down.",
  cannotMove: (direction: "up" | "down") => `That item is ${direction === "up" ? "first" : "last"} already.`,
  /** The second document's create failure text, for the dialog's create tab too. */
  createFailed: "An error occurred while creating a collection.  Please wait a moment and try again.",
  /** The second document's text when adding to collections fails with no message of the server's to show. */
  updateFailed: "An error occurred while updating your collections.  Please wait a moment and try again.",
} as const;

/** Model keys whose items may be put in a collection (cards say so as `common.features.collectible`). */
export const COLLECTIBLE_MODEL_KEYS = ["resource", "lesson_plan", "collection", "outline", "project", "pathway"] as const satisfies readonly ModelKey[];
export type CollectibleModelKey = (typeof COLLECTIBLE_MODEL_KEYS)[number];

/** True when items of this model key can be added to a collection. */
export function isCollectibleModelKey(key: string): key is CollectibleModelKey {
  return (COLLECTIBLE_MODEL_KEYS as readonly string[]).includes(key);
}


/** An id, a number or its digits only; one past the databases' integers is left to the lookup, which answers 404 (ids tell nothing). */
const id = (message: string) => z.preprocess(digitsAsNumber, z.number({ error: message }).int(message).positive(message));

/** POST /collections/items (second document): add one item (its model key and id) to one or more collections. */
export const CollectionItemsRequest = z.object({
  type: ModelKey,
  type_id: id("type_id must be an id."),
  collection_id: z.array(id("collection_id must list ids."), { error: COLLECTION_MESSAGES.chooseOne }).min(1, COLLECTION_MESSAGES.chooseOne).max(50, "At most 50 collections at once."),
});
export type CollectionItemsRequest = z.input<typeof CollectionItemsRequest>;

/** Its answer: status and a message to show ("Added to Science Week."). */
export const CollectionItemsResponse = z.object({ status: z.literal("success"), message: z.string() });
export type CollectionItemsResponse = z.infer<typeof CollectionItemsResponse>;

/** Most the add-to-collection list answers a page. */
export const COLLECTIONS_FIND_LIMIT = 100;

/**
 * GET /collections/autocomplete/find (second document): the collections the signed-in profile may add to, most
 * recently updated first, narrowed by title (st) and paged (page, limit); with an item (type, type_id), which of them
 * hold it. `json` and `include_portfolio` are accepted and change nothing (answers are always JSON; there are no portfolios).
 */
export const CollectionsFindQuery = z
  .object({
    st: z.string().trim().max(80, "The search term may be at most 80 characters.").optional(),
    type: ModelKey.optional(),
    type_id: id("type_id must be an id.").optional(),
    // An empty value (`page=`) means the default, as if it were left out.
    page: z.preprocess(emptyOrDigits, z.number().int().min(1, "page must be 1 or more.").default(1)),
    limit: z.preprocess(emptyOrDigits, z.number().int().min(1, "limit must be 1 or more.").max(COLLECTIONS_FIND_LIMIT, `limit may be at most ${COLLECTIONS_FIND_LIMIT}.`).default(COLLECTIONS_FIND_LIMIT)),
  })
  .refine((q) => (q.type === undefined) === (q.type_id === undefined), { message: "type and type_id go together.", path: ["type_id"] });
export type CollectionsFindQuery = z.input<typeof CollectionsFindQuery>;

/** One collection in the add-to-collection dialog: `contains` when it holds the item already (it cannot be chosen again). */
export const MyCollection = z.object({ id: z.number(), title: z.string(), link: z.string(), items_count: z.number(), contains: z.boolean() });
export type MyCollection = z.infer<typeof MyCollection>;

/** Its answer: a page of collections and how many match (`collections.total`), and the ids of all of them that hold the item already. */
export const CollectionsFindResponse = z.object({
  collections: z.object({ data: z.array(MyCollection), total: z.number() }),
  already_in_collections: z.array(z.number()),
});
export type CollectionsFindResponse = z.infer<typeof CollectionsFindResponse>;

/** GET /api/collections/{uid}/items: the items of a collection the asker may see, as search cards, in the collection's order. */
/** DELETE /api/collections/{uid}/items/{itemId}: the item's id (a content id). */
export const CollectionItemParams = z.object({ itemId: positiveId("itemId must be a whole number.") });

/** PUT /api/collections/{uid}/items/{itemId}/position: move the item one place up or down the list the editor sees. */
export const CollectionItemMoveRequest = z.object({ direction: z.enum(["up", "down"], { error: COLLECTION_MESSAGES.directionInvalid }) });
export type CollectionItemMoveRequest = z.infer<typeof CollectionItemMoveRequest>;

export const CollectionItemsList = z.object({ data: z.array(SearchResultItem), total: z.number() });
export type CollectionItemsList = z.infer<typeof CollectionItemsList>;
