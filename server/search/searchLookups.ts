import type { CompiledQuery } from "kysely";
import { ATTRIBUTE_FACETS, type SearchTypeConfig } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { selectCardRows } from "../models/content.js";
import { withGradeBands } from "../models/gradeBands.js";
import { listSearchTypes } from "../models/searchTypes.js";
import type { ContentCardRow } from "../presenters/contentObject.js";
import type { CatalogueIndex } from "./catalogueIndex.js";
import { SeenBefore } from "./seenBefore.js";

/** An attribute item as a facet value shows it. */
export interface FacetItem {
  id: number;
  name: string;
  short_name: string | null;
  parent_id: number | null;
  type_id: number;
  sort_order: number;
}

/** What a search reads besides the catalogue: its settings (search types, attribute type ids). */
export interface SearchSettings {
  searchTypes: SearchTypeConfig[];
  /** Attribute type id per facet key (only the facets whose type exists). */
  facetTypeIds: Record<string, number>;
}

/**
 * The version that tells cached lookups when to forget: it moves when search types, attribute types or
 * items, or profile names change (a SETTINGS_CHANGE in the change log). It comes from the catalogue index,
 * which reads the change log before every search, so a write made through any instance is seen by every
 * instance's next search.
 */
type SettingsVersion = () => number;

/** Bounds of the per-id caches (each is dropped whole when it grows past its bound). */
const MAX_LABELS = 50_000;
const MAX_NAMES = 20_000;
/** Card rows of index slots: about 1 KB each. */
const MAX_ROWS = 20_000;
/** Ids per `in (...)` list, well under both databases' parameter limits. */
const CHUNK = 900;

