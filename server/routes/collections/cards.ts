import type { SearchResultItem } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import type { Actor } from "../../lib/actor.js";
import { collectionItemRows } from "../../models/collections.js";
import { editGrantsAmong } from "../../models/content.js";
import { favoriteIdsAmong } from "../../models/favorites.js";
import type { ViewScope } from "../../policies/contentObject.js";
import { presentContentCard } from "../../presenters/contentObject.js";

/** A collection's items within `scope` (the asker's view scope), as the asker's cards (favorites and edit abilities included), in the collection's order. */
export async function collectionCards(db: Db, actor: Actor, collectionId: number, scope: ViewScope): Promise<SearchResultItem[]> {
  const rows = await collectionItemRows(db, collectionId, scope);
  const ids = rows.map((r) => r.id);
  const [favorites, grants] = [await favoriteIdsAmong(db, actor.profile?.id ?? null, ids), await editGrantsAmong(db, ids)];
  return rows.map((row) => presentContentCard(row, actor, favorites.has(row.id), grants.get(row.id)));
}
