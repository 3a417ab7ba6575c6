import { GROUP_DISCUSSION_CONTEXT } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import type { CommentContext } from "../models/comments.js";
import { canEditReached, canView as canViewItem, viewsOnlyByLink, type ContentGrantsSubject, type ContentSubject, type ItemReach } from "./contentObject.js";

/** What the thread policies need: the item (with its edit grants), its read grants when restricted, and the thread's state. */
export interface ThreadSubject {
  item: ContentSubject;
  /** The item's read grants (restricted items only; see contentObject.canView). */
  grants: ContentGrantsSubject | undefined;
  /** An item without a thread row reads as open. */
  viewPermission: "open" | "closed";
  /** How the call reached the item (threads are named by opaque_id: "link"), so a link share lets its holders read. */
  reach: ItemReach;
  /** Which discussion of the item: its Discuss card (null) or, for a group's item, the group's discussions ("group") or one feed post's comments. */
  context?: CommentContext;
  /** The feed post whose comments these are (named by the post's opaque_id), else null. */
  feedPostId?: number | null;
  /** The group profile whose page the item is, when it is a group's (its members take part in the group's discussions). */
  groupId?: number | null;
  /** Whether subscribing is on for this discussion (a group's: the feature group-discussions.subscribe); on unless told. */
  subscribeEnabled?: boolean;
}

/** The parts of a comment its policies read. */
export interface CommentSubject {
  creator_id: number;
  parent_id: number | null;
  /** Set when the comment was deleted but kept for its replies: nothing is left to edit or delete. */
  deleted_with_replies_at: string | null;
}

/** Whether the actor may see the item the thread belongs to at all (else 401 guest / 404 member). */
export function canViewItemOf(actor: Actor, thread: ThreadSubject): boolean {
  return canViewItem(actor, thread.item, thread.grants, thread.reach);
}

/**
 * Managing the thread (open or close it, post while closed): whoever may edit the item (owner, edit grants, moderators,
 * admins), not by its link share alone (a moderator who sees the item only through the link reads, as anyone there).
 */
export function canManage(actor: Actor, thread: ThreadSubject): boolean {
  // A group's discussions and its posts' comments have no open/closed switch of their own: the Discuss card's switch is the item's, not theirs.
  if (isGroupConversation(thread)) return false;
  return canEditReached(actor, thread.item, readsOnlyByLink(actor, thread));
}

/** Whether the call is about a group's discussions (the thread widget) rather than the item's Discuss card. */
export function isGroupDiscussions(thread: ThreadSubject): boolean {
  return thread.context === GROUP_DISCUSSION_CONTEXT;
}

/** Whether the call is about the comments on a post of a group's feed. */
export function isFeedPostComments(thread: ThreadSubject): boolean {
  return thread.feedPostId != null;
}

/**
 * A group's own conversation (its discussions or its feed posts' comments) rather than its page's Discuss card: read
 * by whoever may view the group's page, joined by its members and the staff, never opened or closed.
 */
function isGroupConversation(thread: ThreadSubject): boolean {
  return isGroupDiscussions(thread) || isFeedPostComments(thread);
}

/** Whether the actor belongs to the group (leaders included) whose discussions these are. */
function inGroup(actor: Actor, thread: ThreadSubject): boolean {
  return thread.groupId != null && actor.groups.some((g) => g.groupId === thread.groupId);
}

/**
 * Viewing the thread: the item is viewable, and the thread is open or the actor manages it (first document). A group's
 * discussions and its feed posts' comments follow the group's page alone: whoever may view it (the group's view
 * permission, as for its feed); the group page's own Discuss card is nobody's.
 */
export function canView(actor: Actor, thread: ThreadSubject): boolean {
  if (isGroupConversation(thread)) return canViewItemOf(actor, thread);
  // A group's page has no Discuss card: its people talk in its discussions and its feed, which its members join. (Both
  // on one page read as one conversation with two opposite rules: anyone signed in could post in the card.)
  if (thread.groupId != null) return false;
  return canViewItemOf(actor, thread) && (thread.viewPermission === "open" || canManage(actor, thread));
}

