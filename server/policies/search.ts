import type { Actor } from "../lib/actor.js";

/** Admin-only search types are listed and searchable only by admins. */
export const canUseAdminSearchTypes = (actor: Actor): boolean => actor.isAdmin;

/** Running a search as another profile is an admin option. */
export const canSearchAsProfile = (actor: Actor): boolean => actor.isAdmin;

/** Ignoring permissions in search is an admin option. */
export const canIgnorePermissions = (actor: Actor): boolean => actor.isAdmin;

/** The my-stuff filters (mine, favorites, restricted) need a signed-in profile. */
export const canUseMyStuffFilters = (actor: Actor): boolean => actor.signedIn;
