import type { Actor } from "../lib/actor.js";
import { modelTypeInfo } from "../presenters/modelTypes.js";

/** The parts of a content object its policy needs. */
export interface ContentSubject {
  owner_id: number;
  visibility: "public" | "authed" | "restricted";
  model_key: string;
  /** The profile a profile row is the page of (a group's page: its group), when the caller loaded it. */
  profile_id?: number | null;
  /** The item's edit grants for profiles and groups, when the caller loaded them (none assumed otherwise). */
  edit_grants?: ContentGrantsSubject;
}

/** The grants of one permission (read or edit) on one item that apply to profiles and groups. */
export interface ContentGrantsSubject {
  profileIds: number[];
  groupIds: number[];
  /** What the item's link share gives anyone who holds its link (scope `link`: read or nothing), when the caller loaded it. */
  link?: string[];
}

/**
 * How a request reached the item: "link" when it names the item by its random `uid` or `opaque_id` (so the asker
 * holds its link), "listed" otherwise (a sequential id, a search, a list). Only "link" lets a link share count.
 */
export type ItemReach = "link" | "listed";

/**
 * How a request reached an item, from how it named it: by its uid or opaque_id it holds the item's link; by a
 * sequential id it does not, nor by a uid the item had before New link replaced it (`formerUid`): that old address
 * still finds the item for whoever may view it another way, but a link share no longer lets its holder in.
 */
export function reachNamedBy(field: "id" | "uid" | "opaque_id", formerUid = false): ItemReach {
  return field !== "id" && !formerUid ? "link" : "listed";
}

/**
 * Which content a profile may see in lists: everything, public only, or a member's scope (`ownerIds`: the owners whose
 * restricted items it sees, itself and every group it belongs to; `groupIds`: the groups whose grants count for it).
 */
export type ViewScope =
  | { kind: "all" }
  | { kind: "public" }
  | { kind: "member"; profileId: number; groupIds: number[]; ownerIds: number[] };

/**
 * Whether the actor owns the item: its owner profile, or a leader of the group that owns it (a group acts through its
 * leaders, as a group's edit grant goes to them). The is_owner field; owners view, edit, manage permissions and give it away.
 */
export function isOwner(actor: Actor, item: Pick<ContentSubject, "owner_id">): boolean {
  if (actor.profile === null) return false;
  return actor.profile.id === item.owner_id || actor.groups.some((g) => g.role === "leader" && g.groupId === item.owner_id);
}

/** Whether the actor belongs (as leader or member) to the group that owns the item: it may view it, as a read grant to the group would let it. */
export function inOwningGroup(actor: Actor, item: Pick<ContentSubject, "owner_id">): boolean {
  return actor.groups.some((g) => g.groupId === item.owner_id);
}

/**
 * Who may view one item: public items for all, signed-in items for members, grants, owners and admins; and, for a
 * request that reached the item by its link, anyone (guests too) when the item is link-shared for reading.
 */
export function canView(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject, reach: ItemReach = "listed"): boolean {
  return canViewWithoutLink(actor, item, grants) || (reach === "link" && hasLinkRead(grants));
}

/**
 * Whether the actor may view the item only because the request reached it by its link (a link share): it may read
 * the item there, and nothing that names the item another way (favorite, collect, copy, flag, more info) is offered.
 */
export function viewsOnlyByLink(actor: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined, reach: ItemReach): boolean {
  return reach === "link" && !canViewWithoutLink(actor, item, grants) && hasLinkRead(grants);
}

const hasLinkRead = (grants: ContentGrantsSubject | undefined) => grants?.link?.includes("read") ?? false;

function canViewWithoutLink(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  if (item.visibility === "public") return true;
  if (!actor.signedIn) return false;
  if (item.visibility === "authed" || isOwner(actor, item) || inOwningGroup(actor, item) || actor.isAdmin) return true;
  if (!grants || !actor.profile) return false;
  const groupIds = new Set(actor.groups.map((g) => g.groupId));
  return grants.profileIds.includes(actor.profile.id) || grants.groupIds.some((g) => groupIds.has(g));
}

/** Favoriting needs a signed-in profile that can view the item, of a type that can be favorited (its card's features.favorite). */
export function canFavorite(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return actor.signedIn && modelTypeInfo(item.model_key, null).favorite && canView(actor, item, grants);
}

