import type { CompiledQuery } from "kysely";
import { isPostgres, type Db } from "../db/connection.js";
import { CountTable, addProfile } from "./countTable.js";
import { SlotBits, SlotList, grow, sortedHas } from "./slots.js";
import { tokenize } from "./terms.js";
import { authorsOf } from "../lib/extraData.js";

/**
 * An in-memory, per-instance index of the catalogue for search: columns of every content object
 * (type, visibility, owner, publisher, dates, attributes) in typed arrays, and posting lists of
 * their words. Searching and counting per filter value then reads memory instead of every
 * matching row. The database stays the source of truth: the index loads from it at start and
 * catches up from the content_changes log before each search, so writes made through any
 * instance are found at once.
 */

/** The content id a change-log row carries when search settings changed rather than content (see recordSearchSettingsChange). */
export const SETTINGS_CHANGE = 0;

interface ChangeRow {
  id: number;
  content_id: number;
}

/**
 * Logs that search settings changed: search types, attribute types or items (labels), or profile names.
 * Every instance's next search then forgets its cached settings, labels, names and answers. Whoever
 * writes those must call this (content writes log their content ids instead: recordContentChange).
 */
export async function recordSearchSettingsChange(db: Db): Promise<void> {
  await db.insertInto("content_changes").values({ content_id: SETTINGS_CHANGE, changed_at: new Date().toISOString() }).execute();
}

/** Change-log rows read per query while catching up. */
const CHANGE_BATCH = 5000;

/**
 * PostgreSQL hands out change-log ids when a writer inserts its row, not when its transaction commits, so a
 * later id can be read while an earlier one is still uncommitted. Ids skipped that way (gaps) are looked for
 * again before each catch-up for this long (a rolled-back write leaves a gap for good), at most MAX_GAPS of
 * them; at load, the last GAP_LOOKBACK ids are checked for gaps too.
 */
const GAP_WAIT_MS = 60_000;
const MAX_GAPS = 10_000;
const GAP_LOOKBACK = 1000;

const VISIBILITY = { public: 0, authed: 1, restricted: 2 } as const;
export type VisibilityCode = (typeof VISIBILITY)[keyof typeof VISIBILITY];

/** Light English stemming so "students" finds "student" and "fractions" finds "fraction". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) return word.slice(0, -1);
  return word;
}

/** Sorted, de-duplicated words of a text, stemmed. */
export const indexWords = (text: string): string[] => [...new Set(tokenize(text).map(stem))];

/** A one-word query answered from a count table: see CatalogueIndex.singleWordCounts. */
export interface TabledWord {
  /** The counts of `slots`, the posting list of the covered term that has them. */
  table: CountTable;
  slots: number[];
  /** Live slots of the query's other covered terms (a prefix's completions) that `slots` lacks, ascending. */
  extra: number[];
  /** The title lists of every covered term (relevance puts their slots first, as matchWords' scores would). */
  titles: number[][];
}

interface Doc {
  id: number;
  modelKey: string;
  subType: string | null;
  visibility: keyof typeof VISIBILITY;
  ownerId: number;
  publisherId: number | null;
  createdAt: string;
  updatedAt: string;
  titleSort: string;
  title: string;
  body: string;
  attrs: number[];
}

/** How long compaction works before it lets other requests run, and how many slots it copies between looks at the clock. */
const COMPACT_STEP_MS = 20;
const COMPACT_CHUNK = 65_536;

/** At most this many frequent words, and as many attribute values, get a count table (each a few hundred KB at 1,000,000 items; 64 left words in 12% of the benchmark's items without one, counted match by match at 10 to 17 ms a search). */
const TERM_TABLES = 256;

type OrderKind = "title" | "updated" | "created";
const ORDER_KINDS: OrderKind[] = ["title", "updated", "created"];

/** An order with slots added: both sorted by `compare`, merged in one pass; slots that died since are left out. */
function mergeOrder(order: Int32Array, added: number[], compare: (a: number, b: number) => number, alive: Uint8Array): Int32Array {
  const out = new Int32Array(order.length + added.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < order.length; i++) {
    const slot = order[i]!;
    if (!alive[slot]) continue;
    while (j < added.length && compare(added[j]!, slot) < 0) out[n++] = added[j++]!;
    out[n++] = slot;
  }
  while (j < added.length) out[n++] = added[j++]!;
  return out.slice(0, n);
}

