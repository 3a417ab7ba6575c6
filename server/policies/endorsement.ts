import type { Actor } from "../lib/actor.js";
import type { ContentSubject } from "./contentObject.js";
import { canManage as canManagePermissions } from "./permission.js";

/**
 * Managing an item's endorsements: whoever may manage its permissions (its owner, a moderator or an administrator),
 * since the second document puts badges, endorsements and permissions together as the item's management.
 */
export function canManage(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">): boolean {
  return canManagePermissions(actor, item);
}

/** Moderators (and administrators) may name any profile or group as endorser; other managers choose among the endorsement publishers. */
export function canChooseAnyEndorser(actor: Actor): boolean {
  return actor.signedIn && (actor.isModerator || actor.isAdmin);
}
