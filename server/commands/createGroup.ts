import type { Db } from "../db/connection.js";
import type { Content, Profile } from "../db/schema.js";
import { insertProfile } from "../models/profiles.js";
import { insertContent, type Visibility } from "./createContent.js";

/**
 * Who may see a group's page and find it in search, by its view permission (contract/create.ts: 1 Only members,
 * 2 Signed-in users, 3 Everyone): its profile:group row's visibility, with a read grant to the group itself when only
 * its members may see it (its leader owns the row).
 */
function groupVisibility(viewPermission: number, groupId: number): { visibility: Visibility; grantGroups: number[] } {
  if (viewPermission === 1) return { visibility: "restricted", grantGroups: [groupId] };
  if (viewPermission === 2) return { visibility: "authed", grantGroups: [] };
  return { visibility: "public", grantGroups: [] };
}

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
 * Creates a group in one transaction: its profile (kind group), the leader's membership, and the searchable
 * profile:group content row, visible as the view permission says.
 */
export async function createGroup(db: Db, input: CreateGroupInput): Promise<{ group: Profile; content: Content }> {
  return db.transaction().execute(async (trx) => {
    const group = await insertProfile(trx, {
      kind: "group",
      name: input.name,
      short_name: input.shortName || null,
      description: input.description,
      view_permission: input.viewPermission,
      join_permission: input.joinPermission,
      can_request_join: input.canRequestJoin ? 1 : 0,
    });
    await trx.insertInto("group_members").values({ group_id: group.id, profile_id: input.leaderId, role: "leader" }).execute();
    const content = await insertContent(trx, { modelKey: "profile", subType: "group", title: input.name, description: input.description, ownerId: input.leaderId, profileId: group.id, ...groupVisibility(input.viewPermission, group.id) });
    return { group, content };
  });
}
