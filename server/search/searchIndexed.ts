import type { Sort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { ContentCardRow } from "../presenters/contentObject.js";
import { selectCardRows } from "../models/content.js";
import { CatalogueIndex } from "./catalogueIndex.js";
import { buildFacets, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import { queryWords } from "./terms.js";

/** Below this many matches, sorting them directly beats walking a precomputed order. */
const DIRECT_SORT_BELOW = 4000;

/** Content ids granted for reading to the profile or its groups (restricted items it may see). */
async function grantedIds(db: Db, profileId: number, groupIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom("content_grants")
    .select("content_id")
    .where("permission", "=", "read")
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", "profile"), eb("profile_id", "=", profileId)]),
        ...(groupIds.length ? [eb.and([eb("scope", "=", "group"), eb("profile_id", "in", groupIds)])] : []),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.content_id));
}

/** The matches of a search (unsorted slots) and its raw counts per filter value. */
interface Counted {
  matches: number[];
  score: ((slot: number) => number) | null;
  /** Filled on first use by a relevance sort. */
  relevance?: { scores: Float64Array; buckets: number[] };
  typeCounts: Int32Array;
  attrCounts: Int32Array | null;
  ownerCounts: Int32Array;
  publisherCounts: Int32Array;
  visibilityCounts: number[];
}

/** Counted results per index, reused while the index does not change (paging and re-sorting are then cheap). */
const caches = new WeakMap<CatalogueIndex, { version: number; entries: Map<string, Counted> }>();
const CACHE_ENTRIES = 200;

/** What decides the matches and counts of a search (not its page or sort). */
function countKey(s: ResolvedSearch): string {
  const { page: _page, per: _per, sort: _sort, ...filters } = s.request;
  return JSON.stringify([filters, s.scope, s.profileId, s.targets, s.facetKeys]);
}

/**
 * Runs a search on the in-memory catalogue index: the same filters, counts and sorts as the SQL
 * path (searchContent), reading memory for every match and the database only for the page's rows.
 */
