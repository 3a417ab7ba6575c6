import { sql } from "kysely";
import type { Db } from "../db/connection.js";
import type { ContentFlagsTable } from "../db/schema.js";

/** A stored report: its id, and whether this call queued it (false: the reporter's open report of it was updated). */
export interface StoredReport {
  id: number;
  isNew: boolean;
}

/**
 * The conflict target of the `<table>_one_open` partial unique indexes (migration 041): one open report per
 * reporter and reported thing. The predicate is literal SQL, since PostgreSQL matches a partial index only by a
 * predicate it can read, not by a bound parameter.
 */
export const OPEN_REPORT_PREDICATE = sql<boolean>`status = 'open'`;

/**
 * Stores a flag for moderators to review (status open); the reporter's open flag of the same item, if any, takes
 * the new reason and message instead, so the moderators' queue holds it once.
 */
export async function insertFlag(db: Db, flag: { contentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<StoredReport> {
  const createdAt = new Date().toISOString();
  const row = await db
    .insertInto("content_flags")
    .values({ content_id: flag.contentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: createdAt })
    .onConflict((oc) => oc.columns(["content_id", "profile_id"]).where(OPEN_REPORT_PREDICATE).doUpdateSet({ reason: flag.reason, message: flag.message }))
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, isNew: row.created_at === createdAt };
}

/** The open flags, newest first (the moderators' review list). */
export async function listOpenFlags(db: Db, limit = 100) {
  return db.selectFrom("content_flags").selectAll().where("status", "=", "open").orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Stores a report of a comment for moderators to review (status open), or updates the reporter's open one of it. */
export async function insertCommentFlag(db: Db, flag: { commentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<StoredReport> {
  const createdAt = new Date().toISOString();
  const row = await db
    .insertInto("comment_flags")
    .values({ comment_id: flag.commentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: createdAt })
    .onConflict((oc) => oc.columns(["comment_id", "profile_id"]).where(OPEN_REPORT_PREDICATE).doUpdateSet({ reason: flag.reason, message: flag.message }))
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  return { id: row.id, isNew: row.created_at === createdAt };
}
