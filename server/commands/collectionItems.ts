import type { Db } from "../db/connection.js";
import { recordContentChange } from "./createContent.js";

/**
 * Adds an item to collections, in one transaction: those holding it already are left as they are; in those it was
 * added to it goes last, and they get a new update time and a change-log entry (so searches sorted by update see them
 * at once). Answers their ids.
 */
export async function addToCollections(db: Db, collectionIds: number[], contentId: number, addedBy: number): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const lasts = await trx
      .selectFrom("collection_items")
      .select(["collection_id", (eb) => eb.fn.max("position").as("last")])
      .where("collection_id", "in", collectionIds)
      .groupBy("collection_id")
      .execute();
    const next = new Map(lasts.map((row) => [row.collection_id, Number(row.last) + 1]));
    const inserted = await trx
      .insertInto("collection_items")
      .values(collectionIds.map((collection_id) => ({ collection_id, content_id: contentId, added_by: addedBy, added_at: now, position: next.get(collection_id) ?? 0 })))
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

/**
 * Moves an item of a collection just before or after `neighbor` (the item next to it in the list its editor sees,
 * which may leave out items the editor may not open), and renumbers the collection 0, 1, 2… in one transaction.
 * Answers false when the collection does not hold both.
 */
export async function moveCollectionItem(db: Db, collectionId: number, contentId: number, neighbor: number, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("collection_items")
      .select("content_id")
      .where("collection_id", "=", collectionId)
      .orderBy("position")
      .orderBy("added_at")
      .orderBy("content_id")
      .execute();
    const order = rows.map((r) => r.content_id).filter((id) => id !== contentId);
    const at = order.indexOf(neighbor);
    if (at < 0 || order.length === rows.length) return false;
    order.splice(direction === "up" ? at : at + 1, 0, contentId);
    for (const [position, id] of order.entries()) {
      await trx.updateTable("collection_items").set({ position }).where("collection_id", "=", collectionId).where("content_id", "=", id).execute();
    }
    await trx.updateTable("content").set({ updated_at: new Date().toISOString() }).where("id", "=", collectionId).execute();
    await recordContentChange(trx, collectionId);
    return true;
  });
}
