import type { Actor } from "../lib/actor.js";

/** Any signed-in profile may start a group (and becomes its leader), while app config lists groups as creatable. */
export const canCreate = (actor: Actor, creatableTypes: readonly string[]): boolean => actor.signedIn && creatableTypes.includes("group");
