import type { Actor } from "../lib/actor.js";
import type { ContentGrantsSubject, ContentSubject } from "./contentObject.js";
import { canManage as canManagePermissions, canManageShown as canManagePermissionsShown } from "./permission.js";

/**
 * Managing an item's endorsements: whoever may manage its permissions (its owner, a moderator or an administrator),
 * since the second document puts badges, endorsements and permissions together as the item's management.
 */
export function canManage(actor: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canManagePermissions(actor, item, grants);
}

/** Managing the endorsements of an item already shown to the actor (see permission.canManageShown). */
export function canManageShown(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key">, viewsOnlyByLink: boolean): boolean {
  return canManagePermissionsShown(actor, item, viewsOnlyByLink);
}

/** Moderators (and administrators) may name any profile or group as endorser. */
export function canChooseAnyEndorser(actor: Actor): boolean {
  return actor.signedIn && (actor.isModerator || actor.isAdmin);
}

/** The profiles a manager acts for as an endorser: their own, and the groups they lead (a group speaks through its leaders). */
export function endorsesFor(actor: Actor): number[] {
  if (!actor.profile) return [];
  return [actor.profile.id, ...actor.groups.filter((g) => g.role === "leader").map((g) => g.groupId)];
}

/**
 * Whether the actor may name this profile as an item's endorser, or change how it endorses: moderators and
 * administrators any profile or group; other managers an endorsement publisher they act for, so that no one can put a
 * publisher's name on their own work without the publisher (anyone who manages the item may still remove an endorsement).
 */
export function canEndorseAs(actor: Actor, profileId: number, isPublisher: boolean): boolean {
  return canChooseAnyEndorser(actor) || (isPublisher && endorsesFor(actor).includes(profileId));
}
