import type { Actor } from "../lib/actor.js";

/** The parts of a content object its policy needs. */
export interface ContentSubject {
  owner_id: number;
  visibility: "public" | "authed" | "restricted";
  model_key: string;
}

/** The read grants of one item that apply to profiles and groups. */
export interface ContentGrantsSubject {
  profileIds: number[];
  groupIds: number[];
}

/** Which content a profile may see in lists: everything, public only, or a member's scope. */
export type ViewScope =
  | { kind: "all" }
  | { kind: "public" }
  | { kind: "member"; profileId: number; groupIds: number[] };

const isOwner = (actor: Actor, item: ContentSubject) => actor.profile !== null && actor.profile.id === item.owner_id;

/** Who may view one item: public items for all, signed-in items for members, grants, owners and admins. */
export function canView(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  if (item.visibility === "public") return true;
  if (!actor.signedIn) return false;
  if (item.visibility === "authed" || isOwner(actor, item) || actor.isAdmin) return true;
  if (!grants || !actor.profile) return false;
  const groupIds = new Set(actor.groups.map((g) => g.groupId));
  return grants.profileIds.includes(actor.profile.id) || grants.groupIds.some((g) => groupIds.has(g));
}

/** Favoriting needs a signed-in profile that can view the item. */
export function canFavorite(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return actor.signedIn && canView(actor, item, grants);
}

/** Favoriting an item already listed to the actor (so viewable): any signed-in profile. */
export function canFavoriteListed(actor: Actor): boolean {
  return actor.signedIn;
}

/** Editing: the owner, an admin, or a moderator. */
export function canEdit(actor: Actor, item: ContentSubject): boolean {
  return actor.signedIn && (isOwner(actor, item) || actor.isAdmin || actor.isModerator);
}

/**
 * The scope of content a search lists for this actor. Members see public and signed-in content,
 * their own, and what is granted to them or their groups. Admins search with their own member
 * scope unless they ask to ignore permissions (see policies/search.ts).
 */
export function viewScope(actor: Actor): ViewScope {
  if (!actor.signedIn || !actor.profile) return { kind: "public" };
  return { kind: "member", profileId: actor.profile.id, groupIds: actor.groups.map((g) => g.groupId) };
}
