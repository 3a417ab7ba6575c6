import type { Actor } from "../lib/actor.js";

/** Connecting a Zoom account and creating meetings or webinars with it: signed-in profiles (each with their own Zoom account). */
export const canUseZoom = (actor: Actor): boolean => actor.signedIn;