/** Favoriting an item already listed to the actor (so viewable): any signed-in profile. */
export function canFavoriteListed(actor: Actor): boolean {
  return actor.signedIn;
}

/**
 * An edit grant applies to the profile it names, and to the leaders of a group it names
 * (members of that group only read: editing for a group is handed to whoever leads it).
 */
function hasEditGrant(actor: Actor, grants: ContentGrantsSubject | undefined): boolean {
  if (!grants || !actor.profile) return false;
  if (grants.profileIds.includes(actor.profile.id)) return true;
  return actor.groups.some((g) => g.role === "leader" && grants.groupIds.includes(g.groupId));
}

/** Whether the item is a group's page (its profile:group row: groups are the only profiles with a content row). */
export function isGroupPage(item: Pick<ContentSubject, "model_key">): boolean {
  return item.model_key === "profile";
}

/** Whether the actor leads the group whose page the item is (any of its leaders, not only the one who owns the page). */
function leadsGroupOfPage(actor: Actor, item: ContentSubject): boolean {
  return isGroupPage(item) && item.profile_id != null && actor.groups.some((g) => g.role === "leader" && g.groupId === item.profile_id);
}

/**
 * Editing: the owner (a leader of an owning group too), an admin, a moderator, or those granted edit (the profile, or a
 * leader of the group). A group's page is the group's own name and About text, as a person's profile is theirs: its
 * leaders (a group acts through them) and admins edit it, and a moderator does not (moderators keep the site in order
 * through reports, badges and deleting posts, never by speaking in a group's name).
 */
export function canEdit(actor: Actor, item: ContentSubject): boolean {
  if (!actor.signedIn) return false;
  if (isGroupPage(item)) return isOwner(actor, item) || leadsGroupOfPage(actor, item) || actor.isAdmin || hasEditGrant(actor, item.edit_grants);
  return isOwner(actor, item) || actor.isAdmin || actor.isModerator || hasEditGrant(actor, item.edit_grants);
}

/**
 * Editing an item as reached by this request: as canEdit, but never by a link share alone (`viewsOnlyByLink`), which
 * gives viewing and nothing more. Only a moderator could otherwise edit what it sees only through the link (owners,
 * admins and edit grants all view it without one): a moderator edits, as it manages, only what it may view.
 */
export function canEditReached(actor: Actor, item: ContentSubject, viewsOnlyByLink: boolean): boolean {
  return !viewsOnlyByLink && canEdit(actor, item);
}

/**
 * The scope of content a search lists for this actor. Members see public and signed-in content,
 * their own and their groups' own (as canView), and what is granted to them or their groups. Admins
 * search with their own member scope unless they ask to ignore permissions (see policies/search.ts).
 */
export function viewScope(actor: Actor): ViewScope {
  if (!actor.signedIn || !actor.profile) return { kind: "public" };
  const groupIds = actor.groups.map((g) => g.groupId);
  return { kind: "member", profileId: actor.profile.id, groupIds, ownerIds: [actor.profile.id, ...groupIds] };
}

/** The content an actor may open one by one (as canView decides), for lists of an item's parts such as a collection's items: admins see everything. */
export function itemScope(actor: Actor): ViewScope {
  return actor.isAdmin ? { kind: "all" } : viewScope(actor);
}

/** Model keys whose items can be copied (profiles, groups, pages and attribute items cannot). */
const COPYABLE = new Set(["resource", "lesson_plan", "collection", "outline", "project", "pathway"]);

/** Whether items of this kind can be copied at all (whoever asks): the item page offers Copy, to guests too, only then. */
export function isCopyable(item: Pick<ContentSubject, "model_key">): boolean {
  return COPYABLE.has(item.model_key);
}

/** Copying: a signed-in profile that can view the item (the copy is its own), for copyable types. */
export function canCopy(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return actor.signedIn && COPYABLE.has(item.model_key) && canView(actor, item, grants);
}

/** Changing an item's owner (the Change owner dialog): only its owner (a leader of an owning group too) or an admin. */
export function canChangeOwner(actor: Actor, item: Pick<ContentSubject, "owner_id">): boolean {
  return actor.signedIn && (isOwner(actor, item) || actor.isAdmin);
}

/**
 * Model keys whose items their owners may delete from their page: what authors make with the content tools. Group
 * pages (a group's own), announcements and other site pages (staff pages manage them) are not deleted here.
 */
