import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { MAX_ID } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { Content, Database } from "../db/schema.js";
import type { ContentGrantsSubject, ViewScope } from "../policies/contentObject.js";

/** Finds a content object by model key and id ("resource:12"). */
export async function findByTypeKey(db: Db, modelKey: string, id: number): Promise<Content | undefined> {
  if (id > MAX_ID) return undefined;
  return db.selectFrom("content").selectAll().where("id", "=", id).where("model_key", "=", modelKey).executeTakeFirst();
}

/** The grant permissions that let a profile view an item: read, and edit (which includes it). Item pages and search lists use the same. */
export const VIEWING_PERMISSIONS = ["read", "edit"];

/** The read grants of an item for profiles and groups (an edit grant lets its holders read too), and what its link share gives. */
export async function readGrants(db: Db, contentId: number): Promise<ContentGrantsSubject> {
  const [grants, link] = await Promise.all([grantsOf(db, contentId, VIEWING_PERMISSIONS), linkPermissions(db, contentId)]);
  return { ...grants, link };
}

/**
 * The read grants of several items for profiles and groups, and what each one's link share gives, by content id (items
 * without any are left out): two queries for a page of them.
 */
export async function readGrantsAmong(db: Db, contentIds: number[]): Promise<Map<number, ContentGrantsSubject>> {
  if (!contentIds.length) return new Map();
  const [grants, links] = await Promise.all([
    grantsAmong(db, contentIds, VIEWING_PERMISSIONS),
    db.selectFrom("content_grants").select(["content_id", "permission"]).where("content_id", "in", contentIds).where("scope", "=", "link").execute(),
  ]);
  for (const { content_id, permission } of links) {
    let item = grants.get(content_id);
    if (!item) grants.set(content_id, (item = { profileIds: [], groupIds: [] }));
    item.link = [...(item.link ?? []), permission];
  }
  return grants;
}

/** What an item's link share gives anyone holding its link (scope `link`; read or nothing). */
export async function linkPermissions(db: Db, contentId: number): Promise<string[]> {
  const rows = await db.selectFrom("content_grants").select("permission").where("content_id", "=", contentId).where("scope", "=", "link").execute();
  return rows.map((r) => r.permission);
}

/** The edit grants of an item for profiles and groups. */
export async function editGrants(db: Db, contentId: number): Promise<ContentGrantsSubject> {
  return grantsOf(db, contentId, ["edit"]);
}

/** The edit grants of several items (a page of result cards), by content id; items without any are left out. */
export async function editGrantsAmong(db: Db, contentIds: number[]): Promise<Map<number, ContentGrantsSubject>> {
  return contentIds.length ? grantsAmong(db, contentIds, ["edit"]) : new Map();
}

async function grantsOf(db: Db, contentId: number, permissions: string[]): Promise<ContentGrantsSubject> {
  return (await grantsAmong(db, [contentId], permissions)).get(contentId) ?? { profileIds: [], groupIds: [] };
}

async function grantsAmong(db: Db, contentIds: number[], permissions: string[]): Promise<Map<number, ContentGrantsSubject>> {
  const rows = await db
    .selectFrom("content_grants")
    .select(["content_id", "scope", "profile_id"])
    .where("content_id", "in", contentIds)
    .where("permission", "in", permissions)
    .where("scope", "in", ["profile", "group"])
    .execute();
  const out = new Map<number, ContentGrantsSubject>();
  for (const r of rows) {
    if (r.profile_id === null) continue;
    let grants = out.get(r.content_id);
    if (!grants) out.set(r.content_id, (grants = { profileIds: [], groupIds: [] }));
    (r.scope === "profile" ? grants.profileIds : grants.groupIds).push(r.profile_id);
  }
  return out;
}

/**
 * Content rows with the columns a result card presents, the owner's name, and for a group's page how its group lets
 * people in (the profile `content.profile_id` names: a person's own page reads nulls there, as do other items).
 */
