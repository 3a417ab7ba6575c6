import type { Insertable } from "kysely";
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
