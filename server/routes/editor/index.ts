import { Router } from "express";
import {
  ContentUpdateRequest,
  CurriculumUpdateRequest,
  CURRICULUM_MODEL_KEYS,
  GroupPageUpdateRequest,
  EDITOR_MESSAGES,
  UnlockRequest,
  UpdateLockRequest,
  type ContentUpdateResponse,
  type LockResponse,
  isContentTypePath,
} from "../../../contract/index.js";
import { saveContentBody } from "../../commands/saveContentBody.js";
import { countActiveProductsFor } from "../../models/products.js";
import type { Db } from "../../db/connection.js";
import type { ContentSection } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { getConfigValue } from "../../models/appConfig.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import { findActiveLock, releaseLock, takeLock, type HeldLock } from "../../models/editLocks.js";
import { listContentAttributes, listContentOtherValues } from "../../models/attributes.js";
import { listSections } from "../../models/sections.js";
import { missingUids, viewableTitlesByUid } from "../../models/content.js";
import { linkedItemUids, standaloneItemLinkUids } from "../../lib/itemLinks.js";
import { findResourceFile } from "../../models/resources.js";
import { findThumbnail } from "../../models/thumbnails.js";
import { authenticate, authorize, contentObjectPolicy, editLockPolicy } from "../../policies/index.js";
import { presentAttributeGroups } from "../../presenters/contentActions.js";
import { presentEditableItem } from "../../presenters/editableItem.js";
import type { Actor } from "../../lib/actor.js";
import { ensureNotLockedByOther, ensureViewable, loadByLink, loadByTypeId } from "./load.js";
import { DEFAULT_SETTINGS } from "../app/index.js";
import { loadCopiedFrom } from "../contentActions/load.js";
import { listContentBadges } from "../../models/badges.js";
import { listEndorsements } from "../../models/endorsements.js";
import { presentEndorsements } from "../../presenters/endorsement.js";

/** The lock lifetime in seconds (app config edit_lock_expiry). */
async function lockSeconds(db: Db): Promise<number> {
  const settings = await getConfigValue<Partial<typeof DEFAULT_SETTINGS>>(db, "settings", {});
  const seconds = Number(settings.edit_lock_expiry ?? DEFAULT_SETTINGS.edit_lock_expiry);
  return Number.isFinite(seconds) && seconds >= 1 ? seconds : DEFAULT_SETTINGS.edit_lock_expiry;
}

/** What an item's presenter needs besides its row and sections: where it was copied from, its designed thumbnail and the actor's favorite flag. */
/** The uids of items the sections link to that are gone (deleted since they were linked). */
async function removedLinkedItems(db: Db, sections: Pick<ContentSection, "body_html">[]): Promise<Set<string>> {
  return missingUids(db, [...new Set(sections.flatMap((s) => linkedItemUids(s.body_html)))]);
}

/** The current titles of the items the sections' Add item links lead to, those the actor may view (a step follows its item's renaming). */
async function linkedItemTitles(db: Db, actor: Actor, sections: Pick<ContentSection, "body_html">[]): Promise<Map<string, string>> {
  const uids = [...new Set(sections.flatMap((s) => standaloneItemLinkUids(s.body_html)))];
  return uids.length ? viewableTitlesByUid(db, uids, contentObjectPolicy.itemScope(actor)) : new Map();
}

async function loadItemExtras(db: Db, actor: Actor, contentId: number) {
  const [copiedFrom, thumbnail, favorites, endorsements, badges, resourceFile, attributes, otherValues, productsCount] = await Promise.all([
    loadCopiedFrom(db, actor, contentId),
    findThumbnail(db, contentId),
    favoriteIdsAmong(db, actor.profile?.id ?? null, [contentId]),
    listEndorsements(db, contentId, { publicOnly: true }),
    listContentBadges(db, contentId),
    findResourceFile(db, contentId),
    listContentAttributes(db, contentId),
    listContentOtherValues(db, contentId),
    countActiveProductsFor(db, contentId),
  ]);
  return { copiedFrom, thumbnail, favorite: favorites.has(contentId), endorsements: presentEndorsements(endorsements), badges, resourceFile, attributes: presentAttributeGroups(attributes, otherValues), productsCount };
}

