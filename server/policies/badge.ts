import type { Actor } from "../lib/actor.js";
import type { ContentSubject } from "./contentObject.js";
import { canManage as canManagePermissions } from "./permission.js";

/**
 * Awarding badges to an item: moderators and administrators only, on the items whose permissions can be managed. A badge
 * is the site's word on an item ("Exemplar", "Peer Reviewed"), so its owner may not award one to their own work.
 */
export function canManage(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">): boolean {
  return (actor.isModerator || actor.isAdmin) && canManagePermissions(actor, item);
}
