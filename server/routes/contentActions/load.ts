import { MAX_ID, MESSAGES, type CopiedFromDetails } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Content } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { findIdByFormerUid, readGrants } from "../../models/content.js";
import { findCopySource } from "../../models/copies.js";
import { contentObjectPolicy } from "../../policies/index.js";
import { presentCopiedFrom } from "../../presenters/contentActions.js";
import type { ContentGrantsSubject, ItemReach } from "../../policies/contentObject.js";

/** An item with its owner's name, as the content actions load it, and how the request reached it (policies/contentObject.ts reachNamedBy). */
export type LoadedItem = Content & { owner_name: string; reach: ItemReach };

/**
 * A content item by one of its identifiers (with its owner's name), or a 404. A uid the item had before New link
 * replaced it finds the item too, though not as its link (`reach`).
 */
export async function loadItemBy(db: Db, field: "id" | "uid" | "opaque_id", value: string | number, modelKey?: string): Promise<LoadedItem> {
  if (field === "id" && (!/^[1-9][0-9]{0,9}$/.test(String(value)) || Number(value) > MAX_ID)) throw new HttpError(404, MESSAGES.notFound);
  const find = (column: "id" | "uid" | "opaque_id", key: string | number) => {
    let query = db.selectFrom("content").innerJoin("profiles as owner", "owner.id", "content.owner_id").selectAll("content").select("owner.name as owner_name").where(`content.${column}`, "=", key);
    if (modelKey) query = query.where("content.model_key", "=", modelKey);
    return query.executeTakeFirst();
  };
  const item = await find(field, field === "id" ? Number(value) : String(value));
  if (item) return { ...item, reach: contentObjectPolicy.reachNamedBy(field) };
  const formerOf = field === "uid" ? await findIdByFormerUid(db, String(value)) : undefined;
  const former = formerOf !== undefined ? await find("id", formerOf) : undefined;
  if (!former) throw new HttpError(404, MESSAGES.notFound);
  return { ...former, reach: contentObjectPolicy.reachNamedBy(field, true) };
}

/** The item's read grants and link share when it is not public (the view policy needs them then: a link share opens a signed-in item to guests too). */
export const grantsOf = (db: Db, item: Content): Promise<ContentGrantsSubject | undefined> => (item.visibility !== "public" ? readGrants(db, item.id) : Promise.resolve(undefined));

/** "Copied from" for an item, when it is a copy and the actor may view the original (never leaks a restricted original). */
export async function loadCopiedFrom(db: Db, actor: Actor, contentId: number): Promise<CopiedFromDetails | null> {
  const found = await findCopySource(db, contentId);
  if (!found) return null;
  if (!contentObjectPolicy.canView(actor, found.source, await grantsOf(db, found.source))) return null;
  return presentCopiedFrom(found.source, found.copied_at);
}
