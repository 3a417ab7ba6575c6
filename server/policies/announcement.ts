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
