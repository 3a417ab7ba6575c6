import { describe, expect, it } from "vitest";
import type { SearchRequest } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { CatalogueIndex } from "./catalogueIndex.js";
import type { ResolvedSearch } from "./searchContent.js";
import { searchIndexed } from "./searchIndexed.js";
import type { SearchLookups } from "./searchLookups.js";
import { randomFrom } from "../test/random.js";

// Edge cases of the in-memory index that the database-backed agreement tests (searchIndexed.test.ts)
// cannot reach in reasonable time: a process that has searched billions of times, and a change that lands
// between a search's counting and its paging. The index is filled through its private `add`, as loading would.

/** The index's private parts these tests drive. */
interface IndexInternals {
  add(doc: object): void;
  remove(contentId: number): void;
  buildTermCounts(): void;
  generation: number;
}

const doc = (id: number, visibility: "public" | "restricted", title: string) => ({
  id,
  modelKey: "resource",
  subType: null,
  visibility,
  ownerId: 1,
  publisherId: null,
  createdAt: "2020-01-01T00:00:00.000Z",
  updatedAt: `2020-01-0${id}T00:00:00.000Z`,
  titleSort: title,
  title,
  body: "",
  attrs: [],
});

/** One restricted item (id 1) and five public ones titled "water cycle N" (ids 2 to 6), and the index's private parts. */
function waterIndex(): { index: CatalogueIndex; internals: IndexInternals } {
  const index = new CatalogueIndex({ cacheResults: false, directSortBelow: 0 });
  const internals = index as unknown as IndexInternals;
  internals.add(doc(1, "restricted", "secret water plan"));
  for (let id = 2; id <= 6; id++) internals.add(doc(id, "public", `water cycle ${id}`));
  internals.buildTermCounts();
  index.ready = true;
  return { index, internals };
}

const lookups = { cardRows: async (index: CatalogueIndex, slots: ArrayLike<number>) => Array.from(slots, (slot) => ({ id: index.ids[slot] })) } as unknown as SearchLookups;

/** A guest's search for `st`, newest first (or in another sort). */
function guestSearch(st: string, per = 10, sort = "updated_desc"): ResolvedSearch {
  const request = { st, sort, page: 1, per, types: [], subTypes: [], modelTypes: [], others: [], owners: [], publishers: [], from: null, to: null, attributes: {}, asProfile: null, ignorePermissions: false, includeFacets: false };
  return { request: request as unknown as SearchRequest, scope: { kind: "public" }, profileId: null, targets: [{ modelKey: "resource", subTypes: [] }], facetTypeIds: {}, facetKeys: [], searchTypes: [] };
}

const ids = async (index: CatalogueIndex, st: string, per?: number, sort?: string) => {
  const outcome = await searchIndexed({} as Db, index, guestSearch(st, per, sort), lookups);
  return { total: outcome.total, ids: outcome.rows.map((row) => row.id) };
};

