import type { Db } from "../db/connection.js";
import type { PermissionRequest, Profile } from "../db/schema.js";

/** One grant row of an item with the name and kind of the profile or group it names (none for global/authed). */
export interface GrantRow {
  scope: "global" | "authed" | "link" | "locked" | "profile" | "group";
  profile_id: number | null;
  permission: string;
  name: string | null;
  kind: Profile["kind"] | null;
}

/** Every grant of an item, with the names of the profiles and groups they name. */
export async function listGrants(db: Db, contentId: number): Promise<GrantRow[]> {
  return db
    .selectFrom("content_grants")
    .leftJoin("profiles", "profiles.id", "content_grants.profile_id")
    .select(["content_grants.scope", "content_grants.profile_id", "content_grants.permission", "profiles.name", "profiles.kind"])
    .where("content_grants.content_id", "=", contentId)
    .orderBy("content_grants.id")
    .execute();
}

/** The kinds of the given profile ids (unknown ids are left out). */
export async function profileKinds(db: Db, ids: number[]): Promise<Map<number, Profile["kind"]>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom("profiles").select(["id", "kind"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** An access request with its requester's name, uid and thumbnail. */
export type RequestRow = PermissionRequest & { requester_name: string; requester_uid: string; requester_thumb: string | null };

/** An item's undecided and rejected requests, oldest first (accepted ones became grants). */
export async function listOpenRequests(db: Db, contentId: number): Promise<RequestRow[]> {
  return db
    .selectFrom("permission_requests")
    .innerJoin("profiles", "profiles.id", "permission_requests.profile_id")
    .selectAll("permission_requests")
    .select(["profiles.name as requester_name", "profiles.uid as requester_uid", "profiles.thumb_url as requester_thumb"])
    .where("permission_requests.content_id", "=", contentId)
    .where("permission_requests.status", "in", ["pending", "rejected"])
    .orderBy("permission_requests.created_at")
    .orderBy("permission_requests.id")
    .execute();
}

/** The profile's request on an item, if it made one. */
export async function findRequest(db: Db, contentId: number, profileId: number): Promise<PermissionRequest | undefined> {
  return db.selectFrom("permission_requests").selectAll().where("content_id", "=", contentId).where("profile_id", "=", profileId).executeTakeFirst();
}

/**
 * Records a pending request: a new row, or the profile's earlier one (rejected or accepted and since revoked)
 * reopened with the new reason. The unique (content, profile) pair keeps one row per profile and item on both databases;
 * undefined when a request is already pending (also one sent at the same moment: no unique-violation 500).
 */
export async function openRequest(db: Db, contentId: number, profileId: number, reason: string): Promise<PermissionRequest | undefined> {
  const now = new Date().toISOString();
  const existing = await findRequest(db, contentId, profileId);
  if (existing) {
    return db.updateTable("permission_requests").set({ status: "pending", reason, created_at: now, decided_at: null }).where("id", "=", existing.id).where("status", "!=", "pending").returningAll().executeTakeFirst();
  }
  return db
    .insertInto("permission_requests")
    .values({ content_id: contentId, profile_id: profileId, reason, status: "pending", created_at: now, decided_at: null })
    .onConflict((oc) => oc.columns(["content_id", "profile_id"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}
