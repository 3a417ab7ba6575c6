import { sql } from "kysely";
import type { Db } from "../db/connection.js";

/** A lock with its holder's name. */
export interface HeldLock {
  profile_id: number;
  name: string;
  expires_at: number;
}

/** The unexpired lock of an item, if any. */
export async function findActiveLock(db: Db, modelKey: string, contentId: number, now = Date.now()): Promise<HeldLock | undefined> {
  return db
    .selectFrom("edit_locks")
    .innerJoin("profiles", "profiles.id", "edit_locks.profile_id")
    .select(["edit_locks.profile_id", "profiles.name", "edit_locks.expires_at"])
    .where("edit_locks.model_key", "=", modelKey)
    .where("edit_locks.content_id", "=", contentId)
    .where("edit_locks.expires_at", ">", now)
    .executeTakeFirst();
}

/**
 * Takes or renews the lock for a profile in one statement, so two instances racing for it cannot
 * both win: the row is written only when it is free, expired or already the profile's own.
 * Answers the lock as it stands afterwards (the profile's, or someone else's). A release landing between the write and
 * the read leaves the item free, so it is taken again (it answered a 500, "vanished", 1 time in 40 under such a race).
 */
export async function takeLock(db: Db, modelKey: string, contentId: number, profileId: number, seconds: number, now = Date.now()): Promise<HeldLock> {
  for (let attempt = 1; ; attempt++) {
    await writeLock(db, modelKey, contentId, profileId, now, now + seconds * 1000);
    const lock = await findActiveLock(db, modelKey, contentId, now);
    if (lock) return lock;
    if (attempt === 3) throw new Error("edit lock released after each of 3 writes");
  }
}

/** Writes the profile's lock unless another profile holds one unexpired. */
async function writeLock(db: Db, modelKey: string, contentId: number, profileId: number, now: number, expiresAt: number): Promise<void> {
  await db
    .insertInto("edit_locks")
    .values({ model_key: modelKey, content_id: contentId, profile_id: profileId, acquired_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .columns(["model_key", "content_id"])
        .doUpdateSet({
          // A renewal keeps the original acquired_at; a takeover starts a new one.
          acquired_at: sql`case when edit_locks.profile_id = ${profileId} then edit_locks.acquired_at else ${now} end`,
          profile_id: profileId,
          expires_at: expiresAt,
        })
        .where((eb) => eb.or([eb("edit_locks.profile_id", "=", profileId), eb("edit_locks.expires_at", "<=", now)])),
    )
    .execute();
}

/** Releases an item's lock. */
export async function releaseLock(db: Db, modelKey: string, contentId: number): Promise<void> {
  await db.deleteFrom("edit_locks").where("model_key", "=", modelKey).where("content_id", "=", contentId).execute();
}
