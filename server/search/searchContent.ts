import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { type FacetValue, type ProfileFacetValue, type SearchFacets, type SearchRequest, type SearchTypeConfig, type Sort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { isPostgres } from "../db/connection.js";
import type { Database } from "../db/schema.js";
import type { ViewScope } from "../policies/contentObject.js";
import type { ContentCardRow } from "../presenters/contentObject.js";
import { selectCardRows, whereViewable } from "../models/content.js";
import { withGradeBands } from "../models/gradeBands.js";
import type { SearchLookups } from "./searchLookups.js";
import { postgresTsQuery, queryWords, sqliteMatchExpression } from "./terms.js";
import { createdBounds } from "./createdBounds.js";

type EB = ExpressionBuilder<Database, "content">;

/** A (model key, sub types) pair a search type covers; empty sub types means any. */
export interface TypeTarget {
  modelKey: string;
  subTypes: string[];
}

/** Everything the query needs, already resolved and authorized by the route. */
export interface ResolvedSearch {
  request: SearchRequest;
  scope: ViewScope | { kind: "all" };
  /** The profile whose "mine" and "favorites" filters apply (the actor, or the profile searched as). */
  profileId: number | null;
  targets: TypeTarget[];
  /** Attribute type id per facet key. */
  facetTypeIds: Record<string, number>;
  /** Facet keys to count (those the active types support). */
  facetKeys: string[];
  searchTypes: SearchTypeConfig[];
  /** Every word matched whole, the last too (not as a prefix): how "Did you mean" checks a word it would offer. */
  exactWords?: boolean;
}

export interface SearchOutcome {
  rows: ContentCardRow[];
  total: number;
  facets: SearchFacets | null;
}

const FACET_LIMIT = 50;
/** Profiles shown in the owner and publisher facets: the most frequent, by count. */
export const TOP_PROFILES = 20;

/**
 * A profile facet counted apart (its top profiles), with the chosen profiles it leaves out added after them,
 * each with its count in the search itself (0 when it finds nothing): named, so its filter tag reads as a name.
 * Ids of no profile are left out.
 */
export async function withChosen(lookups: SearchLookups, top: ProfileFacetValue[], chosen: { profile_id: number; count: number }[]): Promise<ProfileFacetValue[]> {
  const listed = new Set(top.map((p) => p.profile_id));
  const rest = chosen.filter((p) => !listed.has(p.profile_id));
  if (!rest.length) return top;
  const names = await lookups.profileNames(rest.map((p) => p.profile_id));
  return [...top, ...rest.flatMap((p) => (names.has(p.profile_id) ? [{ ...p, name: names.get(p.profile_id)! }] : []))];
}

/**
 * A filter group whose chosen values are alternatives, so its own facet counts what each value finds with
 * the other filters: the types, an attribute facet (by key), the owners, the publishers.
 */
export type FacetApart = "types" | "owners" | "publishers" | { attribute: string };

/**
 * The facets counted apart from the search, each with the search that counts it (the search without its
 * own filter): the attribute facets, owners and publishers with chosen values. Without this, choosing Grade 5
 * would leave only the grades that items of Grade 5 also hold, and no way to add Grade 6 with its count.
 */
export function facetsApart(s: ResolvedSearch): { apart: Exclude<FacetApart, "types">; search: ResolvedSearch }[] {
  const r = s.request;
  if (!r.includeFacets) return [];
  const without = (change: Partial<SearchRequest>) => ({ ...s, request: { ...r, ...change } });
  return [
    ...s.facetKeys.filter((key) => r.attributes[key]?.length).map((key) => ({ apart: { attribute: key }, search: without({ attributes: { ...r.attributes, [key]: [] } }) })),
    ...(r.owners.length ? [{ apart: "owners" as const, search: without({ owners: [] }) }] : []),
    ...(r.publishers.length ? [{ apart: "publishers" as const, search: without({ publishers: [] }) }] : []),
  ];
}

/** Builds the WHERE of a search; `except` leaves one filter group out (for that group's counts). */
function whereSearch(eb: EB, s: ResolvedSearch, db: Db, except?: FacetApart): Expression<SqlBool> {
  const r = s.request;
  const conds: Expression<SqlBool>[] = [];
  const scope = s.scope;
  if (scope.kind !== "all") conds.push(whereViewable(eb, scope));
  if (except !== "types") {
    conds.push(
      eb.or(
        s.targets.map((t) =>
          t.subTypes.length ? eb.and([eb("content.model_key", "=", t.modelKey), eb("content.sub_type", "in", t.subTypes)]) : eb("content.model_key", "=", t.modelKey),
        ),
      ),
    );
    if (r.subTypes.length) conds.push(eb("content.sub_type", "in", r.subTypes));
  }
  const words = queryWords(r.st);
  if (r.st && !words.length) conds.push(sql<SqlBool>`1 = 0`);
  if (words.length) {
    conds.push(
      isPostgres(db)
        ? sql<SqlBool>`content.search_vector @@ to_tsquery('english', ${postgresTsQuery(words, s.exactWords)})`
        : sql<SqlBool>`content.id in (select rowid from content_fts where content_fts match ${sqliteMatchExpression(words, s.exactWords)})`,
    );
  }
  if (r.owners.length && except !== "owners") conds.push(eb("content.owner_id", "in", r.owners));
  if (r.publishers.length && except !== "publishers") conds.push(eb("content.publisher_id", "in", r.publishers));
  const created = createdBounds(r);
  if (r.from) conds.push(eb("content.created_at", ">=", new Date(created.from).toISOString()));
  if (r.to) conds.push(eb("content.created_at", "<=", new Date(created.to).toISOString()));
  for (const other of r.others) {
    if (other === "open") conds.push(eb("content.visibility", "=", "public"));
    else if (other === "restricted") conds.push(eb("content.visibility", "=", "restricted"));
    else if (other === "mine") conds.push(eb("content.owner_id", "=", s.profileId ?? -1));
    else if (other === "favorites")
      conds.push(eb("content.id", "in", eb.selectFrom("favorites").select("favorites.content_id").where("favorites.profile_id", "=", s.profileId ?? -1)));
  }
  for (const [key, ids] of Object.entries(r.attributes)) {
    if (!ids.length || (typeof except === "object" && except.attribute === key)) continue;
    // Values of one facet are alternatives (OR); different facets narrow each other (AND).
    conds.push(eb("content.id", "in", eb.selectFrom("content_attributes").select("content_attributes.content_id").where("content_attributes.attr_item_id", "in", ids)));
  }
  return eb.and(conds);
}

function orderFor(sort: Sort): [string, "asc" | "desc"] {
  switch (sort) {
    case "title_asc":
      return ["content.title_sort", "asc"];
    case "title_desc":
      return ["content.title_sort", "desc"];
    case "updated_asc":
      return ["content.updated_at", "asc"];
    case "created_asc":
      return ["content.created_at", "asc"];
    case "created_desc":
      return ["content.created_at", "desc"];
    default:
      return ["content.updated_at", "desc"];
  }
}

/** Runs one search: the page of cards, the total, and (when asked) the counts per filter value. */
export async function searchContent(db: Db, s: ResolvedSearch, lookups: SearchLookups): Promise<SearchOutcome> {
  const r = s.request;
  const words = queryWords(r.st);
  const pg = isPostgres(db);
  const relevance = r.sort === "relevance" && words.length > 0;

  let page = selectCardRows(db).where((eb) => whereSearch(eb, s, db));
  if (relevance && pg) {
    page = page.orderBy(sql`ts_rank(content.search_vector, to_tsquery('english', ${postgresTsQuery(words, s.exactWords)}))`, "desc").orderBy("content.updated_at", "desc");
  } else if (relevance) {
    // Rank once per match, driven by the FTS table (a correlated bm25() per row would re-run the match).
    const ranked = sql<{ fid: number; score: number }>`(select rowid as fid, bm25(content_fts, 10.0, 1.0, 5.0) as score from content_fts where content_fts match ${sqliteMatchExpression(words, s.exactWords)})`;
    page = page.innerJoin(ranked.as("fts"), (join) => join.onRef(sql.ref("fts.fid") as never, "=", "content.id")).orderBy(sql`fts.score`, "asc").orderBy("content.updated_at", "desc");
  } else {
    const [col, dir] = orderFor(r.sort);
    page = page.orderBy(sql.ref(col), dir);
  }
  page = page.orderBy("content.id", "desc").limit(r.per).offset((r.page - 1) * r.per);

  const [rows, totalRow] = await Promise.all([
    page.execute(),
    db
      .selectFrom("content")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => whereSearch(eb, s, db))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(totalRow.n);
  const facets = r.includeFacets ? await countFacets(db, s, lookups) : null;
  return { rows: await withGradeBands(db, rows as Omit<ContentCardRow, "grade_bands">[]), total, facets };
}

/** Counts per filter value over the matching content. */
async function countFacets(db: Db, s: ResolvedSearch, lookups: SearchLookups): Promise<SearchFacets> {
  const matching = (except?: FacetApart) => db.selectFrom("content").select("content.id").where((eb) => whereSearch(eb, s, db, except));
  const apart = facetsApart(s).map(({ apart }) => apart);
  const apartKeys = new Set(apart.flatMap((a) => (typeof a === "object" ? [a.attribute] : [])));

  const typeCounts = db
    .selectFrom("content")
    .select(["content.model_key", "content.sub_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) => whereSearch(eb, s, db, "types"))
    .groupBy(["content.model_key", "content.sub_type"])
    .execute();

  const attrCounts = async (typeIds: number[], except?: FacetApart) => {
    if (!typeIds.length) return new Map<number, number>();
    const rows = await db
      .selectFrom("content_attributes")
      .select(["content_attributes.attr_item_id as id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("content_attributes.type_id", "in", typeIds)
      .where("content_attributes.content_id", "in", matching(except))
      .groupBy("content_attributes.attr_item_id")
      .execute();
    return new Map(rows.map((a) => [Number(a.id), Number(a.n)]));
  };
  const typeIdsOf = (keys: string[]) => keys.map((k) => s.facetTypeIds[k]).filter((id): id is number => id !== undefined);
  const attrsTogether = attrCounts(typeIdsOf(s.facetKeys.filter((k) => !apartKeys.has(k))));
  const attrsApart = Promise.all([...apartKeys].map(async (key) => [key, await attrCounts(typeIdsOf([key]), { attribute: key })] as const));

  const profileCounts = async (column: "content.owner_id" | "content.publisher_id", except?: FacetApart, limit = TOP_PROFILES) =>
    (
      await db
        .selectFrom("content")
        .innerJoin("profiles", "profiles.id", column)
        .select(["profiles.id as profile_id", "profiles.name", (eb) => eb.fn.countAll<number>().as("n")])
        .where((eb) => whereSearch(eb, s, db, except))
        .groupBy(["profiles.id", "profiles.name"])
        .orderBy("n", "desc")
        .orderBy("profiles.id")
        .limit(limit)
        .execute()
    ).map((o) => ({ profile_id: o.profile_id, name: o.name, count: Number(o.n) }));
  // Counted apart: the top profiles, then the chosen ones (the search itself counts only them) wherever they rank.
  const profileFacet = async (column: "content.owner_id" | "content.publisher_id", field: "owners" | "publishers") => {
    if (!apart.includes(field)) return profileCounts(column);
    const chosen = s.request[field];
    const [top, counted] = await Promise.all([profileCounts(column, field), profileCounts(column, undefined, chosen.length)]);
    const counts = new Map(counted.map((p) => [p.profile_id, p.count]));
    return withChosen(lookups, top, chosen.map((profile_id) => ({ profile_id, count: counts.get(profile_id) ?? 0 })));
  };
  // Among the matches, the asker's own (the "My content" filter's count).
  const mineCount = async () => {
    if (s.profileId === null) return null;
    const row = await db
      .selectFrom("content")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => eb.and([whereSearch(eb, s, db), eb("content.owner_id", "=", s.profileId!)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  const openCount = db
    .selectFrom("content")
    .select(["content.visibility", (eb) => eb.fn.countAll<number>().as("n")])
    .where((eb) => whereSearch(eb, s, db))
    .groupBy("content.visibility")
    .execute();

  const [types, attributes, attributesApart, owners, publishers, visibility, mine] = await Promise.all([
    typeCounts,
    attrsTogether,
    attrsApart,
    profileFacet("content.owner_id", "owners"),
    profileFacet("content.publisher_id", "publishers"),
    openCount,
    mineCount(),
  ]);

  return buildFacets(lookups, s, {
    types: types.map((t) => ({ typeKey: `${t.model_key}:${t.sub_type ?? ""}`, n: Number(t.n) })),
    attributes,
    attributesApart: Object.fromEntries(attributesApart),
    owners,
    publishers,
    visibility: Object.fromEntries(visibility.map((v) => [v.visibility, Number(v.n)])),
    mine,
  });
}

/** Raw counts of a search, however they were computed. */
export interface RawCounts {
  /** Matches per "model_key:sub_type", counted without the type filter. */
  types: { typeKey: string; n: number }[];
  attributes: Map<number, number>;
  /** Counts of the attribute facets with chosen values, by facet key, each without its own filter (see facetsApart). */
  attributesApart: Record<string, Map<number, number>>;
  /** Counted without the owner or publisher filter when it has values (see facetsApart). */
  owners: ProfileFacetValue[];
  publishers: ProfileFacetValue[];
  visibility: Record<string, number>;
  /** Matches the asker owns; null for a guest. */
  mine: number | null;
}

/** Turns raw counts into the answer's facets: totals per search type, labelled attribute values. */
export async function buildFacets(lookups: SearchLookups, s: ResolvedSearch, raw: RawCounts): Promise<SearchFacets> {
  const typeTotals: Record<string, number> = {};
  for (const t of s.searchTypes) {
    if (t.type === "all") continue;
    typeTotals[t.type] = raw.types
      .filter((row) => {
        const [modelKey, subType] = row.typeKey.split(":") as [string, string];
        return t.model_types.includes(modelKey as never) && (!t.sub_types.length || t.sub_types.includes(subType));
      })
      .reduce((a, row) => a + row.n, 0);
  }
  typeTotals.all = s.searchTypes.filter((t) => t.type !== "all" && !t.admin_only).reduce((a, t) => a + (typeTotals[t.type] ?? 0), 0);

  const attributes: Record<string, FacetValue[]> = {};
  const selected = Object.values(s.request.attributes).flat();
  // Only counted or selected values are listed, so only their labels are needed.
  const shown = [...selected];
  for (const counts of [raw.attributes, ...Object.values(raw.attributesApart)]) for (const [id, count] of counts) if (count > 0) shown.push(id);
  const items = [...(await lookups.attributeItems(shown)).values()];
  for (const key of s.facetKeys) {
    const typeId = s.facetTypeIds[key];
    const counted = raw.attributesApart[key] ?? raw.attributes;
    attributes[key] = items
      .filter((i) => i.type_id === typeId && ((counted.get(i.id) ?? 0) > 0 || selected.includes(i.id)))
      .map((i) => ({ id: i.id, label: i.short_name ? `${i.short_name} ${i.name}` : i.name, parent_id: i.parent_id, count: counted.get(i.id) ?? 0, sort: i.sort_order }))
      .sort((a, b) => b.count - a.count || a.sort - b.sort || a.id - b.id)
      .slice(0, FACET_LIMIT)
      .map(({ sort: _sort, ...v }) => v);
  }
  return {
    types: typeTotals,
    attributes,
    owners: raw.owners,
    publishers: raw.publishers,
    others: { open: raw.visibility.public ?? 0, restricted: raw.visibility.restricted ?? 0, ...(raw.mine === null ? {} : { mine: raw.mine }) },
  };
}
