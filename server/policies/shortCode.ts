import type { Actor } from "../lib/actor.js";

/** Previewing short codes (the About Short Codes dialog's Try it out): signed-in profiles, who write sections; it reads and stores nothing. */
export const canPreview = (actor: Actor): boolean => actor.signedIn;
