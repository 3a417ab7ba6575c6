import type { Request } from "express";
import { MESSAGES } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import { HttpError } from "../../lib/errors.js";
import { readGrants } from "../../models/content.js";
import { contentObjectPolicy } from "../../policies/index.js";
import { itemLink } from "../../presenters/editableItem.js";

/** The item at a link ("/lesson-plans/{uid}"), or a 404. */
export async function loadByLink(db: Db, typePath: string, uid: string): Promise<Content & { owner_name: string }> {
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
export async function loadByTypeId(db: Db, modelKey: string, id: number): Promise<Content> {
  const item = await db.selectFrom("content").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
  if (!item) throw new HttpError(404, MESSAGES.notFound);
  return item;
}

/** Viewing: 401 for a guest who might see it after signing in, 404 for a member who may not. */
export async function ensureViewable(db: Db, req: Request, item: Content): Promise<void> {
  const grants = item.visibility === "restricted" ? await readGrants(db, item.id) : undefined;
  if (contentObjectPolicy.canView(req.actor, item, grants)) return;
  if (!req.actor.signedIn) throw new HttpError(401, MESSAGES.signInRequired);
  throw new HttpError(404, MESSAGES.notFound);
}

