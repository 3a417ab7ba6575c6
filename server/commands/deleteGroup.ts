import type { Db } from "../db/connection.js";
import type { FileStorage } from "../storage/fileStorage.js";
import { recordContentChange } from "./createContent.js";

/**
 * Deletes a group with its page, in one transaction: the group's profile row, and with it (by the foreign keys'
 * cascades) its page, the page's feed, discussions, favorites and grants, its members' and leaders' places, its
 * requests to join, and the grants other items gave the group. Search drops the page and reads again the items the
 * group was granted (their readers change). A group that owns (or publishes) items other than its own page (Change owner may give the page to its group) is kept (answers "owns"): its items would be left
 * with no owner; its leaders give them away first. Files attached to the page's posts and comments are deleted after
 * the commit.
 */
export async function deleteGroup(db: Db, storage: FileStorage, page: { id: number; profile_id: number }): Promise<"deleted" | "owns"> {
  const groupId = page.profile_id;
  const outcome = await db.transaction().execute(async (trx) => {
    const owned = await trx.selectFrom("content").select("id").where("id", "<>", page.id).where((w) => w.or([w("owner_id", "=", groupId), w("publisher_id", "=", groupId)])).executeTakeFirst();
    if (owned) return { owns: true, keys: [] as string[] };
    const posted = await trx
      .selectFrom("attachments")
      .innerJoin("feed_posts", "feed_posts.id", "attachments.feed_post_id")
      .select("attachments.storage_key")
      .where("feed_posts.content_id", "=", page.id)
      .execute();
    const commented = await trx
      .selectFrom("attachments")
      .innerJoin("comments", "comments.id", "attachments.comment_id")
      .innerJoin("comment_threads", "comment_threads.id", "comments.thread_id")
      .select("attachments.storage_key")
      .where("comment_threads.content_id", "=", page.id)
      .execute();
    const granted = await trx.selectFrom("content_grants").select("content_id").distinct().where("scope", "=", "group").where("profile_id", "=", groupId).execute();
    await trx.deleteFrom("content").where("id", "=", page.id).execute();
    await trx.deleteFrom("profiles").where("id", "=", groupId).execute();
    for (const id of [page.id, ...granted.map((g) => g.content_id).filter((id) => id !== page.id)]) await recordContentChange(trx, id);
    return { owns: false, keys: [...posted, ...commented].map((a) => a.storage_key) };
  });
  if (outcome.owns) return "owns";
  for (const key of outcome.keys) await storage.delete(key).catch(() => undefined);
  return "deleted";
}
