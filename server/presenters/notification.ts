import { discussionIdOf, GROUP_DISCUSSION_PARAM, type Notification, type NotificationKind } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import type { NotificationWithActor } from "../models/notifications.js";
import { notificationPolicy } from "../policies/index.js";
import type { ContentGrantsSubject } from "../policies/contentObject.js";
import { itemLink } from "./editableItem.js";
import { modelTypeInfo } from "./modelTypes.js";
import { profileLink } from "./profile.js";

/** What a notification calls an item removed since it was sent. */
export const REMOVED_SUBJECT = "an item since removed";

/** Kinds whose excerpt is words said inside the item (a reply, a discussion's title): not shown to one who may no longer open it. */
const SAID_INSIDE = new Set<NotificationKind>(["comment_reply", "group_discussion"]);

/** The group discussions standing now that a page of notifications leads to, by thread id (models/comments.standingDiscussions). */
export type NotificationDiscussions = Map<number, { title: string; contentId: number }>;

/**
 * The group discussion a notification leads to: the thread its link opens (GROUP_DISCUSSION_PARAM, which the
 * notifications of a reply in a group's discussion and of a new one carry), or null.
 */
export function discussionIdIn(row: Pick<NotificationWithActor, "kind" | "subject_link">): number | null {
  if (!SAID_INSIDE.has(row.kind as NotificationKind)) return null;
  const query = row.subject_link.indexOf("?");
  return query < 0 ? null : discussionIdOf(new URLSearchParams(row.subject_link.slice(query)).get(GROUP_DISCUSSION_PARAM));
}

/** Kinds whose actor and excerpt (who asked to join, who reported and their note) are only for a reader who may still act on them. */
const FOR_DEALERS_ONLY = new Set<NotificationKind>(["group_join_request", "content_reported"]);

/**
 * A notification as the notifications page shows it, to `reader`. What it is about is the item as it is now: its
 * current title and link (with the query the notification was sent with, such as the access request it opens on), or,
 * to a reader who may no longer open it, only its type ("this Lesson Plan") with the link they were sent (if any; none
 * while the item is shared by link now, notificationPolicy.canFollowLinkOf, since the link would let them in) and no
 * words from inside it; a removed item is said to be removed, with no link. `grants` holds the read grants and link
 * shares of the page's restricted items (read once for the page). A request to join a group and a report say who asked or reported, and the
 * reporter's note, only to a reader who may still answer the group's requests (notificationPolicy.canHearOfJoinRequest)
 * or review the report (canHearOfReport): to anyone else (a leader removed since, a reviewer who lost the item) they
 * say only what happened ("Someone asked to join this group"). A notification about no item (or a report sent before
 * items were recorded) reads as it was sent. One about a group discussion names the thread by its title now (from
 * `discussions`), to a reader who is told the words said inside the group.
 */
export function presentNotification(row: NotificationWithActor, reader: Actor, grants: Map<number, ContentGrantsSubject>, discussions: NotificationDiscussions): Notification {
  const kind = row.kind as NotificationKind;
  const subject = subjectOf(row, reader, grants, discussions);
  const told = !FOR_DEALERS_ONLY.has(kind) || row.subject_id === null || mayActOn(row, reader, grants);
  return {
    id: row.id,
    kind,
    actor: told && row.actor_name !== null && row.actor_uid !== null ? { name: row.actor_name, link: profileLink(row.actor_uid) } : null,
    ...subject,
    excerpt: told ? subject.excerpt : null,
    created_at: row.created_at,
    read: row.read_at !== null,
  };
}

/** Whether the reader may still deal with what a request to join or a report is about (false once the item is removed). */
function mayActOn(row: NotificationWithActor, reader: Actor, grants: Map<number, ContentGrantsSubject>): boolean {
  if (row.item_id === null || row.item_model_key === null || row.item_uid === null || row.item_owner_id === null || row.item_visibility === null) return false;
  const item = { owner_id: row.item_owner_id, visibility: row.item_visibility, model_key: row.item_model_key, sub_type: row.item_sub_type, uid: row.item_uid };
  const itemGrants = grants.get(row.item_id);
  return row.kind === "group_join_request" ? notificationPolicy.canHearOfJoinRequest(reader, row.item_profile_id, item, itemGrants) : notificationPolicy.canHearOfReport(reader, item, itemGrants);
}

function subjectOf(row: NotificationWithActor, reader: Actor, grants: Map<number, ContentGrantsSubject>, discussions: NotificationDiscussions): Pick<Notification, "subject" | "excerpt" | "discussion"> {
  const kind = row.kind as NotificationKind;
  if (row.subject_id === null) return { subject: { title: row.subject_title, link: row.subject_link }, excerpt: row.excerpt, discussion: null };
  const hiddenExcerpt = SAID_INSIDE.has(kind) ? null : row.excerpt;
  if (row.item_id === null || row.item_model_key === null || row.item_uid === null || row.item_owner_id === null || row.item_visibility === null || row.item_title === null) {
    return { subject: { title: REMOVED_SUBJECT, link: null }, excerpt: hiddenExcerpt, discussion: null };
  }
  const item = { owner_id: row.item_owner_id, visibility: row.item_visibility, model_key: row.item_model_key, sub_type: row.item_sub_type, uid: row.item_uid };
  if (!notificationPolicy.canHearTitleOf(reader, item, grants.get(row.item_id))) {
    const type = item.model_key === "profile" ? "group" : modelTypeInfo(item.model_key, item.sub_type).singular;
    // The link it was sent with, unless the item is shared by link now (notificationPolicy.canFollowLinkOf).
    const link = notificationPolicy.canFollowLinkOf(reader, item, grants.get(row.item_id)) ? row.subject_link || null : null;
    return { subject: { title: `this ${type}`, link }, excerpt: hiddenExcerpt, discussion: null };
  }
  // A report leads to the Reports page, not to the item; any other to the item's link now, with the query it was sent with.
  const query = row.subject_link.includes("?") ? row.subject_link.slice(row.subject_link.indexOf("?")) : "";
  const link = kind === "content_reported" ? row.subject_link : `${itemLink(item)}${query}`;
  // The thread its link opens, while it stands in this item's discussions.
  const thread = discussions.get(discussionIdIn(row) ?? 0);
  return { subject: { title: row.item_title, link }, excerpt: row.excerpt, discussion: thread && thread.contentId === row.item_id ? { title: thread.title } : null };
}
