import type { Actor } from "../lib/actor.js";

/** Reading and changing one's own account (sign-in details, e-mail address): any signed-in person, only their own. */
export function canManageOwn(actor: Actor): boolean {
  return actor.signedIn && actor.profile?.kind === "user";
}

/** Changing one's password: a signed-in person whose account has one (an SSO-only account's provider manages it). */
export function canChangePassword(actor: Actor): boolean {
  return canManageOwn(actor) && actor.profile?.password_hash != null;
}
