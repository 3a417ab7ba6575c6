import type { Db } from "../db/connection.js";

/** The ids among contentIds that the profile has favorited. */
export async function favoriteIdsAmong(db: Db, profileId: number | null, contentIds: number[]): Promise<Set<number>> {
  if (!profileId || !contentIds.length) return new Set();
  const rows = await db.selectFrom("favorites").select("content_id").where("profile_id", "=", profileId).where("content_id", "in", contentIds).execute();
  return new Set(rows.map((r) => r.content_id));
}

/** Every item the profile has favorited (its "My favorites"). */
export async function favoriteIdsOf(db: Db, profileId: number): Promise<number[]> {
  return (await db.selectFrom("favorites").select("content_id").where("profile_id", "=", profileId).execute()).map((r) => r.content_id);
}

/** Sets whether the profile favorites the item; returns the final value. Idempotent. */
export async function setFavorite(db: Db, profileId: number, contentId: number, value: boolean): Promise<boolean> {
  if (value) {
    await db
      .insertInto("favorites")
      .values({ profile_id: profileId, content_id: contentId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["profile_id", "content_id"]).doNothing())
      .execute();
  } else {
    await db.deleteFrom("favorites").where("profile_id", "=", profileId).where("content_id", "=", contentId).execute();
  }
  return value;
}

/**
 * Flips whether the profile favorites the item and returns the new value, in one statement a flip: the row is inserted
 * unless there, else deleted. Reading first and then writing the opposite lost flips under concurrent toggles (20 at
 * once, even in number, left the item favorited); here each toggle takes effect exactly once. A flip whose row another
 * request removed (or added) in between tries again.
 */
export async function toggleFavorite(db: Db, profileId: number, contentId: number): Promise<boolean> {
  for (;;) {
    const inserted = await db
      .insertInto("favorites")
      .values({ profile_id: profileId, content_id: contentId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["profile_id", "content_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
    const deleted = await db.deleteFrom("favorites").where("profile_id", "=", profileId).where("content_id", "=", contentId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return false;
  }
}
