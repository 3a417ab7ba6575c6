import type { Sort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { CatalogueIndex } from "./catalogueIndex.js";
import { buildFacets, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import type { SearchLookups } from "./searchLookups.js";
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
  matches: Int32Array;
  /** Relevance of slots, when the search has words. */
  scores: ((slots: ArrayLike<number>) => Float64Array) | null;
  /** Filled on first use by a relevance sort. */
  relevance?: { scores: Float64Array; buckets: number[] };
  /** Every match in a sort's order, filled on first use when the result is cached (later pages are then slices). */
  ordered: Partial<Record<Sort, Int32Array>>;
  cached: boolean;
  typeCounts: Int32Array;
  attrCounts: Int32Array | null;
  ownerCounts: Int32Array;
  publisherCounts: Int32Array;
  visibilityCounts: number[];
}

/** Counted results per index, reused while the index does not change (paging and re-sorting are then cheap). */
const caches = new WeakMap<CatalogueIndex, { version: number; entries: Map<string, Counted> }>();
const CACHE_ENTRIES = 200;
/** Slots (4 bytes each) the cached matches and their stored orderings may hold in all: about 128 MB. */
const CACHE_SLOTS = 32_000_000;

/** Slots a counted result holds: its matches and each ordering stored so far. */
const slotsHeld = (c: Counted) => c.matches.length * (1 + Object.keys(c.ordered).length);

/** What decides the matches and counts of a search (not its page or sort). */
function countKey(s: ResolvedSearch): string {
  const { page: _page, per: _per, sort: _sort, ...filters } = s.request;
  return JSON.stringify([filters, s.scope, s.profileId, s.targets, s.facetKeys]);
}

/**
 * Runs a search on the in-memory catalogue index: the same filters, counts and sorts as the SQL
 * path (searchContent), reading memory for every match and the database only for the page's rows
 * (through the lookups, which may have them cached). The caller refreshes the index first.
 */
export async function searchIndexed(db: Db, index: CatalogueIndex, s: ResolvedSearch, lookups: SearchLookups): Promise<SearchOutcome> {
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
    const version = index.version;
    counted = await countMatches(db, index, s, cacheable);
    // Counted against a newer catalogue than the cache's: not kept (the next search starts a new cache).
    if (cacheable && index.version === version) {
      cache.entries.set(key, counted);
      // The oldest go first, past the entry count or the memory budget (at 1,000,000 items a common term holds ~330,000 slots).
      let held = 0;
      for (const c of cache.entries.values()) held += slotsHeld(c);
      for (const [oldest, c] of cache.entries) {
        if (cache.entries.size <= CACHE_ENTRIES && held <= CACHE_SLOTS) break;
        if (oldest === key) break;
        held -= slotsHeld(c);
        cache.entries.delete(oldest);
      }
    }
  }
  return present(index, s, counted, lookups);
}

/** Candidate slots: the term's matches, else the slots of the rarest attribute filter, else null (every slot). */
function candidatesOf(index: CatalogueIndex, matched: { slots: number[] } | null, attributeGroups: number[][]): ArrayLike<number> | null {
  if (matched) return matched.slots;
  if (!attributeGroups.length) return null;
  const rarest = attributeGroups.reduce((best, ids) => (index.attributeSlotCount(ids) < index.attributeSlotCount(best) ? ids : best));
  return index.slotsWithAnyAttribute(rarest);
}

const SCOPE_ALL = 0;
const SCOPE_PUBLIC = 1;
const SCOPE_MEMBER = 2;

