import type { Actor } from "../lib/actor.js";
import { canRead as canReadThread, type ThreadSubject } from "./comment.js";

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

