import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  CollectionItemsList,
  CollectionItemsResponse,
  MESSAGES,
  CollectionsFindResponse,
  COLLECTIONS_FIND_LIMIT,
  type CollectionCreateRequest,
  type CollectionItemsRequest,
  type ModelKey,
} from "../../contract/index.js";
import { deleteJson, getJson, postJson, putJson } from "./client.js";
import { createCollection } from "./endpoints.js";
import { queryKeys } from "./queries.js";

/** The item the add-to-collection dialog adds: its model key and id. */
export interface CollectTarget {
  type: ModelKey;
  type_id: number;
}

/** Query keys of the collections area; everything under `all` is refetched after a change. */
export const collectionKeys = {
  all: ["collections"] as const,
  mine: (target: CollectTarget, st: string) => ["collections", "mine", target.type, target.type_id, st] as const,
  itemsAll: ["collections", "items"] as const,
  items: (uid: string) => ["collections", "items", uid] as const,
};

/** GET /collections/autocomplete/find: the signed-in profile's collections it may add to (the first page, as many as one holds), each saying whether it holds the item. */
export function fetchMyCollections(target: CollectTarget, st: string, signal?: AbortSignal): Promise<CollectionsFindResponse> {
  const searchParams: Record<string, string> = { type: target.type, type_id: String(target.type_id), limit: String(COLLECTIONS_FIND_LIMIT) };
  if (st) searchParams.st = st;
  return getJson("collections/autocomplete/find", CollectionsFindResponse, { searchParams, signal });
}

/** POST /collections/items: adds one item to one or more collections; answers the message to show. */
export function addToCollections(request: CollectionItemsRequest): Promise<CollectionItemsResponse> {
  return postJson("collections/items", request, CollectionItemsResponse);
}

/** GET /api/collections/{uid}/items: a collection's items as search cards, in the collection's order. */
export function fetchCollectionItems(uid: string, signal?: AbortSignal): Promise<CollectionItemsList> {
  return getJson(`api/collections/${encodeURIComponent(uid)}/items`, CollectionItemsList, { signal });
}

/** DELETE /api/collections/{uid}/items/{itemId}: takes an item out of a collection; answers the message to show. */
export function removeFromCollection({ uid, itemId }: { uid: string; itemId: number }): Promise<CollectionItemsResponse> {
  return deleteJson(`api/collections/${encodeURIComponent(uid)}/items/${itemId}`, CollectionItemsResponse);
}

/** A collection the dialog added to, enough to name it and lead to it. */
export interface CollectionRef {
  id: number;
  title: string;
  link: string;
}

/**
 * Creates a collection and answers its id, title and link. A server that takes POST /collections/items always answers
 * the new collection's id (the contract leaves it optional only for the creator modal's older servers).
 */
export async function createCollectionForItem(request: CollectionCreateRequest): Promise<CollectionRef> {
  const created = await createCollection(request);
  if (created.id === undefined) throw new Error(`The server did not say the id of the new collection ${created.link}`);
  return { id: created.id, title: request.title.trim(), link: created.link };
}

/**
 * The profile's collections for the dialog, filtered by title words (`st`); the previous list stays on screen while a
 * new filter loads. Failures are shown in the dialog itself, not as a toast.
 */
export function useMyCollections(target: CollectTarget, st: string) {
  return useQuery({
    queryKey: collectionKeys.mine(target, st),
    queryFn: ({ signal }) => fetchMyCollections(target, st, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** A collection's items for its page. */
export function useCollectionItems(uid: string) {
  return useQuery({
    queryKey: collectionKeys.items(uid),
    queryFn: ({ signal }) => fetchCollectionItems(uid, signal),
    meta: { errorMessage: MESSAGES.genericLoad },
  });
}

/** PUT /api/collections/{uid}/items/{itemId}/position: moves an item one place up or down; answers the message to show. */
export function moveCollectionItem({ uid, itemId, direction }: { uid: string; itemId: number; direction: "up" | "down" }): Promise<CollectionItemsResponse> {
  return putJson(`api/collections/${encodeURIComponent(uid)}/items/${itemId}/position`, { direction }, CollectionItemsResponse);
}

/** Refetches whatever shows collections: the dialog's lists, collection pages and cached searches. */
function useInvalidateCollections() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: collectionKeys.all }), queryClient.invalidateQueries({ queryKey: queryKeys.searchAll })]);
}

/** POST /collections/items; afterwards every list of collections and collection items is refetched. */
export function useAddToCollectionsMutation() {
  const invalidate = useInvalidateCollections();
  return useMutation({ mutationFn: addToCollections, onSuccess: () => void invalidate() });
}

/** DELETE one item from a collection; afterwards every list of collections and collection items is refetched. */
export function useRemoveFromCollectionMutation() {
  const invalidate = useInvalidateCollections();
  return useMutation({ mutationFn: removeFromCollection, onSuccess: () => void invalidate() });
}

/**
 * The create tab's two steps: create the collection (skipped when `created` says an earlier try already did), then
 * add the item to it. A failure says which step failed, so a retry does not create a second collection.
 */
export function useCreateAndAddMutation() {
  const invalidate = useInvalidateCollections();
  return useMutation({
    mutationFn: async ({ request, target, created }: { request: CollectionCreateRequest; target: CollectTarget; created: CollectionRef | null }) => {
      let collection = created;
      if (!collection) {
        try {
          collection = await createCollectionForItem(request);
        } catch (error) {
          throw new CreateAndAddError("create", null, error);
        }
      }
      try {
        const answer = await addToCollections({ type: target.type, type_id: target.type_id, collection_id: [collection.id] });
        return { collection, answer };
      } catch (error) {
        throw new CreateAndAddError("add", collection, error);
      }
    },
    // Even a half-done create-and-add made a collection that the lists should show.
    onSettled: () => void invalidate(),
  });
}

/** Which step of create-and-add failed, the collection made before the failure (if any), and the underlying error. */
export class CreateAndAddError extends Error {
  constructor(
    readonly step: "create" | "add",
    readonly collection: CollectionRef | null,
    readonly failure: unknown,
  ) {
    super(`Create and add failed at the ${step} step`);
    this.name = "CreateAndAddError";
  }
}

/** Moves one item of a collection up or down; afterwards every list of collections and collection items is refetched. */
export function useMoveCollectionItemMutation() {
  const invalidate = useInvalidateCollections();
  return useMutation({ mutationFn: moveCollectionItem, onSuccess: () => invalidate() });
}
