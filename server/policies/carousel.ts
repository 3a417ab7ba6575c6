import type { Actor } from "../lib/actor.js";
import { itemScope, type ViewScope } from "./contentObject.js";

/**
 * Which of a carousel collection's items an actor is shown: those the content view rule lets it see in lists (guests
 * the public ones, members also signed-in-only ones, their own and those granted to them or their groups, admins all).
 * The collection itself is checked with the item view rule (`canView`) before its items are read.
 */
export function itemsScope(actor: Actor): ViewScope {
  return itemScope(actor);
}

/** Choosing the collection every page's footer features: administrators (it speaks for the site). */
export function canChooseFeatured(actor: Actor): boolean {
  return actor.signedIn && actor.isAdmin;
}
