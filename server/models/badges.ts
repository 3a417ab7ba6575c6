import type { Db } from "../db/connection.js";

/** A badge row as the API shows it; `created_at` is when the item was awarded it (null in the list of all badges). */
export interface BadgeRow {
  id: number;
  name: string;
  description: string;
  icon: string;
  created_at: string | null;
}

/** Every badge there is, in the site's order. */
export async function listBadges(db: Db): Promise<BadgeRow[]> {
  const rows = await db.selectFrom("badges").select(["id", "name", "description", "icon"]).orderBy("sort_order").orderBy("id").execute();
  return rows.map((b) => ({ ...b, created_at: null }));
}

/** The badges an item holds, in the site's order, with when each was awarded. */
export async function listContentBadges(db: Db, contentId: number): Promise<BadgeRow[]> {
  return db
    .selectFrom("content_badges as cb")
    .innerJoin("badges as b", "b.id", "cb.badge_id")
    .select(["b.id", "b.name", "b.description", "b.icon", "cb.created_at"])
    .where("cb.content_id", "=", contentId)
    .orderBy("b.sort_order")
    .orderBy("b.id")
    .execute();
}

/** Makes the item hold exactly these badges: those it keeps keep their award time, new ones are awarded now. */
export async function setContentBadges(db: Db, contentId: number, badgeIds: number[], awardedBy: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const held = new Set((await trx.selectFrom("content_badges").select("badge_id").where("content_id", "=", contentId).execute()).map((r) => r.badge_id));
    const wanted = new Set(badgeIds);
    const dropped = [...held].filter((id) => !wanted.has(id));
    const added = [...wanted].filter((id) => !held.has(id));
    if (dropped.length) await trx.deleteFrom("content_badges").where("content_id", "=", contentId).where("badge_id", "in", dropped).execute();
    if (added.length) {
      const now = new Date().toISOString();
      await trx
        .insertInto("content_badges")
        .values(added.map((badge_id) => ({ content_id: contentId, badge_id, awarded_by: awardedBy, created_at: now })))
        .onConflict((oc) => oc.columns(["content_id", "badge_id"]).doNothing())
        .execute();
    }
  });
}
