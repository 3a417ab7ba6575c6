import type { Actor } from "../lib/actor.js";

/** Who has interceptors to go through: signed-in profiles (a guest has none). */
export const hasInterceptors = (actor: Actor): boolean => actor.signedIn;

/**
 * Dismissing or deferring a notice: a signed-in profile, for itself only (the calls name no other profile, so the
 * state written is always the actor's own).
 */
export const canRespond = (actor: Actor): boolean => actor.signedIn;

/** Writing interceptors (listing all, adding, changing, deleting): administrators only, since they speak for the site to everyone. */
export const canManage = (actor: Actor): boolean => actor.signedIn && actor.isAdmin;