describe("catalogue index edge cases", () => {
  it("answers the same after its scratch marks' generations pass what 32 bits hold", async () => {
    const { index, internals } = waterIndex();
    const expected = { total: 5, ids: [6, 5, 4] };
    expect(await ids(index, "water cycle", 3)).toEqual(expected);
    // Each search takes a few generations; a busy process reaches 2^31 within days.
    internals.generation = 2 ** 31 - 3;
    for (let i = 0; i < 3; i++) {
      expect(await ids(index, "water cycle", 3)).toEqual(expected);
      expect(await ids(index, "wat", 3)).toEqual(expected);
    }
  });

  it("never pages an item that changed between the search's counting and its paging", async () => {
    const { index, internals } = waterIndex();
    expect((await ids(index, "water cycle")).ids).toEqual([6, 5, 4, 3, 2]);
    // Another request's refresh, already queued, removes item 4 while this search is between its two steps.
    queueMicrotask(() => internals.remove(4));
    expect(await ids(index, "water cycle")).toEqual({ total: 4, ids: [6, 5, 3, 2] });
    queueMicrotask(() => internals.add(doc(5, "restricted", "water cycle 5, now restricted")));
    expect(await ids(index, "water cycle")).toEqual({ total: 3, ids: [6, 3, 2] });
  });

  it("keeps each word's owner and publisher counts, in maps or arrays, equal to its live items' as items change and go", () => {
    const random = randomFrom(11);
    const index = new CatalogueIndex({ cacheResults: false, termTablesMinDf: 3 });
    const internals = index as unknown as IndexInternals & { termCounts: Map<string, { cells: ({ owners: Map<number, number> | Int32Array; publishers: Map<number, number> | Int32Array } | undefined)[][] }> };
    const words = ["water", "cycle", "rain", "cloud", "river"];
    const item = (id: number) => ({
      ...doc(id, random() < 0.7 ? "public" : "restricted", words.filter(() => random() < 0.4).join(" ")),
      // Many owners and publishers, so most cells keep maps and some turn into arrays.
      ownerId: 1 + Math.floor(random() * 60),
      publisherId: random() < 0.5 ? null : 100 + Math.floor(random() * 60),
    });
    for (let id = 1; id <= 120; id++) internals.add(item(id));
    internals.buildTermCounts();
    // Changed items (a new version each: new words, owner, publisher) and removed ones.
    for (let id = 1; id <= 120; id += 3) internals.add(item(id));
    for (let id = 2; id <= 120; id += 7) internals.remove(id);
    const asMap = (counts: Map<number, number> | Int32Array) => new Map(counts instanceof Map ? counts : [...counts.entries()].filter(([, n]) => n !== 0));
    let maps = 0;
    let arrays = 0;
    for (const [word, table] of internals.termCounts) {
      const expected = new Map<string, { owners: Map<number, number>; publishers: Map<number, number> }>();
      for (let slot = 0; slot < index.size; slot++) {
        if (!index.alive[slot] || !(index as unknown as { postings: Map<string, number[]> }).postings.get(word)!.includes(slot)) continue;
        const key = `${index.visibility[slot]}:${index.typeCode[slot]}`;
        const cell = expected.get(key) ?? { owners: new Map(), publishers: new Map() };
        expected.set(key, cell);
        cell.owners.set(index.ownerCode[slot]!, (cell.owners.get(index.ownerCode[slot]!) ?? 0) + 1);
        if (index.publisher[slot]) cell.publishers.set(index.publisherCode[slot]!, (cell.publishers.get(index.publisherCode[slot]!) ?? 0) + 1);
      }
      table.cells.forEach((row, vis) =>
        row.forEach((cell, type) => {
          if (!cell) return;
          for (const counts of [cell.owners, cell.publishers]) {
            if (counts instanceof Map) maps++;
            else arrays++;
          }
          const want = expected.get(`${vis}:${type}`) ?? { owners: new Map(), publishers: new Map() };
          expect(asMap(cell.owners), `${word} ${vis}:${type} owners`).toEqual(want.owners);
          expect(asMap(cell.publishers), `${word} ${vis}:${type} publishers`).toEqual(want.publishers);
        }),
      );
    }
    // Both kinds were counted into (and some maps turned into arrays, as their cells filled).
    expect(maps).toBeGreaterThan(0);
    expect(arrays).toBeGreaterThan(0);
  });

  it("ranks by relevance after many changes as an index loaded afresh does (word frequencies count live items)", async () => {
    // Items 1 and 2 have "alpha" in their titles and "beta" in their text, items 3 and 4 the other way round;
    // items 5 to 10 have "beta" only. Alpha is the rarer word, so its title matches rank first.
    const item = (id: number, title: string, body: string) => ({ ...doc(id, "public", title), body });
    const final = [item(1, "alpha one", "beta"), item(2, "alpha two", "beta"), item(3, "beta three", "alpha"), item(4, "beta four", "alpha")];
    for (let id = 5; id <= 10; id++) final.push(item(id, `beta ${id}`, ""));
    for (const [options, stepwise] of [[{}, false], [{}, true], [{ directSortBelow: 0 }, true], [{ termTablesMinDf: 2 }, false], [{ termTablesMinDf: 2 }, true]] as const) {
      const fresh = new CatalogueIndex({ cacheResults: false, ...options });
      const changed = new CatalogueIndex({ cacheResults: false, ...options });
      for (const d of final) (fresh as unknown as IndexInternals).add(d);
      // The changed index once held twenty more items with "alpha": ten removed, ten changed to lose it.
      const internals = changed as unknown as IndexInternals;
      for (const d of final) internals.add(d);
      for (let id = 11; id <= 30; id++) internals.add(item(id, `alpha ${id}`, "alpha"));
      for (const index of [fresh, changed]) {
        (index as unknown as IndexInternals).buildTermCounts();
        index.ready = true;
      }
      // Searched between changes (stepwise), the live counts are brought up to date death by death, each looked
      // for in the list; searched only after all of them, the list is read again.
      for (let id = 11; id <= 30; id++) {
        if (id <= 20) internals.remove(id);
        else internals.add(item(id, `gamma ${id}`, ""));
        if (!stepwise) continue;
        await ids(changed, "alpha beta", 10, "relevance");
        // The live count the ranking used, against counting the word's live items one by one.
        const { postings, liveLength } = changed as unknown as { postings: Map<string, number[]>; liveLength(list: number[]): number };
        const alpha = postings.get("alpha")!;
        expect(liveLength.call(changed, alpha), `after change ${id}`).toBe(alpha.filter((slot) => changed.alive[slot]).length);
      }
      const expected = await ids(fresh, "alpha beta", 10, "relevance");
      expect(expected.ids.slice(0, 2).sort()).toEqual([1, 2]);
      expect(await ids(changed, "alpha beta", 10, "relevance"), `${JSON.stringify(options)} stepwise: ${stepwise}`).toEqual(expected);
    }
  });

  for (const busy of [false, true]) {
    it(`compacts to an index that answers as one loaded afresh, and keeps doing so through later changes${busy ? ", with changes while it compacts" : ""}`, async () => {
      const random = randomFrom(5);
      const words = ["water", "cycle", "rain", "cloud", "river", "delta", "storm"];
      let clock = 0;
      const item = (id: number) => ({
        // "glacier" only in items changed after the load: a word that grows frequent later, and gets a count table on compaction.
        ...doc(id, random() < 0.8 ? "public" : "restricted", [...words.filter(() => random() < 0.35), ...(clock > 150 && random() < 0.3 ? ["glacier"] : [])].join(" ") || "plain"),
        // Distinct times, so every sort order is one order whatever the slots.
        updatedAt: new Date(Date.UTC(2021, 0, 1) + ++clock * 1000).toISOString(),
        body: words.filter(() => random() < 0.2).join(" "),
        ownerId: 1 + Math.floor(random() * 9),
        publisherId: random() < 0.5 ? null : 20 + Math.floor(random() * 5),
        // Attribute 9 likewise: a value that grows frequent later, and gets a count table on compaction.
        attrs: [...[1, 2, 3, 4].filter(() => random() < 0.4), ...(clock > 151 && random() < 0.3 ? [9] : [])],
      });
      const current = new Map<number, ReturnType<typeof item>>();
      // Busy: yielding at every step, so changes land between its steps.
      const everyStep = busy ? { compactYield: () => new Promise<void>((resolve) => setImmediate(resolve)) } : {};
      const options = { cacheResults: false, termTablesMinDf: 5, directSortBelow: 10, ...everyStep };
      const churned = new CatalogueIndex(options);
      const internals = churned as unknown as IndexInternals;
      const change = (on: IndexInternals[], id: number, removed: boolean) => {
        if (removed) current.delete(id);
        else current.set(id, item(id));
        for (const index of on) {
          if (removed) index.remove(id);
          else index.add(current.get(id)!);
        }
      };
      for (let id = 1; id <= 150; id++) change([internals], id, false);
      internals.buildTermCounts();
      churned.ready = true;
      // Builds the orders, so compaction carries them over.
      for (const sort of ["updated_desc", "title_asc", "created_asc"]) await ids(churned, "", 10, sort);
      for (let i = 0; i < 400; i++) change([internals], 1 + Math.floor(random() * 150), random() < 0.15);
      const [sizeAtStart, versionAtStart] = [current.size, churned.version];
      const compacting = churned.compacted();
      // Changes the old index takes while the compaction runs: the compacted one gets them from the change log
      // afterwards, replayed here as its catch-up would (each changed item as it now is, or gone).
      const changedMeanwhile: number[] = [];
      if (busy) {
        let done = false;
        void compacting.then(() => (done = true));
        for (let i = 0; i < 60 && !done; i++) {
          const id = 1 + Math.floor(random() * 170);
          change([internals], id, random() < 0.15);
          changedMeanwhile.push(id);
          await new Promise((resolve) => setImmediate(resolve));
        }
        expect(changedMeanwhile.length).toBeGreaterThan(5);
      }
      const compacted = await compacting;
      // The snapshot's live items, each in one slot; a version of its own.
      expect([compacted.size, compacted.deadSlots]).toEqual([sizeAtStart, 0]);
      expect(compacted.version).toBeGreaterThan(versionAtStart);
      for (const id of changedMeanwhile) {
        const now = current.get(id);
        if (now) (compacted as unknown as IndexInternals).add(now);
        else (compacted as unknown as IndexInternals).remove(id);
      }
      const fresh = () => {
        const index = new CatalogueIndex(options);
        for (const d of [...current.values()].sort((a, b) => a.id - b.id)) (index as unknown as IndexInternals).add(d);
        (index as unknown as IndexInternals).buildTermCounts();
        index.ready = true;
        return index;
      };
      // `sameWords`: the index chose its frequent words from the same catalogue as the reference (else it chose them
      // from an earlier one, at load or compaction, and only the words both chose are compared).
      const expectSame = async (index: CatalogueIndex, reference: CatalogueIndex, when: string, sameWords = false) => {
        // Each item's columns, by content id.
        for (const id of current.keys()) {
          const [a, b] = [index.slotOfContent(id)!, reference.slotOfContent(id)!];
          const columns = (on: CatalogueIndex, slot: number) => {
            const start = on.attrStart[slot]!;
            return [on.typeCode[slot], on.visibility[slot], on.owner[slot], on.updated[slot], [...on.attrPool.subarray(start, start + on.attrCount[slot]!)]];
          };
          expect(columns(index, a), `${when}: item ${id}`).toEqual(columns(reference, b));
          expect(index.restrictedSlotsOf(index.owner[a]!).includes(a), `${when}: restricted ${id}`).toBe(index.visibility[a] === 2);
        }
        // The counts: of the catalogue, and of the frequent words' tables.
        const tables = (on: CatalogueIndex) => {
          // Owners and publishers by profile id: each index gives profiles its own codes.
          const byProfile = (counts: Map<number, number> | Int32Array) =>
            [...counts.entries()]
              .filter(([, n]) => n)
              .map(([code, n]) => [on.profileIds[code], n])
              .sort((x, y) => x[0]! - y[0]!);
          // Cells by "visibility:type"; a cell whose items all went is as good as none.
          const cells = (table: { cells: ({ n: number; attrs: Int32Array; owners: Map<number, number> | Int32Array; publishers: Map<number, number> | Int32Array } | undefined)[][] }) =>
            Object.fromEntries(
              table.cells.flatMap((row, vis) =>
                row.flatMap((cell, type) => (cell?.n ? [[`${vis}:${type}`, { n: cell.n, attrs: [...cell.attrs].map((n, attr) => [attr, n]).filter(([, n]) => n), owners: byProfile(cell.owners), publishers: byProfile(cell.publishers) }]] : [])),
              ),
            );
          const { termCounts, attrCounts } = on as unknown as { termCounts: Map<string, Parameters<typeof cells>[0]>; attrCounts: Map<number, Parameters<typeof cells>[0]> };
          return {
            all: cells(on.counts),
            words: Object.fromEntries([...termCounts].map(([word, table]) => [word, cells(table)])),
            attributes: Object.fromEntries([...attrCounts].map(([attr, table]) => [attr, cells(table)])),
          };
        };
        const [mine, theirs] = [tables(index), tables(reference)];
        if (!sameWords) {
          for (const kind of ["words", "attributes"] as const) {
            for (const key of Object.keys(mine[kind])) if (!(key in theirs[kind])) delete mine[kind][key];
            for (const key of Object.keys(theirs[kind])) if (!(key in mine[kind])) delete theirs[kind][key];
          }
        }
        expect(mine, when).toEqual(theirs);
        for (const st of ["", "water", "rain", "cloud storm", "riv", "plain", "delta water"]) {
          for (const sort of ["updated_desc", "title_asc", "created_asc", "relevance"]) {
            expect(await ids(index, st, 12, sort), `${when}: ${st} ${sort}`).toEqual(await ids(reference, st, 12, sort));
          }
        }
      };
      // Compacted from the catalogue as it is (no changes while compacting), it chose the words a fresh load does,
      // among them the two that grew frequent after the load.
      const tableKeys = (on: CatalogueIndex) => {
        const { termCounts, attrCounts } = on as unknown as { termCounts: Map<string, unknown>; attrCounts: Map<number, unknown> };
        return [termCounts.has("glacier"), attrCounts.has(9)];
      };
      expect(tableKeys(churned)).toEqual([false, false]);
      expect(tableKeys(compacted)).toEqual([true, true]);
      await expectSame(compacted, fresh(), "compacted", !busy);
      await expectSame(churned, fresh(), "the old index");
      // The compacted index goes on taking changes (new slots after its own), as the old one leaves them alone.
      const before = await ids(churned, "water", 200);
      for (let i = 0; i < 100; i++) change([compacted as unknown as IndexInternals], 1 + Math.floor(random() * 170), random() < 0.15);
      await expectSame(compacted, fresh(), "changed after compaction");
      expect(await ids(churned, "water", 200)).toEqual(before);
    });
  }

  it("keeps its sort orders as items are added, changed and removed after the orders were built", () => {
    const { index, internals } = waterIndex();
    const kinds = ["title", "updated", "created"] as const;
    for (const kind of kinds) index.order(kind);
    // A new item, a retitled one (a new slot for id 3), one with a later update (id 2), one removed (id 5).
    internals.add({ ...doc(7, "public", "aardvark water"), updatedAt: "2020-01-05T12:00:00.000Z" });
    internals.add(doc(3, "public", "zebra water cycle"));
    internals.add({ ...doc(2, "public", "water cycle 2"), updatedAt: "2021-01-01T00:00:00.000Z" });
    internals.remove(5);
    const idsIn = (kind: (typeof kinds)[number]) => Array.from(index.order(kind), (slot) => index.ids[slot]);
    expect(idsIn("title")).toEqual([7, 1, 2, 4, 6, 3]);
    expect(idsIn("updated")).toEqual([1, 3, 4, 7, 6, 2]);
    // Same creation time: older id first.
    expect(idsIn("created")).toEqual([1, 2, 3, 4, 6, 7]);
    // Built fresh, the same.
    const fresh = new CatalogueIndex({ cacheResults: false });
    const freshInternals = fresh as unknown as IndexInternals;
    for (const kind of kinds) fresh.order(kind);
    freshInternals.add(doc(1, "restricted", "secret water plan"));
    freshInternals.add({ ...doc(2, "public", "water cycle 2"), updatedAt: "2021-01-01T00:00:00.000Z" });
    freshInternals.add(doc(3, "public", "zebra water cycle"));
    freshInternals.add(doc(4, "public", "water cycle 4"));
    freshInternals.add(doc(6, "public", "water cycle 6"));
    freshInternals.add({ ...doc(7, "public", "aardvark water"), updatedAt: "2020-01-05T12:00:00.000Z" });
    for (const kind of kinds) expect(Array.from(fresh.order(kind), (slot) => fresh.ids[slot])).toEqual(idsIn(kind));
    // Removals alone (no slot added since) leave the orders too; an item added and removed before the next merge never enters.
    internals.remove(6);
    expect(idsIn("title")).toEqual([7, 1, 2, 4, 3]);
    internals.add(doc(8, "public", "water cycle 8"));
    internals.remove(8);
    expect(idsIn("title")).toEqual([7, 1, 2, 4, 3]);
    expect(idsIn("updated")).toEqual([1, 3, 4, 7, 2]);
  });

  for (const path of ["walking the order", "sorting directly"] as const) {
    it(`never pages a removed item when the catalogue keeps moving while a search counts (${path})`, async () => {
      const index = new CatalogueIndex({ cacheResults: false, ...(path === "walking the order" ? { directSortBelow: 0 } : {}) });
      const internals = index as unknown as IndexInternals;
      internals.add(doc(1, "restricted", "secret water plan"));
      for (let id = 2; id <= 12; id++) internals.add({ ...doc(id, "public", `water cycle ${id}`), updatedAt: `2020-02-${String(id).padStart(2, "0")}T00:00:00.000Z` });
      internals.buildTermCounts();
      index.ready = true;
      expect((await ids(index, "water cycle", 20)).ids).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
      // Three removals, one per turn: each recount of the search finds the catalogue moved again, so the last count is stale.
      const removeNext = (left: number[]) => {
        if (!left.length) return;
        queueMicrotask(() => {
          internals.remove(left[0]!);
          removeNext(left.slice(1));
        });
      };
      removeNext([12, 11, 10]);
      const after = await ids(index, "water cycle", 20);
      for (const gone of [12, 11, 10, 1]) expect(after.ids).not.toContain(gone);
      expect(new Set(after.ids).size).toBe(after.ids.length);
      expect(after.ids.every((id) => id >= 2 && id <= 9)).toBe(true);
    });
  }
});
