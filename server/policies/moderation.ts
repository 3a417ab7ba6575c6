import type { ReportKind } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";

/** Reading the reports people make (items, comments, feed posts) and resolving them: moderators and administrators. */
export function canReview(actor: Actor): boolean {
  return actor.signedIn && (actor.isAdmin || actor.isModerator);
}

/**
 * Taking down what a report is about when resolving it as "Content removed or hidden": a reviewer deletes a reported
 * comment (as its author's Delete would: kept as "This comment has been deleted." under its replies). Items and feed
 * posts have no take-down that keeps their reports (deleting either deletes its reports), so for them the outcome is
 * only recorded.
 */
export function canRemoveReported(actor: Actor, kind: ReportKind): boolean {
  return canReview(actor) && kind === "comment";
}
