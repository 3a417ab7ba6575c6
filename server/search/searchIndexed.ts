import type { Sort } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { VIEWING_PERMISSIONS } from "../models/content.js";
import { favoriteIdsOf } from "../models/favorites.js";
import type { CatalogueIndex, TabledWord } from "./catalogueIndex.js";
import { addInto, addProfilesInto, type CountTable } from "./countTable.js";
import { keepSorted, popcount, sortedHas, type SlotBits } from "./slots.js";
import { buildFacets, facetsApart, searchContent, TOP_PROFILES, withChosen, type FacetApart, type ResolvedSearch, type SearchOutcome } from "./searchContent.js";
import type { SearchLookups } from "./searchLookups.js";
import { SeenBefore } from "./seenBefore.js";
import { queryWords } from "./terms.js";
import { createdBounds } from "./createdBounds.js";

/** Below this many matches, sorting them directly beats walking a precomputed order. */
const DIRECT_SORT_BELOW = 4000;

/** Content ids granted for viewing (read or edit) to the profile or its groups: the restricted items it may see. */
async function grantedIds(db: Db, profileId: number, groupIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom("content_grants")
    .select("content_id")
    .where("permission", "in", VIEWING_PERMISSIONS)
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", "profile"), eb("profile_id", "=", profileId)]),
        ...(groupIds.length ? [eb.and([eb("scope", "=", "group"), eb("profile_id", "in", groupIds)])] : []),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.content_id));
}

/**
 * A search answered from count tables: its matches are not listed but told by `accepts` (and, for a word,
 * found among its slots), so a page is picked by walking the index's order.
 */
interface Unlisted {
  accepts: (slot: number) => boolean;
  word: TabledWord | null;
}

/** The matches of a search (unsorted slots, or unlisted) and its raw counts per filter value. */
interface Counted {
  /** The index's version it was counted at: its slots are only meant for that catalogue. */
  version: number;
  /** The matches, else `unlisted` tells them; a facet counted apart by bits has neither (only its total and attribute counts). */
  matches: Int32Array | null;
  unlisted: Unlisted | null;
  total: number;
  /** Relevance of slots, when the search has words. */
  scores: ((slots: ArrayLike<number>) => Float64Array) | null;
  /** Filled on first use by a relevance sort. */
  relevance?: { scores: Float64Array; buckets: number[] };
  /** The first matches in a sort's order (all of them, when few), kept once a cached result is asked again: its next pages are slices. */
  ordered: Partial<Record<Sort, Int32Array>>;
  cached: boolean;
  /** Times its search was asked, as far as known: the first time only walks the order as far as its page. */
  asked: number;
  typeCounts: Int32Array;
  attrCounts: Int32Array | null;
  ownerCounts: Int32Array;
  publisherCounts: Int32Array;
  visibilityCounts: number[];
}

/** Counted results per index, reused while the index does not change (paging and re-sorting are then cheap). */
const caches = new WeakMap<CatalogueIndex, { version: number; entries: Map<string, Counted> }>();
/** Count keys asked lately, per index: a counted result is kept from the second time it is asked (paging, re-sorting). */
const askedCounts = new WeakMap<CatalogueIndex, SeenBefore>();
const CACHE_ENTRIES = 200;
/** Slots (4 bytes each) the cached matches and their stored orderings may hold in all: about 128 MB. */
const CACHE_SLOTS = 32_000_000;

/** Slots a counted result holds: its matches and each ordering stored so far. */
const slotsHeld = (c: Counted) => (c.matches?.length ?? 0) + Object.values(c.ordered).reduce((n, o) => n + o.length, 0);
/** How far ahead of the page asked a cached result's walk goes, so the next pages (about 65 of 15) are slices. */
const KEEP_AHEAD = 1000;

/** What decides the matches and counts of a search (not its page or sort). */
function countKey(s: ResolvedSearch): string {
  const { page: _page, per: _per, sort: _sort, ...filters } = s.request;
  return JSON.stringify([filters, s.scope, s.profileId, s.targets, s.facetKeys, s.exactWords === true]);
}

/**
 * Runs a search on the in-memory catalogue index: the same filters, counts and sorts as the SQL
 * path (searchContent), reading memory for every match and the database only for the page's rows
 * (through the lookups, which may have them cached). The caller refreshes the index first.
 */
export async function searchIndexed(db: Db, index: CatalogueIndex, s: ResolvedSearch, lookups: SearchLookups): Promise<SearchOutcome> {
  const r = s.request;
  // A term with no searchable words ("!!!") matches nothing: the SQL path answers it with the facets' zero counts (and
  // the chosen owners and publishers listed), cheaply, since its condition is constant false; the index would answer the same.
  if (r.st && !queryWords(r.st).length) return searchContent(db, s, lookups);
  const counted = await countedFor(db, index, s, null);
  const apart: [FacetApart, Counted][] = [];
  for (const { apart: facet, search } of facetsApart(s)) {
    // An attribute facet apart needs only its own type's counts: each match's other attributes are passed over.
    const typeId = typeof facet === "object" ? s.facetTypeIds[facet.attribute] : undefined;
    const only = typeId === undefined ? null : { typeId, marks: await lookups.attributeTypeMarks(typeId) };
    apart.push([facet, await countedFor(db, index, search, only)]);
  }
  return present(index, s, counted, apart, lookups);
}

/** Counting only one attribute type's values (a facet counted apart): its id, and a mark per attribute id of it. */
interface OnlyType {
  typeId: number;
  marks: Uint8Array;
}

