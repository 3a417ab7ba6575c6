import { sql } from "kysely";
import type { Db } from "../db/connection.js";
import type { ViewScope } from "../policies/contentObject.js";
import type { ContentCardRow } from "../presenters/contentObject.js";
import { selectCardRows, whereViewable } from "./content.js";

/** A collection as the add-to-collection dialog lists it. */
export interface CollectionChoice {
  id: number;
  uid: string;
  title: string;
  items_count: number;
  contains: boolean;
}

/** The dialog's list: at most this many collections. */
const CHOICES = 100;

/**
 * The collections a profile may add to (its own, and those an edit grant gives it or a group it leads), most
 * recently updated first, with whether each holds `contentId` already; `st` narrows them by title.
 */
export async function editableCollections(db: Db, profileId: number, ledGroupIds: number[], contentId: number, st?: string): Promise<CollectionChoice[]> {
  let query = db
    .selectFrom("content")
    .select((eb) => [
      "content.id",
      "content.uid",
      "content.title",
      eb.selectFrom("collection_items").select((c) => c.fn.countAll<number>().as("n")).whereRef("collection_items.collection_id", "=", "content.id").as("items_count"),
      eb
        .exists(eb.selectFrom("collection_items").select("collection_items.content_id").whereRef("collection_items.collection_id", "=", "content.id").where("collection_items.content_id", "=", contentId))
        .as("contains"),
    ])
    .where("content.model_key", "=", "collection")
    .where((eb) =>
      eb.or([
        eb("content.owner_id", "=", profileId),
        eb(
          "content.id",
          "in",
          eb
            .selectFrom("content_grants")
            .select("content_grants.content_id")
            .where("content_grants.permission", "=", "edit")
            .where((g) =>
              g.or([
                g.and([g("content_grants.scope", "=", "profile"), g("content_grants.profile_id", "=", profileId)]),
                ...(ledGroupIds.length ? [g.and([g("content_grants.scope", "=", "group"), g("content_grants.profile_id", "in", ledGroupIds)])] : []),
              ]),
            ),
        ),
      ]),
    );
  if (st) query = query.where(sql<boolean>`lower(content.title) like ${`%${st.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
  const rows = await query.orderBy("content.updated_at", "desc").orderBy("content.id", "desc").limit(CHOICES).execute();
  return rows.map((r) => ({ id: r.id, uid: r.uid, title: r.title, items_count: Number(r.items_count), contains: Boolean(Number(r.contains)) }));
}

/** Adds an item to collections (those holding it already are left as they are); the number it was added to. */
export async function addToCollections(db: Db, collectionIds: number[], contentId: number, addedBy: number): Promise<number> {
  const addedAt = new Date().toISOString();
  const result = await db
    .insertInto("collection_items")
    .values(collectionIds.map((collection_id) => ({ collection_id, content_id: contentId, added_by: addedBy, added_at: addedAt })))
    .onConflict((oc) => oc.columns(["collection_id", "content_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A collection's items that the scope may see, as card rows, in the order they were added. */
export async function collectionItemRows(db: Db, collectionId: number, scope: ViewScope): Promise<ContentCardRow[]> {
  const rows = await selectCardRows(db)
    .innerJoin("collection_items", "collection_items.content_id", "content.id")
    .where("collection_items.collection_id", "=", collectionId)
    .where((eb) => whereViewable(eb, scope))
    .orderBy("collection_items.added_at")
    .orderBy("content.id")
    .execute();
  return rows as ContentCardRow[];
}
