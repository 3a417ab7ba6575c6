import type { Actor } from "../lib/actor.js";

/** Attribute trees and standards are public reference data: guests may read them too. */
export const canReadAttributes = (_actor: Actor): boolean => true;
