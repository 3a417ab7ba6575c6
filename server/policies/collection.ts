import type { Actor } from "../lib/actor.js";
import { canEdit, canEditReached, type ContentSubject } from "./contentObject.js";

/** Any signed-in profile may start a collection, while app config lists collections as creatable. */
export const canCreate = (actor: Actor, creatableTypes: readonly string[]): boolean => actor.signedIn && creatableTypes.includes("collection");

/** Adding items to a collection is editing it: its owner, an admin or moderator, or those granted edit. */
export const canAddTo = (actor: Actor, collection: ContentSubject): boolean => canEdit(actor, collection);

/**
 * Taking an item out is editing it too, as the collection's page reached it (by its link): whoever may add to it, but
 * never by its link share alone (contentObject.canEditReached), which gives a moderator viewing and nothing more.
 */
export const canRemoveFrom = (actor: Actor, collection: ContentSubject, viewsOnlyByLink: boolean): boolean => canEditReached(actor, collection, viewsOnlyByLink);

/** Reordering a collection's items is editing it, as taking one out is. */
export const canReorder = (actor: Actor, collection: ContentSubject, viewsOnlyByLink: boolean): boolean => canRemoveFrom(actor, collection, viewsOnlyByLink);

/**
 * Whose collections and edit grants let the actor add to a collection: its own profile's, and those of the groups it
 * leads (a group's edit grant and its own items go to its leaders, as in canEdit and isOwner). Moderators and admins may add to any collection
 * they open, but their add-to-collection list is their own and their granted ones, as anyone's.
 */
export const editGrantHolders = (actor: Actor): { profileId: number; groupIds: number[] } => ({
  profileId: actor.profile!.id,
  groupIds: actor.groups.filter((g) => g.role === "leader").map((g) => g.groupId),
});
