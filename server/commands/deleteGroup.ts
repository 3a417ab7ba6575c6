import type { Db } from "../db/connection.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { recordContentChange } from "./createContent.js";
import { storedFilesOf } from "./deleteContent.js";

/**
 * Deletes a group with its page, in one transaction: the group's profile row, and with it (by the foreign keys'
 * cascades) its page, the page's feed, discussions, favorites and grants, its members' and leaders' places, its
 * requests to join, and the grants other items gave the group. Search drops the page and reads again the items the
 * group was granted (their readers change). The page's stored files (its designed thumbnail, its posts' and comments'
 * attachments) are deleted after the commit. A group that owns (or publishes) items other than its own page (Change
 * owner may give the page to its group) is kept (answers "owns"): its items would be left with no owner; its leaders
 * give them away first.
 */
export async function deleteGroup(db: Db, storage: FileStorage, page: { id: number; profile_id: number }): Promise<"deleted" | "owns"> {
  const groupId = page.profile_id;
  const outcome = await db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom("content").select("id").where("id", "<>", page.id).where((w) => w.or([w("owner_id", "=", groupId), w("publisher_id", "=", groupId)])).executeTakeFirst();
    if (owned) return { owns: true, keys: [] as string[] };
    const files = await storedFilesOf(trx, page.id);
    const granted = await trx.selectFrom("content_grants").select("content_id").distinct().where("scope", "=", "group").where("profile_id", "=", groupId).execute();
    await trx.deleteFrom("content").where("id", "=", page.id).execute();
    await trx.deleteFrom("profiles").where("id", "=", groupId).execute();
    for (const id of [page.id, ...granted.map((g) => g.content_id).filter((id) => id !== page.id)]) await recordContentChange(trx, id);
    return { owns: false, keys: files };
  });
  if (outcome.owns) return "owns";
  for (const key of outcome.keys) await storage.delete(key).catch(() => undefined);
  return "deleted";
}