/** Reading comments: a viewer who is signed in (guests get the guest modal instead). */
export function canRead(actor: Actor, thread: ThreadSubject): boolean {
  return actor.signedIn && canView(actor, thread);
}

/**
 * Whether the actor views the item only through its link share: the discussion is then strictly read-only for it (no
 * posting, reacting, reporting or subscribing), signed in or not, since a link share gives viewing and nothing more.
 */
export function readsOnlyByLink(actor: Actor, thread: ThreadSubject): boolean {
  return viewsOnlyByLink(actor, thread.item, thread.grants, thread.reach);
}

/** Posting a comment or a reply: signed in, the thread viewable (not only by link), and open unless the actor manages it. */
export function canComment(actor: Actor, thread: ThreadSubject): boolean {
  if (readsOnlyByLink(actor, thread)) return false;
  // A group's discussions and its posts' comments: for the group's leaders and members, moderators and admins (who may post to its feed).
  if (isGroupConversation(thread)) return actor.signedIn && canView(actor, thread) && (inGroup(actor, thread) || actor.isModerator || actor.isAdmin);
  return actor.signedIn && canView(actor, thread) && (thread.viewPermission === "open" || canManage(actor, thread));
}

/** Reacting to a comment: a signed-in reader of the thread who views the item other than only by its link. */
export function canReact(actor: Actor, thread: ThreadSubject): boolean {
  return canRead(actor, thread) && !readsOnlyByLink(actor, thread);
}

/** Subscribing to a top-level comment (while the discussion's subscribe feature is on): a signed-in reader of the thread who views the item other than only by its link. */
export function canSubscribe(actor: Actor, thread: ThreadSubject): boolean {
  return thread.subscribeEnabled !== false && canRead(actor, thread) && !readsOnlyByLink(actor, thread);
}

/** Whether the actor wrote the comment or is an admin: whom the second document lets edit and delete it ("everyone else" reports it). */
function isAuthorOrAdmin(actor: Actor, comment: CommentSubject): boolean {
  return actor.signedIn && actor.profile !== null && (actor.profile.id === comment.creator_id || actor.isAdmin);
}

/**
 * Editing a comment: its author or an admin (second document, section 6), while they may take part in the thread as
 * posting needs (canComment): signed in, the thread open to them, and the item viewed other than only by its link. So an
 * author who now sees the item only through its link share (say it was restricted after they wrote) reads their
 * comment but no longer changes it, as they may no longer post.
 */
export function canEditComment(actor: Actor, thread: ThreadSubject, comment: CommentSubject): boolean {
  return canComment(actor, thread) && isAuthorOrAdmin(actor, comment);
}

/** Deleting a comment: its author or an admin, as for editing. */
export function canDeleteComment(actor: Actor, thread: ThreadSubject, comment: CommentSubject): boolean {
  return canEditComment(actor, thread, comment);
}

/**
 * Reporting a comment as inappropriate: a signed-in reader who is not its author or an admin (second document: "everyone
 * else"), while it has words to report (one kept as deleted for its replies has none); not a reader by link only.
 */
export function canReport(actor: Actor, thread: ThreadSubject, comment: CommentSubject): boolean {
  return actor.signedIn && !readsOnlyByLink(actor, thread) && comment.deleted_with_replies_at === null && !isAuthorOrAdmin(actor, comment);
}

/** A comment's history ("Edited" or "Deleted"): admins only (second document, section 6). */
export function canSeeHistory(actor: Actor): boolean {
  return actor.signedIn && actor.isAdmin;
}

/** Opening or closing the thread: those who manage it. */
export function canChangeViewPermission(actor: Actor, thread: ThreadSubject): boolean {
  return canManage(actor, thread);
}

/** The actor's abilities on one comment of the thread, as the card shows them (a comment kept as deleted offers neither edit nor delete). */
export function abilitiesOn(actor: Actor, thread: ThreadSubject, comment: CommentSubject): { edit: boolean; delete: boolean; report: boolean; history: boolean } {
  const live = comment.deleted_with_replies_at === null;
  return {
    edit: live && canEditComment(actor, thread, comment),
    delete: live && canDeleteComment(actor, thread, comment),
    report: canReport(actor, thread, comment),
    history: canSeeHistory(actor),
  };
}