export class CatalogueIndex {
  /** Slot -> content id; a content id's current slot in slotOf. Replaced docs leave dead slots. */
  ids = new Int32Array(0);
  alive = new Uint8Array(0);
  typeCode = new Int32Array(0);
  visibility = new Uint8Array(0);
  owner = new Int32Array(0);
  publisher = new Int32Array(0);
  /** Dense codes of owners and publishers, for counting in typed arrays; profileIds maps a code back. */
  ownerCode = new Int32Array(0);
  publisherCode = new Int32Array(0);
  profileIds: number[] = [];
  private profileCodes = new Map<number, number>();
  created = new Float64Array(0);
  updated = new Float64Array(0);
  private titleSort: string[] = [];
  /** Attributes of a slot: attrPool[attrStart[slot] .. attrStart[slot] + attrCount[slot]). */
  attrStart = new Int32Array(0);
  attrCount = new Uint8Array(0);
  attrPool = new Int32Array(0);
  private attrUsed = 0;
  size = 0;
  /** Scratch marks for intersections: a slot is marked when mark[slot] === generation. */
  private mark = new Int32Array(0);
  private generation = 0;
  private slotOf = new Map<number, number>();
  private typeCodes = new Map<string, number>();
  typeKeys: string[] = [];
  /** word -> slots containing it (title, tags or description), and the title-only lists for scoring. */
  private postings = new Map<string, number[]>();
  private titlePostings = new Map<string, number[]>();
  /** attribute item id -> slots tagged with it (ascending), so attribute filters need not scan every slot. */
  private attrPostings = new Map<number, SlotList>();
  /** The bits of the long attribute lists and word postings (see SlotBits), made on first use and kept up to date. */
  private attrBits = new Map<number, SlotBits>();
  private wordBits = new Map<string, SlotBits>();
  /** The live slots of each visibility, and every slot of each type code, as bits: made on first use (see liveBits, typeBits) and kept up to date. */
  private liveByVisibility: SlotBits[] | null = null;
  private byTypeCode: SlotBits[] | null = null;
  /** Restricted slots per owner id (dead and changed slots included: check them), for a member's own items. */
  private restrictedByOwner = new Map<number, SlotList>();
  /** Counts of every live slot, and of the live slots of each frequent word (chosen at load, see TERM_TABLES). */
  readonly counts = new CountTable();
  private termCounts = new Map<string, CountTable>();
  /** Count tables of the frequent attribute values (chosen with the words' and as they are). */
  private attrCounts = new Map<number, CountTable>();
  private sortedTerms: string[] | null = null;
  private orders: Partial<Record<OrderKind, Int32Array>> = {};
  /** Slots added since each built order was made, merged in on its next use: a change costs a merge, not a sort. */
  private addedToOrder: Record<OrderKind, number[]> = { title: [], updated: [], created: [] };
  /** Orders holding a slot that was removed since they were made (without a slot added in its place). */
  private deadInOrder: Record<OrderKind, boolean> = { title: false, updated: false, created: false };
  private ranks: Partial<Record<"title" | "updated" | "created", Int32Array>> = {};
  /** Slots in the order they died (see liveLength), and per posting list its dead slots among the first `deaths`. */
  private deaths: number[] = [];
  private deadInList = new WeakMap<readonly number[], { deaths: number; dead: number }>();
  private lastChangeId = 0;
  /** Change-log ids below lastChangeId not read yet, and when each was first missed (PostgreSQL only, see GAP_WAIT_MS). */
  private gaps = new Map<number, number>();
  private refreshing: Promise<void> | null = null;
  private queuedRefresh: Promise<void> | null = null;
  /** When the last refresh that read the log to its end started (performance.now()): every change logged before then is applied. */
  private caughtUpAt = -Infinity;
  private changesQuery: CompiledQuery<ChangeRow> | null = null;
  maxAttrId = 0;
  ready = false;
  /** Bumped on every change, so caches of search results know when to forget. */
  version = 0;
  /** Bumped when search settings change (a SETTINGS_CHANGE in the log), for caches of labels and names. */
  settingsVersion = 0;

  /**
   * `termTablesMinDf`: a word in at least this many items gets a count table at load (default: 1% of the
   * catalogue, at least 1,000). Test hooks: `directSortBelow` forces the walk of precomputed orders,
   * `wordLookup` how slots are checked for the words (binary search or marks; by default: the cheaper),
   * `lookUpBudget` how many slots a walk looks up by binary search before it turns to marks (by default four
   * times those it expects to, plus searchIndexed's LOOK_UP_SLACK),
   * `bitsFrom` which lists are also kept as bits (Infinity: none, so filters are intersected as lists),
   * `keepAhead` how many matches past its page a cached result's walk keeps (searchIndexed's KEEP_AHEAD),
   * `countApart` how a facet apart is counted when its filters keep bits (by default: the cheaper; see countApartByBits),
   * `compactFrom` the fewest dead slots that make compaction due (default 10,000), `compactYield` what
   * compaction awaits at each step instead of yielding every COMPACT_STEP_MS.
   */
  constructor(
    readonly options: { cacheResults: boolean; directSortBelow?: number; termTablesMinDf?: number; wordLookup?: "marks" | "search"; lookUpBudget?: number; bitsFrom?: number; keepAhead?: number; countApart?: "bits" | "slots"; compactFrom?: number; compactYield?: () => Promise<void> } = { cacheResults: true },
  ) {}

  /** A profile's dense code, if it owns or published anything in the index. */
  codeOfProfile(profileId: number): number | undefined {
    return this.profileCodes.get(profileId);
  }

  private profileCode(profileId: number): number {
    let code = this.profileCodes.get(profileId);
    if (code === undefined) {
      code = this.profileIds.length;
      this.profileCodes.set(profileId, code);
      this.profileIds.push(profileId);
    }
    return code;
  }

  /** The code of a (model key, sub type) pair. */
  typeCodeOf(modelKey: string, subType: string | null): number {
    const key = `${modelKey}:${subType ?? ""}`;
    let code = this.typeCodes.get(key);
    if (code === undefined) {
      code = this.typeKeys.length;
      this.typeCodes.set(key, code);
      this.typeKeys.push(key);
    }
    return code;
  }

