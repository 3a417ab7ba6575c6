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
 * Queues a report, or updates the reporter's open one: `insert` adds the row unless the `<table>_one_open` index
 * already holds one (ON CONFLICT DO NOTHING, so it answers a row only when it inserted), `update` gives the open
 * one the new reason and message. Which of the two wrote is what tells a new report from a repeated one, on both
 * databases and for calls at once (comparing a returned created_at with our own could not tell two reports made in
 * the same millisecond apart). An open report closed between the two calls is no longer there to update: insert again.
 */
export async function storeOpenReport(insert: () => Promise<{ id: number } | undefined>, update: () => Promise<{ id: number } | undefined>): Promise<StoredReport> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await insert();
    if (inserted) return { id: inserted.id, isNew: true };
    const updated = await update();
    if (updated) return { id: updated.id, isNew: false };
  }
  throw new Error("A report could be neither inserted nor updated.");
}

/**
 * Stores a flag for moderators to review (status open); the reporter's open flag of the same item, if any, takes
 * the new reason and message instead, so the moderators' queue holds it once.
 */
export async function insertFlag(db: Db, flag: { contentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<StoredReport> {
  return storeOpenReport(
    () =>
      db
        .insertInto("content_flags")
        .values({ content_id: flag.contentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(["content_id", "profile_id"]).where(OPEN_REPORT_PREDICATE).doNothing())
        .returning("id")
        .executeTakeFirst(),
    () =>
      db
        .updateTable("content_flags")
        .set({ reason: flag.reason, message: flag.message })
        .where("content_id", "=", flag.contentId)
        .where("profile_id", "=", flag.profileId)
        .where("status", "=", "open")
        .returning("id")
        .executeTakeFirst(),
  );
}

/** The open flags, newest first (the moderators' review list). */
export async function listOpenFlags(db: Db, limit = 100) {
  return db.selectFrom("content_flags").selectAll().where("status", "=", "open").orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Stores a report of a comment for moderators to review (status open), or updates the reporter's open one of it. */
export async function insertCommentFlag(db: Db, flag: { commentId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<StoredReport> {
  return storeOpenReport(
    () =>
      db
        .insertInto("comment_flags")
        .values({ comment_id: flag.commentId, profile_id: flag.profileId, reason: flag.reason, message: flag.message, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(["comment_id", "profile_id"]).where(OPEN_REPORT_PREDICATE).doNothing())
        .returning("id")
        .executeTakeFirst(),
    () =>
      db
        .updateTable("comment_flags")
        .set({ reason: flag.reason, message: flag.message })
        .where("comment_id", "=", flag.commentId)
        .where("profile_id", "=", flag.profileId)
        .where("status", "=", "open")
        .returning("id")
        .executeTakeFirst(),
  );
}
