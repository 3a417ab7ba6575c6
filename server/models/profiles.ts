import crypto from "node:crypto";
import { sql } from "kysely";
import { recordContentChange } from "../commands/createContent.js";
import { isPostgres, type Db } from "../db/connection.js";
import type { Content, NewProfile, Profile } from "../db/schema.js";
import type { ViewScope } from "../policies/contentObject.js";
import { whereViewable } from "./content.js";
import { settleJoinRequestNotices } from "./notifications.js";

/** A fresh public identifier. */
export const newUid = (): string => crypto.randomBytes(9).toString("base64url");

/** Finds a user profile by username (case-insensitive) for sign-in. */
export async function findUserByUsername(db: Db, username: string): Promise<Profile | undefined> {
  return db.selectFrom("profiles").selectAll().where("kind", "=", "user").where("username", "=", username.toLowerCase()).executeTakeFirst();
}

/** Inserts a profile and returns it. */
export async function insertProfile(db: Db, values: Omit<NewProfile, "uid" | "created_at" | "updated_at"> & Partial<Pick<NewProfile, "uid" | "created_at" | "updated_at">>): Promise<Profile> {
  const now = new Date().toISOString();
  return db
    .insertInto("profiles")
    .values({ uid: newUid(), created_at: now, updated_at: now, ...values, username: values.username?.toLowerCase() ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A LIKE pattern for names holding `term`, lowercased. LIKE's wildcards are dropped from the term rather than
 * escaped (escaping differs between the databases); null when nothing is left to look for.
 */
export function containsPattern(term: string): string | null {
  const kept = term.trim().toLowerCase().replace(/[%_\\]/g, "");
  return kept ? `%${kept}%` : null;
}

/**
 * Publishers (the search screen's providers) whose name holds `term`, by name: those that publish something the
 * scope may list, as the search's publishers facet would show them, so a name is never learnt from restricted items.
 */
export async function findPublishers(db: Db, term: string, scope: ViewScope, limit: number): Promise<{ id: number; name: string }[]> {
  const like = containsPattern(term);
  if (!like) return [];
  return db
    .selectFrom("profiles")
    .select(["profiles.id", "profiles.name"])
    .where("profiles.is_publisher", "=", 1)
    .where(sql`lower(profiles.name)`, "like", like)
    .where(({ exists, selectFrom }) => exists(selectFrom("content").select("content.id").whereRef("content.publisher_id", "=", "profiles.id").where((eb) => whereViewable(eb, scope))))
    .orderBy("profiles.name")
    .orderBy("profiles.id")
    .limit(limit)
    .execute();
}

/** A profile's id and name (a user or a group), or undefined when there is none with that id. */
export async function findProfileName(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom("profiles").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

/** A profile's id, name and kind, or undefined when there is none with that id. */
export async function findProfileKind(db: Db, id: number): Promise<{ id: number; name: string; kind: Profile["kind"] } | undefined> {
  return db.selectFrom("profiles").select(["id", "name", "kind"]).where("id", "=", id).executeTakeFirst();
}

/** The ids and names of the given profiles (unknown ids are left out), by name. */
export async function listProfileNames(db: Db, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return db.selectFrom("profiles").select(["id", "name"]).where("id", "in", ids).orderBy("name").execute();
}

/**
 * Profiles (users and groups) whose name holds `term`, by name, at most `limit`; none when the term is empty. Names
 * only: matching usernames too let any member find out, three letters at a time, what others sign in with.
 */
export async function findProfilesMatching(db: Db, term: string, limit: number, narrow: ProfileMatchNarrowing = {}): Promise<{ id: number; name: string; kind: Profile["kind"] }[]> {
  const like = containsPattern(term);
  if (!like) return [];
  const { kind, exclude = [], withinGroupsOf, groupsOnlyOf, notInGroup } = narrow;
  const groupsOf = (profileId: number) => db.selectFrom("group_members").select("group_id").where("profile_id", "=", profileId);
  return db
    .selectFrom("profiles")
    .select(["id", "name", "kind"])
    .where(sql`lower(name)`, "like", like)
    .$if(kind !== undefined, (q) => q.where("kind", "=", kind!))
    .$if(exclude.length > 0, (q) => q.where("id", "not in", [...exclude]))
    .$if(notInGroup !== undefined, (q) => q.where("id", "not in", (eb) => eb.selectFrom("group_members").select("profile_id").where("group_id", "=", notInGroup!)))
    .$if(withinGroupsOf !== undefined, (q) =>
      q.where((eb) => {
        const groupsOfAsker = groupsOf(withinGroupsOf!);
        const peopleOfThem = eb.selectFrom("group_members as fellow").select("fellow.profile_id").where("fellow.group_id", "in", groupsOfAsker);
        return eb.or([eb.and([eb("kind", "=", "group"), eb("id", "in", groupsOfAsker)]), eb.and([eb("kind", "=", "user"), eb("id", "in", peopleOfThem)])]);
      }),
    )
    .$if(groupsOnlyOf !== undefined, (q) => q.where((eb) => eb.or([eb("kind", "=", "user"), eb("id", "in", groupsOf(groupsOnlyOf!))])))
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/**
 * What findProfilesMatching may be narrowed to: one kind, without some ids, within one person's groups (its groups and
 * their people), every person but only one person's groups, outside one group.
 */
export interface ProfileMatchNarrowing {
  kind?: Profile["kind"];
  exclude?: readonly number[];
  withinGroupsOf?: number;
  groupsOnlyOf?: number;
  notInGroup?: number;
}

/** A profile by its uid (users and groups). */
export function findProfileByUid(db: Db, uid: string): Promise<Profile | undefined> {
  return db.selectFrom("profiles").selectAll().where("uid", "=", uid).executeTakeFirst();
}

/** The content item that is the group's page (model key profile), if it has one. */
export function findGroupPage(db: Db, groupId: number): Promise<Pick<Content, "id" | "model_key" | "sub_type" | "uid" | "owner_id" | "visibility"> | undefined> {
  return db.selectFrom("content").select(["id", "model_key", "sub_type", "uid", "owner_id", "visibility"]).where("model_key", "=", "profile").where("profile_id", "=", groupId).orderBy("id").executeTakeFirst();
}

/**
 * Sets how people join the group whose page this is (an id of contract/create.ts GROUP_JOIN_PERMISSIONS; can_request_join
 * left as it is when not given). Search's cards say how one joins a group, so the page's change is recorded with it:
 * the in-memory index's cached card of the page is read again.
 */
export async function setGroupJoinPermission(db: Db, page: Pick<Content, "id" | "profile_id">, joinPermission: number, canRequestJoin?: boolean): Promise<void> {
  if (page.profile_id === null) return;
  const groupId = page.profile_id;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("profiles")
      .set({ join_permission: joinPermission, ...(canRequestJoin === undefined ? {} : { can_request_join: canRequestJoin ? 1 : 0 }), updated_at: new Date().toISOString() })
      .where("id", "=", groupId)
      .where("kind", "=", "group")
      .execute();
    await recordContentChange(trx, page.id);
  });
}

/** How people join a group: its join permission (contract/create.ts GROUP_JOIN_PERMISSIONS) and its can_request_join. */
export interface GroupJoining {
  joinPermission: number | null;
  canRequestJoin: boolean;
}

/** A group's join permission (null when unset or not a group) and whether it takes requests besides (can_request_join). */
export async function findGroupJoining(db: Db, groupId: number): Promise<GroupJoining> {
  const row = await db.selectFrom("profiles").select(["join_permission", "can_request_join"]).where("id", "=", groupId).where("kind", "=", "group").executeTakeFirst();
  return { joinPermission: row?.join_permission ?? null, canRequestJoin: Boolean(row?.can_request_join) };
}

/** One person of a group with the profile fields its Members card shows. */
export interface GroupMemberRow {
  id: number;
  uid: string;
  name: string;
  role: "leader" | "member";
}

/**
 * One page (from 1, `per` a page) of a group's people, leaders first ("leader" sorts before "member"), each part by
 * name, how many there are in all, and its only leader's id when it has one only (null otherwise), on every page.
 */
export async function listGroupMembers(db: Db, groupId: number, page: number, per: number): Promise<{ rows: GroupMemberRow[]; total: number; soleLeaderId: number | null }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom("group_members")
      .innerJoin("profiles", "profiles.id", "group_members.profile_id")
      .select(["profiles.id", "profiles.uid", "profiles.name", "group_members.role"])
      .where("group_members.group_id", "=", groupId)
      .orderBy("group_members.role")
      .orderBy(sql`lower(profiles.name)`)
      .orderBy("profiles.id")
      .limit(per)
      .offset((page - 1) * per)
      .execute(),
    // Everyone, and the leaders: their count, and one of them (the only one when they count 1).
    db
      .selectFrom("group_members")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        eb.fn.count<number | string>(eb.case().when("role", "=", "leader").then(eb.ref("profile_id")).end()).as("leaders"),
        eb.fn.min<number | null>(eb.case().when("role", "=", "leader").then(eb.ref("profile_id")).end()).as("leader"),
      ])
      .where("group_id", "=", groupId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.n), soleLeaderId: Number(counts.leaders) === 1 ? Number(counts.leader) : null };
}

