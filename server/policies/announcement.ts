import type { Actor } from "../lib/actor.js";
import { itemScope, type ViewScope } from "./contentObject.js";

/**
 * Which announcements an actor is shown: those whose item they may view, by the content view rule (`canView`):
 * guests the public ones, members also signed-in-only ones, their own and those granted to them or their groups,
 * administrators all.
 */
export function viewScope(actor: Actor): ViewScope {
  return itemScope(actor);
}

/**
 * Writing announcements (listing all, adding, changing, ending, deleting): administrators only, like interceptors,
 * since a banner speaks for the site to everyone.
 */
export const canManage = (actor: Actor): boolean => actor.signedIn && actor.isAdmin;