/** The search's matches and counts (with `only`, of that attribute type alone): cached, or counted (and kept when asked before). */
async function countedFor(db: Db, index: CatalogueIndex, s: ResolvedSearch, only: OnlyType | null): Promise<Counted> {
  const r = s.request;
  // Favorites change without touching content, so a favorites search is always counted afresh.
  const cacheable = index.options.cacheResults && !r.others.includes("favorites");
  const key = only ? `${countKey(s)} only ${only.typeId}` : countKey(s);
  const cached = cacheable ? cacheOf(index) : null;
  let counted = cached?.entries.get(key);
  if (counted) {
    cached!.entries.delete(key);
    cached!.entries.set(key, counted);
    counted.asked++;
  } else {
    // Counted again when the catalogue moved meanwhile (another request's refresh may run while this one
    // awaits), so the page below is cut from the catalogue it was counted in; a catalogue that keeps moving
    // (an import) gets the last count, whose stale slots pickPage leaves out.
    for (let attempt = 0; attempt < 3 && (!counted || counted.version !== index.version); attempt++) counted = await countMatches(db, index, s, cacheable, only?.marks ?? null);
    if (cacheable && askedBefore(index, key)) {
      counted!.asked++;
      keepCounted(cacheOf(index), key, counted!);
    }
  }
  return counted!;
}

/** Keeps a counted result in its version's store; the oldest go first, past the entry count or the memory budget (at 1,000,000 items a common term holds ~330,000 slots). */
function keepCounted(store: { version: number; entries: Map<string, Counted> }, key: string, counted: Counted): void {
  if (counted.version !== store.version) return;
  store.entries.set(key, counted);
  let held = 0;
  for (const c of store.entries.values()) held += slotsHeld(c);
  for (const [oldest, c] of store.entries) {
    if (store.entries.size <= CACHE_ENTRIES && held <= CACHE_SLOTS) break;
    if (oldest === key) break;
    held -= slotsHeld(c);
    store.entries.delete(oldest);
  }
}

function askedBefore(index: CatalogueIndex, key: string): boolean {
  let asked = askedCounts.get(index);
  if (!asked) askedCounts.set(index, (asked = new SeenBefore(CACHE_ENTRIES * 10)));
  return asked.check(key);
}

/** The counted results of the index's current version (a new, empty store when the catalogue moved). */
function cacheOf(index: CatalogueIndex): { version: number; entries: Map<string, Counted> } {
  let cache = caches.get(index);
  if (!cache || cache.version !== index.version) caches.set(index, (cache = { version: index.version, entries: new Map() }));
  return cache;
}

/** Slots found in every one of several lists, in the shortest one's order: each longer list is marked and the result kept where marked. */
function intersectLists(index: CatalogueIndex, lists: Int32Array[]): Int32Array {
  const [shortest, ...rest] = [...lists].sort((x, y) => x.length - y.length);
  let out = shortest!.slice();
  for (const list of rest) {
    const { mark, gen } = index.nextMarks();
    for (let i = 0; i < list.length; i++) mark[list[i]!] = gen;
    let n = 0;
    for (let i = 0; i < out.length; i++) if (mark[out[i]!] === gen) out[n++] = out[i]!;
    out = out.subarray(0, n);
  }
  return out;
}

/**
 * Candidate slots: the fewer of the words' matches and the slots every attribute filter allows (the
 * intersection of the one-value filters' lists, else the rarest filter's slots), else null (every slot).
 * Attribute candidates must also hold the words: kept by searching the words' sorted slots when that is
 * cheaper (galloping when the candidates are ascending too, else binary search), else the words' slots are
 * marked `wordMark` in `wordMarks` and a candidate must carry the mark. `covered`: every candidate has a value
 * of every attribute filter already (no need to check them again).
 * Nothing may await between this and reading the marks.
 */
function candidatesOf(
  index: CatalogueIndex,
  matched: { slots: () => readonly number[]; lists: readonly (readonly number[])[]; size: number; sorted: boolean; bits: SlotBits | null } | null,
  attributeGroups: number[][],
): { candidates: ArrayLike<number> | null; covered: boolean; wordMark: number; wordMarks?: Int32Array } {
  if (!attributeGroups.length) return { candidates: matched?.slots() ?? null, covered: true, wordMark: 0 };
  const singles = attributeGroups.filter((ids) => ids.length === 1).map((ids) => index.slotsWithAttribute(ids[0]!));
  const rarest = attributeGroups.reduce((best, ids) => (index.attributeSlotCount(ids) < index.attributeSlotCount(best) ? ids : best));
  const bound = Math.min(index.attributeSlotCount(rarest), ...singles.map((l) => l.length));
  // Every filter long enough to be kept as bits (the words too, if any): intersected 32 slots at a time.
  const bits = filterBits(index, matched, attributeGroups);
  if (bits) return { candidates: slotsOf(bits), covered: true, wordMark: 0 };
  if (matched && matched.size <= bound) return { candidates: matched.slots(), covered: false, wordMark: 0 };
  // One attribute's list, and the intersection of several, are ascending; a union of values is not.
  const ascending = singles.length >= 2 || rarest.length === 1;
  const candidates = singles.length >= 2 ? intersectLists(index, singles) : index.slotsWithAnyAttribute(rarest);
  const covered = singles.length >= 2 ? singles.length === attributeGroups.length : attributeGroups.length === 1;
  if (!matched) return { candidates, covered, wordMark: 0 };
  const c = candidates.length;
  // Rough costs in steps: marking touches every word slot once; galloping a few steps per candidate,
  // more the sparser they are among the words; binary search log2(words) per candidate.
  const searchCost = ascending ? c * (2 * Math.log2(matched.size / Math.max(c, 1) + 1) + 2) : c * Math.log2(matched.size + 2);
  const lookup = index.options.wordLookup;
  if (matched.sorted && (lookup ? lookup === "search" : searchCost < matched.size)) {
    const words = matched.slots();
    if (ascending) return { candidates: keepSorted(candidates, words), covered, wordMark: 0 };
    const kept: number[] = [];
    for (let i = 0; i < c; i++) if (sortedHas(words, candidates[i]!)) kept.push(candidates[i]!);
    return { candidates: kept, covered, wordMark: 0 };
  }
  // The word's slots marked list by list (a prefix's union is never made).
  const { mark, gen } = index.nextMarks();
  for (const list of matched.lists) for (const slot of list) mark[slot] = gen;
  return { candidates, covered, wordMark: gen, wordMarks: mark };
}

