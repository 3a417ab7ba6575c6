import type { Db } from "../db/connection.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { recordContentChange } from "./createContent.js";

/**
 * Deletes an item in one transaction: its row, and with it (by the foreign keys' cascades) everything that hangs on
 * it: its grants, favorites, places in collections (a collection's own items too), its file record, thumbnail and
 * discussion. Search drops it, and the collections that held it are told they changed (their item counts did). The
 * stored files that went with those rows (the uploaded file, the designed thumbnail, the attachments of its comments
 * and feed posts) are deleted only after the commit, and the uploaded file only when no other row still points at it.
 * An item a product sells is kept (answers "sold"): deleting it would take from its buyers what they paid for.
 */
export async function deleteContent(db: Db, storage: FileStorage, contentId: number): Promise<"deleted" | "sold"> {
  const outcome = await db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("product_items").select("product_id").where("content_id", "=", contentId).executeTakeFirst()) return { sold: true, fileKeys: [] };
    const holders = await trx.selectFrom("collection_items").select("collection_id").where("content_id", "=", contentId).execute();
    const file = await trx.selectFrom("resource_files").select("storage_key").where("content_id", "=", contentId).executeTakeFirst();
    const ownFiles = await storedFilesOf(trx, contentId);
    await trx.deleteFrom("content").where("id", "=", contentId).execute();
    const now = new Date().toISOString();
    const held = holders.map((h) => h.collection_id);
    if (held.length) await trx.updateTable("content").set({ updated_at: now }).where("id", "in", held).execute();
    for (const id of [contentId, ...held]) await recordContentChange(trx, id);
    if (!file) return { sold: false, fileKeys: ownFiles };
    const stillUsed = await trx.selectFrom("resource_files").select("content_id").where("storage_key", "=", file.storage_key).executeTakeFirst();
    return { sold: false, fileKeys: stillUsed ? ownFiles : [file.storage_key, ...ownFiles] };
  });
  if (outcome.sold) return "sold";
  for (const key of outcome.fileKeys) await storage.delete(key).catch(() => undefined);
  return "deleted";
}

/** The storage keys only this item's rows hold: its designed thumbnail, its comments' and its feed posts' attachments. */
export async function storedFilesOf(trx: Db, contentId: number): Promise<string[]> {
  const thumbnail = await trx.selectFrom("content_thumbnails").select("image_key").where("content_id", "=", contentId).where("image_key", "is not", null).executeTakeFirst();
  const ofComments = await trx
    .selectFrom("attachments")
    .innerJoin("comments", "comments.id", "attachments.comment_id")
    .innerJoin("comment_threads", "comment_threads.id", "comments.thread_id")
    .select("attachments.storage_key")
    .where("comment_threads.content_id", "=", contentId)
    .execute();
  const ofPosts = await trx
    .selectFrom("attachments")
    .innerJoin("feed_posts", "feed_posts.id", "attachments.feed_post_id")
    .select("attachments.storage_key")
    .where("feed_posts.content_id", "=", contentId)
    .execute();
  return [...(thumbnail?.image_key ? [thumbnail.image_key] : []), ...ofComments.map((a) => a.storage_key), ...ofPosts.map((a) => a.storage_key)];
}
