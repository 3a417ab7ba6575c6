import type { Actor } from "../lib/actor.js";
import { canView, isOwner, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";

/** Model keys whose items have permissions to manage (profiles and attribute items do not). */
const MANAGEABLE = new Set(["resource", "lesson_plan", "collection", "outline", "project", "pathway", "cms_page"]);

/**
 * The one rule of managing: the owner (a leader of an owning group too, see isOwner) and admins always; a moderator
 * only an item it may view other than through a link share (`viewsItem`), as it edits only what it may open.
 */
function manages(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">, viewsItem: boolean): boolean {
  return actor.signedIn && MANAGEABLE.has(item.model_key) && (isOwner(actor, item) || actor.isAdmin || (actor.isModerator && viewsItem));
}

/**
 * Managing who may see and edit an item: its owner (a leader of an owning group too), an admin, or a moderator who may
 * view it (public, signed-in, or granted to it or its groups; not by a link share alone). A moderator is no super user
 * (only admins may ignore permissions), so it may not open someone's restricted item, nor grant itself into one.
 * An edit grant does not carry it: editing an item's body is not widening its audience.
 * `grants` are the item's read grants (contentObject.canView), when it is not public.
 */
export function canManage(actor: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return manages(actor, item, canView(actor, item, grants));
}

/** Managing an item already shown to the actor (so viewable): as canManage, where `viewsOnlyByLink` says it sees the item only through its link share. */
export function canManageShown(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">, viewsOnlyByLink: boolean): boolean {
  return manages(actor, item, !viewsOnlyByLink);
}

/** Sharing an item with anyone who holds its link (view only): whoever may manage its permissions. */
export function canAddLinkShare(actor: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canManage(actor, item, grants);
}

/** Replacing an item's link (the old one stops opening it): whoever may manage its permissions. */
export function canMakeNewLink(actor: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canManage(actor, item, grants);
}

/** Requesting access: a signed-in profile that may not view the item yet (the caller decides viewing). */
export function canRequestAccess(actor: Actor, item: Pick<ContentSubject, "model_key">, canView: boolean): boolean {
  return actor.signedIn && MANAGEABLE.has(item.model_key) && !canView;
}

/** Taking an e-mail invite by its mailed link: any signed-in profile (holding the link's secret is the proof). */
export const canAcceptInvite = (actor: Actor): boolean => actor.signedIn;
