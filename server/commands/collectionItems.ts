import type { Db } from "../db/connection.js";
import { recordContentChange } from "./createContent.js";

/**
 * Adds an item to collections, in one transaction: those holding it already are left as they are; those it was added
 * to get a new update time and a change-log entry (so searches sorted by update see them at once). Answers their ids.
 */
export async function addToCollections(db: Db, collectionIds: number[], contentId: number, addedBy: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const inserted = await trx
      .insertInto("collection_items")
      .values(collectionIds.map((collection_id) => ({ collection_id, content_id: contentId, added_by: addedBy, added_at: now })))
      .onConflict((oc) => oc.columns(["collection_id", "content_id"]).doNothing())
      .returning("collection_id")
      .execute();
    const added = inserted.map((row) => row.collection_id);
    if (added.length) await trx.updateTable("content").set({ updated_at: now }).where("id", "in", added).execute();
    for (const id of added) await recordContentChange(trx, id);
    return added;
  });
}

/**
 * Takes an item out of a collection; the collection gets a new update time and a change-log entry, as when one is
 * added. Answers whether it held the item.
 */
export async function removeFromCollection(db: Db, collectionId: number, contentId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("collection_items").where("collection_id", "=", collectionId).where("content_id", "=", contentId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await trx.updateTable("content").set({ updated_at: new Date().toISOString() }).where("id", "=", collectionId).execute();
    await recordContentChange(trx, collectionId);
    return true;
  });
}
