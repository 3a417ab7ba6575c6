import type { SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { recordSearchSettingsChange } from "../search/catalogueIndex.js";

const parseList = <T>(json: string): T => JSON.parse(json) as T;

/** Every configured search type (tab), in display order. */
export async function listSearchTypes(db: Db): Promise<SearchTypeConfig[]> {
  const rows = await db.selectFrom("search_types").selectAll().orderBy("sort_order").execute();
  return rows.map((r) => ({
    type: r.type,
    label: r.label,
    icon: r.icon,
    model_types: parseList(r.model_types),
    sub_types: parseList(r.sub_types),
    model_sub_types: parseList(r.model_sub_types),
    attributes: parseList(r.attributes),
    filters: parseList(r.filters),
    group_type_ids: parseList(r.group_type_ids),
    admin_only: r.admin_only === 1,
  }));
}

/** Stores a search type, replacing one with the same key; every instance's searches see it at once. */
export async function saveSearchType(db: Db, t: SearchTypeConfig, sortOrder: number): Promise<void> {
  const row = {
    type: t.type,
    label: t.label,
    icon: t.icon,
    model_types: JSON.stringify(t.model_types),
    sub_types: JSON.stringify(t.sub_types),
    model_sub_types: JSON.stringify(t.model_sub_types),
    attributes: JSON.stringify(t.attributes),
    filters: JSON.stringify(t.filters),
    group_type_ids: JSON.stringify(t.group_type_ids),
    admin_only: t.admin_only ? 1 : 0,
    sort_order: sortOrder,
  };
  await db
    .insertInto("search_types")
    .values(row)
    .onConflict((oc) => oc.column("type").doUpdateSet(row))
    .execute();
  await recordSearchSettingsChange(db);
}
