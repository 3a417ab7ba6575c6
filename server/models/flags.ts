import type { Db } from "../db/connection.js";

/** The open flags, newest first (the moderators' review list). */
export async function listOpenFlags(db: Db, limit = 100) {
  return db.selectFrom("content_flags").selectAll().where("status", "=", "open").orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}
