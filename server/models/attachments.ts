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

/**
 * Removes attachment rows (their files are the caller's to delete) and answers the ids it removed; `pendingOnly` removes
 * only those still waiting for their post, so a removal racing the post that takes the file leaves it posted.
 */
export async function deleteAttachmentRows(db: Db, ids: number[], { pendingOnly = false } = {}): Promise<number[]> {
  if (!ids.length) return [];
  let query = db.deleteFrom("attachments").where("id", "in", ids);
  if (pendingOnly) query = query.where("feed_post_id", "is", null).where("comment_id", "is", null);
  return (await query.returning("id").execute()).map((r) => r.id);
}

/**
 * Attaches the uploader's pending uploads to a feed post or a comment; answers how many it attached (fewer than asked
 * when one is someone else's, already posted or gone).
 */
export async function attachUploads(db: Db, ids: number[], uploaderId: number, owner: { feed_post_id: number } | { comment_id: number }): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable("attachments")
    .set(owner)
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

/** The attachments of several comments, each comment's in upload order (every comment given gets an entry). */
export async function attachmentsOfComments(db: Db, commentIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const byComment = new Map(commentIds.map((id) => [id, [] as AttachmentRow[]]));
  if (!commentIds.length) return byComment;
  const rows = await db.selectFrom("attachments").selectAll().where("comment_id", "in", commentIds).orderBy("id").execute();
  for (const r of rows) byComment.get(r.comment_id!)!.push(r);
  return byComment;
}

/** The item (content id), the discussion (context) and feed post it is in (if any) and state of the comment an attachment belongs to, or undefined. */
export function commentOfAttachment(db: Db, commentId: number) {
  return db
    .selectFrom("comments")
    .innerJoin("comment_threads", "comment_threads.id", "comments.thread_id")
    .select(["comments.id", "comments.context", "comments.deleted_at", "comments.deleted_with_replies_at", "comments.feed_post_id", "comment_threads.content_id"])
    .where("comments.id", "=", commentId)
    .executeTakeFirst();
}
