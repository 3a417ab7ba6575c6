import type { Db } from "../db/connection.js";
import type { Content, Profile } from "../db/schema.js";
import { recordContentChange } from "./createContent.js";

/** A recommendation to store: the item, the sender, the recipients (profiles or groups, by kind) and the note. */
export interface Recommendation {
  item: Content;
  senderId: number;
  recipients: Map<number, Profile["kind"]>;
  note: string;
  /** Grant the recipients read (the caller has checked the sender may manage the item's permissions). */
  grantRead: boolean;
}

/**
 * Stores one recommendation row per recipient and, when asked, adds a read grant for each recipient that lacks one
 * (a group's grant is the group scope's read), in one transaction; a grant change is logged so search sees it at once.
 * The item's visibility is unchanged: a profile or group grant never widens it.
 */
export async function recommendContent(db: Db, r: Recommendation): Promise<void> {
  const now = new Date().toISOString();
  const ids = [...r.recipients.keys()];
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("recommendations").values(ids.map((id) => ({ content_id: r.item.id, sender_id: r.senderId, recipient_id: id, note: r.note, created_at: now }))).execute();
    if (!r.grantRead) return;
    const existing = await trx
      .selectFrom("content_grants")
      .select("profile_id")
      .where("content_id", "=", r.item.id)
      .where("scope", "in", ["profile", "group"])
      .where("profile_id", "in", ids)
      .where("permission", "in", ["read", "edit"])
      .execute();
    const granted = new Set(existing.map((g) => g.profile_id));
    const rows = ids
      .filter((id) => !granted.has(id))
      .map((id) => ({ content_id: r.item.id, scope: r.recipients.get(id) === "group" ? ("group" as const) : ("profile" as const), profile_id: id, permission: "read" }));
    if (!rows.length) return;
    await trx.insertInto("content_grants").values(rows).execute();
    await recordContentChange(trx, r.item.id);
  });
}
