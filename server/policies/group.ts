import { GROUP_JOIN_ANYONE, GROUP_JOIN_BY_REQUEST, GROUP_JOIN_INVITATION_ONLY, type GroupJoinMode } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { canView, type ContentGrantsSubject, type ContentSubject } from "./contentObject.js";

/** Any signed-in profile may start a group (and becomes its leader), while app config lists groups as creatable. */
export const canCreate = (actor: Actor, creatableTypes: readonly string[]): boolean => actor.signedIn && creatableTypes.includes("group");

/**
 * Who may view a group's page (and so its feed and discussions, which follow the page), from the view permission
 * chosen when it was made: 1 "Only members" its members alone (restricted, read granted to the group: its leaders and
 * members), 2 "Signed-in users" (authed), 3 "Everyone" (public).
 */
export function pageVisibility(viewPermission: number): { visibility: ContentSubject["visibility"]; readByGroup: boolean } {
  if (viewPermission === 1) return { visibility: "restricted", readByGroup: true };
  if (viewPermission === 2) return { visibility: "authed", readByGroup: false };
  return { visibility: "public", readByGroup: false };
}

/**
 * Whether a group's profile tells the asker more than its name (its description and its page's link): whoever may
 * open the group's page (so for an "Only members" group, its members and admins); its name stays shown to everyone, as
 * the people and groups pickers list it.
 */
export function canSeeDetails(actor: Actor, page: ContentSubject, grants: ContentGrantsSubject | undefined): boolean {
  return canView(actor, page, grants);
}

/**
 * Managing a group's people (adding, removing, changing roles): its leaders, and administrators (who keep the whole
 * site in order). Moderators are treated as members here: the code gives them no group powers beyond deleting feed
 * posts, and choosing a group's people is the group's own business.
 */
export function canManageMembers(actor: Actor, roleInGroup: "leader" | "member" | null): boolean {
  return actor.signedIn && (roleInGroup === "leader" || actor.isAdmin);
}

/** How a group lets people in: its join permission and the group form's can_request_join. */
export interface GroupJoiningSubject {
  joinPermission: number | null;
  canRequestJoin: boolean;
}

/**
 * Whether the group takes requests to join: "Request to join" (5) always, and "Invitation only" (4) when its leaders
 * ticked can_request_join ("Also take requests to join": its leaders still choose, and may be asked). The spec stores
 * the flag with the join permission and says no more; so it opens asking where the join permission alone would not,
 * and never closes it where the join permission says "Request to join". "Anyone can join" (6) groups are joined at once.
 */
export function takesRequests(joining: GroupJoiningSubject): boolean {
  return joining.joinPermission === GROUP_JOIN_BY_REQUEST || (joining.joinPermission === GROUP_JOIN_INVITATION_ONLY && joining.canRequestJoin);
}

/**
 * How one gets into the group, in a word (its search card's join mode): "anyone" joins at once, "request" asks its
 * leaders (takesRequests), "invitation" waits for a leader to add them. Null for a profile that is no group.
 */
export function joinMode(joining: GroupJoiningSubject): GroupJoinMode | null {
  if (joining.joinPermission === null) return null;
  if (joining.joinPermission === GROUP_JOIN_ANYONE) return "anyone";
  return takesRequests(joining) ? "request" : "invitation";
}

/**
 * Asking to join a group: a signed-in person not in it who reaches it (reads its page, or followed the link of an "Only
 * members" group: see canMeetByLink), while the group takes requests (takesRequests). Moderators and administrators
 * ask like anyone else: being let in is the group's decision.
 */
export function canRequestJoin(actor: Actor, reachesGroup: boolean, roleInGroup: "leader" | "member" | null, joining: GroupJoiningSubject): boolean {
  return actor.signedIn && reachesGroup && roleInGroup === null && takesRequests(joining);
}

/**
 * Whether a signed-in outsider who followed the link of a group whose page they may not open (an "Only members"
 * group) meets it there: its name and a way in, while the group lets people in other than by invitation (joined at
 * once, or asked: takesRequests), or to withdraw a request of theirs still waiting. Its page, people, feed and
 * discussions stay its members'. A group that takes no one but the invited stays not found, as any hidden item: there
 * is nothing to offer, and its existence is no one else's business. The link (the page's random uid) is what lets them
 * in: asked by its sequential id, a hidden group is never found.
 */
export function canMeetByLink(actor: Actor, roleInGroup: "leader" | "member" | null, joining: GroupJoiningSubject, hasPendingRequest: boolean): boolean {
  return actor.signedIn && roleInGroup === null && (joining.joinPermission === GROUP_JOIN_ANYONE || takesRequests(joining) || hasPendingRequest);
}

/** Approving or declining a request to join: whoever manages the group's people (its leaders and administrators). */
export function canAnswerJoinRequests(actor: Actor, roleInGroup: "leader" | "member" | null): boolean {
  return canManageMembers(actor, roleInGroup);
}
