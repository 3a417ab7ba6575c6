import type { Db } from "../db/connection.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { recordContentChange } from "./createContent.js";

/**
 * Deletes an item in one transaction: its row, and with it (by the foreign keys' cascades) everything that hangs on
 * it: its grants, favorites, places in collections (a collection's own items too), its file record, thumbnail and
 * discussion. Search drops it, and the collections that held it are told they changed (their item counts did). The
 * uploaded file's bytes are deleted only after the commit, and only when no other row still points at them.
 * An item a product sells is kept (answers "sold"): deleting it would take from its buyers what they paid for.
 */
export async function deleteContent(db: Db, storage: FileStorage, contentId: number): Promise<"deleted" | "sold"> {
  const outcome = await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("product_items").select("product_id").where("content_id", "=", contentId).executeTakeFirst()) return { sold: true, fileKey: null };
    const holders = await trx.selectFrom("collection_items").select("collection_id").where("content_id", "=", contentId).execute();
    const file = await trx.selectFrom("resource_files").select("storage_key").where("content_id", "=", contentId).executeTakeFirst();
    await trx.deleteFrom("content").where("id", "=", contentId).execute();
    const now = new Date().toISOString();
    const held = holders.map((h) => h.collection_id);
    if (held.length) await trx.updateTable("content").set({ updated_at: now }).where("id", "in", held).execute();
    for (const id of [contentId, ...held]) await recordContentChange(trx, id);
    if (!file) return { sold: false, fileKey: null };
    const stillUsed = await trx.selectFrom("resource_files").select("content_id").where("storage_key", "=", file.storage_key).executeTakeFirst();
    return { sold: false, fileKey: stillUsed ? null : file.storage_key };
  });
  if (outcome.sold) return "sold";
  if (outcome.fileKey) await storage.delete(outcome.fileKey).catch(() => undefined);
  return "deleted";
}