  private add(doc: Doc): void {
    this.version++;
    const previous = this.slotOf.get(doc.id);
    if (previous !== undefined) this.kill(previous);
    const slot = this.size++;
    const n = this.size;
    this.ids = grow(this.ids, n);
    this.alive = grow(this.alive, n);
    this.typeCode = grow(this.typeCode, n);
    this.visibility = grow(this.visibility, n);
    this.owner = grow(this.owner, n);
    this.publisher = grow(this.publisher, n);
    this.ownerCode = grow(this.ownerCode, n);
    this.publisherCode = grow(this.publisherCode, n);
    this.created = grow(this.created, n);
    this.updated = grow(this.updated, n);
    this.attrStart = grow(this.attrStart, n);
    this.attrCount = grow(this.attrCount, n);
    this.mark = grow(this.mark, n);
    this.ids[slot] = doc.id;
    this.alive[slot] = 1;
    this.typeCode[slot] = this.typeCodeOf(doc.modelKey, doc.subType);
    this.visibility[slot] = VISIBILITY[doc.visibility];
    this.owner[slot] = doc.ownerId;
    this.publisher[slot] = doc.publisherId ?? 0;
    this.ownerCode[slot] = this.profileCode(doc.ownerId);
    this.publisherCode[slot] = doc.publisherId ? this.profileCode(doc.publisherId) : 0;
    this.created[slot] = Date.parse(doc.createdAt);
    this.updated[slot] = Date.parse(doc.updatedAt);
    this.titleSort[slot] = doc.titleSort;
    const attrs = doc.attrs.slice(0, 255);
    this.attrPool = grow(this.attrPool, this.attrUsed + attrs.length);
    this.attrStart[slot] = this.attrUsed;
    this.attrCount[slot] = attrs.length;
    for (const a of attrs) {
      this.attrPool[this.attrUsed++] = a;
      if (a > this.maxAttrId) this.maxAttrId = a;
      let list = this.attrPostings.get(a);
      if (!list) this.attrPostings.set(a, (list = new SlotList()));
      list.push(slot);
      this.attrBits.get(a)?.add(slot);
    }
    this.slotOf.set(doc.id, slot);
    this.liveByVisibility?.[this.visibility[slot]!]!.add(slot);
    if (this.byTypeCode) (this.byTypeCode[this.typeCode[slot]!] ??= new SlotBits()).add(slot);
    if (this.visibility[slot] === VISIBILITY.restricted) {
      let list = this.restrictedByOwner.get(doc.ownerId);
      if (!list) this.restrictedByOwner.set(doc.ownerId, (list = new SlotList()));
      list.push(slot);
    }
    this.tally(this.counts, slot, 1);
    for (const a of new Set(attrs)) {
      const table = this.attrCounts.get(a);
      if (table) this.tally(table, slot, 1);
    }
    const titleWords = indexWords(doc.title);
    for (const w of new Set([...titleWords, ...indexWords(doc.body)])) {
      let list = this.postings.get(w);
      if (!list) {
        list = [];
        this.postings.set(w, list);
        this.sortedTerms = null;
      }
      list.push(slot);
      this.wordBits.get(w)?.add(slot);
      const table = this.termCounts.get(w);
      if (table) this.tally(table, slot, 1);
    }
    for (const w of titleWords) {
      let list = this.titlePostings.get(w);
      if (!list) this.titlePostings.set(w, (list = []));
      list.push(slot);
    }
    for (const kind of ORDER_KINDS) if (this.orders[kind]) this.addedToOrder[kind].push(slot);
    this.ranks = {};
  }

  /** Adds (delta 1) or takes away (-1) a slot's counts in a table. */
  private tally(table: CountTable, slot: number, delta: number): void {
    const cell = table.cell(this.visibility[slot]!, this.typeCode[slot]!);
    cell.n += delta;
    const start = this.attrStart[slot]!;
    const end = start + this.attrCount[slot]!;
    // As long as the attribute ids, not more: the count tables hold thousands of cells.
    if (end > start) cell.attrs = grow(cell.attrs, this.maxAttrId + 1, 0);
    for (let a = start; a < end; a++) cell.attrs[this.attrPool[a]!]! += delta;
    const profiles = this.profileIds.length;
    cell.owners = addProfile(cell.owners, this.ownerCode[slot]!, delta, profiles);
    if (this.publisher[slot]) cell.publishers = addProfile(cell.publishers, this.publisherCode[slot]!, delta, profiles);
  }

  /** A live slot dies (its item was removed or replaced by a newer slot): out of every count. */
  private kill(slot: number): void {
    if (!this.alive[slot]) return;
    this.alive[slot] = 0;
    this.liveByVisibility?.[this.visibility[slot]!]!.delete(slot);
    this.deaths.push(slot);
    this.tally(this.counts, slot, -1);
    for (const [word, table] of this.termCounts) if (sortedHas(this.postings.get(word)!, slot)) this.tally(table, slot, -1);
    const start = this.attrStart[slot]!;
    for (const a of new Set(this.attrPool.subarray(start, start + this.attrCount[slot]!))) {
      const table = this.attrCounts.get(a);
      if (table) this.tally(table, slot, -1);
    }
  }

  /** Count tables of the most frequent words and attribute values (TERM_TABLES of each, in at least termTablesMinDf items). */
  private buildTermCounts(): void {
    const counted = (list: ArrayLike<number>) => {
      const table = new CountTable(true);
      for (let i = 0; i < list.length; i++) if (this.alive[list[i]!]) this.tally(table, list[i]!, 1);
      return table;
    };
    this.termCounts = new Map(this.frequentWords().map(([word, list]) => [word, counted(list)]));
    this.attrCounts = new Map(this.frequentAttributes().map(([attr, list]) => [attr, counted(list)]));
  }

  /** The attribute values that get count tables: as frequentWords, by their lists. */
  private frequentAttributes(): [number, Int32Array][] {
    return this.mostFrequent([...this.attrPostings].map(([attr, list]) => [attr, list.slots()]));
  }

  /** The TERM_TABLES entries with the longest lists, of those in at least termTablesMinDf items, longest first. */
  private mostFrequent<K, L extends ArrayLike<number>>(entries: [K, L][]): [K, L][] {
    const minDf = this.termTablesMinDf;
    return entries.filter(([, list]) => list.length >= minDf).sort((a, b) => b[1].length - a[1].length).slice(0, TERM_TABLES);
  }

  /** How many items a word or attribute value must be in to get a count table. */
  private get termTablesMinDf(): number {
    return this.options.termTablesMinDf ?? Math.max(1000, Math.round(this.slotOf.size * 0.01));
  }

  /**
   * The counts and bits of a search filtered by one attribute value alone, when the value has a count table
   * and bits (its items are then found by walking an order, each tested in the bits); else null.
   */
  singleAttributeCounts(attrId: number): { table: CountTable; bits: SlotBits } | null {
    const table = this.attrCounts.get(attrId);
    const bits = table ? this.attributeBits(attrId) : null;
    return table && bits ? { table, bits } : null;
  }