const chunks = <T>(list: T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** A per-id cache that reads misses from the database in one go; with `admit`, it keeps an id from its second read. */
class ByIdCache<T> {
  private entries = new Map<number, T | null>();

  constructor(
    private readonly max: number,
    private readonly read: (ids: number[]) => Promise<Map<number, T>>,
    private readonly admit?: SeenBefore<number>,
  ) {}

  clear(): void {
    this.entries = new Map();
  }

  /** The values of the ids that exist (missing ids are left out); `read` reads misses instead of the cache's own reader. */
  async get(ids: ArrayLike<number>, cache: boolean, read = this.read): Promise<Map<number, T>> {
    const out = new Map<number, T>();
    const entries = this.entries;
    const missing: number[] = [];
    for (const id of new Set(Array.from(ids))) {
      const hit = cache ? entries.get(id) : undefined;
      if (hit === undefined) missing.push(id);
      else if (hit !== null) out.set(id, hit);
    }
    if (!missing.length) return out;
    const found = await read(missing);
    if (cache && entries.size + missing.length > this.max) entries.clear();
    for (const id of missing) {
      const value = found.get(id);
      if (value !== undefined) out.set(id, value);
      // `entries` is the map of the version the read started in: a newer version never sees these.
      if (cache && (!this.admit || this.admit.check(id))) entries.set(id, value ?? null);
    }
    return out;
  }
}

/**
 * The reads every search makes besides counting: settings, attribute labels, profile names and the
 * page's card rows. With versions (the in-memory index) they are cached until they change: settings,
 * labels and names until the settings version moves; a card row per index slot, which is one version
 * of one item (a change gives the item a new slot), until the settings version moves (rows carry owner
 * names). Without versions (SEARCH_INDEX=sql) every call reads the database.
 */
export class SearchLookups {
  private seen: number | null = null;
  private settingsPromise: Promise<SearchSettings> | null = null;
  private readonly labels: ByIdCache<FacetItem>;
  private readonly names: ByIdCache<string>;
  /** Card rows by slot of `rowsIndex`. */
  private readonly rows: ByIdCache<ContentCardRow>;
  private rowsIndex: CatalogueIndex | null = null;
  /** Per attribute type id: a mark per attribute item id of the type. */
  private typeMarks = new Map<number, Promise<Uint8Array>>();
  private readonly cardRowsQueries = new Map<number, CompiledQuery<Omit<ContentCardRow, "grade_bands">>>();

  constructor(
    private readonly db: Db,
    private readonly settingsVersion: SettingsVersion | null,
  ) {
    this.labels = new ByIdCache(MAX_LABELS, async (ids) => {
      const out = new Map<number, FacetItem>();
      for (const part of chunks(ids)) {
        for (const i of await db.selectFrom("attribute_items").select(["id", "name", "short_name", "parent_id", "type_id", "sort_order"]).where("id", "in", part).execute()) out.set(i.id, i);
      }
      return out;
    });
    this.names = new ByIdCache(MAX_NAMES, async (ids) => {
      const out = new Map<number, string>();
      for (const part of chunks(ids)) for (const p of await db.selectFrom("profiles").select(["id", "name"]).where("id", "in", part).execute()) out.set(p.id, p.name);
      return out;
    });
    // Kept from an item's second showing: searches nobody repeats show mostly items seen once, and keeping
    // those would only churn the cache (and the garbage collector).
    this.rows = new ByIdCache(MAX_ROWS, (ids) => this.readCardRows(ids), new SeenBefore<number>(MAX_ROWS * 2));
  }

  /** Card rows by content id, with their grade bands (a grade change is a content change: the item's new slot reads them again). */
  private async readCardRows(ids: number[]): Promise<Map<number, ContentCardRow>> {
    const out = new Map<number, ContentCardRow>();
    for (const part of chunks(ids)) for (const row of await withGradeBands(this.db, (await this.db.executeQuery(this.cardRowsQuery(part))).rows)) out.set(row.id, row);
    return out;
  }

  /**
   * The card-row query of these ids. Compiled once per number of ids (a page has at most a few sizes):
   * building and compiling it through Kysely cost as much as SQLite running it.
   */
  private cardRowsQuery(ids: number[]): CompiledQuery<Omit<ContentCardRow, "grade_bands">> {
    let query = this.cardRowsQueries.get(ids.length);
    if (!query) {
      query = selectCardRows(this.db).where("content.id", "in", ids).compile() as CompiledQuery<Omit<ContentCardRow, "grade_bands">>;
      // Its only parameters are the ids, in order, which is what makes the compiled text reusable.
      if (query.parameters.length !== ids.length) throw new Error("card-row query parameters are not only its ids");
      this.cardRowsQueries.set(ids.length, query);
    }
    return { ...query, parameters: ids };
  }

  /** Forgets everything when the settings version moved; true when caching applies at all. */
  private sync(): boolean {
    if (!this.settingsVersion) return false;
    const now = this.settingsVersion();
    if (this.seen !== now) {
      this.settingsPromise = null;
      this.typeMarks = new Map();
      this.labels.clear();
      this.names.clear();
      // Card rows carry owner names; a content change gives its item a new slot instead.
      this.rows.clear();
    }
    this.seen = now;
    return true;
  }

  /** The attribute items of a type, as a mark (1) per item id: what a facet counted apart counts. */
  attributeTypeMarks(typeId: number): Promise<Uint8Array> {
    const read = async () => {
      const ids = (await this.db.selectFrom("attribute_items").select("id").where("type_id", "=", typeId).execute()).map((row) => row.id);
      let last = 0;
      for (const id of ids) last = Math.max(last, id);
      const marks = new Uint8Array(last + 1);
      for (const id of ids) marks[id] = 1;
      return marks;
    };
    if (!this.sync()) return read();
    let marks = this.typeMarks.get(typeId);
    if (!marks) {
      const pending = read();
      this.typeMarks.set(typeId, (marks = pending));
      pending.catch(() => this.typeMarks.get(typeId) === pending && this.typeMarks.delete(typeId));
    }
    return marks;
  }

  /** The search types and the facets' attribute type ids. */
  settings(): Promise<SearchSettings> {
    if (!this.sync()) return readSettings(this.db);
    if (!this.settingsPromise) {
      const pending = readSettings(this.db);
      this.settingsPromise = pending;
      // A failed read is tried again by the next search.
      pending.catch(() => this.settingsPromise === pending && (this.settingsPromise = null));
    }
    return this.settingsPromise;
  }

  /** Attribute items by id (for facet labels). */
  attributeItems(ids: number[]): Promise<Map<number, FacetItem>> {
    return this.labels.get(ids, this.sync());
  }

  /** Profile names by id (for the owner and publisher facets). */
  profileNames(ids: number[]): Promise<Map<number, string>> {
    return this.names.get(ids, this.sync());
  }

  /** Drops the card rows cached by slot (their index was replaced by a compacted one). */
  forgetCardRows(): void {
    this.rows.clear();
    this.rowsIndex = null;
  }

  /**
   * Card rows of an index's slots, in the slots' order (items that no longer exist are left out). Cached per
   * slot with versions (a row read after the index reached the slot is that version of the item, or newer
   * when a change is not yet applied; its new slot then reads it again).
   */
  async cardRows(index: CatalogueIndex, slots: ArrayLike<number>): Promise<ContentCardRow[]> {
    if (!slots.length) return [];
    const cache = this.sync();
    if (cache && this.rowsIndex !== index) {
      this.rows.clear();
      this.rowsIndex = index;
    }
    const bySlot = await this.rows.get(slots, cache, async (missing) => {
      const byId = await this.readCardRows(missing.map((slot) => index.ids[slot]!));
      const out = new Map<number, ContentCardRow>();
      for (const slot of missing) {
        const row = byId.get(index.ids[slot]!);
        if (row) out.set(slot, row);
      }
      return out;
    });
    return Array.from(slots, (slot) => bySlot.get(slot)).filter((row): row is ContentCardRow => row !== undefined);
  }
}

async function readSettings(db: Db): Promise<SearchSettings> {
  const [searchTypes, types] = await Promise.all([listSearchTypes(db), db.selectFrom("attribute_types").select(["id", "key"]).execute()]);
  const typeIdByKey = new Map(types.map((t) => [t.key, t.id]));
  const facetTypeIds: Record<string, number> = {};
  for (const f of ATTRIBUTE_FACETS) {
    const id = typeIdByKey.get(f.type);
    if (id !== undefined) facetTypeIds[f.url] = id;
  }
  return { searchTypes, facetTypeIds };
}
