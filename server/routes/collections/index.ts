import { Router } from "express";
import {
  COLLECTION_MESSAGES,
  CollectionItemMoveRequest,
  CollectionItemParams,
  CollectionItemsRequest,
  CollectionsFindQuery,
  type CollectionItemsList,
  type CollectionItemsResponse,
  type CollectionsFindResponse,
} from "../../../contract/index.js";
import { addToCollections, moveCollectionItem, removeFromCollection } from "../../commands/collectionItems.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { editableCollections } from "../../models/collections.js";
import { authenticate, authorize, collectionPolicy, contentObjectPolicy } from "../../policies/index.js";
import { itemLink } from "../../presenters/editableItem.js";
import { modelTypeInfo } from "../../presenters/modelTypes.js";
import { ensureViewable, loadByLink, loadByTypeId } from "../editor/load.js";
import { collectionCards } from "./cards.js";

/** Collecting: adding an item to collections, the add-to-collection dialog's list (GET /collections/autocomplete/find), and a collection's items. */
export function collectionsRouter(db: Db): Router {
  const router = Router();

  router.post("/collections/items", authenticate(), async (req, res) => {
    const body = parseOr422(CollectionItemsRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    await ensureViewable(db, req, item, "listed");
    if (!modelTypeInfo(item.model_key, item.sub_type).collectible) throw new HttpError(422, COLLECTION_MESSAGES.notCollectible, { type: [COLLECTION_MESSAGES.notCollectible] });
    const ids = [...new Set(body.collection_id)];
    if (item.model_key === "collection" && ids.includes(item.id)) throw new HttpError(422, COLLECTION_MESSAGES.notItself, { collection_id: [COLLECTION_MESSAGES.notItself] });
    const collections = [];
    for (const id of ids) {
      // Unknown, and not viewable, answer alike: ids are sequential, so a difference would tell which exist.
      const collection = await loadByTypeId(db, "collection", id);
      await ensureViewable(db, req, collection, "listed");
      authorize(req.actor, collectionPolicy.canAddTo(req.actor, collection), COLLECTION_MESSAGES.notYours);
      collections.push(collection);
    }
    await addToCollections(db, ids, item.id, req.actor.profile!.id);
    const message = collections.length === 1 ? `Added to ${collections[0]!.title}.` : `Added to ${collections.length} collections.`;
    const answer: CollectionItemsResponse = { status: "success", message };
    res.json(answer);
  });

  router.get("/collections/autocomplete/find", authenticate(), async (req, res) => {
    const query = parseOr422(CollectionsFindQuery, req.query);
    const item = query.type && query.type_id ? await loadByTypeId(db, query.type, query.type_id) : null;
    if (item) await ensureViewable(db, req, item, "listed");
    const page = { contentId: item?.id ?? null, st: query.st || undefined, offset: (query.page - 1) * query.limit, limit: query.limit };
    const { choices, total, holding } = await editableCollections(db, collectionPolicy.editGrantHolders(req.actor), contentObjectPolicy.itemScope(req.actor), page);
    const answer: CollectionsFindResponse = {
      collections: {
        data: choices.map((c) => ({ id: c.id, title: c.title, link: itemLink({ model_key: "collection", sub_type: null, uid: c.uid }), items_count: c.items_count, contains: c.contains })),
        total,
      },
      already_in_collections: holding,
    };
    res.json(answer);
  });

  router.get("/api/collections/:uid/items", async (req, res) => {
    const collection = await loadByLink(db, "collections", String(req.params.uid));
    await ensureViewable(db, req, collection, collection.reach);
    const cards = await collectionCards(db, req.actor, collection.id, contentObjectPolicy.itemScope(req.actor));
    const answer: CollectionItemsList = { data: cards, total: cards.length };
    res.json(answer);
  });

  // The collection page's Remove (for those who may edit the collection): our call, the spec names none.
  router.delete("/api/collections/:uid/items/:itemId", authenticate(), async (req, res) => {
    const collection = await loadByLink(db, "collections", String(req.params.uid));
    const { viewsOnlyByLink } = await ensureViewable(db, req, collection, collection.reach);
    authorize(req.actor, collectionPolicy.canRemoveFrom(req.actor, collection, viewsOnlyByLink), COLLECTION_MESSAGES.notYoursToRemove);
    const { itemId } = parseOr422(CollectionItemParams, req.params);
    if (!(await removeFromCollection(db, collection.id, itemId))) throw new HttpError(404, COLLECTION_MESSAGES.notInCollection);
    const answer: CollectionItemsResponse = { status: "success", message: COLLECTION_MESSAGES.removed(collection.title) };
    res.json(answer);
  });

  // The collection page's Move up / Move down (for those who may edit the collection): our call, the spec names none.
  router.put("/api/collections/:uid/items/:itemId/position", authenticate(), async (req, res) => {
    const collection = await loadByLink(db, "collections", String(req.params.uid));
    const { viewsOnlyByLink } = await ensureViewable(db, req, collection, collection.reach);
    authorize(req.actor, collectionPolicy.canReorder(req.actor, collection, viewsOnlyByLink), COLLECTION_MESSAGES.notYoursToReorder);
    const { itemId } = parseOr422(CollectionItemParams, req.params);
    const { direction } = parseOr422(CollectionItemMoveRequest, req.body ?? {});
    // Its neighbor in the list the editor sees: items the editor may not open keep their places between.
    const cards = await collectionCards(db, req.actor, collection.id, contentObjectPolicy.itemScope(req.actor));
    const at = cards.findIndex((c) => c.id === itemId);
    if (at < 0) throw new HttpError(404, COLLECTION_MESSAGES.notInCollection);
    const neighbor = cards[direction === "up" ? at - 1 : at + 1];
    if (!neighbor) throw new HttpError(422, COLLECTION_MESSAGES.cannotMove(direction), { direction: [COLLECTION_MESSAGES.cannotMove(direction)] });
    if (!(await moveCollectionItem(db, collection.id, itemId, neighbor.id, direction))) throw new HttpError(404, COLLECTION_MESSAGES.notInCollection);
    const answer: CollectionItemsResponse = { status: "success", message: COLLECTION_MESSAGES.moved(cards[at]!.title, direction) };
    res.json(answer);
  });

  router.all("/collections/items", () => {
    throw new HttpError(405, "Use POST to add items to collections.");
  });
  return router;
}
