import type { Db } from "../db/connection.js";
import type { PermissionInvitesTable } from "../db/schema.js";
import type { Selectable } from "kysely";

export type PermissionInviteRow = Selectable<PermissionInvitesTable>;

/** An item's pending invites, by address. */
export async function listInvites(db: Db, contentId: number): Promise<PermissionInviteRow[]> {
  return db.selectFrom("permission_invites").selectAll().where("content_id", "=", contentId).orderBy("email").execute();
}