  /** The words that get count tables: the TERM_TABLES most frequent, in at least termTablesMinDf items. */
  private frequentWords(): [string, number[]][] {
    return this.mostFrequent([...this.postings]);
  }

  /**
   * The counts and lists of a query that is one word covered by a count table: the word itself, or, for a
   * last word that is a prefix of other terms (search as you type), the covered term with the longest list
   * that has a table, plus `extra`, the live slots only the other terms hold, to be counted one by one. Null
   * when no covered term has a table, or when the other terms hold more slots than it (counting the union
   * slot by slot then costs no more).
   */
  singleWordCounts(words: string[], exact = false): TabledWord | null {
    if (words.length !== 1) return null;
    const terms = this.termsOf(words[0]!, exact);
    let word: string | null = null;
    for (const t of terms) if (this.termCounts.has(t) && (word === null || this.postings.get(t)!.length > this.postings.get(word)!.length)) word = t;
    if (word === null) return null;
    const slots = this.postings.get(word)!;
    const others = terms.filter((t) => t !== word).map((t) => this.postings.get(t) ?? []);
    if (others.reduce((n, list) => n + list.length, 0) > slots.length) return null;
    return {
      table: this.termCounts.get(word)!,
      slots,
      extra: this.liveOutside(others, slots),
      titles: terms.map((t) => this.titlePostings.get(t) ?? []),
    };
  }

  /**
   * The live slots of `lists` that `list` (sorted) does not hold, once each, ascending. Each is looked up in
   * `list` by binary search, or by marks set on all of `list` first when that costs less.
   */
  private liveOutside(lists: readonly number[][], list: readonly number[]): number[] {
    if (!lists.length) return [];
    const others = lists.reduce((n, other) => n + other.length, 0);
    const byMarks = others * Math.log2(list.length + 1) > list.length;
    // gen: a slot of `list` (when marked); gen + 1: a slot already taken.
    const { mark, gen } = this.nextMarks(2);
    if (byMarks) for (const slot of list) mark[slot] = gen;
    const out: number[] = [];
    for (const other of lists) {
      for (const slot of other) {
        const m = mark[slot];
        if (m === gen + 1 || (byMarks ? m === gen : sortedHas(list, slot)) || !this.alive[slot]) continue;
        mark[slot] = gen + 1;
        out.push(slot);
      }
    }
    if (lists.length > 1) {
      // Sorted as a typed array (numerically, several times faster than with a comparator), then copied back.
      const sorted = Int32Array.from(out).sort();
      for (let i = 0; i < out.length; i++) out[i] = sorted[i]!;
    }
    return out;
  }

  /**
   * The terms a last query word covers: its stem, and every term it is a prefix of (search as you type);
   * `exact`: its stem alone, as any other query word.
   */
  private termsOf(raw: string, exact: boolean): string[] {
    const w = stem(raw);
    const terms = new Set(exact ? [] : this.termsWithPrefix(raw));
    if (this.postings.has(w)) terms.add(w);
    return [...terms];
  }

  /**
   * The inverse document frequency of a query word: of the live items, how few hold it (in any of its lists,
   * several for a prefix). Counted on live slots, so an instance that has seen many changes ranks as one
   * started afresh on the same catalogue does: instances behind a load balancer page one ranking.
   */
  idf(lists: readonly (readonly number[])[]): number {
    let df = 0;
    for (const list of lists) df += this.liveLength(list);
    return Math.log(1 + Math.max(1, this.slotOf.size) / (1 + df));
  }

  /**
   * How many slots of a posting list are alive. Dead slots stay in lists, so this is counted once per list and
   * brought up to date with the deaths since: each is looked for in the list, or the list is read again
   * when that is cheaper (many deaths, a short list).
   */
  private liveLength(list: readonly number[]): number {
    if (!this.deaths.length || !list.length) return list.length;
    const known = this.deadInList.get(list) ?? { deaths: 0, dead: 0 };
    if ((this.deaths.length - known.deaths) * Math.log2(list.length + 1) > list.length) {
      known.dead = 0;
      for (const slot of list) known.dead += 1 - this.alive[slot]!;
    } else {
      for (let i = known.deaths; i < this.deaths.length; i++) if (sortedHas(list, this.deaths[i]!)) known.dead++;
    }
    known.deaths = this.deaths.length;
    this.deadInList.set(list, known);
    return list.length - known.dead;
  }

  /** Lists this long or longer are also kept as bits (default: 1/32 of the slots, see SlotBits). */
  private get bitsFrom(): number {
    return this.options.bitsFrom ?? Math.max(1, this.size / 32);
  }

  /** The slots tagged with an attribute as bits (dead slots included), or null when its list is short. */
  attributeBits(attrId: number): SlotBits | null {
    let bits = this.attrBits.get(attrId);
    if (!bits) {
      const list = this.attrPostings.get(attrId);
      if (!list || list.length < this.bitsFrom) return null;
      this.attrBits.set(attrId, (bits = SlotBits.of(list.slots())));
    }
    return bits;
  }

  /** The live slots of each visibility (public, signed-in, restricted) as bits. */
  liveBits(): readonly SlotBits[] {
    if (!this.liveByVisibility) {
      const sets = [new SlotBits(this.size), new SlotBits(this.size), new SlotBits(this.size)];
      for (let slot = 0; slot < this.size; slot++) if (this.alive[slot]) sets[this.visibility[slot]!]!.add(slot);
      this.liveByVisibility = sets;
    }
    return this.liveByVisibility;
  }

  /** Every slot (dead ones included) of each type code as bits; a code with no slots may have none. */
  typeBits(): readonly (SlotBits | undefined)[] {
    if (!this.byTypeCode) {
      const sets: SlotBits[] = this.typeKeys.map(() => new SlotBits(this.size));
      for (let slot = 0; slot < this.size; slot++) sets[this.typeCode[slot]!]!.add(slot);
      this.byTypeCode = sets;
    }
    return this.byTypeCode;
  }

