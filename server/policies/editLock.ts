import type { Actor } from "../lib/actor.js";
import { canEdit, type ContentSubject } from "./contentObject.js";

/** Taking (or renewing) an item's edit lock: whoever may edit the item. */
export function canTake(actor: Actor, item: ContentSubject): boolean {
  return canEdit(actor, item);
}

/** Releasing a lock: its holder, or an admin breaking someone else's; a free lock may be released by any editor. */
export function canRelease(actor: Actor, item: ContentSubject, holderId: number | null): boolean {
  if (!canEdit(actor, item)) return false;
  return holderId === null || holderId === actor.profile?.id || actor.isAdmin;
}

/** Saving while someone else holds the lock is refused, whoever asks: the holder's edits come first. */
export function canSaveUnder(actor: Actor, holderId: number | null): boolean {
  return holderId === null || holderId === actor.profile?.id;
}
