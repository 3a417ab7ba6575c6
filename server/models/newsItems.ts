import type { Insertable, Updateable } from "kysely";
import type { Db } from "../db/connection.js";
import type { NewsItemRow, NewsItemsTable } from "../db/schema.js";

/** Adds a news item (a slide of the news carousel). */
export async function insertNewsItem(db: Db, row: Insertable<NewsItemsTable>): Promise<NewsItemRow> {
  return db.insertInto("news_items").values(row).returningAll().executeTakeFirstOrThrow();
}

/** The published news items for the given audiences, in carousel order (sort_order, then the oldest first). */
export async function listPublishedNews(db: Db, audiences: readonly NewsItemRow["audience"][], limit: number): Promise<NewsItemRow[]> {
  return db
    .selectFrom("news_items")
    .selectAll()
    .where("is_published", "=", 1)
    .where("audience", "in", [...audiences])
    .orderBy("sort_order")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** Every news item, drafts and members-only ones too, in carousel order (for its administrators). */
export async function listAllNews(db: Db): Promise<NewsItemRow[]> {
  return db.selectFrom("news_items").selectAll().orderBy("sort_order").orderBy("id").execute();
}

/** One news item, or undefined. */
export async function findNewsItem(db: Db, id: number): Promise<NewsItemRow | undefined> {
  return db.selectFrom("news_items").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Replaces a news item's fields; answers the saved row, or undefined when there is none with that id. */
export async function updateNewsItem(db: Db, id: number, changes: Updateable<NewsItemsTable>): Promise<NewsItemRow | undefined> {
  return db.updateTable("news_items").set(changes).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Deletes a news item; answers whether there was one. */
export async function deleteNewsItem(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom("news_items").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
