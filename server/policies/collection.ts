import type { Actor } from "../lib/actor.js";
import { canEdit, type ContentSubject } from "./contentObject.js";

/** Any signed-in profile may start a collection. */
export const canCreate = (actor: Actor): boolean => actor.signedIn;

/** Adding items to a collection is editing it: its owner, an admin or moderator, or those granted edit. */
export const canAddTo = (actor: Actor, collection: ContentSubject): boolean => canEdit(actor, collection);
