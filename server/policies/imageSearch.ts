import type { Actor } from "../lib/actor.js";

/** Searching Unsplash's photos (the thumbnail designer's image search): signed-in profiles, who design thumbnails; it spends the site's API quota, so not guests. */
export const canSearch = (actor: Actor): boolean => actor.signedIn;
