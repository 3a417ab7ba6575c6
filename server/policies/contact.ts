import type { Actor } from "../lib/actor.js";

/** Sending the contact form: anyone, guests included (a guest has no other way to reach the site's staff). */
export function canSend(_actor: Actor): boolean {
  return true;
}

/** Reading what was sent (the messages and their screenshots): administrators and moderators, who answer them. */
export function canRead(actor: Actor): boolean {
  return actor.signedIn && (actor.isAdmin || actor.isModerator);
}

/** Marking a message handled, or open again: whoever reads them (administrators and moderators), as answering them is theirs. */
export function canMarkHandled(actor: Actor): boolean {
  return canRead(actor);
}
