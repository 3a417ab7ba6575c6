import { Router, type Request } from "express";
import {
  ContentUpdateRequest,
  EDITOR_MESSAGES,
  MESSAGES,
  UnlockRequest,
  UpdateLockRequest,
  type ContentUpdateResponse,
  type LockResponse,
} from "../../../contract/index.js";
import { saveContentBody } from "../../commands/saveContentBody.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { getConfigValue } from "../../models/appConfig.js";
import { readGrants } from "../../models/content.js";
import { findActiveLock, releaseLock, takeLock, type HeldLock } from "../../models/editLocks.js";
import { listSections } from "../../models/sections.js";
import { authorize, contentObjectPolicy, editLockPolicy } from "../../policies/index.js";
import { itemLink, presentEditableItem } from "../../presenters/editableItem.js";
import { DEFAULT_SETTINGS } from "../app/index.js";

/** The item at a link ("/lesson-plans/{uid}"), or a 404. */
async function loadByLink(db: Db, typePath: string, uid: string): Promise<Content & { owner_name: string }> {
  const item = await db
    .selectFrom("content")
    .innerJoin("profiles as owner", "owner.id", "content.owner_id")
    .selectAll("content")
    .select("owner.name as owner_name")
    .where("content.uid", "=", uid)
    .executeTakeFirst();
  if (!item || itemLink(item) !== `/${typePath}/${uid}`) throw new HttpError(404, MESSAGES.notFound);
  return item;
}

/** The item a lock call names by model key and id, or a 404. */
async function loadByTypeId(db: Db, modelKey: string, id: number): Promise<Content> {
  const item = await db.selectFrom("content").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
  if (!item) throw new HttpError(404, MESSAGES.notFound);
  return item;
}

/** Viewing: 401 for a guest who might see it after signing in, 404 for a member who may not. */
async function ensureViewable(db: Db, req: Request, item: Content): Promise<void> {
  const grants = item.visibility === "restricted" ? await readGrants(db, item.id) : undefined;
  if (contentObjectPolicy.canView(req.actor, item, grants)) return;
  if (!req.actor.signedIn) throw new HttpError(401, MESSAGES.signInRequired);
  throw new HttpError(404, MESSAGES.notFound);
}

/** The lock lifetime in seconds (app config edit_lock_expiry). */
async function lockSeconds(db: Db): Promise<number> {
  const settings = await getConfigValue<Partial<typeof DEFAULT_SETTINGS>>(db, "settings", {});
  const seconds = Number(settings.edit_lock_expiry ?? DEFAULT_SETTINGS.edit_lock_expiry);
  return Number.isFinite(seconds) && seconds >= 1 ? seconds : DEFAULT_SETTINGS.edit_lock_expiry;
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

  router.get("/api/content/:typePath/:uid", async (req, res) => {
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    await ensureViewable(db, req, item);
    res.json(presentEditableItem(item, item.owner_name, await listSections(db, item.id), req.actor));
  });

  router.post("/:typePath/:uid/update", async (req, res) => {
    const item = await loadByLink(db, req.params.typePath, req.params.uid);
    authorize(req.actor, contentObjectPolicy.canEdit(req.actor, item));
    const body = parseOr422(ContentUpdateRequest, req.body ?? {});
    const lock = await findActiveLock(db, item.model_key, item.id);
    if (!editLockPolicy.canSaveUnder(req.actor, lock?.profile_id ?? null)) throw new HttpError(409, EDITOR_MESSAGES.lockedBy(lock!.name));
    const saved = await saveContentBody(db, item, body);
    const answer: ContentUpdateResponse = { status: "success", message: EDITOR_MESSAGES.saved, item: presentEditableItem(saved.item, item.owner_name, saved.sections, req.actor) };
    res.json(answer);
  });

  router.post("/update-lock", async (req, res) => {
    authorize(req.actor, req.actor.signedIn);
    const body = parseOr422(UpdateLockRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    authorize(req.actor, editLockPolicy.canTake(req.actor, item));
    const seconds = await lockSeconds(db);
    const lock = await takeLock(db, item.model_key, item.id, req.actor.profile!.id, seconds);
    const stale = Boolean(body.cache_date && item.updated_at > body.cache_date);
    res.json(presentLock(lock, req.actor.profile!.id, seconds, stale));
  });

  router.post("/system/locks/unlock", async (req, res) => {
    authorize(req.actor, req.actor.signedIn);
    const body = parseOr422(UnlockRequest, req.body ?? {});
    const item = await loadByTypeId(db, body.type, body.type_id);
    const lock = await findActiveLock(db, item.model_key, item.id);
    authorize(req.actor, editLockPolicy.canRelease(req.actor, item, lock?.profile_id ?? null), EDITOR_MESSAGES.notLockHolder);
    await releaseLock(db, item.model_key, item.id);
    res.json(presentLock(undefined, req.actor.profile!.id, await lockSeconds(db), false));
  });
  return router;
}
