import { NOTIFICATION_SETTING_KEYS, type NotificationSettingKey } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { canRead as canReadThread, type ThreadSubject } from "./comment.js";
import { canView, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";
import { canAnswerJoinRequests } from "./group.js";
import { canReview } from "./moderation.js";

/**
 * Reading one's notifications, marking them read and changing one's notification settings: any signed-in profile, each
 * only its own (the routes never name another's: they act on the asker's profile).
 */
export function canManageOwn(actor: Actor): boolean {
  return actor.signedIn;
}

/**
 * Hearing of a reply in a discussion: who may still read it as a member would (not by its link only), so a profile
 * that lost access after subscribing is not told what is said there.
 */
export function canHearOfReply(recipient: Actor, thread: ThreadSubject): boolean {
  return recipient.signedIn && canReadThread(recipient, { ...thread, reach: "listed" });
}

/** Who may recommend an item to any group at all (the Recommend picker offers them every group): moderators and administrators. */
export function canRecommendToAnyGroup(sender: Actor): boolean {
  return sender.isAdmin || sender.isModerator;
}

/**
 * Who may recommend an item to a group (and so tell its members): its members and leaders, moderators and
 * administrators. Anyone else is refused: otherwise any signed-in member could send notices (and mail) to every
 * member of any group, again and again. The Recommend picker offers only these groups (`recommendable` on the
 * profile autocomplete).
 */
export function canRecommendToGroup(sender: Actor, groupId: number): boolean {
  return canRecommendToAnyGroup(sender) || sender.groups.some((g) => g.groupId === groupId);
}

/**
 * Being told an item's title in a notification about it: who may view it as a member would (not by its link only).
 * Others (a requester whose access request was declined) are told only what the item is (its type).
 */
export function canHearTitleOf(recipient: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canView(recipient, item, grants);
}

/**
 * Being given an item's link in a notification about it: who may hear its title (and so may open it), or anyone while
 * the item is not shared by link (its link then leads an outsider only to the request-access page). Decided when the
 * notification is read, not when it was sent: link sharing turned on since must not make an old notice a way in.
 */
export function canFollowLinkOf(recipient: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canHearTitleOf(recipient, item, grants) || !(grants?.link?.includes("read") ?? false);
}

/** Which notification settings a profile has: all of them for moderators and administrators, all but `reports` for others (who are never told of reports). */
export function settingKeysOf(actor: Actor): NotificationSettingKey[] {
  return NOTIFICATION_SETTING_KEYS.filter((key) => key !== "reports" || canReview(actor));
}

/**
 * Hearing of a report: a moderator or administrator (who review reports) who may open what it is about, as the review
 * list shows them only such reports (`itemScope`), so a notification never names a restricted item they cannot see.
 */
export function canHearOfReport(recipient: Actor, item: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canReview(recipient) && canView(recipient, item, grants);
}

/**
 * Hearing who asked to join a group (their name on the notification): who may still answer the group's requests to
 * join (its leaders and administrators, as the Members card shows its pending requests to them alone) and open its page.
 * A leader removed or made a member since is told only that someone asked.
 */
export function canHearOfJoinRequest(recipient: Actor, groupId: number | null, page: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  const role = recipient.groups.find((g) => g.groupId === groupId)?.role ?? null;
  return groupId !== null && canAnswerJoinRequests(recipient, role) && canView(recipient, page, grants);
}
