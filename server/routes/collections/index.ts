import { Router } from "express";
import {
  COLLECTION_MESSAGES,
  CollectionItemsRequest,
  MyCollectionsQuery,
  type CollectionItemsList,
  type CollectionItemsResponse,
  type MyCollectionsResponse,
} from "../../../contract/index.js";
import { recordContentChange } from "../../commands/createContent.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { addToCollections, collectionItemRows, editableCollections } from "../../models/collections.js";
import { editGrantsAmong } from "../../models/content.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import { authorize, collectionPolicy, contentObjectPolicy } from "../../policies/index.js";
import { presentContentCard } from "../../presenters/contentObject.js";
import { modelTypeInfo } from "../../presenters/modelTypes.js";
import { ensureViewable, loadByLink, loadByTypeId } from "../editor/load.js";

/** Collecting: adding an item to collections, the add-to-collection dialog's list, and a collection's items. */
export function collectionsRouter(db: Db): Router {
  const router = Router();

  router.post("/collections/items", async (req, res) => {
    authorize(req.actor, req.actor.signedIn);
    const body = parseOr422(CollectionItemsRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    await ensureViewable(db, req, item);
    if (!modelTypeInfo(item.model_key, item.sub_type).collectible) throw new HttpError(422, COLLECTION_MESSAGES.notCollectible, { type: [COLLECTION_MESSAGES.notCollectible] });
    const ids = [...new Set(body.collection_id)];
    if (item.model_key === "collection" && ids.includes(item.id)) throw new HttpError(422, COLLECTION_MESSAGES.notItself, { collection_id: [COLLECTION_MESSAGES.notItself] });
    const collections = [];
    for (const id of ids) {
      const collection = await loadByTypeId(db, "collection", id).catch(() => {
        throw new HttpError(404, COLLECTION_MESSAGES.collectionNotFound);
      });
      await ensureViewable(db, req, collection);
      authorize(req.actor, collectionPolicy.canAddTo(req.actor, collection), COLLECTION_MESSAGES.notYours);
      collections.push(collection);
    }
    const added = await addToCollections(db, ids, item.id, req.actor.profile!.id);
    if (added > 0) {
      // The collections changed: their update time moves, and the search index reads them again.
      const now = new Date().toISOString();
      await db.updateTable("content").set({ updated_at: now }).where("id", "in", ids).execute();
      for (const id of ids) await recordContentChange(db, id);
    }
    const message = collections.length === 1 ? `Added to ${collections[0]!.title}.` : `Added to ${collections.length} collections.`;
    const answer: CollectionItemsResponse = { status: "success", message };
    res.json(answer);
  });

  router.get("/api/collections/mine", async (req, res) => {
    authorize(req.actor, req.actor.signedIn);
    const query = parseOr422(MyCollectionsQuery, req.query);
    const item = await loadByTypeId(db, query.type, query.type_id);
    await ensureViewable(db, req, item);
    const led = req.actor.groups.filter((g) => g.role === "leader").map((g) => g.groupId);
    const choices = await editableCollections(db, req.actor.profile!.id, led, item.id, query.st || undefined);
    const answer: MyCollectionsResponse = {
      data: choices.map((c) => ({ id: c.id, title: c.title, link: `${modelTypeInfo("collection", null).path}/${c.uid}`, items_count: c.items_count, contains: c.contains })),
    };
    res.json(answer);
  });

  router.get("/api/collections/:uid/items", async (req, res) => {
    const collection = await loadByLink(db, "collections", String(req.params.uid));
    await ensureViewable(db, req, collection);
    const rows = await collectionItemRows(db, collection.id, contentObjectPolicy.viewScope(req.actor));
    const ids = rows.map((r) => r.id);
    const [favorites, grants] = [await favoriteIdsAmong(db, req.actor.profile?.id ?? null, ids), await editGrantsAmong(db, ids)];
    const answer: CollectionItemsList = { data: rows.map((row) => presentContentCard(row, req.actor, favorites.has(row.id), grants.get(row.id))), total: rows.length };
    res.json(answer);
  });

  router.all("/collections/items", () => {
    throw new HttpError(405, "Use POST to add items to collections.");
  });
  return router;
}
