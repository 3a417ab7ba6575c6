import type { Actor } from "../lib/actor.js";
import { isOwner, type ContentSubject } from "./contentObject.js";

/** Model keys whose items have permissions to manage (profiles and attribute items do not). */
const MANAGEABLE = new Set(["resource", "lesson_plan", "collection", "outline", "project", "pathway", "cms_page"]);

/**
 * Managing who may see and edit an item: its owner (a leader of an owning group too, see isOwner), an admin or a
 * moderator (who may already edit everything).
 * An edit grant does not carry it: editing an item's body is not widening its audience.
 */
export function canManage(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">): boolean {
  return actor.signedIn && MANAGEABLE.has(item.model_key) && (isOwner(actor, item) || actor.isAdmin || actor.isModerator);
}

/** Sharing an item with anyone who holds its link (view only): whoever may manage its permissions. */
export function canAddLinkShare(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">): boolean {
  return canManage(actor, item);
}

/** Requesting access: a signed-in profile that may not view the item yet (the caller decides viewing). */
export function canRequestAccess(actor: Actor, item: Pick<ContentSubject, "model_key">, canView: boolean): boolean {
  return actor.signedIn && MANAGEABLE.has(item.model_key) && !canView;
}