export async function searchIndexed(db: Db, index: CatalogueIndex, s: ResolvedSearch): Promise<SearchOutcome> {
  await index.refresh(db);
  const r = s.request;
  if (r.st && !queryWords(r.st).length) return { rows: [], total: 0, facets: null };
  let cache = caches.get(index);
  if (!cache || cache.version !== index.version) caches.set(index, (cache = { version: index.version, entries: new Map() }));
  // Favorites change without touching content, so a favorites search is always counted afresh.
  const cacheable = index.options.cacheResults && !r.others.includes("favorites");
  const key = countKey(s);
  let counted = cacheable ? cache.entries.get(key) : undefined;
  if (counted) {
    cache.entries.delete(key);
    cache.entries.set(key, counted);
  } else {
    counted = await countMatches(db, index, s);
    if (cacheable) {
      cache.entries.set(key, counted);
      if (cache.entries.size > CACHE_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
    }
  }
  return present(db, index, s, counted);
}

async function countMatches(db: Db, index: CatalogueIndex, s: ResolvedSearch): Promise<Counted> {
  const r = s.request;

  // Which (model key, sub type) codes the chosen types allow.
  const typeOk = index.typeKeys.map((key) => {
    const [modelKey, subType] = key.split(":") as [string, string];
    if (r.subTypes.length && !r.subTypes.includes(subType)) return false;
    return s.targets.some((t) => t.modelKey === modelKey && (!t.subTypes.length || t.subTypes.includes(subType)));
  });

  const scope = s.scope;
  const granted = scope.kind === "member" ? await grantedIds(db, scope.profileId, scope.groupIds) : null;
  const me = scope.kind === "member" ? scope.profileId : -1;
  const favorites = r.others.includes("favorites")
    ? new Set((await db.selectFrom("favorites").select("content_id").where("profile_id", "=", s.profileId ?? -1).execute()).map((f) => f.content_id))
    : null;
  const owners = r.owners.length ? new Set(r.owners) : null;
  const publishers = r.publishers.length ? new Set(r.publishers) : null;
  const from = r.from ? Date.parse(`${r.from}T00:00:00.000Z`) : -Infinity;
  const to = r.to ? Date.parse(`${r.to}T23:59:59.999Z`) : Infinity;
  const mineId = r.others.includes("mine") ? (s.profileId ?? -1) : null;
  const openOnly = r.others.includes("open");
  const restrictedOnly = r.others.includes("restricted");

  // Attribute filters: values of one facet are alternatives, facets narrow each other.
  const groups = Object.values(r.attributes).filter((ids) => ids.length);
  // Bit g set for the attribute ids of facet group g (a typed array: this runs for every candidate).
  const groupOf = new Int32Array(index.maxAttrId + 1);
  groups.forEach((ids, g) => ids.forEach((id) => id <= index.maxAttrId && (groupOf[id]! |= 1 << g)));
  const allGroups = (1 << groups.length) - 1;

  const matched = index.matchWords(queryWords(r.st));
  const candidates = matched?.slots;
  const n = candidates ? candidates.length : index.size;

  const typeCounts = new Int32Array(index.typeKeys.length);
  const attrCounts = r.includeFacets ? new Int32Array(index.maxAttrId + 1) : null;
  // Counted per dense profile code (index.profileIds maps a code back to the profile id).
  const ownerCounts = new Int32Array(index.profileIds.length);
  const publisherCounts = new Int32Array(index.profileIds.length);
  const visibilityCounts = [0, 0, 0];
  const matches: number[] = [];
  const { ids, alive, visibility, owner, publisher, ownerCode, publisherCode, created, typeCode, attrStart, attrCount, attrPool } = index;

  for (let i = 0; i < n; i++) {
    const slot = candidates ? candidates[i]! : i;
    if (!alive[slot]) continue;
    const vis = visibility[slot]!;
    if (scope.kind === "public" ? vis !== 0 : scope.kind === "member" ? vis > 1 && owner[slot] !== me && !granted!.has(ids[slot]!) : false) continue;
    if ((openOnly && vis !== 0) || (restrictedOnly && vis !== 2)) continue;
    if (mineId !== null && owner[slot] !== mineId) continue;
    if (owners && !owners.has(owner[slot]!)) continue;
    if (publishers && !publishers.has(publisher[slot]!)) continue;
    const c = created[slot]!;
    if (c < from || c > to) continue;
    if (favorites && !favorites.has(ids[slot]!)) continue;
    const start = attrStart[slot]!;
    const end = start + attrCount[slot]!;
    if (allGroups) {
      let hit = 0;
      for (let a = start; a < end; a++) hit |= groupOf[attrPool[a]!]!;
      if (hit !== allGroups) continue;
    }
    const code = typeCode[slot]!;
    typeCounts[code]!++;
    if (!typeOk[code]) continue;
    matches.push(slot);
    if (attrCounts) {
      for (let a = start; a < end; a++) attrCounts[attrPool[a]!]!++;
      visibilityCounts[vis]!++;
      ownerCounts[ownerCode[slot]!]!++;
      if (publisher[slot]) publisherCounts[publisherCode[slot]!]!++;
    }
  }

  return { matches, score: matched?.score ?? null, typeCounts, attrCounts, ownerCounts, publisherCounts, visibilityCounts };
}

/** The page's rows (read from the database in the page's order) and the labelled facets. */
async function present(db: Db, index: CatalogueIndex, s: ResolvedSearch, c: Counted): Promise<SearchOutcome> {
  const r = s.request;
  const pageSlots = pickPage(index, c, r.sort, (r.page - 1) * r.per, r.per);
  const pageIds = pageSlots.map((slot) => index.ids[slot]!);
  const rows = pageIds.length ? await selectCardRows(db).where("content.id", "in", pageIds).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row as ContentCardRow]));
  const pageRows = pageIds.map((id) => byId.get(id)).filter((row): row is ContentCardRow => row !== undefined);

  if (!c.attrCounts) return { rows: pageRows, total: c.matches.length, facets: null };
  const top = async (counts: Int32Array) => {
    const best: [number, number][] = [];
    counts.forEach((count, code) => count && best.push([index.profileIds[code]!, count]));
    best.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    best.length = Math.min(best.length, 20);
    if (!best.length) return [];
    const names = new Map((await db.selectFrom("profiles").select(["id", "name"]).where("id", "in", best.map(([id]) => id)).execute()).map((p) => [p.id, p.name]));
    return best.map(([profile_id, count]) => ({ profile_id, name: names.get(profile_id) ?? "", count }));
  };
  const attributes = new Map<number, number>();
  c.attrCounts.forEach((count, id) => count && attributes.set(id, count));
  const facets = await buildFacets(db, s, {
    types: index.typeKeys.map((typeKey, code) => ({ typeKey, n: c.typeCounts[code] ?? 0 })),
    attributes,
    owners: await top(c.ownerCounts),
    publishers: await top(c.publisherCounts),
    visibility: { public: c.visibilityCounts[0]!, authed: c.visibilityCounts[1]!, restricted: c.visibilityCounts[2]! },
  });
  return { rows: pageRows, total: c.matches.length, facets };
}

