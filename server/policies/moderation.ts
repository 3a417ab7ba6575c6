import type { Actor } from "../lib/actor.js";

/** Reading the reports people make (items, comments, feed posts) and resolving them: moderators and administrators. */
export function canReview(actor: Actor): boolean {
  return actor.signedIn && (actor.isAdmin || actor.isModerator);
}
