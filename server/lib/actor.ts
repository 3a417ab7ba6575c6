import type { Db } from "../db/connection.js";
import type { Profile } from "../db/schema.js";

/** Who is asking: a guest, or a signed-in profile with its roles and group memberships. */
export interface Actor {
  profile: Profile | null;
  signedIn: boolean;
  isAdmin: boolean;
  isModerator: boolean;
  permissions: string[];
  /** Groups the profile belongs to, with the role held in each. */
  groups: { groupId: number; role: "leader" | "member" }[];
}

export const GUEST: Actor = { profile: null, signedIn: false, isAdmin: false, isModerator: false, permissions: [], groups: [] };

/** Loads the actor for a profile id (null or unknown id: a guest). */
export async function loadActor(db: Db, profileId: number | null | undefined): Promise<Actor> {
  if (!profileId) return GUEST;
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", profileId).where("kind", "=", "user").executeTakeFirst();
  if (!profile) return GUEST;
  const groups = await db.selectFrom("group_members").select(["group_id", "role"]).where("profile_id", "=", profileId).execute();
  return actorOf(profile, groups);
}

/** Ids per query when loading many actors: well inside both databases' limits on a statement's parameters. */
const ACTORS_PER_QUERY = 500;

/**
 * Loads the actors of many profiles at once, the same as loadActor would one by one, in two queries per 500 ids (not
 * two per profile). Every id asked for is in the answer: an unknown id, or one of no user profile, is a guest.
 */
export async function loadActors(db: Db, profileIds: readonly number[]): Promise<Map<number, Actor>> {
  const ids = [...new Set(profileIds)].filter((id) => id > 0);
  const profiles = new Map<number, Profile>();
  const groups = new Map<number, { group_id: number; role: "leader" | "member" }[]>();
  for (let i = 0; i < ids.length; i += ACTORS_PER_QUERY) {
    const chunk = ids.slice(i, i + ACTORS_PER_QUERY);
    for (const profile of await db.selectFrom("profiles").selectAll().where("id", "in", chunk).where("kind", "=", "user").execute()) profiles.set(profile.id, profile);
    const found = chunk.filter((id) => profiles.has(id));
    if (!found.length) continue;
    const rows = await db.selectFrom("group_members").select(["profile_id", "group_id", "role"]).where("profile_id", "in", found).execute();
    for (const { profile_id, group_id, role } of rows) groups.set(profile_id, [...(groups.get(profile_id) ?? []), { group_id, role }]);
  }
  const actors = new Map<number, Actor>(profileIds.map((id) => [id, GUEST]));
  for (const [id, profile] of profiles) actors.set(id, actorOf(profile, groups.get(id) ?? []));
  return actors;
}

/** A signed-in profile's actor from its row and its group memberships. */
function actorOf(profile: Profile, groups: { group_id: number; role: "leader" | "member" }[]): Actor {
  return {
    profile,
    signedIn: true,
    isAdmin: profile.is_admin === 1,
    isModerator: profile.is_moderator === 1,
    permissions: parsePermissions(profile.permissions),
    groups: groups.map((g) => ({ groupId: g.group_id, role: g.role })),
  };
}

/** Reads the profile's stored permission names (a JSON array), tolerating bad data. */
export function parsePermissions(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
