import type { Db } from "../db/connection.js";
import type { Content } from "../db/schema.js";
import type { ContentGrantsSubject } from "../policies/contentObject.js";

/** Finds a content object by model key and id ("resource:12"). */
export async function findByTypeKey(db: Db, modelKey: string, id: number): Promise<Content | undefined> {
  return db.selectFrom("content").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
}

/** The read grants of an item for profiles and groups. */
export async function readGrants(db: Db, contentId: number): Promise<ContentGrantsSubject> {
  const rows = await db
    .selectFrom("content_grants")
    .select(["scope", "profile_id"])
    .where("content_id", "=", contentId)
    .where("permission", "=", "read")
    .where("scope", "in", ["profile", "group"])
    .execute();
  return {
    profileIds: rows.filter((r) => r.scope === "profile" && r.profile_id !== null).map((r) => r.profile_id!),
    groupIds: rows.filter((r) => r.scope === "group" && r.profile_id !== null).map((r) => r.profile_id!),
  };
}
