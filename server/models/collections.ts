import type { Db } from "../db/connection.js";
import type { ViewScope } from "../policies/contentObject.js";
import type { ContentCardRow } from "../presenters/contentObject.js";
import { selectCardRows, whereViewable } from "./content.js";
import { withGradeBands } from "./gradeBands.js";

/** A collection as the add-to-collection dialog lists it. */
export interface CollectionChoice {
  id: number;
  uid: string;
  title: string;
  /** Its items the asker may see. */
  items_count: number;
  contains: boolean;
}

/**
 * The collections whose owner is `holders.profileId` or one of `holders.groupIds` (a group's leaders act as its owner),
 * or that an edit grant gives to it or to `holders.groupIds`,
 * most recently updated first; `st` narrows them to titles holding it (matched here rather than in SQL, whose
 * lower() knows only A to Z on SQLite). Answers the page from `offset` (at most `limit`), how many match, and which
 * of them all hold `contentId` (if any). `contains`: it holds the item already; `items_count`: its items that
 * `scope` may see.
 */
export async function editableCollections(
  db: Db,
  holders: { profileId: number; groupIds: number[] },
  scope: ViewScope,
  { contentId, st, offset, limit }: { contentId: number | null; st?: string; offset: number; limit: number },
): Promise<{ choices: CollectionChoice[]; total: number; holding: number[] }> {
  const granted = db
    .selectFrom("content_grants")
    .select("content_grants.content_id")
    .where("content_grants.permission", "=", "edit")
    .where((g) =>
      g.or([
        g.and([g("content_grants.scope", "=", "profile"), g("content_grants.profile_id", "=", holders.profileId)]),
        ...(holders.groupIds.length ? [g.and([g("content_grants.scope", "=", "group"), g("content_grants.profile_id", "in", holders.groupIds)])] : []),
      ]),
    );
  const rows = await db
    .selectFrom("content")
    .select(["content.id", "content.uid", "content.title"])
    .where("content.model_key", "=", "collection")
    .where((eb) => eb.or([eb("content.owner_id", "in", [holders.profileId, ...holders.groupIds]), eb("content.id", "in", granted)]))
    .orderBy("content.updated_at", "desc")
    .orderBy("content.id", "desc")
    .execute();
  const words = st?.toLocaleLowerCase();
  const matching = words ? rows.filter((r) => r.title.toLocaleLowerCase().includes(words)) : rows;
  // The collections holding the item: few, whatever the profile's number of collections.
  const itemIn = contentId === null ? [] : await db.selectFrom("collection_items").select("collection_id").where("content_id", "=", contentId).execute();
  const held = new Set(itemIn.map((h) => h.collection_id));
  const holding = matching.filter((r) => held.has(r.id)).map((r) => r.id);
  const shown = matching.slice(offset, offset + limit);
  if (!shown.length) return { choices: [], total: matching.length, holding };
  const counts = await db
    .selectFrom("collection_items")
    .innerJoin("content", "content.id", "collection_items.content_id")
    .select(["collection_items.collection_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("collection_items.collection_id", "in", shown.map((r) => r.id))
    .where((eb) => whereViewable(eb, scope))
    .groupBy("collection_items.collection_id")
    .execute();
  const count = new Map(counts.map((c) => [c.collection_id, Number(c.n)]));
  return { choices: shown.map((r) => ({ ...r, items_count: count.get(r.id) ?? 0, contains: held.has(r.id) })), total: matching.length, holding };
}

/** A collection's items that the scope may see, as card rows, in the collection's order (its editors', else the order they were added). */
export async function collectionItemRows(db: Db, collectionId: number, scope: ViewScope): Promise<ContentCardRow[]> {
  const rows = await selectCardRows(db)
    .innerJoin("collection_items", "collection_items.content_id", "content.id")
    .where("collection_items.collection_id", "=", collectionId)
    .where((eb) => whereViewable(eb, scope))
    .orderBy("collection_items.position")
    .orderBy("collection_items.added_at")
    .orderBy("content.id")
    .execute();
  return withGradeBands(db, rows as Omit<ContentCardRow, "grade_bands">[]);
}
