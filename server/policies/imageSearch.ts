import type { Actor } from "../lib/actor.js";

/** Searching Unsplash's photos (the thumbnail designer's image search): signed-in profiles, who design thumbnails; it spends the site's API quota, so not guests. */
export const canSearch = (actor: Actor): boolean => actor.signedIn;

/** Telling Unsplash a photo was used (its download tracking, with the site's key): whoever may search its photos. */
export const canTrackDownload = (actor: Actor): boolean => canSearch(actor);