const DELETABLE_MODEL_KEYS: readonly string[] = ["resource", "collection", "lesson_plan", "outline", "project", "pathway"];

/**
 * Deleting the item (with its place in every collection, its favorites, grants and discussion): its owner profile and
 * admins. A group's page is deleted with its group (commands/deleteGroup.ts) by the group's leaders (leadsGroupPage)
 * and admins: a group acts through its leaders, and ending it is theirs to decide, as choosing its people is.
 */
export function canDelete(actor: Actor, item: Pick<ContentSubject, "owner_id" | "model_key" | "profile_id">): boolean {
  if (isGroupPage(item)) return actor.signedIn && (leadsGroupPage(actor, item) || actor.isAdmin);
  return DELETABLE_MODEL_KEYS.includes(item.model_key) && canChangeOwner(actor, item);
}

/**
 * Giving the item to the profile or group `newOwnerId`: the owner profile and admins to anyone; a leader of the group
 * that owns it acts for the group, so it gives the group's item away (to another profile or group) but never to
 * itself: taking the group's item would strip the group, its other leaders and its members of it on one person's word.
 */
export function canGiveTo(actor: Actor, item: Pick<ContentSubject, "owner_id">, newOwnerId: number): boolean {
  if (!canChangeOwner(actor, item) || !actor.profile) return false;
  return actor.isAdmin || actor.profile.id === item.owner_id || newOwnerId !== actor.profile.id;
}

/** Whether the actor may make itself the owner (the dialog's "Me" choice): not its owner already, and canGiveTo allows it. */
export function canTakeOwnership(actor: Actor, item: Pick<ContentSubject, "owner_id">): boolean {
  return actor.profile !== null && actor.profile.id !== item.owner_id && canGiveTo(actor, item, actor.profile.id);
}

/**
 * Whether the item is the page of a group the actor manages: a leader of the group (profile_id), or the page's owner
 * (its leader who made it). Flagging asks the staff to look at something one cannot put right oneself, and a group's
 * leaders edit its page and choose its people, so its page is not theirs to flag.
 */
export function leadsGroupPage(actor: Actor, item: Pick<ContentSubject, "model_key" | "owner_id" | "profile_id">): boolean {
  if (item.model_key !== "profile" || item.profile_id == null || actor.profile === null) return false;
  const groupId = item.profile_id;
  return isOwner(actor, item) || actor.groups.some((g) => g.role === "leader" && g.groupId === groupId);
}

/**
 * Whether the item is the actor's own person profile (its `user` row, whose profile_id is the person). One does not
 * report oneself to the staff: one edits one's own profile.
 */
export function isOwnProfile(actor: Actor, item: Pick<ContentSubject, "model_key" | "owner_id" | "profile_id">): boolean {
  if (item.model_key !== "user" || actor.profile === null) return false;
  return item.profile_id === actor.profile.id || item.owner_id === actor.profile.id;
}

/**
 * Flagging: a signed-in profile that can view the item, unless it is the page of a group the profile leads or its own
 * profile. Administrators are no exception: an administrator who leads a group is one of its leaders (first document:
 * admin mode widens search, not who one is in a group), and puts its page right as any leader does.
 */
export function canFlag(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return actor.signedIn && canView(actor, item, grants) && !leadsGroupPage(actor, item) && !isOwnProfile(actor, item);
}

/** The quick-info popover is for signed-in profiles (second document, section 6), on items they can view. */
export function canQuickInfo(actor: Actor, item: ContentSubject, grants?: ContentGrantsSubject): boolean {
  return actor.signedIn && canView(actor, item, grants);
}

/** Copying an item already shown to the actor (so viewable): signed in, and a copyable type. */
export function canCopyViewable(actor: Actor, item: Pick<ContentSubject, "model_key">): boolean {
  return actor.signedIn && COPYABLE.has(item.model_key);
}

/** Flagging an item already shown to the actor (so viewable): any signed-in profile, but not its own group's page (see leadsGroupPage) nor its own profile. */
export function canFlagViewable(actor: Actor, item: Pick<ContentSubject, "model_key" | "owner_id" | "profile_id">): boolean {
  return actor.signedIn && !leadsGroupPage(actor, item) && !isOwnProfile(actor, item);
}
