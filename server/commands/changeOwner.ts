import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import { recordContentChange } from "./createContent.js";

/** Gives an item to a new owner and drops its edit lock (the old owner may no longer edit); search sees it at once. */
export async function changeOwner(db: Db, item: Content, newOwnerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("content").set({ owner_id: newOwnerId, updated_at: new Date().toISOString() }).where("id", "=", item.id).execute();
    await trx.deleteFrom("edit_locks").where("content_id", "=", item.id).where("model_key", "=", item.model_key).execute();
    await recordContentChange(trx, item.id);
  });
}
