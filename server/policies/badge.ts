import type { Actor } from "../lib/actor.js";
import type { ContentSubject } from "./contentObject.js";

/** Model keys whose items can hold badges: content, not profiles, groups or attribute items. */
const BADGEABLE = new Set(["resource", "lesson_plan", "collection", "outline", "project", "pathway", "cms_page"]);

/** Whether an item of this kind can hold badges. */
export function canHoldBadges(item: Pick<ContentSubject, "model_key">): boolean {
  return BADGEABLE.has(item.model_key);
}

/**
 * Awarding badges: moderators and administrators only. A badge is the site's word on an item ("Exemplar", "Peer
 * Reviewed"), so its owner may not award one to their own work.
 */
export function canAward(actor: Actor): boolean {
  return actor.signedIn && (actor.isModerator || actor.isAdmin);
}

/**
 * Awarding badges to an item as the request reached it: a moderator or administrator, but not by its link share alone
 * (`viewsOnlyByLink`), which gives viewing and nothing more; a moderator manages only what it may view.
 */
export function canAwardReached(actor: Actor, viewsOnlyByLink: boolean): boolean {
  return canAward(actor) && !viewsOnlyByLink;
}

/** Whether the actor may change this item's badges (the item page's Badges button), as the request reached the item. */
export function canManage(actor: Actor, item: Pick<ContentSubject, "model_key">, viewsOnlyByLink: boolean): boolean {
  return canAwardReached(actor, viewsOnlyByLink) && canHoldBadges(item);
}
