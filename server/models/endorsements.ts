import type { Db } from "../db/connection.js";
import type { EndorsementType } from "../../contract/index.js";

/** An item's endorsement with its endorser's name, picture and kind. */
export interface EndorsementRow {
  id: number;
  type: string;
  publish_to_public: number;
  created_at: string;
  profile_id: number;
  name: string;
  thumb_url: string | null;
  kind: "user" | "group";
}

/** An item's endorsements (those shown to everyone only, when asked), as added. */
export async function listEndorsements(db: Db, contentId: number, options: { publicOnly?: boolean } = {}): Promise<EndorsementRow[]> {
  let query = db
    .selectFrom("content_endorsements as e")
    .innerJoin("profiles as p", "p.id", "e.profile_id")
    .select(["e.id", "e.type", "e.publish_to_public", "e.created_at", "e.profile_id", "p.name", "p.thumb_url", "p.kind"])
    .where("e.content_id", "=", contentId);
  if (options.publicOnly) query = query.where("e.publish_to_public", "=", 1);
  return query.orderBy("e.id").execute();
}

/** The endorsement publishers (publisher profiles) other than the given ones, by name. */
export async function listEndorsementPublishers(db: Db, except: number[], limit = 200): Promise<{ id: number; name: string; thumb_url: string | null; kind: "user" | "group" }[]> {
  let query = db.selectFrom("profiles").select(["id", "name", "thumb_url", "kind"]).where("is_publisher", "=", 1);
  if (except.length) query = query.where("id", "not in", except);
  return query.orderBy("name").orderBy("id").limit(limit).execute();
}

/** The profiles among `ids` that are endorsement publishers. */
export async function publisherIdsAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom("profiles").select("id").where("is_publisher", "=", 1).where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** The changes one save makes to an item's endorsements, already checked against them. */
export interface EndorsementChanges {
  removed: number[];
  changed: { id: number; type: EndorsementType; publishToPublic: boolean }[];
  added: { profileId: number; type: EndorsementType; publishToPublic: boolean }[];
}

/** Applies a save's changes in one transaction. */
export async function saveEndorsements(db: Db, contentId: number, actorId: number, changes: EndorsementChanges): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    if (changes.removed.length) await trx.deleteFrom("content_endorsements").where("content_id", "=", contentId).where("id", "in", changes.removed).execute();
    for (const c of changes.changed) {
      await trx.updateTable("content_endorsements").set({ type: c.type, publish_to_public: c.publishToPublic ? 1 : 0, updated_at: now }).where("content_id", "=", contentId).where("id", "=", c.id).execute();
    }
    if (changes.added.length) {
      await trx
        .insertInto("content_endorsements")
        .values(changes.added.map((a) => ({ content_id: contentId, profile_id: a.profileId, type: a.type, publish_to_public: a.publishToPublic ? 1 : 0, created_by: actorId, created_at: now, updated_at: now })))
        .execute();
    }
  });
}