export function selectCardRows(db: Db) {
  return db
    .selectFrom("content")
    .innerJoin("profiles as owner", "owner.id", "content.owner_id")
    .leftJoin("content_thumbnails as designed", "designed.content_id", "content.id")
    // By its primary key; no literal or parameter in the join, since the search reuses the compiled query with its ids alone.
    .leftJoin("profiles as joining", "joining.id", "content.profile_id")
    .select([
      "designed.image_key as designed_image_key",
      "designed.settings as designed_settings",
      "content.id",
      "content.uid",
      "content.opaque_id",
      "content.model_key",
      "content.sub_type",
      "content.title",
      "content.description",
      "content.thumb_url",
      "content.owner_id",
      "content.profile_id",
      "owner.name as owner_name",
      "joining.join_permission as join_permission",
      "joining.can_request_join as can_request_join",
      "content.visibility",
      "content.is_fee_based",
      "content.created_at",
      "content.updated_at",
      // How many active products unlock the item (the card's purchasable_in_products_count): saving a product records a
      // change of each item it had or has, so cached card rows are read again.
      (eb) =>
        eb
          .selectFrom("product_items as pi")
          .innerJoin("products as p", "p.id", "pi.product_id")
          .select((c) => c.fn.countAll<number | string>().as("n"))
          .whereRef("pi.content_id", "=", "content.id")
          // A literal: the search compiles this query once with the ids as its only parameters (SearchLookups.cardRowsQuery).
          .where("p.is_active", "=", eb.lit(1))
          .as("products_count"),
    ]);
}

/** The rows a view scope lets a profile list (the same rule as search, policies/contentObject.ts viewScope). */
export function whereViewable(eb: ExpressionBuilder<Database, "content">, scope: ViewScope): Expression<SqlBool> {
  if (scope.kind === "all") return sql<SqlBool>`1 = 1`;
  if (scope.kind === "public") return eb("content.visibility", "=", "public");
  const granted = eb
    .selectFrom("content_grants")
    .select("content_grants.content_id")
    .where("content_grants.permission", "in", VIEWING_PERMISSIONS)
    .where((g) =>
      g.or([
        g.and([g("content_grants.scope", "=", "profile"), g("content_grants.profile_id", "=", scope.profileId)]),
        ...(scope.groupIds.length ? [g.and([g("content_grants.scope", "=", "group"), g("content_grants.profile_id", "in", scope.groupIds)])] : []),
      ]),
    );
  return eb.or([eb("content.visibility", "in", ["public", "authed"]), eb("content.owner_id", "in", scope.ownerIds), eb("content.id", "in", granted)]);
}

/** An item's keywords (its comma-separated tags column), its attribute item ids in id order and its write-in values in type id order. */
export async function findContentTags(db: Db, contentId: number): Promise<{ tags: string; extraData: string | null; attributeIds: number[]; otherValues: { type_id: number; value: string }[] }> {
  const [row, attributes, otherValues] = await Promise.all([
    db.selectFrom("content").select(["tags", "extra_data"]).where("id", "=", contentId).executeTakeFirstOrThrow(),
    db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", contentId).orderBy("attr_item_id").execute(),
    db.selectFrom("content_attribute_others").select(["type_id", "value"]).where("content_id", "=", contentId).orderBy("type_id").execute(),
  ]);
  return { tags: row.tags, extraData: row.extra_data, attributeIds: attributes.map((a) => a.attr_item_id), otherValues };
}

/**
 * Of these uids, those no item has, now or before New link replaced them (items removed since something linked to
 * them); in chunks, as either database limits a statement's parameters.
 */
export async function missingUids(db: Db, uids: string[]): Promise<Set<string>> {
  const missing = new Set(uids);
  for (let i = 0; i < uids.length; i += 500) {
    const chunk = uids.slice(i, i + 500);
    const [current, former] = await Promise.all([
      db.selectFrom("content").select("uid").where("uid", "in", chunk).execute(),
      db.selectFrom("content_former_uids").select("uid").where("uid", "in", chunk).execute(),
    ]);
    for (const row of [...current, ...former]) missing.delete(row.uid);
  }
  return missing;
}

/**
 * The current titles of the items with these uids (or these former uids) that the scope lets its profile view, by the
 * uid asked for; in chunks, as `missingUids`. Items outside the scope are left out, so their titles never show.
 */
export async function viewableTitlesByUid(db: Db, uids: string[], scope: ViewScope): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let i = 0; i < uids.length; i += 500) {
    const chunk = uids.slice(i, i + 500);
    const [current, former] = await Promise.all([
      db.selectFrom("content").select(["uid", "title"]).where("uid", "in", chunk).where((eb) => whereViewable(eb, scope)).execute(),
      db
        .selectFrom("content_former_uids")
        .innerJoin("content", "content.id", "content_former_uids.content_id")
        .select(["content_former_uids.uid", "content.title"])
        .where("content_former_uids.uid", "in", chunk)
        .where((eb) => whereViewable(eb, scope))
        .execute(),
    ]);
    for (const row of [...current, ...former]) if (row.uid) titles.set(row.uid, row.title);
  }
  return titles;
}

/** The id of the item that had this uid before New link replaced it, if one did. */
export async function findIdByFormerUid(db: Db, uid: string): Promise<number | undefined> {
  return (await db.selectFrom("content_former_uids").select("content_id").where("uid", "=", uid).executeTakeFirst())?.content_id;
}
