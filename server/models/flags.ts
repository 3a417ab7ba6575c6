import type { Db } from "../db/connection.js";
import type { ContentFlagsTable } from "../db/schema.js";

/** Stores a flag for moderators to review (status open). */
export async function insertFlag(db: Db, flag: { contentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<number> {
  const row = await db
    .insertInto("content_flags")
    .values({ content_id: flag.contentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The open flags, newest first (the moderators' review list). */
export async function listOpenFlags(db: Db, limit = 100) {
  return db.selectFrom("content_flags").selectAll().where("status", "=", "open").orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Stores a report of a comment for moderators to review (status open). */
export async function insertCommentFlag(db: Db, flag: { commentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<number> {
  const row = await db
    .insertInto("comment_flags")
    .values({ comment_id: flag.commentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
