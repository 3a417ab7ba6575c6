import qs from "qs";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchRequest, normalizeSearchInput } from "../../contract/index.js";
import { recordContentChange } from "../commands/createContent.js";
import { GUEST, loadActor } from "../lib/actor.js";
import { randomFrom } from "../test/random.js";
import { CatalogueIndex } from "./catalogueIndex.js";
import { resolveSearch } from "./resolveSearch.js";
import { searchContent } from "./searchContent.js";
import { searchIndexed, topProfiles } from "./searchIndexed.js";
import { SearchLookups } from "./searchLookups.js";
import { useTestServer } from "../test/useServer.js";

// The in-memory index must answer exactly as the SQL path does. Run both on the demo catalogue,
// with the index forced to walk its precomputed orders (the path large catalogues take). `index` keeps
// count tables for every word in two or more items, so one-word searches are answered from tables
// (and their pages found by binary search in the word's slots; `tables`, below, marks them instead), and
// intersects filters as lists; `cachingIndex` keeps no count tables at this size, so it counts those slot by
// slot, sorts its few matches directly instead of walking the orders, and intersects the filters of 1/32 of
// the catalogue or more as bits: the two must agree too.
describe("in-memory index and SQL path agree", () => {
  const { server } = useTestServer({ seedDemo: true, env: { SEARCH_INDEX: "sql" } });
  let index: CatalogueIndex;
  /** An index keeping counted results, so pages are cut from one stored ordering of every match. */
  let cachingIndex: CatalogueIndex;
  let walkingCache: CatalogueIndex;
  let turning: CatalogueIndex;
  let tabledBits: CatalogueIndex;
  let teacherId: number;
  let adminId: number;

  beforeAll(async () => {
    index = new CatalogueIndex({ cacheResults: false, directSortBelow: 0, termTablesMinDf: 2, wordLookup: "search", bitsFrom: Infinity });
    await index.load(server.db);
    cachingIndex = new CatalogueIndex({ cacheResults: true });
    await cachingIndex.load(server.db);
    // Walking the orders and keeping walks only 3 matches past the page: later pages extend a kept walk, or slice it.
    walkingCache = new CatalogueIndex({ cacheResults: true, directSortBelow: 0, keepAhead: 3 });
    await walkingCache.load(server.db);
    // Walking with count tables, turning from binary search to marks in the middle of every walk.
    turning = new CatalogueIndex({ cacheResults: false, directSortBelow: 0, termTablesMinDf: 2, wordLookup: "search", lookUpBudget: 5 });
    await turning.load(server.db);
    // Count tables for attribute values as well as words, and bits: one attribute value alone is answered from its table.
    tabledBits = new CatalogueIndex({ cacheResults: false, directSortBelow: 0, termTablesMinDf: 2, bitsFrom: 1 });
    await tabledBits.load(server.db);
    teacherId = (await server.db.selectFrom("profiles").select("id").where("username", "=", "teacher").executeTakeFirstOrThrow()).id;
    adminId = (await server.db.selectFrom("profiles").select("id").where("username", "=", "admin").executeTakeFirstOrThrow()).id;
  });

  const QUERIES = [
    "",
    "s=1",
    "s=-1&page=2",
    "s=2",
    "s=-3&page=3&per=10",
    "st=science",
    "st=science&s=1",
    "st=science&s=-3&page=2&per=5",
    "st=lesson",
    "st=lesson&f[t][]=resources",
    "st=fractions",
    "st=photo",
    // Prefixes of several terms (search as you type): a term's table plus the slots only its completions hold.
    "st=plan&s=1",
    "st=lea",
    "st=pro&s=-2&page=2&per=5",
    "st=stu&page=3&per=10",
    "st=rev&f[t][]=resources",
    "st=stat&s=1",
    "st=expl",
    "st=int&s=-3",
    "f[t][]=resources&grades[]=5",
    "grades[]=5&s=-2&page=2",
    "grades[]=5&grades[]=6",
    "f[t][]=resources&grades[]=5&grades[]=6&s=1",
    "st=science&grades[]=5",
    "st=lesson&grades[]=5&s=1",
    "f[t][]=groups",
    "f[t][]=lesson_plans&f[t][]=projects&s=-2",
    "from=2024-01-01&to=2024-12-31&s=3",
    "f[others][]=open&s=1",
  ];

  /** Asserts that an index answers a query as the SQL path does (totals, facets, the page's titles). */
  async function expectAgreement(who: "guest" | "teacher" | "admin", q: string, on: CatalogueIndex): Promise<void> {
    const actor = who === "guest" ? GUEST : await loadActor(server.db, who === "admin" ? adminId : teacherId);
    // The admin asks with permissions ignored: every item, whoever may see it.
    const parsed = SearchRequest.parse(normalizeSearchInput(qs.parse(who === "admin" ? `${q}&ignore_permissions=1` : q)));
    const lookups = new SearchLookups(server.db, null);
    const resolved = await resolveSearch(server.db, actor, parsed, lookups);
    const sqlResult = await searchContent(server.db, resolved, lookups);
    const memoryResult = await searchIndexed(server.db, on, resolved, lookups);
    expect(memoryResult.total, `${who} ${q}`).toBe(sqlResult.total);
    expect(memoryResult.facets, `${who} ${q}`).toEqual(sqlResult.facets);
    if (parsed.sort !== "relevance") expect(memoryResult.rows.map((r) => r.title), `${who} ${q}`).toEqual(sqlResult.rows.map((r) => r.title));
  }

  /** An index's answer to a query: total, facets and the page's titles. */
  async function answerOn(who: "guest" | "teacher", q: string, on: CatalogueIndex) {
    const parsed = SearchRequest.parse(normalizeSearchInput(qs.parse(q)));
    const lookups = new SearchLookups(server.db, null);
    const resolved = await resolveSearch(server.db, who === "guest" ? GUEST : await loadActor(server.db, teacherId), parsed, lookups);
    const { total, facets, rows } = await searchIndexed(server.db, on, resolved, lookups);
    return { total, facets, titles: rows.map((r) => r.title) };
  }

  for (const who of ["guest", "teacher"] as const) {
    for (const q of QUERIES) {
      it(`${who}: ${q || "(everything)"}`, async () => {
        const actor = who === "guest" ? GUEST : await loadActor(server.db, teacherId);
        // The query as the server's qs parser gives it.
        const parsed = SearchRequest.parse(normalizeSearchInput(qs.parse(q)));
        const lookups = new SearchLookups(server.db, null);
        const resolved = await resolveSearch(server.db, actor, parsed, lookups);
        const [sqlResult, memoryResult] = await Promise.all([searchContent(server.db, resolved, lookups), searchIndexed(server.db, index, resolved, lookups)]);
        expect(memoryResult.total).toBe(sqlResult.total);
        expect(memoryResult.facets).toEqual(sqlResult.facets);
        const titles = (rows: { title: string }[]) => rows.map((row) => row.title);
        if (parsed.sort === "relevance") expect(titles(memoryResult.rows).length).toBe(titles(sqlResult.rows).length);
        else expect(titles(memoryResult.rows)).toEqual(titles(sqlResult.rows));
        // Counted once, then every page of the stored ordering equals the one found by walking afresh.
        for (const page of [parsed.page, parsed.page + 1, 1, parsed.page + 3, parsed.page + 1]) {
          const again = { ...resolved, request: { ...parsed, page } };
          const [fresh, cached, walked, turned, tabled] = [
            await searchIndexed(server.db, index, again, lookups),
            await searchIndexed(server.db, cachingIndex, again, lookups),
            await searchIndexed(server.db, walkingCache, again, lookups),
            await searchIndexed(server.db, turning, again, lookups),
            await searchIndexed(server.db, tabledBits, again, lookups),
          ];
          expect(titles(cached.rows)).toEqual(titles(fresh.rows));
          expect(cached.facets).toEqual(fresh.facets);
          expect(titles(walked.rows)).toEqual(titles(fresh.rows));
          expect(titles(turned.rows)).toEqual(titles(fresh.rows));
          expect({ total: tabled.total, facets: tabled.facets, titles: titles(tabled.rows) }).toEqual({ total: fresh.total, facets: fresh.facets, titles: titles(fresh.rows) });
        }
      });
    }
  }

  it("agrees on words with several attribute filters (lists intersected, words looked up or marked, or all as bits)", async () => {
    const id = async (name: string) => (await server.db.selectFrom("attribute_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [grade, science, math] = [await id("Grade 5"), await id("Science"), await id("Mathematics")];
    // Every list kept as bits, however short: words and several values of one facet (a union) included.
    const bitsIndex = new CatalogueIndex({ cacheResults: false, bitsFrom: 1 });
    await bitsIndex.load(server.db);
    // Bits for lists of 30 items or more: a prefix whose terms each hold fewer (plan: plan, planning) but together more gets bits united from none kept.
    const unitedBits = new CatalogueIndex({ cacheResults: false, bitsFrom: 30 });
    await unitedBits.load(server.db);
    for (const who of ["guest", "teacher"] as const) {
      for (const q of [
        `grades[]=${grade}&subjects[]=${science}`,
        `st=lesson&grades[]=${grade}&subjects[]=${science}`,
        `st=science&grades[]=${grade}&subjects[]=${science}&subjects[]=${math}&s=1`,
        `st=plan&subjects[]=${math}`,
        `st=science&subjects[]=${science}&subjects[]=${math}`,
        // Prefixes of several terms: their lists marked one by one, or their bits united.
        `st=pro&grades[]=${grade}&subjects[]=${science}`,
        // Its longest term (problem) alone: the bits it keeps must not have taken the other terms' slots.
        `st=problem&subjects[]=${science}&subjects[]=${math}`,
        `st=lea&grades[]=${grade}&s=2`,
      ]) {
        await expectAgreement(who, q, index);
        await expectAgreement(who, q, cachingIndex);
        await expectAgreement(who, q, bitsIndex);
        await expectAgreement(who, q, unitedBits);
      }
    }
  });

  it("agrees on facets counted apart: attribute facets, owners and publishers with chosen values", async () => {
    const id = async (name: string) => (await server.db.selectFrom("attribute_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [grade, science, math] = [await id("Grade 5"), await id("Science"), await id("Mathematics")];
    const publisher = (await server.db.selectFrom("content").select("publisher_id").where("publisher_id", "is not", null).limit(1).executeTakeFirstOrThrow()).publisher_id!;
    for (const who of ["guest", "teacher"] as const) {
      for (const q of [
        `f[owners][]=${teacherId}`,
        `st=science&owners[]=${teacherId}&grades[]=${grade}`,
        `publishers[]=${publisher}&subjects[]=${science}&subjects[]=${math}`,
        `st=lesson&owners[]=${teacherId}&publishers[]=${publisher}&grades[]=${grade}&subjects[]=${math}`,
      ]) {
        for (const on of [index, cachingIndex, tabledBits]) await expectAgreement(who, q, on);
      }
    }
  });

  it("agrees on facets counted apart by bits: every scope, type filters, words, values with and without bits", async () => {
    const id = async (name: string) => (await server.db.selectFrom("attribute_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [grade5, grade6, science, math] = [await id("Grade 5"), await id("Grade 6"), await id("Science"), await id("Mathematics")];
    // Every list kept as bits, the facets apart counted by popcounts, or their candidates walked slot by slot;
    // and lists of 20 slots or more as bits, so some values are counted from their lists.
    const byBits = new CatalogueIndex({ cacheResults: false, bitsFrom: 1, countApart: "bits" });
    const bySlots = new CatalogueIndex({ cacheResults: false, bitsFrom: 1, countApart: "slots" });
    const someBits = new CatalogueIndex({ cacheResults: false, bitsFrom: 20, countApart: "bits" });
    for (const on of [byBits, bySlots, someBits]) await on.load(server.db);
    for (const who of ["guest", "teacher", "admin"] as const) {
      for (const q of [
        `grades[]=${grade5}&subjects[]=${science}`,
        `st=science&grades[]=${grade5}&subjects[]=${science}`,
        `st=lesson&grades[]=${grade5}&grades[]=${grade6}&subjects[]=${math}`,
        `f[t][]=resources&grades[]=${grade5}&subjects[]=${science}&subjects[]=${math}`,
        `f[t][]=lesson_plans&f[t][]=projects&st=lesson&grades[]=${grade6}&subjects[]=${math}`,
        // More types allowed than refused: the refused ones (resources among them) are taken out.
        `f[t][]=lesson_plans&f[t][]=collections&f[t][]=outlines&f[t][]=projects&f[t][]=pathways&grades[]=${grade5}&subjects[]=${science}`,
      ]) {
        for (const on of [byBits, bySlots, someBits]) await expectAgreement(who, q, on);
      }
    }
  });

  it("keeps its counts right as items change, disappear and become restricted after loading", async () => {
    const db = server.db;
    const id = async (name: string) => (await db.selectFrom("attribute_items").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
    const [grade, science] = [await id("Grade 5"), await id("Science")];
    // Its bits and count tables made before the changes, so they must follow them.
    // The resources changed below first carry the word and values the search counted apart below holds to, so
    // their old slots must leave its counts.
    const changing = await db.selectFrom("content").select(["id", "title"]).where("model_key", "=", "resource").orderBy("id").limit(3).execute();
    const typeOf = async (attr: number) => (await db.selectFrom("attribute_items").select("type_id").where("id", "=", attr).executeTakeFirstOrThrow()).type_id;
    const tags = [{ attr_item_id: grade, type_id: await typeOf(grade) }, { attr_item_id: science, type_id: await typeOf(science) }];
    for (const item of changing) {
      await db.updateTable("content").set({ title: `${item.title} science` }).where("id", "=", item.id).execute();
      await db.insertInto("content_attributes").values(tags.map((tag) => ({ ...tag, content_id: item.id }))).onConflict((oc) => oc.doNothing()).execute();
      await recordContentChange(db, item.id);
    }
    // Facets apart counted by bits too (its live and type bits made before the changes, so they must follow them).
    const bits = new CatalogueIndex({ cacheResults: false, bitsFrom: 1, termTablesMinDf: 2, countApart: "bits" });
    await bits.load(db);
    const apart = `st=science&grades[]=${grade}&subjects[]=${science}`;
    for (const q of [`grades[]=${grade}&subjects[]=${science}`, `st=science&grades[]=${grade}`, apart]) await expectAgreement("guest", q, bits);
    const [first, second, third] = await db.selectFrom("content").select(["id", "title"]).where("model_key", "=", "resource").orderBy("id").limit(3).execute();
    // Retitled with a frequent word, made restricted (the teacher then sees it only through a grant), deleted.
    await db.updateTable("content").set({ title: `${first!.title} science lesson`, updated_at: new Date().toISOString() }).where("id", "=", first!.id).execute();
    await db.updateTable("content").set({ visibility: "restricted" }).where("id", "=", second!.id).execute();
    await db.deleteFrom("content_grants").where("content_id", "=", second!.id).execute();
    await db.insertInto("content_grants").values({ content_id: second!.id, scope: "profile", profile_id: teacherId, permission: "read" }).execute();
    await db.deleteFrom("content_attributes").where("content_id", "=", third!.id).execute();
    await db.deleteFrom("content_grants").where("content_id", "=", third!.id).execute();
    await db.deleteFrom("content").where("id", "=", third!.id).execute();
    for (const item of [first!, second!, third!]) await recordContentChange(db, item.id);
    // Sorting few matches directly (the title matches of a one-word relevance search too), where `index` walks.
    const tables = new CatalogueIndex({ cacheResults: false, termTablesMinDf: 2, wordLookup: "marks", bitsFrom: Infinity });
    await tables.load(db);
    // Walking the orders with marks (the title matches of a one-word relevance search too).
    const walkingMarks = new CatalogueIndex({ cacheResults: false, directSortBelow: 0, termTablesMinDf: 2, wordLookup: "marks", bitsFrom: Infinity });
    await walkingMarks.load(db);
    await index.refresh(db);
    await cachingIndex.refresh(db);
    await bits.refresh(db);
    // Compacted after the changes: their dead slots gone, the rest numbered afresh (bits made anew on first use).
    const compacted = await index.compacted();
    const compactedBits = await bits.compacted();
    for (const who of ["guest", "teacher"] as const) {
      // Also each word of the changed and deleted titles: their counts must lose the old slots.
      const words = [first!.title, second!.title, third!.title].flatMap((t) => t.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2);
      for (const q of ["", "st=science", "st=lesson&s=2", "f[t][]=resources&s=1", "st=pro", "st=int&s=-1", ...words.map((w) => `st=${w}`)]) {
        await expectAgreement(who, q, index);
        await expectAgreement(who, q, tables);
        await expectAgreement(who, q, walkingMarks);
        await expectAgreement(who, q, compacted);
        // Relevance pages (the SQL path ranks differently): the indexes' ways of finding title matches agree.
        const titlesOn = async (on: CatalogueIndex) => {
          const parsed = SearchRequest.parse(normalizeSearchInput(qs.parse(q)));
          const lookups = new SearchLookups(server.db, null);
          const resolved = await resolveSearch(server.db, who === "guest" ? GUEST : await loadActor(server.db, teacherId), parsed, lookups);
          return (await searchIndexed(server.db, on, resolved, lookups)).rows.map((r) => r.title);
        };
        const expected = await titlesOn(tables);
        expect(await titlesOn(walkingMarks), `${who} ${q}`).toEqual(expected);
        expect(await titlesOn(index), `${who} ${q}`).toEqual(expected);
        expect(await titlesOn(compacted), `${who} ${q}`).toEqual(expected);
      }
      // The first letters of each changed word, as typed (the SQL path stems a prefix, "les" as "le", so the
      // indexes are held to one without count tables instead): the completions' old slots must not count.
      for (const q of words.flatMap((w) => [`st=${w.slice(0, 3)}`, `st=${w.slice(0, 4)}&s=2`])) {
        const expected = await answerOn(who, q, cachingIndex);
        for (const on of [index, tables, walkingMarks, compacted]) expect(await answerOn(who, q, on), `${who} ${q}`).toEqual(expected);
      }
      for (const q of [`grades[]=${grade}&subjects[]=${science}`, `grades[]=${grade}`, `subjects[]=${science}&s=1`, `st=science&grades[]=${grade}`, apart, ...words.map((w) => `st=${w}&grades[]=${grade}`)]) {
        await expectAgreement(who, q, bits);
        await expectAgreement(who, q, index);
        await expectAgreement(who, q, compactedBits);
      }
    }
    // A long walk through many writes and searches: on a busy two-core machine it has taken just over the default 30 s.
  }, 90_000);
});

describe("owner and publisher facets", () => {
  it("picks the owners and publishers to show as sorting every count would, ties by profile id, among many thousands", () => {
    const random = randomFrom(7);
    const naive = (counts: Int32Array, ids: number[]) =>
      Array.from(counts, (count, code): [number, number] => [ids[code]!, count])
        .filter(([, count]) => count > 0)
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, 20);
    for (const [length, most, zeros] of [[0, 1, 0], [5, 3, 0.2], [30, 2, 0.5], [1000, 4, 0.9], [50_000, 1, 0], [50_000, 40, 0.99]] as const) {
      const counts = Int32Array.from({ length }, () => (random() < zeros ? 0 : 1 + Math.floor(random() * most)));
      // Codes are given in order of first appearance, so profile ids are not ascending.
      const ids = Array.from({ length }, () => Math.floor(random() * 1_000_000));
      expect(topProfiles(counts, ids), `${length} profiles`).toEqual(naive(counts, ids));
    }
  });
});