/** A lock as the editor reads it, from the caller's side. */
function presentLock(lock: HeldLock | undefined, profileId: number, seconds: number, stale: boolean): LockResponse {
  const other = lock && lock.profile_id !== profileId ? lock : null;
  return {
    locked: other !== null,
    message: other ? EDITOR_MESSAGES.lockedBy(other.name) : lock ? "You hold the edit lock." : "Nobody holds the edit lock.",
    holder: lock ? { profile_id: lock.profile_id, name: lock.name } : null,
    expires_at: lock?.expires_at ?? null,
    expiry_seconds: seconds,
    stale,
  };
}

/**
 * The editor's calls: GET /api/content/{typePath}/{uid} (an item with its body, for the view and edit
 * pages), POST /{typePath}/{uid}/update (save), POST /update-lock and POST /system/locks/unlock.
 */
export function editorRouter(db: Db): Router {
  const router = Router();

  router.get("/api/content/:typePath/:uid", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    const { viewsOnlyByLink, linkShared } = await ensureViewable(db, req, item, item.reach);
    const sections = await listSections(db, item.id);
    const [removedItems, linkedTitles] = await Promise.all([removedLinkedItems(db, sections), linkedItemTitles(db, req.actor, sections)]);
    res.json(presentEditableItem(item, { name: item.owner_name, uid: item.owner_uid }, sections, req.actor, { ...(await loadItemExtras(db, req.actor, item.id)), viewsOnlyByLink, linkShared, removedItems, linkedTitles }));
  });

  router.post("/:typePath/:uid/update", async (req, res, next) => {
    if (!isContentTypePath(req.params.typePath)) return next();
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    // Who may not even see the item learns nothing of it (404, as when viewing); who may see it but not edit gets 403.
    const { viewsOnlyByLink, linkShared } = await ensureViewable(db, req, item, item.reach);
    authorize(req.actor, contentObjectPolicy.canEditReached(req.actor, item, viewsOnlyByLink));
    // A group's page is its name and About text (so its messages say Name), and a group's About is required (first
    // document, section 5) here too; a curriculum item's description is its introduction, required (second document).
    const isGroupPage = item.model_key === "profile" && item.sub_type === "group";
    const isCurriculum = (CURRICULUM_MODEL_KEYS as readonly string[]).includes(item.model_key);
    const body = parseOr422(isGroupPage ? GroupPageUpdateRequest : isCurriculum ? CurriculumUpdateRequest : ContentUpdateRequest, req.body ?? {});
    if (isGroupPage && body.description !== undefined && !body.description.trim()) {
      throw new HttpError(422, EDITOR_MESSAGES.aboutRequired, { description: [EDITOR_MESSAGES.aboutRequired] });
    }
    await ensureNotLockedByOther(db, req, item);
    const saved = await saveContentBody(db, item, body);
    const [removedItems, linkedTitles] = await Promise.all([removedLinkedItems(db, saved.sections), linkedItemTitles(db, req.actor, saved.sections)]);
    const extras = { ...(await loadItemExtras(db, req.actor, item.id)), linkShared, removedItems, linkedTitles };
    const answer: ContentUpdateResponse = { status: "success", message: EDITOR_MESSAGES.saved, item: presentEditableItem({ ...saved.item, edit_grants: item.edit_grants }, { name: item.owner_name, uid: item.owner_uid }, saved.sections, req.actor, extras) };
    res.json(answer);
  });

  router.post("/update-lock", authenticate(), async (req, res) => {
    const body = parseOr422(UpdateLockRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    await ensureViewable(db, req, item, "listed");
    authorize(req.actor, editLockPolicy.canTake(req.actor, item));
    const seconds = await lockSeconds(db);
    const lock = await takeLock(db, item.model_key, item.id, req.actor.profile!.id, seconds);
    const stale = Boolean(body.cache_date && item.updated_at > body.cache_date);
    res.json(presentLock(lock, req.actor.profile!.id, seconds, stale));
  });

  router.post("/system/locks/unlock", authenticate(), async (req, res) => {
    const body = parseOr422(UnlockRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    // As taking it: who may not view the item (a moderator included) finds no item, never a lock held by someone.
    await ensureViewable(db, req, item, "listed");
    const lock = await findActiveLock(db, item.model_key, item.id);
    authorize(req.actor, editLockPolicy.canRelease(req.actor, item, lock?.profile_id ?? null), EDITOR_MESSAGES.notLockHolder);
    await releaseLock(db, item.model_key, item.id);
    res.json(presentLock(undefined, req.actor.profile!.id, await lockSeconds(db), false));
  });
  return router;
}
