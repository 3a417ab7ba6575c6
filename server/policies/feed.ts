import { GROUP_JOIN_ANYONE } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { canView, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";

/**
 * What the feed policies need: the item whose feed it is (a group's profile:group row, whose profile_id is the group)
 * and its read grants when it is not public.
 */
export interface FeedSubject {
  item: ContentSubject & { sub_type: string | null; profile_id: number | null };
  grants: ContentGrantsSubject | undefined;
}

/** The parts of a post its policies read. */
export interface FeedPostSubject {
  poster_id: number;
}

/** Which items have a feed: groups (their profile:group content row names the group profile). */
export function hasFeed(item: FeedSubject["item"]): boolean {
  return item.model_key === "profile" && item.sub_type === "group" && item.profile_id !== null;
}

/** The actor's role in the feed's group, if any. */
export function roleIn(actor: Actor, feed: FeedSubject): "leader" | "member" | null {
  return actor.groups.find((g) => g.groupId === feed.item.profile_id)?.role ?? null;
}

/** Reading the feed: whoever may view the group's page (guests too, for a public group). */
export function canRead(actor: Actor, feed: FeedSubject): boolean {
  return hasFeed(feed.item) && canView(actor, feed.item, feed.grants);
}

/**
 * Posting: signed-in readers of the group's page who are its members (leaders included), moderators or
 * administrators, the same people who start and answer its discussions (commentPolicy.canComment in the group
 * context): the second document gates both only on being signed in, and the feed and the discussions are one group's
 * conversation, so the staff who may take part in one may take part in the other.
 */
export function canPost(actor: Actor, feed: FeedSubject): boolean {
  return actor.signedIn && canRead(actor, feed) && (roleIn(actor, feed) !== null || actor.isModerator || actor.isAdmin);
}

/** Reacting to a post: any signed-in reader, as on an item's discussion (a reaction says nothing in the group's name). */
export function canReact(actor: Actor, feed: FeedSubject): boolean {
  return actor.signedIn && canRead(actor, feed);
}

/**
 * Deleting a post: its poster, the group's leaders (they keep their group's feed in order), moderators and
 * administrators (they keep the whole site in order). Plain members may delete only their own posts.
 */
export function canDeletePost(actor: Actor, feed: FeedSubject, post: FeedPostSubject): boolean {
  if (!actor.signedIn || !actor.profile) return false;
  return actor.profile.id === post.poster_id || roleIn(actor, feed) === "leader" || actor.isModerator || actor.isAdmin;
}

/**
 * Editing a post's text (second document: "only the poster sees Edit Post"): its poster alone, while it may still
 * post there (a poster who left the group, or can no longer see it, leaves its posts as they are). Leaders, moderators
 * and administrators may delete a post but never put words in someone else's.
 */
export function canEditPost(actor: Actor, feed: FeedSubject, post: FeedPostSubject): boolean {
  return canPost(actor, feed) && actor.profile?.id === post.poster_id;
}

/**
 * Attaching files to a new post: whoever may post, while the site's feature feed-discussions.attachments is on
 * (second document, section 6).
 */
export function canAttach(actor: Actor, feed: FeedSubject, features: { "feed-discussions.attachments": boolean }): boolean {
  return features["feed-discussions.attachments"] && canPost(actor, feed);
}

/** Reporting a post as inappropriate: a signed-in reader who did not write it (the spec: "others see Report as Inappropriate"). */
export function canReport(actor: Actor, feed: FeedSubject, post: FeedPostSubject): boolean {
  return actor.signedIn && canRead(actor, feed) && actor.profile?.id !== post.poster_id;
}

/**
 * Reading who is in the feed's group (its Members card): signed-in readers of the group's page. The view permission
 * ("Everyone") opens the page, its About text and its feed; the spec shows people's own words, comments and
 * discussions, to signed-in users only (guests get the guest modal), and a group's roll is a list of people, so guests
 * are asked to sign in for it (401) as for its discussions, and are never handed a site's groups' rolls wholesale.
 */
export function canListMembers(actor: Actor, feed: FeedSubject): boolean {
  return actor.signedIn && canRead(actor, feed);
}

/**
 * Joining the feed's group: a signed-in reader who is not in it yet (or one who followed the link of an "Only members"
 * group: `byLink`, see groupPolicy.canMeetByLink), when the group is open to anyone (join permission "Anyone can
 * join"); "Invitation only" and "Request to join" groups are joined through their leaders.
 */
export function canJoin(actor: Actor, feed: FeedSubject, joinPermission: number | null, byLink = false): boolean {
  return actor.signedIn && (byLink || canRead(actor, feed)) && roleIn(actor, feed) === null && joinPermission === GROUP_JOIN_ANYONE;
}

/** Leaving the feed's group: a member; a leader stays (a group acts through its leaders, and owns its page through one). */
export function canLeave(actor: Actor, feed: FeedSubject): boolean {
  return actor.signedIn && hasFeed(feed.item) && roleIn(actor, feed) === "member";
}

/** The actor's abilities on one post of a feed it may read, as the card shows them. */
export function abilitiesOn(actor: Actor, feed: FeedSubject, post: FeedPostSubject): { edit: boolean; delete: boolean; report: boolean; react: boolean } {
  return { edit: canEditPost(actor, feed, post), delete: canDeletePost(actor, feed, post), report: canReport(actor, feed, post), react: canReact(actor, feed) };
}