/** The words of one bit set, or of the union of several. */
function unionOf(group: SlotBits[]): Uint32Array {
  if (group.length === 1) return group[0]!.words;
  const out = new Uint32Array(Math.max(...group.map((bits) => bits.words.length)));
  for (const { words } of group) for (let i = 0; i < words.length; i++) out[i]! |= words[i]!;
  return out;
}

/**
 * "My favorites": the favorites' current slots are the candidates (few, where the rest of the search may match a third of
 * the catalogue), those without the words left out; the loop tests the attribute filters and everything else.
 */
function favoriteCandidates(index: CatalogueIndex, favorites: Set<number>, matched: { slots: () => readonly number[]; lists: readonly (readonly number[])[]; sorted: boolean } | null) {
  const slots: number[] = [];
  for (const id of favorites) {
    const slot = index.slotOfContent(id);
    if (slot !== undefined) slots.push(slot);
  }
  if (!matched) return { candidates: slots, covered: false, wordMark: 0 };
  if (matched.sorted) {
    const words = matched.slots();
    return { candidates: slots.filter((slot) => sortedHas(words, slot)), covered: false, wordMark: 0 };
  }
  // A prefix's terms: their lists marked, as candidatesOf does (their union is never made).
  const { mark, gen } = index.nextMarks();
  for (const list of matched.lists) for (const slot of list) mark[slot] = gen;
  return { candidates: slots, covered: false, wordMark: gen, wordMarks: mark };
}

/** Reading one candidate's columns costs about as much as this many steps through bits (a cache miss a column). */
const SLOT_READ_STEPS = 8;

/**
 * A facet counted apart (`only`: a mark per value of its attribute type) by bits, when every attribute filter
 * and the words keep bits: their AND, narrowed to the live slots the scope sees (`seen`: a member's own and
 * granted restricted slots besides, asked for only when bits are used) of the allowed types, is counted per
 * value as the bits it shares with the value's bits (a popcount a word), or as its short list's slots found in it. Each value's bits are read in
 * order, where testing the candidates one by one reads each one's columns, a cache miss each: "students" with
 * a grade and a subject at 1,000,000 items counts about 25,000 candidates per facet apart. Candidates too few
 * for that to pay are given back as slots (every one passes the filters, the scope and the types), and null
 * when a filter or the words keep no bits.
 */
function countApartByBits(
  index: CatalogueIndex,
  matched: { bits: SlotBits | null } | null,
  groups: number[][],
  only: Uint8Array,
  typeOk: boolean[],
  scopeKind: number,
  seen: () => number[],
): { total: number; attrCounts: Int32Array } | { candidates: Int32Array } | null {
  const all = filterBits(index, matched, groups);
  if (!all) return null;
  // A member's restricted slots, found before the visibility mask takes them out.
  const seenHere = seen().filter((slot) => hasBit(all, slot) && typeOk[index.typeCode[slot]!]);
  const live = index.liveBits();
  keepIn(all, unionOf(scopeKind === SCOPE_PUBLIC ? [live[0]!] : scopeKind === SCOPE_MEMBER ? [live[0]!, live[1]!] : [...live]));
  // The types: the refused ones taken out, or the allowed ones kept, whichever are fewer.
  const byType = index.typeBits();
  const typeBits = index.typeKeys.map((_, code) => byType[code]);
  const refused = typeBits.filter((_, code) => !typeOk[code]);
  const allowed = typeBits.filter((bits, code) => typeOk[code] && bits) as SlotBits[];
  if (refused.length <= allowed.length) for (const bits of refused) if (bits) keepOut(all, bits.words);
  if (refused.length > allowed.length) keepIn(all, allowed.length ? unionOf(allowed) : new Uint32Array(0));
  for (const slot of seenHere) all[slot >>> 5]! |= 1 << (slot & 31);

  // The words with any slot left, and their bits side by side.
  const at = new Int32Array(all.length);
  const held = new Uint32Array(all.length);
  let nonzero = 0;
  let total = 0;
  for (let i = 0; i < all.length; i++) {
    if (all[i] === 0) continue;
    at[nonzero] = i;
    held[nonzero++] = all[i]!;
    total += popcount(all[i]!);
  }
  const values: number[] = [];
  only.forEach((marked, id) => marked === 1 && values.push(id));
  const valueBits = values.map((id) => index.attributeBits(id));
  const steps = valueBits.reduce((n, bits, v) => n + (bits ? nonzero : index.slotsWithAttribute(values[v]!).length), 0);
  const choice = index.options.countApart;
  if (choice === "slots" || (!choice && total * SLOT_READ_STEPS < steps)) return { candidates: slotsOf(all) };

  const attrCounts = new Int32Array(index.maxAttrId + 1);
  values.forEach((id, v) => {
    const bits = valueBits[v];
    attrCounts[id] = bits ? sharedBits(at, held, nonzero, bits.words) : slotsSet(all, index.slotsWithAttribute(id));
  });
  return { total, attrCounts };
}