  /**
   * The slots a query's words match as bits (dead slots included), when they are one word whose terms' lists
   * (several for a prefix) hold a long list's worth together; else null. A term with a long list keeps its
   * bits; a prefix's are made per search, from a copy of its longest term's bits when it has them.
   */
  wordsBits(words: string[], exact = false): SlotBits | null {
    if (words.length !== 1) return null;
    const terms = this.termsOf(words[0]!, exact);
    const lists = terms.map((t) => this.postings.get(t)!);
    if (!terms.length || lists.reduce((n, list) => n + list.length, 0) < this.bitsFrom) return null;
    const longest = lists.reduce((best, list, i) => (list.length > lists[best]!.length ? i : best), 0);
    const kept = this.termBits(terms[longest]!);
    if (terms.length === 1) return kept;
    const bits = kept ? kept.copy() : new SlotBits();
    for (let i = 0; i < lists.length; i++) if (!(kept && i === longest)) for (const slot of lists[i]!) bits.add(slot);
    return bits;
  }

  /** A term's bits, kept once made, when its list is long enough (bitsFrom); else null. */
  private termBits(term: string): SlotBits | null {
    let bits = this.wordBits.get(term);
    if (!bits) {
      const list = this.postings.get(term)!;
      if (list.length < this.bitsFrom) return null;
      this.wordBits.set(term, (bits = SlotBits.of(list)));
    }
    return bits;
  }

  /** Restricted slots an owner may hold (check each: dead and changed slots are included). */
  restrictedSlotsOf(ownerId: number): Int32Array {
    return this.restrictedByOwner.get(ownerId)?.slots() ?? new Int32Array(0);
  }

  /** The live slot of a content id, if any. */
  slotOfContent(contentId: number): number | undefined {
    return this.slotOf.get(contentId);
  }

  private remove(contentId: number): void {
    const slot = this.slotOf.get(contentId);
    if (slot === undefined) return;
    this.kill(slot);
    this.slotOf.delete(contentId);
    this.version++;
    // The orders drop the dead slot on their next use (walks take every slot of an order as live), and ranks move.
    for (const kind of ORDER_KINDS) if (this.orders[kind]) this.deadInOrder[kind] = true;
    this.ranks = {};
  }

  /** Slots of items since changed or removed: they stay in the columns and lists until the index is compacted. */
  get deadSlots(): number {
    return this.size - this.slotOf.size;
  }

  /**
   * Whether compacting would pay: every change gives its item a new slot and leaves the old one dead in every
   * column and list, so an instance that keeps running through many changes grows (about 1 KB a change at
   * 100,000 items) and reads more dead slots per search. Due once the dead slots outnumber half the live ones.
   */
  get compactionDue(): boolean {
    return this.deadSlots >= Math.max(this.options.compactFrom ?? 10_000, this.slotOf.size / 2);
  }