async function countMatches(db: Db, index: CatalogueIndex, s: ResolvedSearch, cached: boolean): Promise<Counted> {
  const r = s.request;

  // Which (model key, sub type) codes the chosen types allow.
  const typeOk = index.typeKeys.map((key) => {
    const [modelKey, subType] = key.split(":") as [string, string];
    if (r.subTypes.length && !r.subTypes.includes(subType)) return false;
    return s.targets.some((t) => t.modelKey === modelKey && (!t.subTypes.length || t.subTypes.includes(subType)));
  });

  const scope = s.scope;
  const scopeKind = scope.kind === "public" ? SCOPE_PUBLIC : scope.kind === "member" ? SCOPE_MEMBER : SCOPE_ALL;
  const granted = scope.kind === "member" ? await grantedIds(db, scope.profileId, scope.groupIds) : null;
  const me = scope.kind === "member" ? scope.profileId : -1;
  const favorites = r.others.includes("favorites")
    ? new Set((await db.selectFrom("favorites").select("content_id").where("profile_id", "=", s.profileId ?? -1).execute()).map((f) => f.content_id))
    : null;
  // No awaits below: the index's scratch marks (used by matchWords and the attribute lists) stay ours.
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
  const candidates = candidatesOf(index, matched, groups);
  const n = candidates ? candidates.length : index.size;

  const typeCounts = new Int32Array(index.typeKeys.length);
  const attrCounts = r.includeFacets ? new Int32Array(index.maxAttrId + 1) : null;
  // Counted per dense profile code (index.profileIds maps a code back to the profile id).
  const ownerCounts = new Int32Array(index.profileIds.length);
  const publisherCounts = new Int32Array(index.profileIds.length);
  const visibilityCounts = [0, 0, 0];
  const matches = new Int32Array(n);
  let found = 0;
  const { ids, alive, visibility, owner, publisher, ownerCode, publisherCode, created, typeCode, attrStart, attrCount, attrPool } = index;
  const anyFilter = owners !== null || publishers !== null || from !== -Infinity || to !== Infinity || favorites !== null || mineId !== null || openOnly || restrictedOnly;

  for (let i = 0; i < n; i++) {
    const slot = candidates ? candidates[i]! : i;
    if (!alive[slot]) continue;
    const vis = visibility[slot]!;
    if (scopeKind === SCOPE_PUBLIC) {
      if (vis !== 0) continue;
    } else if (scopeKind === SCOPE_MEMBER && vis > 1 && owner[slot] !== me && !granted!.has(ids[slot]!)) continue;
    if (anyFilter) {
      if ((openOnly && vis !== 0) || (restrictedOnly && vis !== 2)) continue;
      if (mineId !== null && owner[slot] !== mineId) continue;
      if (owners && !owners.has(owner[slot]!)) continue;
      if (publishers && !publishers.has(publisher[slot]!)) continue;
      const c = created[slot]!;
      if (c < from || c > to) continue;
      if (favorites && !favorites.has(ids[slot]!)) continue;
    }
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
    matches[found++] = slot;
    if (attrCounts) {
      for (let a = start; a < end; a++) attrCounts[attrPool[a]!]!++;
      visibilityCounts[vis]!++;
      ownerCounts[ownerCode[slot]!]!++;
      if (publisher[slot]) publisherCounts[publisherCode[slot]!]!++;
    }
  }

  return {
    matches: matches.slice(0, found),
    scores: matched?.scores ?? null,
    ordered: {},
    cached,
    typeCounts,
    attrCounts,
    ownerCounts,
    publisherCounts,
    visibilityCounts,
  };
}

/** The page's rows (in the page's order) and the labelled facets. */
async function present(index: CatalogueIndex, s: ResolvedSearch, c: Counted, lookups: SearchLookups): Promise<SearchOutcome> {
  const r = s.request;
  const pageIds = Array.from(pickPage(index, c, r.sort, (r.page - 1) * r.per, r.per), (slot) => index.ids[slot]!);
  const rowsPromise = lookups.cardRows(pageIds);

  if (!c.attrCounts) return { rows: await rowsPromise, total: c.matches.length, facets: null };
  const top = (counts: Int32Array) => {
    const best: [number, number][] = [];
    counts.forEach((count, code) => count && best.push([index.profileIds[code]!, count]));
    best.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    best.length = Math.min(best.length, 20);
    return best;
  };
  const owners = top(c.ownerCounts);
  const publishers = top(c.publisherCounts);
  const names = await lookups.profileNames([...owners, ...publishers].map(([id]) => id));
  const named = (best: [number, number][]) => best.map(([profile_id, count]) => ({ profile_id, name: names.get(profile_id) ?? "", count }));
  const attributes = new Map<number, number>();
  c.attrCounts.forEach((count, id) => count && attributes.set(id, count));
  const facets = await buildFacets(lookups, s, {
    types: index.typeKeys.map((typeKey, code) => ({ typeKey, n: c.typeCounts[code] ?? 0 })),
    attributes,
    owners: named(owners),
    publishers: named(publishers),
    visibility: { public: c.visibilityCounts[0]!, authed: c.visibilityCounts[1]!, restricted: c.visibilityCounts[2]! },
  });
  return { rows: await rowsPromise, total: c.matches.length, facets };
}

