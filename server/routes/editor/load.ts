import type { Request, RequestHandler, Response } from "express";
import { EDITOR_MESSAGES, isContentTypePath, MAX_ID, MESSAGES } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { editGrants, findIdByFormerUid, readGrants } from "../../models/content.js";
import { findActiveLock } from "../../models/editLocks.js";
import { authorize, authorizeView, contentObjectPolicy, editLockPolicy } from "../../policies/index.js";
import type { ContentGrantsSubject, ItemReach } from "../../policies/contentObject.js";
import { itemLink } from "../../presenters/editableItem.js";

/** An item with its edit grants, which the edit policy reads. */
export type LoadedItem = Content & { edit_grants: ContentGrantsSubject };

/**
 * The item at a link ("/lesson-plans/{uid}") with its owner's name and edit grants, or a 404; and how the request reached
 * it: by its uid, its link; by a uid it had before New link replaced it, not its link (policies/contentObject.ts reachNamedBy).
 */
export async function loadByLink(db: Db, typePath: string, uid: string): Promise<LoadedItem & { owner_name: string; owner_uid: string; reach: ItemReach }> {
  const find = (column: "id" | "uid", key: string | number) =>
    db.selectFrom("content").innerJoin("profiles as owner", "owner.id", "content.owner_id").selectAll("content").select(["owner.name as owner_name", "owner.uid as owner_uid"]).where(`content.${column}`, "=", key).executeTakeFirst();
  const current = await find("uid", uid);
  const formerOf = current ? undefined : await findIdByFormerUid(db, uid);
  const item = current ?? (formerOf !== undefined ? await find("id", formerOf) : undefined);
  if (!item || itemLink({ ...item, uid }) !== `/${typePath}/${uid}`) throw new HttpError(404, MESSAGES.notFound);
  return { ...item, edit_grants: await editGrants(db, item.id), reach: contentObjectPolicy.reachNamedBy("uid", !current) };
}

/** The item a lock call names by model key and id, with its edit grants, or a 404. */
export async function loadByTypeId(db: Db, modelKey: string, id: number): Promise<LoadedItem> {
  if (id > MAX_ID) throw new HttpError(404, MESSAGES.notFound);
  const item = await db.selectFrom("content").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
  if (!item) throw new HttpError(404, MESSAGES.notFound);
  return { ...item, edit_grants: await editGrants(db, item.id) };
}

/**
 * Viewing: 401 for a guest who might see it after signing in, 404 for a member who may not (authorizeView). `reach` says
 * how the call named the item (by uid at its link: a link share counts). Answers whether only the link share lets the actor view it, and whether the item is link-shared.
 */
export async function ensureViewable(db: Db, req: Request, item: Content, reach: ItemReach): Promise<{ viewsOnlyByLink: boolean; linkShared: boolean }> {
  const grants = item.visibility !== "public" ? await readGrants(db, item.id) : undefined;
  authorizeView(req.actor, contentObjectPolicy.canView(req.actor, item, grants, reach));
  return { viewsOnlyByLink: contentObjectPolicy.viewsOnlyByLink(req.actor, item, grants, reach), linkShared: grants?.link?.includes("read") ?? false };
}


/** A save of the item's content, tags, thumbnail or source: 409 naming the holder while someone else holds its edit lock. */
export async function ensureNotLockedByOther(db: Db, req: Request, item: Pick<Content, "id" | "model_key">): Promise<void> {
  const lock = await findActiveLock(db, item.model_key, item.id);
  if (!editLockPolicy.canSaveUnder(req.actor, lock?.profile_id ?? null)) throw new HttpError(409, EDITOR_MESSAGES.lockedBy(lock!.name));
}

/** Whether the actor may make a change to an item it reached at its link (viewsOnlyByLink: only a link share lets it see the item). */
export type ItemChangePolicy = (actor: Actor, item: LoadedItem, viewsOnlyByLink: boolean) => boolean;

/**
 * The first step of a change with an upload to the item at `/{typePath}/{uid}` (the route's own typePath unless
 * given): turns away whoever may not view the item (401/404), may not make the change (403) or is locked out by
 * another editor (409) before the upload is read, then leaves the item for the handler (`itemToChange`). A typePath
 * that names no content type passes the request on to the next route.
 */
export function loadItemToChange(db: Db, allowed: ItemChangePolicy, typePath?: string): RequestHandler {
  return async (req, res, next) => {
    const path = typePath ?? String(req.params.typePath);
    if (!isContentTypePath(path)) return next("route");
    const item = await loadByLink(db, path, String(req.params.uid));
    const { viewsOnlyByLink } = await ensureViewable(db, req, item, item.reach);
    authorize(req.actor, allowed(req.actor, item, viewsOnlyByLink));
    await ensureNotLockedByOther(db, req, item);
    res.locals.item = item;
    next();
  };
}

/** The item loadItemToChange loaded for this request. */
export const itemToChange = (res: Response) => res.locals.item as LoadedItem & { owner_name: string; owner_uid: string; reach: ItemReach };
