import { sql, type Selectable } from "kysely";
import { ATTRIBUTE_FACETS, type SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { AttributeItem, AttributeTypesTable } from "../db/schema.js";
import { listSearchTypes } from "./searchTypes.js";

export type AttributeType = Selectable<AttributeTypesTable>;

/** Attribute trees are shallow; this bounds the walk up to the roots should a row point at itself. */
const MAX_DEPTH = 16;

/** An attribute type by key, or by id when given a number. */
export async function findAttributeType(db: Db, keyOrId: string | number): Promise<AttributeType | undefined> {
  const query = db.selectFrom("attribute_types").selectAll();
  return (typeof keyOrId === "number" ? query.where("id", "=", keyOrId) : query.where("key", "=", keyOrId)).executeTakeFirst();
}

/** Every attribute type, in display order. */
export async function listAttributeTypes(db: Db): Promise<AttributeType[]> {
  return db.selectFrom("attribute_types").selectAll().orderBy("sort_order").orderBy("id").execute();
}

/** The items of a type directly under parentId (null: the top level), in display order. */
export async function listChildItems(db: Db, typeId: number, parentId: number | null): Promise<AttributeItem[]> {
  const query = db.selectFrom("attribute_items").selectAll().where("type_id", "=", typeId);
  return (parentId === null ? query.where("parent_id", "is", null) : query.where("parent_id", "=", parentId))
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

/** The child ids of each of the given items, in display order. */
export async function childIdsByParent(db: Db, parentIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!parentIds.length) return out;
  const rows = await db.selectFrom("attribute_items").select(["id", "parent_id"]).where("parent_id", "in", parentIds).orderBy("sort_order").orderBy("id").execute();
  for (const r of rows) if (r.parent_id !== null) (out.get(r.parent_id) ?? out.set(r.parent_id, []).get(r.parent_id)!).push(r.id);
  return out;
}

/** Every item of the given types, in tree display order. */
export async function listItemsOfTypes(db: Db, typeIds: number[]): Promise<AttributeItem[]> {
  if (!typeIds.length) return [];
  return db.selectFrom("attribute_items").selectAll().where("type_id", "in", typeIds).orderBy("type_id").orderBy("depth").orderBy("sort_order").orderBy("id").execute();
}

/** The items with the given ids (unknown ids are left out), optionally of one type only. */
export async function findItemsByIds(db: Db, ids: number[], typeId?: number): Promise<AttributeItem[]> {
  if (!ids.length) return [];
  let query = db.selectFrom("attribute_items").selectAll().where("id", "in", [...new Set(ids)]);
  if (typeId !== undefined) query = query.where("type_id", "=", typeId);
  return query.execute();
}

/** The items together with all their ancestors, each once. */
export async function withAncestors(db: Db, items: AttributeItem[]): Promise<Map<number, AttributeItem>> {
  const byId = new Map(items.map((i) => [i.id, i]));
  let missing = items.map((i) => i.parent_id);
  for (let level = 0; level < MAX_DEPTH; level++) {
    const wanted = [...new Set(missing.filter((id): id is number => id !== null && !byId.has(id)))];
    if (!wanted.length) break;
    const parents = await findItemsByIds(db, wanted);
    for (const p of parents) byId.set(p.id, p);
    missing = parents.map((p) => p.parent_id);
  }
  return byId;
}

/** The top-level ancestor of an item among loaded rows (the item itself at the top level). */
export function rootOf(byId: Map<number, AttributeItem>, item: AttributeItem): AttributeItem {
  let node = item;
  for (let level = 0; level < MAX_DEPTH && node.parent_id !== null; level++) {
    const parent = byId.get(node.parent_id);
    if (!parent) break;
    node = parent;
  }
  return node;
}

/** Escapes LIKE wildcards so the term matches literally (with ESCAPE '\'). */
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Leaf items of a type whose name or short name contains the term, case-insensitively. */
export async function searchLeafItems(db: Db, typeId: number, term: string, limit: number): Promise<AttributeItem[]> {
  const pattern = likeContains(term);
  return db
    .selectFrom("attribute_items")
    .selectAll()
    .where("type_id", "=", typeId)
    .where("is_leaf", "=", 1)
    .where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref("name")}) like lower(${pattern}) escape '\\'`,
        sql<boolean>`lower(coalesce(${eb.ref("short_name")}, '')) like lower(${pattern}) escape '\\'`,
      ]),
    )
    .orderBy("parent_id")
    .orderBy("sort_order")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The items with the given ids (of one type when given), each with its root, in the order asked for. */
export async function findItemsWithRoots(db: Db, ids: number[], typeId?: number): Promise<{ item: AttributeItem; root: AttributeItem }[]> {
  const items = await findItemsByIds(db, ids, typeId);
  const byId = await withAncestors(db, items);
  const order = new Map(ids.map((id, i) => [id, i]));
  return items.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map((item) => ({ item, root: rootOf(byId, item) }));
}

/**
 * The attribute types that apply to a model key: those of the search type (tab) listing that
 * model, whose facet keys name attribute types (contract ATTRIBUTE_FACETS). In the tab's order.
 */
export async function attributeTypesForModel(db: Db, modelKey: string): Promise<AttributeType[]> {
  const searchType = (await listSearchTypes(db)).find((t) => t.model_types.includes(modelKey as SearchTypeConfig["model_types"][number]));
  if (!searchType) return [];
  const keys = searchType.attributes.map((facet) => ATTRIBUTE_FACETS.find((f) => f.url === facet)?.type ?? facet);
  const types = new Map((await listAttributeTypes(db)).map((t) => [t.key, t]));
  return keys.flatMap((k) => types.get(k) ?? []);
}

/** An item's attributes with their type's key and name, in type then tree order. */
export async function listContentAttributes(db: Db, contentId: number) {
  return (await listAttributesOfContents(db, [contentId])).get(contentId) ?? [];
}

/** The attributes of several items by item id (each item's in type then tree order), with their type's key and name. */
export async function listAttributesOfContents(db: Db, contentIds: number[]) {
  const out = new Map<number, { id: number; type_id: number; type_key: string; type_name: string; type_sort_order: number; name: string; short_name: string | null }[]>();
  if (!contentIds.length) return out;
  const rows = await db
    .selectFrom("content_attributes")
    .innerJoin("attribute_items as item", "item.id", "content_attributes.attr_item_id")
    .innerJoin("attribute_types as type", "type.id", "item.type_id")
    .select(["content_attributes.content_id", "item.id", "item.type_id", "item.name", "item.short_name", "type.key as type_key", "type.name as type_name", "type.sort_order as type_sort_order"])
    .where("content_attributes.content_id", "in", [...new Set(contentIds)])
    .orderBy("type.sort_order")
    .orderBy("type.id")
    .orderBy("item.depth")
    .orderBy("item.sort_order")
    .orderBy("item.id")
    .execute();
  for (const { content_id: contentId, ...attribute } of rows) out.set(contentId, [...(out.get(contentId) ?? []), attribute]);
  return out;
}

/** How many of the given (distinct) item ids belong to the attribute type with this key. */
export async function countItemsOfType(db: Db, typeKey: string, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const found = await db
    .selectFrom("attribute_items as i")
    .innerJoin("attribute_types as t", "t.id", "i.type_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("t.key", "=", typeKey)
    .where("i.id", "in", ids)
    .executeTakeFirstOrThrow();
  return Number(found.n);
}

/** An item's write-in ("Other") values, one per type, with their type's key, name and display order, in type order. */
export async function listContentOtherValues(db: Db, contentId: number) {
  return db
    .selectFrom("content_attribute_others as other")
    .innerJoin("attribute_types as type", "type.id", "other.type_id")
    .select(["other.type_id", "other.value", "type.key as type_key", "type.name as type_name", "type.sort_order as type_sort_order"])
    .where("other.content_id", "=", contentId)
    .orderBy("type.sort_order")
    .orderBy("type.id")
    .execute();
}
