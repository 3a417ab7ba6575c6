import type { Db } from "../db/connection.js";
import { settleJoinRequestNotices } from "./notifications.js";
import { addGroupMember } from "./profiles.js";

/** A pending request to join a group, with the requester's name and uid (the Members card shows them). */
export interface GroupJoinRequestRow {
  profile_id: number;
  uid: string;
  name: string;
  created_at: string;
}

/** Records the person's request to join the group: false when one was pending already (nothing then changes). */
export async function createJoinRequest(db: Db, groupId: number, profileId: number): Promise<boolean> {
  const result = await db
    .insertInto("group_join_requests")
    .values({ group_id: groupId, profile_id: profileId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["group_id", "profile_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** When the person asked to join the group, or null when no request of theirs is pending. */
export async function findJoinRequest(db: Db, groupId: number, profileId: number): Promise<string | null> {
  const row = await db.selectFrom("group_join_requests").select("created_at").where("group_id", "=", groupId).where("profile_id", "=", profileId).executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Deletes the person's pending request (withdrawn, declined, or approved: see approveJoinRequest), and marks read the
 * leaders' notifications of it: false when there was none.
 */
export async function deleteJoinRequest(db: Db, groupId: number, profileId: number): Promise<boolean> {
  const result = await db.deleteFrom("group_join_requests").where("group_id", "=", groupId).where("profile_id", "=", profileId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  await settleJoinRequestNotices(db, groupId, profileId);
  return true;
}

/**
 * Approves the person's pending request: the request goes and the person becomes a member, in one transaction, so two
 * leaders approving at once let them in once. False when no request was pending.
 */
export async function approveJoinRequest(db: Db, groupId: number, profileId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await deleteJoinRequest(trx, groupId, profileId))) return false;
    await addGroupMember(trx, groupId, profileId);
    return true;
  });
}

/** The group's first `limit` pending requests, oldest first, and how many there are in all. */
export async function listJoinRequests(db: Db, groupId: number, page: number, per: number): Promise<{ rows: GroupJoinRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("group_join_requests")
      .innerJoin("profiles", "profiles.id", "group_join_requests.profile_id")
      .select(["group_join_requests.profile_id", "profiles.uid", "profiles.name", "group_join_requests.created_at"])
      .where("group_join_requests.group_id", "=", groupId)
      .orderBy("group_join_requests.created_at")
      .orderBy("group_join_requests.profile_id")
      .limit(per)
      .offset((page - 1) * per)
      .execute(),
    db.selectFrom("group_join_requests").select((eb) => eb.fn.countAll<number | string>().as("n")).where("group_id", "=", groupId).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The ids of the group's leaders (they answer its requests). */
export async function groupLeaderIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.selectFrom("group_members").select("profile_id").where("group_id", "=", groupId).where("role", "=", "leader").execute();
  return rows.map((r) => r.profile_id);
}