/** Takes a plain member out of the group (leaders are never removed this way). */
export async function removeGroupMember(db: Db, groupId: number, profileId: number): Promise<void> {
  await db.deleteFrom("group_members").where("group_id", "=", groupId).where("profile_id", "=", profileId).where("role", "=", "member").execute();
}

/** Sets a profile's photo address. */
export async function setProfileThumb(db: Db, id: number, thumbUrl: string | null): Promise<void> {
  await db.updateTable("profiles").set({ thumb_url: thumbUrl, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
}

/** A person's role in a group, or null when not in it. */
export async function findGroupRole(db: Db, groupId: number, profileId: number): Promise<"leader" | "member" | null> {
  const row = await db.selectFrom("group_members").select("role").where("group_id", "=", groupId).where("profile_id", "=", profileId).executeTakeFirst();
  return row?.role ?? null;
}

/**
 * Makes the profile a plain member of the group: false when it was already in it (nothing then changes). Someone in
 * the group has nothing left to ask, so a pending request of theirs to join it goes (joined, added or approved alike).
 */
export async function addGroupMember(db: Db, groupId: number, profileId: number): Promise<boolean> {
  const result = await db.insertInto("group_members").values({ group_id: groupId, profile_id: profileId, role: "member" }).onConflict((oc) => oc.columns(["group_id", "profile_id"]).doNothing()).executeTakeFirst();
  const request = await db.deleteFrom("group_join_requests").where("group_id", "=", groupId).where("profile_id", "=", profileId).executeTakeFirst();
  // Its leaders' notifications of the request go with it (as when one is approved, declined or withdrawn).
  if (Number(request.numDeletedRows) > 0) await settleJoinRequestNotices(db, groupId, profileId);
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A group's page is owned by one of its leaders (commands/createGroup.ts, commands/changeOwner.ts), and its owner views,
 * edits and manages it whatever their role: when that leader is removed or made a plain member, the page goes to
 * `heirId`, one of the leaders who stay (its edit lock dropped, search told), so the one who left keeps no hold on it.
 */
async function handGroupPageOn(trx: Db, groupId: number, formerLeaderId: number, heirId: number): Promise<void> {
  const pages = await trx.selectFrom("content").select(["id", "model_key"]).where("model_key", "=", "profile").where("profile_id", "=", groupId).where("owner_id", "=", formerLeaderId).execute();
  for (const page of pages) {
    await trx.updateTable("content").set({ owner_id: heirId, updated_at: new Date().toISOString() }).where("id", "=", page.id).execute();
    await trx.deleteFrom("edit_locks").where("content_id", "=", page.id).where("model_key", "=", page.model_key).execute();
    await recordContentChange(trx, page.id);
  }
}

/**
 * Removes a person from the group (change "remove") or sets their role, never leaving the group without a leader; the
 * group's page, when theirs, goes to a leader who stays (handGroupPageOn).
 * The group's leader rows are locked first on PostgreSQL, so two leaders stepping down at once cannot both succeed
 * (SQLite runs one write transaction at a time).
 */
export async function changeGroupMember(db: Db, groupId: number, profileId: number, change: "remove" | "leader" | "member"): Promise<"done" | "notInGroup" | "lastLeader"> {
  return db.transaction().execute(async (trx) => {
    const leaders = await trx
      .selectFrom("group_members")
      .select("profile_id")
      .where("group_id", "=", groupId)
      .where("role", "=", "leader")
      .$if(isPostgres(db), (q) => q.forUpdate())
      .execute();
    const role = await findGroupRole(trx, groupId, profileId);
    if (role === null) return "notInGroup";
    const stepsDown = role === "leader" && change !== "leader";
    if (stepsDown && leaders.every((l) => l.profile_id === profileId)) return "lastLeader";
    if (change === "remove") await trx.deleteFrom("group_members").where("group_id", "=", groupId).where("profile_id", "=", profileId).execute();
    else await trx.updateTable("group_members").set({ role: change }).where("group_id", "=", groupId).where("profile_id", "=", profileId).execute();
    if (stepsDown) await handGroupPageOn(trx, groupId, profileId, Math.min(...leaders.map((l) => l.profile_id).filter((id) => id !== profileId)));
    return "done";
  });
}