/** Relevance of every match, computed once per counted result: a score per match and the distinct scores, best first. */
function relevanceOf(c: Counted): { scores: Float64Array; buckets: number[] } {
  if (!c.relevance) {
    const scores = c.scores!(c.matches);
    // Few distinct scores (at most two per query word) in long runs: skip the Set for repeats.
    const distinct = new Set<number>();
    let last = NaN;
    for (const v of scores) {
      if (v === last) continue;
      distinct.add(v);
      last = v;
    }
    c.relevance = { scores, buckets: [...distinct].sort((a, b) => b - a) };
  }
  return c.relevance;
}

/**
 * The slots of one page of matches in the requested order. Few matches are sorted directly; many are
 * found by walking the index's precomputed order (relevance: best score first, that order within a score),
 * stopping once the page is filled, or walking it all once when the result is cached, so later pages are slices.
 */
function pickPage(index: CatalogueIndex, c: Counted, sort: Sort, skip: number, take: number): ArrayLike<number> {
  const { matches } = c;
  if (skip >= matches.length) return [];
  const done = c.ordered[sort];
  if (done) return done.subarray(skip, skip + take);
  const relevance = sort === "relevance" && c.scores !== null ? relevanceOf(c) : null;
  const kind = sort.startsWith("title") ? "title" : sort.startsWith("created") ? "created" : "updated";
  const descending = sort === "relevance" || sort.endsWith("_desc");
  if (matches.length < (index.options.directSortBelow ?? DIRECT_SORT_BELOW)) {
    const scoreOf = relevance ? new Map(Array.from(matches, (m, i) => [m, relevance.scores[i]!])) : null;
    const col = kind === "created" ? index.created : index.updated;
    const sorted = Int32Array.from(matches).sort((a, b) => {
      const d = scoreOf ? scoreOf.get(b)! - scoreOf.get(a)! : 0;
      if (d) return d;
      const x = kind === "title" ? index.compareTitles(a, b) : col[a]! - col[b]!;
      return (descending ? -x : x) || index.ids[b]! - index.ids[a]!;
    });
    if (c.cached) c.ordered[sort] = sorted;
    return sorted.subarray(skip, skip + take);
  }

  // Many matches: mark each with its score bucket (0 = best; one bucket without relevance), then walk the order.
  const bucketCount = relevance ? relevance.buckets.length : 1;
  const { mark, gen } = index.nextMarks(bucketCount);
  const bucketSize = new Int32Array(bucketCount);
  if (bucketCount === 1) {
    for (const m of matches) mark[m] = gen;
    bucketSize[0] = matches.length;
  } else {
    const bucketOf = new Map(relevance!.buckets.map((b, i) => [b, i]));
    const scores = relevance!.scores;
    for (let i = 0; i < matches.length; i++) {
      const b = bucketOf.get(scores[i]!)!;
      mark[matches[i]!] = gen + b;
      bucketSize[b]!++;
    }
  }
  // A match of bucket b goes to position start[b] + (how many of b came before it in the order).
  const start = new Int32Array(bucketCount);
  for (let b = 1; b < bucketCount; b++) start[b] = start[b - 1]! + bucketSize[b - 1]!;
  const filled = new Int32Array(bucketCount);
  const end = c.cached ? matches.length : Math.min(skip + take, matches.length);
  const sorted = new Int32Array(end);
  let placed = 0;
  const order = index.order(kind);
  const last = order.length - 1;
  for (let i = 0; i <= last && placed < end; i++) {
    const slot = order[descending ? last - i : i]!;
    const b = mark[slot]! - gen;
    if (b < 0 || b >= bucketCount) continue;
    const pos = start[b]! + filled[b]!++;
    if (pos < end) {
      sorted[pos] = slot;
      placed++;
    }
  }
  if (c.cached) c.ordered[sort] = sorted;
  return sorted.subarray(skip, skip + take);
}
