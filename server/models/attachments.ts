import type { Db } from "../db/connection.js";
import type { AttachmentRow } from "../db/schema.js";

/** Stores an uploaded file's row (not attached yet); returns it. */
export function insertAttachment(db: Db, a: { storageKey: string; fileName: string; mimeType: string; sizeBytes: number; uploaderId: number }): Promise<AttachmentRow> {
  return db
    .insertInto("attachments")
    .values({ storage_key: a.storageKey, file_name: a.fileName, mime_type: a.mimeType, size_bytes: a.sizeBytes, uploader_id: a.uploaderId, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An attachment by id, or undefined. */
export function findAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  return db.selectFrom("attachments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** An attachment by its storage key, or undefined. */
export function findAttachmentByKey(db: Db, key: string): Promise<AttachmentRow | undefined> {
  return db.selectFrom("attachments").selectAll().where("storage_key", "=", key).executeTakeFirst();
}

/** The profile's uploads not attached to anything yet, oldest first. */
export function listPendingAttachments(db: Db, uploaderId: number): Promise<AttachmentRow[]> {
  return db
    .selectFrom("attachments")
    .selectAll()
    .where("uploader_id", "=", uploaderId)
    .where("feed_post_id", "is", null)
    .where("comment_id", "is", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Removes attachment rows (their files are the caller's to delete). */
export async function deleteAttachmentRows(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom("attachments").where("id", "in", ids).execute();
}

/**
 * Attaches the uploader's pending uploads to a feed post, keeping them in the order given; answers how many it
 * attached (fewer than asked when one is someone else's, already posted or gone).
 */
export async function attachToFeedPost(db: Db, ids: number[], uploaderId: number, postId: number): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable("attachments")
    .set({ feed_post_id: postId })
    .where("id", "in", ids)
    .where("uploader_id", "=", uploaderId)
    .where("feed_post_id", "is", null)
    .where("comment_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The attachments of several feed posts, each post's in upload order (every post given gets an entry). */
export async function attachmentsOfFeedPosts(db: Db, postIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const byPost = new Map(postIds.map((id) => [id, [] as AttachmentRow[]]));
  if (!postIds.length) return byPost;
  const rows = await db.selectFrom("attachments").selectAll().where("feed_post_id", "in", postIds).orderBy("id").execute();
  for (const r of rows) byPost.get(r.feed_post_id!)!.push(r);
  return byPost;
}
