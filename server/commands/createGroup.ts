import type { Db } from "../db/connection.js";
import type { Content, Profile } from "../db/schema.js";
import { insertProfile } from "../models/profiles.js";
import { groupPolicy } from "../policies/index.js";
import { insertContent } from "./createContent.js";

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
    // The page is shown as the view permission says (its feed and discussions follow it).
    const { visibility, readByGroup } = groupPolicy.pageVisibility(input.viewPermission);
    const content = await insertContent(trx, { modelKey: "profile", subType: "group", title: input.name, description: input.description, ownerId: input.leaderId, profileId: group.id, visibility, grantGroups: readByGroup ? [group.id] : [] });
    return { group, content };
  });
}
