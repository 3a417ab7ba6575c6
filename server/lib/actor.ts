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
