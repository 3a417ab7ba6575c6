import type { RequestHandler } from "express";
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
export * as permissionPolicy from "./permission.js";
export * as contactPolicy from "./contact.js";
export * as commentPolicy from "./comment.js";
export * as announcementPolicy from "./announcement.js";
export * as endorsementPolicy from "./endorsement.js";
export * as badgePolicy from "./badge.js";
export * as feedPolicy from "./feed.js";
export * as attachmentPolicy from "./attachment.js";
export * as guidedTourPolicy from "./guidedTour.js";
export * as moderationPolicy from "./moderation.js";
export * as newsItemPolicy from "./newsItem.js";
export * as carouselPolicy from "./carousel.js";
export * as sectionCommentPolicy from "./sectionComment.js";
export * as profilePolicy from "./profile.js";
export * as interceptorPolicy from "./interceptor.js";
export * as notificationPolicy from "./notification.js";
export * as shortCodePolicy from "./shortCode.js";
export * as imageSearchPolicy from "./imageSearch.js";
export * as zoomPolicy from "./zoom.js";
export * as editorImagePolicy from "./editorImage.js";
export * as accountPolicy from "./account.js";
export * as productPolicy from "./product.js";

/** A guest's answer wherever signing in could help: 401 "You must be signed in to do that.". */
const signInRequired = () => new HttpError(401, MESSAGES.signInRequired);

/**
 * Route middleware for calls that are for signed-in profiles only: a guest is answered 401 before the
 * handler validates or loads anything (so a guest's bad input is still a 401, never a 422 or 404).
 */
export function authenticate(): RequestHandler {
  return (req, _res, next) => {
    if (!req.actor.signedIn) throw signInRequired();
    next();
  };
}

/**
 * Throws unless the policy allowed the action: 401 for a guest (sign in first), 403 for a
 * signed-in profile. Every write's authorization goes through here.
 */
export function authorize(actor: Actor, allowed: boolean, message: string = MESSAGES.forbidden): void {
  if (allowed) return;
  if (!actor.signedIn) throw signInRequired();
  throw new HttpError(403, message);
}

/**
 * Throws unless the view policy allowed: 401 for a guest (signing in may help), 404 for a signed-in
 * profile, so that an item it may not see answers as one that does not exist (ids are sequential).
 */
export function authorizeView(actor: Actor, allowed: boolean): void {
  if (allowed) return;
  if (!actor.signedIn) throw signInRequired();
  throw new HttpError(404, MESSAGES.notFound);
}
