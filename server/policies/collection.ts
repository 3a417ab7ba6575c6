import type { Actor } from "../lib/actor.js";

/** Any signed-in profile may start a collection. */
export const canCreate = (actor: Actor): boolean => actor.signedIn;
