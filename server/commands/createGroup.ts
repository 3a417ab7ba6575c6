import type { Db } from "../db/connection.js";
import type { Content, Profile } from "../db/schema.js";
import { insertProfile } from "../models/profiles.js";
import { createContent } from "./createContent.js";

export interface CreateGroupInput {
  leaderId: number;
  name: string;
  shortName?: string;
  description: string;
  viewPermission: number;
  joinPermission: number;
  canRequestJoin: boolean;
}

/**
 * Creates a group: its profile (kind group), the leader's membership, and the searchable
 * profile:group content row. createContent runs its own transaction, so a failure there removes
 * the profile again rather than leaving a group nobody can find.
 */
export async function createGroup(db: Db, input: CreateGroupInput): Promise<{ group: Profile; content: Content }> {
  const group = await db.transaction().execute(async (trx) => {
    const row = await insertProfile(trx, {
      kind: "group",
      name: input.name,
      short_name: input.shortName || null,
      description: input.description,
      view_permission: input.viewPermission,
      join_permission: input.joinPermission,
      can_request_join: input.canRequestJoin ? 1 : 0,
    });
    await trx.insertInto("group_members").values({ group_id: row.id, profile_id: input.leaderId, role: "leader" }).execute();
    return row;
  });
  try {
    const content = await createContent(db, { modelKey: "profile", subType: "group", title: input.name, description: input.description, ownerId: input.leaderId, profileId: group.id });
    return { group, content };
  } catch (error) {
    await db.deleteFrom("group_members").where("group_id", "=", group.id).execute();
    await db.deleteFrom("profiles").where("id", "=", group.id).execute();
    throw error;
  }
}