/** Relevance of every match, computed once per counted result: a score per match and the distinct scores. */
function relevanceOf(c: Counted): { scores: Float64Array; buckets: number[] } {
  if (!c.relevance) {
    const scores = Float64Array.from(c.matches, (m) => c.score!(m));
    c.relevance = { scores, buckets: [...new Set(scores)].sort((a, b) => b - a) };
  }
  return c.relevance;
}

/** The slots of one page of matches in the requested order. */
function pickPage(index: CatalogueIndex, c: Counted, sort: Sort, skip: number, take: number): number[] {
  const { matches } = c;
  if (skip >= matches.length) return [];
  const relevance = sort === "relevance" && c.score !== null ? relevanceOf(c) : null;
  const kind = sort.startsWith("title") ? "title" : sort.startsWith("created") ? "created" : "updated";
  const descending = sort === "relevance" || sort.endsWith("_desc");
  if (matches.length < (index.options.directSortBelow ?? DIRECT_SORT_BELOW)) {
    const scoreOf = relevance ? new Map(matches.map((m, i) => [m, relevance.scores[i]!])) : null;
    const col = kind === "created" ? index.created : index.updated;
    return [...matches]
      .sort((a, b) => {
        const d = scoreOf ? scoreOf.get(b)! - scoreOf.get(a)! : 0;
        if (d) return d;
        const x = kind === "title" ? index.compareTitles(a, b) : col[a]! - col[b]!;
        return (descending ? -x : x) || index.ids[b]! - index.ids[a]!;
      })
      .slice(skip, skip + take);
  }
  // Many matches: walk the precomputed order and keep tagged matches, best score bucket first.
  const order = index.order(kind);
  const buckets = relevance ? relevance.buckets : [0];
  const bucketIndex = new Map(buckets.map((b, i) => [b, i + 1]));
  const tag = new Uint16Array(index.size);
  matches.forEach((m, i) => (tag[m] = relevance ? bucketIndex.get(relevance.scores[i]!)! : 1));
  const out: number[] = [];
  let skipped = 0;
  for (let b = 1; b <= buckets.length; b++) {
    for (let i = 0; i < order.length; i++) {
      const slot = order[descending ? order.length - 1 - i : i]!;
      if (tag[slot] !== b) continue;
      if (skipped < skip) skipped++;
      else {
        out.push(slot);
        if (out.length === take) return out;
      }
    }
  }
  return out;
}