/** How many bits `held` (words at the indexes `at`, the first `n` of them) shares with `bits`. */
function sharedBits(at: Int32Array, held: Uint32Array, n: number, bits: Uint32Array): number {
  let count = 0;
  for (let k = 0; k < n; k++) {
    const i = at[k]!;
    if (i >= bits.length) break;
    count += popcount(held[k]! & bits[i]!);
  }
  return count;
}

/** How many of the slots have their bit set in `words`. */
function slotsSet(words: Uint32Array, slots: Int32Array): number {
  let count = 0;
  for (let j = 0; j < slots.length; j++) if (hasBit(words, slots[j]!)) count++;
  return count;
}

const hasBit = (words: Uint32Array, slot: number) => slot >>> 5 < words.length && ((words[slot >>> 5]! >>> (slot & 31)) & 1) === 1;

/** Keeps in `all` only the bits also set in `set` (past its end: none). */
function keepIn(all: Uint32Array, set: Uint32Array): void {
  const n = Math.min(all.length, set.length);
  for (let i = 0; i < n; i++) all[i]! &= set[i]!;
  all.fill(0, n);
}

/** Clears in `all` the bits set in `set`. */
function keepOut(all: Uint32Array, set: Uint32Array): void {
  const n = Math.min(all.length, set.length);
  for (let i = 0; i < n; i++) all[i]! &= ~set[i]!;
}

/**
 * The slots every attribute filter (values of one facet united) and the words, if any, allow, as bits: when each of
 * them keeps bits (see SlotBits), else null.
 */
function filterBits(index: CatalogueIndex, matched: { bits: SlotBits | null } | null, groups: number[][]): Uint32Array | null {
  const groupBits = groups.map((ids) => ids.map((id) => index.attributeBits(id)));
  if (!groupBits.every((group) => group.every((bits) => bits !== null)) || (matched && !matched.bits)) return null;
  const sets = groupBits.map((group) => unionOf(group as SlotBits[]));
  if (matched) sets.push(matched.bits!.words);
  return andOf(sets);
}

/** The bits set in every one of several bit sets (as many words as the shortest has). */
function andOf(sets: Uint32Array[]): Uint32Array {
  const all = sets[0]!.slice(0, Math.min(...sets.map((set) => set.length)));
  for (const set of sets.slice(1)) keepIn(all, set);
  return all;
}