  /**
   * A new index of this one's live slots only, numbered afresh in the same order, built from memory (loading
   * from the database takes 30 s at 1,000,000 items). It is this index as it was when called, at that point of
   * the change log: the work yields to other requests every few milliseconds, and searches go on meanwhile on
   * this one, which catches up with changes as usual; the caller swaps the new one in and catches it up too.
   * The snapshot holds because what a slot says never changes after it is added (a change makes a new slot):
   * slots added since are left out, and slots that died since are kept, with their counts, until the catch-up
   * applies the changes that killed them. The version moves, so nothing cached for this one's slots is taken
   * for the new one's.
   */
  async compacted(): Promise<CatalogueIndex> {
    const next = new CatalogueIndex(this.options);
    // The snapshot: which slots live (numbered afresh in order, so sorted lists stay sorted), the counts, the
    // orders, the codes, the point in the change log. All taken before the first yield.
    const live = this.slotOf.size;
    const renumber = new Int32Array(this.size).fill(-1);
    const liveSlots = new Int32Array(live);
    let n = 0;
    for (let slot = 0; slot < this.size; slot++) {
      if (!this.alive[slot]) continue;
      liveSlots[n] = slot;
      renumber[slot] = n++;
    }
    next.counts.copyFrom(this.counts);
    const tables = new Map([...this.termCounts].map(([word, table]) => [word, new CountTable(true).copyFrom(table)]));
    const attrTables = new Map([...this.attrCounts].map(([attr, table]) => [attr, new CountTable(true).copyFrom(table)]));
    // The built orders and the slots added since, merged by the new index on first use as they would be here.
    const orders = ORDER_KINDS.filter((kind) => this.orders[kind]).map((kind) => [kind, this.orders[kind]!, [...this.addedToOrder[kind]]] as const);
    next.profileIds = [...this.profileIds];
    next.profileCodes = new Map(this.profileCodes);
    next.typeCodes = new Map(this.typeCodes);
    next.typeKeys = [...this.typeKeys];
    next.maxAttrId = this.maxAttrId;
    next.lastChangeId = this.lastChangeId;
    next.gaps = new Map(this.gaps);
    next.version = this.version + 1;
    next.settingsVersion = this.settingsVersion;

    let lastYield = performance.now();
    const breathe = async () => {
      if (this.options.compactYield) return this.options.compactYield();
      if (performance.now() - lastYield < COMPACT_STEP_MS) return;
      await new Promise((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    };
    // Columns and lists are read after yields: they may have grown (new arrays, same first slots) meanwhile.
    const keep = <T extends Int32Array | Uint8Array | Float64Array>(column: T): T => {
      const out = new (column.constructor as new (n: number) => T)(Math.max(live, 1024));
      for (let i = 0; i < live; i++) out[i] = column[liveSlots[i]!]!;
      return out;
    };
    // One loop per kind of list (plain arrays, typed arrays), so each stays monomorphic: about twice as fast.
    // A slot added since the snapshot is past `renumber`: undefined, so left out.
    const keepList = (slots: readonly number[]): number[] => {
      const out: number[] = [];
      for (const slot of slots) {
        const to = renumber[slot]!;
        if (to >= 0) out.push(to);
      }
      return out;
    };
    const keepSlotList = (slots: Int32Array): SlotList => {
      const out = new SlotList();
      for (let i = 0; i < slots.length; i++) {
        const to = renumber[slots[i]!]!;
        if (to >= 0) out.push(to);
      }
      return out;
    };
    next.size = live;
    // Alive as of the snapshot, whatever died since (the catch-up kills those, counts and all).
    next.alive = new Uint8Array(Math.max(live, 1024)).fill(1, 0, live);
    next.mark = new Int32Array(next.alive.length);
    for (const column of ["ids", "typeCode", "owner", "publisher", "ownerCode", "publisherCode", "attrStart"] as const) {
      next[column] = keep(this[column]);
      await breathe();
    }
    for (const column of ["visibility", "attrCount"] as const) next[column] = keep(this[column]);
    for (const column of ["created", "updated"] as const) next[column] = keep(this[column]);
    await breathe();
    next.titleSort = new Array<string>(live).fill("");
    let attrs = 0;
    for (let to = 0; to < live; to++) attrs += next.attrCount[to]!;
    next.attrPool = new Int32Array(Math.max(1024, attrs));
    for (let from = 0; from < live; from += COMPACT_CHUNK) {
      for (let to = from; to < Math.min(live, from + COMPACT_CHUNK); to++) {
        const slot = liveSlots[to]!;
        next.titleSort[to] = this.titleSort[slot]!;
        next.slotOf.set(next.ids[to]!, to);
        const start = next.attrStart[to]!;
        const end = start + next.attrCount[to]!;
        next.attrStart[to] = next.attrUsed;
        for (let a = start; a < end; a++) next.attrPool[next.attrUsed++] = this.attrPool[a]!;
      }
      await breathe();
    }
    // Words and attributes none of whose items are left go, as they would from an index loaded afresh.
    for (const [word, list] of this.postings) {
      const kept = keepList(list);
      if (kept.length) next.postings.set(word, kept);
      await breathe();
    }
    for (const [word, list] of this.titlePostings) {
      const kept = keepList(list);
      if (kept.length) next.titlePostings.set(word, kept);
      await breathe();
    }
    for (const [attr, list] of this.attrPostings) {
      const kept = keepSlotList(list.slots());
      if (kept.length) next.attrPostings.set(attr, kept);
      await breathe();
    }
    for (const [owner, list] of this.restrictedByOwner) {
      const kept = keepSlotList(list.slots());
      if (kept.length) next.restrictedByOwner.set(owner, kept);
    }
    // The frequent words and attribute values chosen again, as a fresh load would choose them (the catalogue
    // drifts): one that had a table keeps its copy; a new one's is counted from the new index's list (counting
    // all 64 words' took 10 s at 1,000,000 items).
    const tableOf = async (copied: CountTable | undefined, list: ArrayLike<number>): Promise<CountTable> => {
      if (copied) return copied;
      const table = new CountTable(true);
      for (let from = 0; from < list.length; from += COMPACT_CHUNK) {
        for (let i = from; i < Math.min(list.length, from + COMPACT_CHUNK); i++) next.tally(table, list[i]!, 1);
        await breathe();
      }
      return table;
    };
    for (const [word, list] of next.frequentWords()) next.termCounts.set(word, await tableOf(tables.get(word), list));
    for (const [attr, list] of next.frequentAttributes()) next.attrCounts.set(attr, await tableOf(attrTables.get(attr), list));
    for (const [kind, built, added] of orders) {
      // Slots dead at the snapshot left out (those the old index had not yet dropped from its order).
      const order = new Int32Array(built.length);
      let kept = 0;
      for (let from = 0; from < built.length; from += COMPACT_CHUNK) {
        for (let i = from; i < Math.min(built.length, from + COMPACT_CHUNK); i++) {
          const to = renumber[built[i]!]!;
          if (to >= 0) order[kept++] = to;
        }
        await breathe();
      }
      next.orders[kind] = order.slice(0, kept);
      next.addedToOrder[kind] = keepList(added);
    }
    next.ready = this.ready;
    return next;
  }

  /** Loads documents by id range (or a list of ids) from the database. */
  private async loadDocs(db: Db, where: { fromId: number; toId: number } | { ids: number[] }): Promise<Doc[]> {
    let q = db
      .selectFrom("content")
      .select(["id", "model_key", "sub_type", "visibility", "owner_id", "publisher_id", "created_at", "updated_at", "title_sort", "title", "description", "tags", "extra_data"]);
    q = "ids" in where ? q.where("id", "in", where.ids) : q.where("id", ">=", where.fromId).where("id", "<", where.toId);
    const rows = await q.orderBy("id").execute();
    if (!rows.length) return [];
    let aq = db.selectFrom("content_attributes").select(["content_id", "attr_item_id"]);
    aq = "ids" in where ? aq.where("content_id", "in", where.ids) : aq.where("content_id", ">=", where.fromId).where("content_id", "<", where.toId);
    const attrs = new Map<number, number[]>();
    for (const a of await aq.execute()) {
      let list = attrs.get(a.content_id);
      if (!list) attrs.set(a.content_id, (list = []));
      list.push(a.attr_item_id);
    }
    return rows.map((r) => ({
      id: r.id,
      modelKey: r.model_key,
      subType: r.sub_type,
      visibility: r.visibility,
      ownerId: r.owner_id,
      publisherId: r.publisher_id,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      titleSort: r.title_sort,
      title: r.title,
      // A resource's authors are found as its keywords are (authorsOf skips, unparsed, the many items with none).
      body: `${r.tags} ${authorsOf(r.extra_data).authors} ${r.description}`,
      attrs: attrs.get(r.id) ?? [],
    }));
  }

  /** Loads the whole catalogue (at start). */
  async load(db: Db): Promise<void> {
    const last = await db.selectFrom("content_changes").select((eb) => eb.fn.max("id").as("m")).executeTakeFirst();
    this.lastChangeId = Number(last?.m ?? 0);
    if (isPostgres(db)) {
      // Writes still uncommitted below the last id are caught up with once they commit.
      const recent = await db.selectFrom("content_changes").select(["id", "content_id"]).where("id", ">", this.lastChangeId - GAP_LOOKBACK).orderBy("id").execute();
      this.noteGaps(this.lastChangeId - GAP_LOOKBACK, recent);
    }
    const max = await db.selectFrom("content").select((eb) => eb.fn.max("id").as("m")).executeTakeFirst();
    const maxId = Number(max?.m ?? 0);
    const step = 20_000;
    for (let from = 1; from <= maxId; from += step) for (const doc of await this.loadDocs(db, { fromId: from, toId: from + step })) this.add(doc);
    this.buildTermCounts();
    // Sorted now rather than by the first search of each order (about a second each at 1,000,000 items).
    for (const kind of ORDER_KINDS) this.order(kind);
    this.ready = true;
  }

  /**
   * Applies the changes writers (of any instance) logged since the last look, until caught up.
   * A logged change of SETTINGS_CHANGE (search types, attribute labels, profile names) only bumps the
   * versions, so every cache keyed on them (results, labels, names) forgets. A refresh already running
   * may have read the log before this call, so callers arriving meanwhile share one more read after it.
   * `askedAt` (performance.now()): what the caller must see is what was logged before then, so a refresh that
   * started at or after it and finished is enough (a request that looks twice reads the log once).
   */
  refresh(db: Db, askedAt = performance.now()): Promise<void> {
    if (this.caughtUpAt >= askedAt) return Promise.resolve();
    if (!this.refreshing) return this.startRefresh(db);
    this.queuedRefresh ??= this.refreshing
      .catch(() => undefined)
      .then(() => {
        this.queuedRefresh = null;
        return this.startRefresh(db);
      });
    return this.queuedRefresh;
  }

  private startRefresh(db: Db): Promise<void> {
    const startedAt = performance.now();
    const running = this.applyChanges(db)
      .then(() => {
        this.caughtUpAt = Math.max(this.caughtUpAt, startedAt);
      })
      .finally(() => {
        if (this.refreshing === running) this.refreshing = null;
      });
    this.refreshing = running;
    return running;
  }

  private async applyChanges(db: Db): Promise<void> {
    // Compiled once: this runs before every search, and building the query costs more than running it.
    const query = (this.changesQuery ??= db.selectFrom("content_changes").select(["id", "content_id"]).where("id", ">", 0).orderBy("id").limit(CHANGE_BATCH).compile());
    await this.applyLateChanges(db);
    const tracksGaps = isPostgres(db);
    for (;;) {
      // The parameters are the `id >` bound and the limit, in that order.
      const since: CompiledQuery<ChangeRow> = { ...query, parameters: [this.lastChangeId, CHANGE_BATCH] };
      const { rows: changes } = await db.executeQuery(since);
      if (!changes.length) return;
      if (tracksGaps) this.noteGaps(this.lastChangeId, changes);
      await this.applyRows(db, changes);
      this.lastChangeId = Number(changes[changes.length - 1]!.id);
      if (changes.length < CHANGE_BATCH) return;
    }
  }

  /** Applies logged changes: reloads (or removes) the items they name, and bumps the versions. */
  private async applyRows(db: Db, changes: readonly ChangeRow[]): Promise<void> {
    if (changes.some((c) => c.content_id === SETTINGS_CHANGE)) {
      this.version++;
      this.settingsVersion++;
    }
    const ids = [...new Set(changes.map((c) => c.content_id))].filter((id) => id !== SETTINGS_CHANGE);
    const docs = ids.length ? await this.loadDocs(db, { ids }) : [];
    const found = new Set(docs.map((d) => d.id));
    for (const id of ids) if (!found.has(id)) this.remove(id);
    for (const doc of docs) this.add(doc);
  }

  /** Remembers the ids between `after` and each of `changes` (read in id order) that were not there: writes not yet committed. */
  private noteGaps(after: number, changes: readonly ChangeRow[]): void {
    const now = Date.now();
    let expected = after + 1;
    for (const c of changes) {
      const id = Number(c.id);
      for (let gap = Math.max(expected, 1); gap < id && this.gaps.size < MAX_GAPS; gap++) this.gaps.set(gap, now);
      expected = id + 1;
    }
  }

  /** Applies the changes that filled gaps since the last look; forgets gaps older than GAP_WAIT_MS. */
  private async applyLateChanges(db: Db): Promise<void> {
    if (!this.gaps.size) return;
    const now = Date.now();
    for (const [id, since] of this.gaps) if (now - since > GAP_WAIT_MS) this.gaps.delete(id);
    if (!this.gaps.size) return;
    const late = await db.selectFrom("content_changes").select(["id", "content_id"]).where("id", "in", [...this.gaps.keys()]).execute();
    if (!late.length) return;
    for (const c of late) this.gaps.delete(Number(c.id));
    await this.applyRows(db, late);
  }

  /**
   * Slots whose words include every query word; the last word may be a prefix (unless `exact`). Null: no words.
   * `slots()` may be a posting list itself: read it, never change it; `sorted` when ascending. For one word
   * covering several terms (a prefix) they are the union of `lists`, made on first use (a search that only
   * marks or intersects the lists as bits never makes it: 285,000 slots for "art" at 1,000,000 items);
   * `size` is at least their number. `scores` gives the relevance of slots: per word its idf, tripled when
   * the word is in the title.
   */
  matchWords(words: string[], exact = false): { slots: () => readonly number[]; lists: readonly (readonly number[])[]; size: number; sorted: boolean; scores: (slots: ArrayLike<number>) => Float64Array } | null {
    if (!words.length) return null;
    // Per query word: the posting lists it covers (several for a prefix) and their title lists.
    const groups = words.map((raw, i) => {
      const terms = i < words.length - 1 ? [stem(raw)] : this.termsOf(raw, exact);
      const lists = terms.map((t) => this.postings.get(t) ?? []);
      return { lists, titles: terms.map((t) => this.titlePostings.get(t) ?? []), df: lists.reduce((a, l) => a + l.length, 0) };
    });
    const order = groups.map((_, i) => i).sort((a, b) => groups[a]!.df - groups[b]!.df);
    // Start from the rarest word; keep the slots every other word's lists also mark.
    const first = groups[order[0]!]!;
    const unionOfFirst = (): readonly number[] => {
      if (first.lists.length === 1) return first.lists[0]!;
      const { gen } = this.nextMarks();
      const union: number[] = [];
      for (const list of first.lists) {
        for (const s of list) {
          if (this.mark[s] === gen) continue;
          this.mark[s] = gen;
          union.push(s);
        }
      }
      return union;
    };
    const scores = (of: ArrayLike<number>) => {
      const idf = groups.map((g) => this.idf(g.lists));
      const out = new Float64Array(of.length);
      groups.forEach((g, i) => {
        const { gen } = this.nextMarks();
        for (const list of g.titles) for (const s of list) this.mark[s] = gen;
        const inBody = idf[i]!;
        const inTitle = 3 * inBody;
        for (let j = 0; j < of.length; j++) out[j]! += this.mark[of[j]!] === gen ? inTitle : inBody;
      });
      return out;
    };
    const sorted = first.lists.length === 1;
    if (groups.length === 1) {
      let union: readonly number[] | null = null;
      return { slots: () => (union ??= unionOfFirst()), lists: first.lists, size: first.df, sorted, scores };
    }
    let slots = unionOfFirst();
    for (const i of order.slice(1)) {
      const { gen } = this.nextMarks();
      for (const list of groups[i]!.lists) for (const s of list) this.mark[s] = gen;
      slots = slots.filter((s) => this.mark[s] === gen);
    }
    return { slots: () => slots, lists: [slots], size: slots.length, sorted, scores };
  }

  /** Slots tagged with any of the attribute ids (ascending when one id; dead slots included). */
  slotsWithAnyAttribute(attrIds: number[]): ArrayLike<number> {
    if (attrIds.length === 1) return this.attrPostings.get(attrIds[0]!)?.slots() ?? [];
    const { gen } = this.nextMarks();
    const out: number[] = [];
    for (const id of attrIds) {
      for (const s of this.attrPostings.get(id)?.slots() ?? []) {
        if (this.mark[s] === gen) continue;
        this.mark[s] = gen;
        out.push(s);
      }
    }
    return out;
  }

  /** Slots tagged with an attribute id, ascending (dead slots included). */
  slotsWithAttribute(attrId: number): Int32Array {
    return this.attrPostings.get(attrId)?.slots() ?? new Int32Array(0);
  }

  /** How many slots are tagged with any of the attribute ids (an upper bound of slotsWithAnyAttribute's length). */
  attributeSlotCount(attrIds: number[]): number {
    return attrIds.reduce((n, id) => n + (this.attrPostings.get(id)?.length ?? 0), 0);
  }

  /**
   * `count` fresh generations of the scratch marks, gen .. gen + count - 1: no slot holds any of them
   * until the caller sets it. Use them before the next await (other searches share the marks).
   */
  nextMarks(count = 1): { mark: Int32Array; gen: number } {
    // Marks are 32-bit: before the generations would pass what they hold, every mark is cleared and they start over.
    if (this.generation + count >= 0x7fffffff) {
      this.mark.fill(0);
      this.generation = 0;
    }
    const gen = this.generation + 1;
    this.generation += count;
    return { mark: this.mark, gen };
  }

  private termsWithPrefix(prefix: string): string[] {
    if (!this.sortedTerms) this.sortedTerms = [...this.postings.keys()].sort();
    const terms = this.sortedTerms;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < terms.length && terms[i]!.startsWith(prefix); i++) out.push(terms[i]!);
    return out;
  }


  /** Live slots in a sort order: sorted once, then changes merged in on the next use after them. */
  order(kind: OrderKind): Int32Array {
    const built = this.orders[kind];
    const added = this.addedToOrder[kind];
    if (built && !added.length && !this.deadInOrder[kind]) return built;
    const compare = this.compareIn(kind);
    let order: Int32Array;
    if (built) order = mergeOrder(built, added.filter((s) => this.alive[s]).sort(compare), compare, this.alive);
    else {
      const slots: number[] = [];
      for (let s = 0; s < this.size; s++) if (this.alive[s]) slots.push(s);
      order = Int32Array.from(slots.sort(compare));
    }
    this.addedToOrder[kind] = [];
    this.deadInOrder[kind] = false;
    return (this.orders[kind] = order);
  }

  /** How two slots compare in a sort order: title (ties: newer id first), or time (ties: older id first). */
  private compareIn(kind: OrderKind): (a: number, b: number) => number {
    const { ids, titleSort } = this;
    if (kind === "title") return (a, b) => (titleSort[a]! < titleSort[b]! ? -1 : titleSort[a]! > titleSort[b]! ? 1 : ids[b]! - ids[a]!);
    const col = kind === "updated" ? this.updated : this.created;
    return (a, b) => col[a]! - col[b]! || ids[a]! - ids[b]!;
  }

  /** Each live slot's position in a sort order (to sort a few slots as the order would). */
  rank(kind: OrderKind): Int32Array {
    let r = this.ranks[kind];
    if (!r) {
      const order = this.order(kind);
      r = this.ranks[kind] = new Int32Array(this.size);
      for (let i = 0; i < order.length; i++) r[order[i]!] = i;
    }
    return r;
  }

  /** The visibility code of a visibility name. */
  static visibilityCode(v: keyof typeof VISIBILITY): VisibilityCode {
    return VISIBILITY[v];
  }
}
