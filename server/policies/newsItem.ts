import type { NewsAudience } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";

/** Which news items an actor is shown: guests those for everyone, signed-in profiles also those for members. */
export function audiences(actor: Actor): readonly NewsAudience[] {
  return actor.signedIn ? ["public", "authed"] : ["public"];
}

/** Writing news (adding, changing, deleting, listing drafts): administrators only, since the carousel speaks for the site. */
export function canManage(actor: Actor): boolean {
  return actor.signedIn && actor.isAdmin;
}
