import { MESSAGES } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";
import { HttpError } from "../lib/errors.js";

export * as attributePolicy from "./attribute.js";
export * as bulkImportPolicy from "./bulkImport.js";
export * as collectionPolicy from "./collection.js";
export * as contentObjectPolicy from "./contentObject.js";
export * as editLockPolicy from "./editLock.js";
export * as groupPolicy from "./group.js";
export * as resourcePolicy from "./resource.js";
export * as curriculumPolicy from "./curriculum.js";
export * as searchPolicy from "./search.js";
export * as thumbnailPolicy from "./thumbnail.js";
export * as exportPolicy from "./export.js";

/**
 * Throws unless the policy allowed the action: 401 for a guest (sign in first), 403 for a
 * signed-in profile. Every write's authorization goes through here.
 */
export function authorize(actor: Actor, allowed: boolean, message: string = MESSAGES.forbidden): void {
  if (allowed) return;
  if (!actor.signedIn) throw new HttpError(401, MESSAGES.signInRequired);
  throw new HttpError(403, message);
}
