import type { Actor } from "../lib/actor.js";

/** Any signed-in profile may start a group (and becomes its leader). */
export const canCreate = (actor: Actor): boolean => actor.signedIn;