/** The slots whose bits are set, ascending. */
function slotsOf(words: Uint32Array): Int32Array {
  let total = 0;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) total += popcount(words[i]!);
  const out = new Int32Array(total);
  let placed = 0;
  for (let i = 0; i < words.length; i++) {
    let word = words[i]! | 0;
    while (word !== 0) {
      const low = word & -word;
      out[placed++] = (i << 5) | (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return out;
}

const SCOPE_ALL = 0;
const SCOPE_PUBLIC = 1;
const SCOPE_MEMBER = 2;

/** Whether the request filters by anything but words, types and attributes (such a search reads every candidate). */
const anyFilterOf = (r: ResolvedSearch["request"]) => r.owners.length > 0 || r.publishers.length > 0 || !!r.from || !!r.to || r.others.length > 0;

/**
 * Live restricted slots a member sees besides the public and signed-in ones: those its owners (itself and its groups,
 * the scope's ownerIds) own and those granted to it (those `has` holds, if given: the word's or the attribute value's).
 */
function restrictedSeenBy(index: CatalogueIndex, ownerIds: number[], granted: Set<number>, has: ((slot: number) => boolean) | null): number[] {
  const out = new Set<number>();
  const consider = (slot: number | undefined) => {
    if (slot === undefined || !index.alive[slot] || index.visibility[slot] !== 2) return;
    if (has && !has(slot)) return;
    out.add(slot);
  };
  for (const ownerId of ownerIds) for (const slot of index.restrictedSlotsOf(ownerId)) if (index.owner[slot] === ownerId) consider(slot);
  for (const id of granted) consider(index.slotOfContent(id));
  return [...out];
}

/**
 * Counts from a table: the sum of the cells the scope may see (public only; public and signed-in for a member;
 * all for "ignore permissions"), plus `extra` live slots the scope sees that the table does not count, per type
 * before the type filter and the rest after it, exactly as countMatches counts slot by slot.
 */
function fromTable(index: CatalogueIndex, table: CountTable, scopeKind: number, typeOk: boolean[], extra: number[], includeFacets: boolean) {
  const types = index.typeKeys.length;
  const profiles = index.profileIds.length;
  const typeCounts = new Int32Array(types);
  const attrCounts = includeFacets ? new Int32Array(index.maxAttrId + 1) : null;
  const ownerCounts = new Int32Array(profiles);
  const publisherCounts = new Int32Array(profiles);
  const visibilityCounts = [0, 0, 0];
  const lastVis = scopeKind === SCOPE_PUBLIC ? 0 : scopeKind === SCOPE_MEMBER ? 1 : 2;
  let total = 0;
  for (let vis = 0; vis <= lastVis; vis++) {
    for (let code = 0; code < types; code++) {
      const cell = table.cells[vis]![code];
      if (!cell?.n) continue;
      typeCounts[code]! += cell.n;
      if (!typeOk[code]) continue;
      total += cell.n;
      if (!attrCounts) continue;
      visibilityCounts[vis]! += cell.n;
      addInto(attrCounts, cell.attrs);
      addProfilesInto(ownerCounts, cell.owners);
      addProfilesInto(publisherCounts, cell.publishers);
    }
  }
  for (const slot of extra) {
    const code = index.typeCode[slot]!;
    typeCounts[code]!++;
    if (!typeOk[code]) continue;
    total++;
    if (!attrCounts) continue;
    visibilityCounts[index.visibility[slot]!]!++;
    const start = index.attrStart[slot]!;
    for (let a = start; a < start + index.attrCount[slot]!; a++) attrCounts[index.attrPool[a]!]!++;
    ownerCounts[index.ownerCode[slot]!]!++;
    if (index.publisher[slot]) publisherCounts[index.publisherCode[slot]!]!++;
  }
  return { total, matches: null, typeCounts, attrCounts, ownerCounts, publisherCounts, visibilityCounts };
}

/**
 * How many of the search's matches are among `favoriteIds` (the profile's favorites, read by the caller): the "My
 * favorites" count, counted as the search with the favorites filter, without its page or its other counts.
 */
export async function countFavoritesIndexed(db: Db, index: CatalogueIndex, s: ResolvedSearch, favoriteIds: readonly number[]): Promise<number> {
  // A term with no searchable words matches nothing (see searchIndexed).
  if (s.request.st && !queryWords(s.request.st).length) return 0;
  const request = { ...s.request, others: [...new Set([...s.request.others, "favorites" as const])], includeFacets: false };
  return (await countMatches(db, index, { ...s, request }, false, null, new Set(favoriteIds))).total;
}

/**
 * Counts a search's matches; `only`: count just the attributes marked in it (and none of the owners, publishers or
 * visibilities); `favoriteIds`: the profile's favorites when the caller has read them already.
 */
async function countMatches(db: Db, index: CatalogueIndex, s: ResolvedSearch, cached: boolean, only: Uint8Array | null, favoriteIds?: Set<number>): Promise<Counted> {
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
  // The owners whose restricted items the member sees as its own: itself and its groups (policies/contentObject.ts viewScope).
  const mine = new Set(scope.kind === "member" ? scope.ownerIds : []);
  const favorites = r.others.includes("favorites") ? (favoriteIds ?? new Set(s.profileId === null ? [] : await favoriteIdsOf(db, s.profileId))) : null;
  // No awaits below: the index's scratch marks (used by matchWords and the attribute lists) stay ours.
  const version = index.version;
  const owners = r.owners.length ? new Set(r.owners) : null;
  const publishers = r.publishers.length ? new Set(r.publishers) : null;
  const { from, to } = createdBounds(r);
  const mineId = r.others.includes("mine") ? (s.profileId ?? -1) : null;
  const openOnly = r.others.includes("open");
  const restrictedOnly = r.others.includes("restricted");

  const { ids, alive, visibility, owner, publisher, ownerCode, publisherCode, created, typeCode, attrStart, attrCount, attrPool } = index;
  // Attribute filters: values of one facet are alternatives, facets narrow each other.
  const groups = Object.values(r.attributes).filter((ids) => ids.length);
  // Bit g set for the attribute ids of facet group g (a typed array: this runs for every candidate).
  const groupOf = new Int32Array(index.maxAttrId + 1);
  groups.forEach((ids, g) => ids.forEach((id) => id <= index.maxAttrId && (groupOf[id]! |= 1 << g)));
  const allGroups = (1 << groups.length) - 1;

  const words = queryWords(r.st);
  // Answered from a count table: browsing, one word (a prefix's completions' own slots added one by one), or
  // one attribute value alone (its items tested in its bits).
  const visible = scope.kind === "member" ? (slot: number) => visibility[slot]! <= 1 || mine.has(owner[slot]!) || granted!.has(ids[slot]!) : scopeKind === SCOPE_PUBLIC ? (slot: number) => visibility[slot] === 0 : () => true;
  const restrictedWith = (has: ((slot: number) => boolean) | null) => (scope.kind === "member" ? restrictedSeenBy(index, scope.ownerIds, granted!, has) : []);
  if (!anyFilterOf(r) && !groups.length) {
    const single = words.length ? index.singleWordCounts(words, s.exactWords) : null;
    if (!words.length || single) {
      const accepts = (slot: number) => alive[slot] === 1 && typeOk[typeCode[slot]!] === true && visible(slot);
      // Counted one by one: a member's restricted slots the table's cells leave out, and a prefix's completions' own slots.
      const restricted = restrictedWith(single ? (slot) => sortedHas(single.slots, slot) : null);
      const extra = single?.extra.length ? restricted.concat(single.extra.filter(visible)) : restricted;
      return { ...fromTable(index, single?.table ?? index.counts, scopeKind, typeOk, extra, r.includeFacets), unlisted: { accepts, word: single }, scores: null, ordered: {}, cached, asked: 1, version };
    }
  }
  if (!anyFilterOf(r) && !words.length && groups.length === 1 && groups[0]!.length === 1) {
    const tabled = index.singleAttributeCounts(groups[0]![0]!);
    if (tabled) {
      const { bits } = tabled;
      const accepts = (slot: number) => alive[slot] === 1 && typeOk[typeCode[slot]!] === true && visible(slot) && bits.has(slot);
      const extra = restrictedWith((slot) => bits.has(slot));
      return { ...fromTable(index, tabled.table, scopeKind, typeOk, extra, r.includeFacets), unlisted: { accepts, word: null }, scores: null, ordered: {}, cached, asked: 1, version };
    }
  }
  const matchedWords = index.matchWords(words, s.exactWords);
  const matched = matchedWords && { ...matchedWords, bits: groups.length ? index.wordsBits(words, s.exactWords) : null };
  const byBits = only && groups.length && !anyFilterOf(r) ? countApartByBits(index, matched, groups, only, typeOk, scopeKind, () => restrictedWith(null)) : null;
  if (byBits && "attrCounts" in byBits) {
    const none = new Int32Array(0);
    return { ...byBits, matches: null, unlisted: null, scores: null, ordered: {}, cached, asked: 1, version, typeCounts: none, ownerCounts: none, publisherCounts: none, visibilityCounts: [0, 0, 0] };
  }
  const { candidates, covered, wordMark, wordMarks } = favorites
    ? favoriteCandidates(index, favorites, matched)
    : byBits
      ? { candidates: byBits.candidates, covered: true, wordMark: 0, wordMarks: undefined }
      : candidatesOf(index, matched, groups);
  const n = candidates ? candidates.length : index.size;

  const typeCounts = new Int32Array(index.typeKeys.length);
  const attrCounts = r.includeFacets ? new Int32Array(index.maxAttrId + 1) : null;
  // Counted per dense profile code (index.profileIds maps a code back to the profile id).
  const ownerCounts = new Int32Array(index.profileIds.length);
  const publisherCounts = new Int32Array(index.profileIds.length);
  const visibilityCounts = [0, 0, 0];
  const matches = new Int32Array(n);
  let found = 0;
  const anyFilter = anyFilterOf(r);

  for (let i = 0; i < n; i++) {
    const slot = candidates ? candidates[i]! : i;
    if (!alive[slot] || (wordMark !== 0 && wordMark !== wordMarks![slot])) continue;
    const vis = visibility[slot]!;
    if (scopeKind === SCOPE_PUBLIC) {
      if (vis !== 0) continue;
    } else if (scopeKind === SCOPE_MEMBER && vis > 1 && !mine.has(owner[slot]!) && !granted!.has(ids[slot]!)) continue;
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
    if (allGroups && !covered) {
      let hit = 0;
      for (let a = start; a < end; a++) hit |= groupOf[attrPool[a]!]!;
      if (hit !== allGroups) continue;
    }
    const code = typeCode[slot]!;
    typeCounts[code]!++;
    if (!typeOk[code]) continue;
    matches[found++] = slot;
    if (only) {
      for (let a = start; a < end; a++) {
        const attr = attrPool[a]!;
        if (only[attr] === 1) attrCounts![attr]!++;
      }
    } else if (attrCounts) {
      for (let a = start; a < end; a++) attrCounts[attrPool[a]!]!++;
      visibilityCounts[vis]!++;
      ownerCounts[ownerCode[slot]!]!++;
      if (publisher[slot]) publisherCounts[publisherCode[slot]!]!++;
    }
  }

  return {
    matches: matches.slice(0, found),
    unlisted: null,
    total: found,
    scores: matched?.scores ?? null,
    ordered: {},
    cached,
    asked: 1,
    version,
    typeCounts,
    attrCounts,
    ownerCounts,
    publisherCounts,
    visibilityCounts,
  };
}

/** The page's rows (in the page's order) and the labelled facets; `apart`: the facets counted apart (see facetsApart). */
async function present(index: CatalogueIndex, s: ResolvedSearch, c: Counted, apart: [FacetApart, Counted][], lookups: SearchLookups): Promise<SearchOutcome> {
  const r = s.request;
  const rowsPromise = lookups.cardRows(index, pickPage(index, c, r.sort, (r.page - 1) * r.per, r.per));

  if (!c.attrCounts) return { rows: await rowsPromise, total: c.total, facets: null };
  // Counted apart: the top profiles, then the chosen ones (the search itself counts only them) wherever they rank.
  const countOf = (counts: Int32Array, profileId: number) => counts[index.codeOfProfile(profileId) ?? -1] ?? 0;
  const profileFacet = async (field: "owners" | "publishers", counts: "ownerCounts" | "publisherCounts") => {
    const other = apart.find(([facet]) => facet === field)?.[1];
    const best = topProfiles((other ?? c)[counts], index.profileIds);
    const names = await lookups.profileNames(best.map(([id]) => id));
    const top = best.map(([profile_id, count]) => ({ profile_id, name: names.get(profile_id) ?? "", count }));
    return other ? withChosen(lookups, top, r[field].map((profile_id) => ({ profile_id, count: countOf(c[counts], profile_id) }))) : top;
  };
  const [owners, publishers] = await Promise.all([profileFacet("owners", "ownerCounts"), profileFacet("publishers", "publisherCounts")]);
  const attributeMap = (counts: Int32Array | null) => {
    const map = new Map<number, number>();
    counts?.forEach((count, id) => count && map.set(id, count));
    return map;
  };
  const facets = await buildFacets(lookups, s, {
    types: index.typeKeys.map((typeKey, code) => ({ typeKey, n: c.typeCounts[code] ?? 0 })),
    attributes: attributeMap(c.attrCounts),
    attributesApart: Object.fromEntries(apart.flatMap(([facet, counted]) => (typeof facet === "object" ? [[facet.attribute, attributeMap(counted.attrCounts)]] : []))),
    owners,
    publishers,
    visibility: { public: c.visibilityCounts[0]!, authed: c.visibilityCounts[1]!, restricted: c.visibilityCounts[2]! },
    mine: s.profileId === null ? null : countOf(c.ownerCounts, s.profileId),
  });
  return { rows: await rowsPromise, total: c.total, facets };
}

/**
 * The TOP_PROFILES largest counts per profile code, as [profile id, count], by count (most first) then id. One pass
 * that only looks closer at a count at least the last kept so far: a catalogue with many thousands of authors has
 * counts as long, mostly zeros.
 */
export function topProfiles(counts: Int32Array, profileIds: readonly number[]): [number, number][] {
  const best: [number, number][] = [];
  const worse = (a: [number, number], b: [number, number]) => b[1] - a[1] || a[0] - b[0];
  let floor = 1;
  for (let code = 0; code < counts.length; code++) {
    const count = counts[code]!;
    if (count < floor) continue;
    best.push([profileIds[code]!, count]);
    // Cut back to the best TOP_PROFILES once twice as many are held, so each sort is short and rare.
    if (best.length === 2 * TOP_PROFILES) {
      best.sort(worse);
      best.length = TOP_PROFILES;
      // A count equal to the last kept may still win on its profile id.
      floor = best[TOP_PROFILES - 1]![1];
    }
  }
  best.sort(worse);
  best.length = Math.min(best.length, TOP_PROFILES);
  return best;
}

/** Relevance of every match, computed once per counted result: a score per match and the distinct scores, best first. */
function relevanceOf(c: Counted, matches: Int32Array): { scores: Float64Array; buckets: number[] } {
  if (!c.relevance) {
    const scores = c.scores!(matches);
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
 * stopping once the page is filled. A cached result asked again keeps its walk, taken KEEP_AHEAD matches
 * further (at least twice as far as the last one kept), so its next pages are slices; walking every match of
 * a frequent word at 1,000,000 items took 50 to 100 ms. Most searches are asked once: they stop at their page.
 */
function pickPage(index: CatalogueIndex, c: Counted, sort: Sort, skip: number, take: number): ArrayLike<number> {
  if (skip >= c.total) return [];
  const done = c.ordered[sort];
  if (done && (skip + take <= done.length || done.length >= c.total)) return done.subarray(skip, skip + take);
  const kind = sort.startsWith("title") ? "title" : sort.startsWith("created") ? "created" : "updated";
  const descending = sort === "relevance" || sort.endsWith("_desc");
  const keep = c.cached && c.asked > 1;
  const end = Math.min(c.total, keep ? Math.max(skip + take + (index.options.keepAhead ?? KEEP_AHEAD), 2 * (done?.length ?? 0)) : skip + take);
  if (!c.matches) {
    const sorted = pickUnlisted(index, c.unlisted!, sort, kind, descending, end);
    if (keep) c.ordered[sort] = sorted;
    return sorted.subarray(skip, skip + take);
  }
  const matches = c.matches;
  const relevance = sort === "relevance" && c.scores !== null ? relevanceOf(c, matches) : null;
  if (matches.length < (index.options.directSortBelow ?? DIRECT_SORT_BELOW)) {
    // Sorted by each match's position in the order (its rank), so the page is the one walking would find:
    // per score (best first), the ranks are sorted as numbers and turned back into slots.
    const rank = index.rank(kind);
    const order = index.order(kind);
    const sorted = new Int32Array(matches.length);
    let placed = 0;
    const ranks = new Int32Array(matches.length);
    for (const score of relevance ? relevance.buckets : [null]) {
      let n = 0;
      // A slot that died since counting (a stale count, see searchIndexed) has no rank: it is left out.
      for (let i = 0; i < matches.length; i++) if ((score === null || relevance!.scores[i] === score) && index.alive[matches[i]!]) ranks[n++] = rank[matches[i]!]!;
      const group = ranks.subarray(0, n).sort();
      if (descending) group.reverse();
      for (let i = 0; i < n; i++) sorted[placed++] = order[group[i]!]!;
    }
    // Fewer placed than matches only for a stale count: never hand out unfilled positions.
    const complete = placed < sorted.length ? sorted.subarray(0, placed) : sorted;
    if (c.cached) c.ordered[sort] = complete;
    return complete.subarray(skip, skip + take);
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
  const sorted = walkOrder(index, kind, descending, { mark, gen, bucketSize }, end);
  if (keep) c.ordered[sort] = sorted;
  return sorted.subarray(skip, skip + take);
}

/**
 * The first `end` matches in a sort's order, bucket by bucket (0 first): a slot marked gen + b is a match
 * of bucket b; it goes to position (size of the buckets before b) + (how many of b came before it in the order).
 */
function walkOrder(index: CatalogueIndex, kind: "title" | "updated" | "created", descending: boolean, marked: { mark: Int32Array; gen: number; bucketSize: Int32Array }, end: number): Int32Array {
  const { mark, gen, bucketSize } = marked;
  const bucketCount = bucketSize.length;
  const start = new Int32Array(bucketCount);
  for (let b = 1; b < bucketCount; b++) start[b] = start[b - 1]! + bucketSize[b - 1]!;
  const filled = new Int32Array(bucketCount);
  const sorted = new Int32Array(end).fill(-1);
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
  // Fewer placed than counted only for a stale count (dead slots are not in the order): never hand out unfilled positions.
  return placed === end ? sorted : sorted.filter((slot) => slot >= 0);
}

/**
 * Fills `out` from position `placed` with the slots `takes` accepts, in a sort's order, stopping when it is full;
 * returns how many positions are filled (fewer only when the order ran out).
 */
function walkInto(index: CatalogueIndex, kind: "title" | "updated" | "created", descending: boolean, out: Int32Array, placed: number, takes: (slot: number) => boolean): number {
  const order = index.order(kind);
  const last = order.length - 1;
  for (let i = 0; i <= last && placed < out.length; i++) {
    const slot = order[descending ? last - i : i]!;
    if (takes(slot)) out[placed++] = slot;
  }
  return placed;
}

/** Whether any of some sorted lists holds a slot. */
const inAny = (lists: readonly (readonly number[])[], slot: number) => lists.some((list) => sortedHas(list, slot));

/** How many slots some lists hold together (at most). */
const lengthOf = (lists: readonly (readonly number[])[]) => lists.reduce((n, list) => n + list.length, 0);

/** Look-ups a walk may make beyond four times those expected before it turns from binary search to marks. */
const LOOK_UP_SLACK = 1024;

/**
 * Whether a slot reached by a walk that must find `end` slots of `lists` is in them and in none of `except`:
 * by binary search when the walk's expected look-ups cost less than marking the lists, else by marks set
 * first. The walk is expected to reach `end` of the lists' slots as they are spread over the catalogue; one
 * that goes on four times as long (the slots sit late in the order: a title sort of a word many titles
 * start with) turns to marks, which searching would have cost 100 ms and more at 1,000,000 items.
 */
function membership(index: CatalogueIndex, lists: number[][], except: number[][], end: number): (slot: number) => boolean {
  const length = lengthOf(lists);
  const visits = end / Math.max(length / Math.max(1, index.size), 1e-9);
  const marked = () => {
    const { mark, gen } = index.nextMarks(2);
    for (const list of lists) for (const slot of list) mark[slot] = gen;
    for (const list of except) for (const slot of list) mark[slot] = gen + 1;
    return (slot: number) => mark[slot] === gen;
  };
  const lookUp = index.options.wordLookup ?? (visits * lists.length * Math.log2(length + 2) < length ? "search" : "marks");
  if (lookUp === "marks") return marked();
  let budget = index.options.lookUpBudget ?? (index.options.wordLookup ? Infinity : 4 * visits + LOOK_UP_SLACK);
  let inMarks: ((slot: number) => boolean) | null = null;
  return (slot) => {
    if (inMarks) return inMarks(slot);
    if (--budget < 0) return (inMarks = marked())(slot);
    return inAny(lists, slot) && !inAny(except, slot);
  };
}

/** The first `end` slots of some sorted lists that `accepts` takes, in a sort's order: by walking the order and looking each slot up in the lists. */
function walkFor(index: CatalogueIndex, kind: "title" | "updated" | "created", descending: boolean, end: number, lists: number[][], accepts: (slot: number) => boolean): Int32Array {
  const inLists = membership(index, lists, [], end);
  const out = new Int32Array(Math.min(end, lengthOf(lists)));
  return out.subarray(0, walkInto(index, kind, descending, out, 0, (slot) => inLists(slot) && accepts(slot)));
}

/**
 * The first `end` matches of a search answered from count tables, walking the sort's order: without a word,
 * each slot is asked whether it matches; with one, the word's accepted slots are marked first.
 */
function pickUnlisted(index: CatalogueIndex, u: Unlisted, sort: Sort, kind: "title" | "updated" | "created", descending: boolean, end: number): Int32Array {
  const sorted = new Int32Array(end);
  let placed = 0;
  if (!u.word) placed = walkInto(index, kind, descending, sorted, 0, u.accepts);
  else {
    // Relevance puts the matches with the word in their title first (their score is higher): when they are
    // few they are sorted by rank, else the first `end` of them are found by walking the order. The rest are
    // found by walking the order, each slot reached asked whether it holds the word (see membership).
    // The word's slots: its table's list, and those only a prefix's completions hold. Its title matches: the
    // title lists of every term it covers (a slot may be in several).
    const slots = u.word.extra.length ? [u.word.slots, u.word.extra] : [u.word.slots];
    const titles = u.word.titles;
    const byTitle = sort === "relevance";
    let first: ArrayLike<number> = [];
    if (byTitle && lengthOf(titles) < (index.options.directSortBelow ?? DIRECT_SORT_BELOW)) {
      const rank = index.rank(kind);
      const titled = titles.length === 1 ? titles[0]! : [...new Set(titles.flat())];
      first = titled.filter((slot) => u.accepts(slot)).sort(descending ? (x, y) => rank[y]! - rank[x]! : (x, y) => rank[x]! - rank[y]!);
    } else if (byTitle) first = walkFor(index, kind, descending, end, titles, u.accepts);
    const inRest = membership(index, slots, byTitle ? titles : [], end);
    placed = Math.min(first.length, end);
    for (let i = 0; i < placed; i++) sorted[i] = first[i]!;
    placed = walkInto(index, kind, descending, sorted, placed, (slot) => inRest(slot) && u.accepts(slot));
  }
  // Fewer found than counted only for a stale count (see searchIndexed): never hand out unfilled positions.
  return placed < end ? sorted.subarray(0, placed) : sorted;
}
