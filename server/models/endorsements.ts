import type { Db } from "../db/connection.js";

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

/** The endorsement publishers (publisher profiles) among the given ones, by name. */
export async function listEndorsementPublishers(db: Db, among: number[]): Promise<{ id: number; name: string; thumb_url: string | null; kind: "user" | "group" }[]> {
  if (!among.length) return [];
  return db.selectFrom("profiles").select(["id", "name", "thumb_url", "kind"]).where("is_publisher", "=", 1).where("id", "in", among).orderBy("name").orderBy("id").execute();
}

/** The profiles among `ids` that are endorsement publishers. */
export async function publisherIdsAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom("profiles").select("id").where("is_publisher", "=", 1).where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}
