import { z } from "zod";
import { ModelKey } from "./common.js";
import { SearchResultItem } from "./search.js";

/** Texts of the add-to-collection dialog and its calls. */
export const COLLECTION_MESSAGES = {
  chooseOne: "Choose at least one collection.",
  notCollectible: "This item cannot be added to a collection.",
  notItself: "A collection cannot be added to itself.",
  notYours: "You can only add items to collections you can edit.",
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

const id = z.coerce.number({ error: "Must be an id." }).int("Must be an id.").positive("Must be an id.");

/** POST /collections/items (second document): add one item (its model key and id) to one or more collections. */
export const CollectionItemsRequest = z.object({
  type: ModelKey,
  type_id: id,
  collection_id: z.array(id, { error: COLLECTION_MESSAGES.chooseOne }).min(1, COLLECTION_MESSAGES.chooseOne).max(50, "At most 50 collections at once."),
});
export type CollectionItemsRequest = z.input<typeof CollectionItemsRequest>;

/** Its answer: status and a message to show ("Added to Science Week."). */
export const CollectionItemsResponse = z.object({ status: z.literal("success"), message: z.string() });
export type CollectionItemsResponse = z.infer<typeof CollectionItemsResponse>;

/** GET /api/collections/mine: the collections the signed-in profile may add to, for one item (type, type_id), optionally by title (st). */
export const MyCollectionsQuery = z.object({
  type: ModelKey,
  type_id: id,
  st: z.string().trim().max(80, "The search term may be at most 80 characters.").optional(),
});
export type MyCollectionsQuery = z.input<typeof MyCollectionsQuery>;

/** One collection in the add-to-collection dialog: `contains` when it holds the item already (it cannot be chosen again). */
export const MyCollection = z.object({ id: z.number(), title: z.string(), link: z.string(), items_count: z.number(), contains: z.boolean() });
export type MyCollection = z.infer<typeof MyCollection>;

/** Most recently updated first, at most 100; `total`: how many match (more than listed when the rest need a narrower title). */
export const MyCollectionsResponse = z.object({ data: z.array(MyCollection), total: z.number() });
export type MyCollectionsResponse = z.infer<typeof MyCollectionsResponse>;

/** GET /api/collections/{uid}/items: the items of a collection the asker may see, as search cards, in the order they were added. */
export const CollectionItemsList = z.object({ data: z.array(SearchResultItem), total: z.number() });
export type CollectionItemsList = z.infer<typeof CollectionItemsList>;
