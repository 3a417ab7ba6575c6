import { beforeAll, describe, expect, it, vi } from "vitest";
import { SearchRequest, normalizeSearchInput } from "../../contract/index.js";
import { recordContentChange } from "../commands/createContent.js";
import { GUEST, loadActor } from "../lib/actor.js";
import { buildAttribute, buildContent, buildUser } from "../test/factories.js";
import { CatalogueIndex, recordSearchSettingsChange } from "./catalogueIndex.js";
import { CatalogueSearch } from "./catalogueSearch.js";
import { useTestServer } from "../test/useServer.js";

// Compaction as searches meet it: the search service swaps in a compacted index once enough slots are dead,
// searches under way finish on the old one, and every answer is the one an index loaded afresh gives.
describe("search on a compacting index", () => {
  const { server } = useTestServer();
  let ownerId: number;

  beforeAll(async () => {
    ownerId = (await buildUser(server.db)).id;
    const publisherId = (await buildUser(server.db)).id;
    for (let i = 0; i < 30; i++) await buildContent(server.db, { ownerId, publisherId: i % 3 ? publisherId : null, title: `Glacier Study ${i}`, visibility: i % 5 === 0 ? "restricted" : "public" });
  });

  /** The titles, total and facets (counts per type, attribute, owner and publisher, with names) a search gives, as a guest or as the owner. */
  async function answer(search: CatalogueSearch, query: Record<string, string>, asOwner = false) {
    const actor = asOwner ? await loadActor(server.db, ownerId) : GUEST;
    const { outcome } = await search.run(actor, SearchRequest.parse(normalizeSearchInput({ per: "50", sort: "3", ...query })));
    return { total: outcome.total, titles: outcome.rows.map((row) => row.title), facets: outcome.facets };
  }

  /** What an index loaded afresh from the database answers. */
  async function freshAnswer(query: Record<string, string>, asOwner = false) {
    const index = new CatalogueIndex({ cacheResults: false });
    await index.load(server.db);
    return answer(new CatalogueSearch(server.db, index), query, asOwner);
  }

  const indexOf = (search: CatalogueSearch) => (search as unknown as { index: CatalogueIndex }).index;

  /**
   * A search service on an index that compacts once 5 slots are dead. `hold()` makes its compactions wait at
   * their steps until the function it returns is called (on either database, however fast), so writes and
   * searches land while one is under way.
   */
  async function compactingSearch() {
    let held: Promise<void> | null = null;
    const index = new CatalogueIndex({ cacheResults: true, compactFrom: 5, compactYield: async () => void (await held) });
    await index.load(server.db);
    const hold = () => {
      let release = () => {};
      held = new Promise((resolve) => (release = resolve));
      return release;
    };
    return { index, search: new CatalogueSearch(server.db, index), hold };
  }

  it("reads the change log once for a guest's search that first looks for a cached answer, and never misses a change logged before a search", async () => {
    const search = new CatalogueSearch(server.db, new CatalogueIndex({ cacheResults: true }));
    await indexOf(search).load(server.db);
    const request = SearchRequest.parse(normalizeSearchInput({ query: "glacier" }));
    const queries = vi.spyOn(server.db, "executeQuery");
    const logReads = () => queries.mock.calls.filter(([query]) => /from "content_changes" where "id" >/.test("sql" in query ? query.sql : query.compile().sql)).length;
    try {
      // As GET /api/search runs a guest's search: the cached answer by URL, then the search, both for one request.
      const askedAt = performance.now();
      expect(await search.guestAnswer("/api/search?query=glacier", askedAt)).toBeNull();
      const before = (await search.run(GUEST, request, "/api/search?query=glacier", askedAt)).outcome.total;
      expect(logReads()).toBe(1);
      // A change logged after that read: the next search reads the log again and finds it.
      await buildContent(server.db, { ownerId, title: "Glacier Meltwater Log" });
      expect((await search.run(GUEST, request)).outcome.total).toBe(before + 1);
      expect(logReads()).toBeGreaterThan(1);
    } finally {
      queries.mockRestore();
    }
  });

  it("swaps in a compacted index once enough slots are dead, and answers as a fresh index does", async () => {
    const { index, search, hold } = await compactingSearch();
    const query = { query: "glacier" };
    expect(await answer(search, query)).toEqual(await freshAnswer(query));
    expect(indexOf(search)).toBe(index);

    // Twenty items retitled (each leaves a dead slot) and two removed: more dead slots than half the live ones.
    const items = await server.db.selectFrom("content").select(["id", "title"]).where("title", "like", "Glacier Study %").orderBy("id").execute();
    for (const item of items.slice(0, 20)) {
      await server.db.updateTable("content").set({ title: `${item.title} Revised`, updated_at: new Date().toISOString() }).where("id", "=", item.id).execute();
      await recordContentChange(server.db, item.id);
    }
    for (const item of items.slice(20, 22)) {
      await server.db.deleteFrom("content").where("id", "=", item.id).execute();
      await recordContentChange(server.db, item.id);
    }

    // Searches that start together: all are answered, and from the catalogue as it now is, while the
    // compaction they set off goes on; then the compacted index is swapped in.
    const together = await Promise.all([answer(search, query), answer(search, query, true), answer(search, { query: "revised" }), answer(search, query)]);
    await search.settled();
    const compacted = indexOf(search);
    expect(compacted).not.toBe(index);
    expect(compacted.deadSlots).toBe(0);
    expect(compacted.size).toBe(index.size - index.deadSlots);
    expect(together).toEqual([await freshAnswer(query), await freshAnswer(query, true), await freshAnswer({ query: "revised" }), await freshAnswer(query)]);
    // The twenty revised, but for the four restricted ones a guest may not see.
    expect(together[2]!.total).toBe(16);

    // It goes on taking changes, enough to compact again (every item left changed once more, eight retitled),
    // and those logged while it is being made reach it too.
    for (const item of [...items.slice(0, 20), ...items.slice(22, 30)]) {
      const retitled = items.indexOf(item) >= 22;
      await server.db
        .updateTable("content")
        .set({ ...(retitled ? { title: `${item.title} Revised Again` } : {}), updated_at: new Date().toISOString() })
        .where("id", "=", item.id)
        .execute();
      await recordContentChange(server.db, item.id);
    }
    const release = hold();
    expect(await answer(search, { query: "again" })).toEqual(await freshAnswer({ query: "again" }));
    const compacting = (search as unknown as { compacting: Promise<void> | null }).compacting;
    expect(compacting).not.toBeNull();
    await buildContent(server.db, { ownerId, title: "Glacier Late Entry" });
    // Found at once (by the index in use, which catches up as usual), while the compaction is still under way.
    expect(await answer(search, { query: "late" })).toEqual(await freshAnswer({ query: "late" }));
    expect((search as unknown as { compacting: Promise<void> | null }).compacting).toBe(compacting);
    expect(indexOf(search)).toBe(compacted);
    release();
    await search.settled();
    expect(indexOf(search)).not.toBe(compacted);
    for (const q of [query, { query: "again" }, { query: "late" }]) expect(await answer(search, q), JSON.stringify(q)).toEqual(await freshAnswer(q));
    await buildContent(server.db, { ownerId, title: "Glacier Melt Revised" });
    for (const q of [query, { query: "revised" }, { query: "melt" }]) {
      expect(await answer(search, q), JSON.stringify(q)).toEqual(await freshAnswer(q));
      expect(await answer(search, q, true), JSON.stringify(q)).toEqual(await freshAnswer(q, true));
    }
  });

  it("shows settings changed while it compacted (a name changed twice) once the compacted index is in use", async () => {
    const { index, search, hold } = await compactingSearch();
    const ownerName = async () => (await answer(search, { query: "glacier" })).facets!.owners.find((o) => o.profile_id === ownerId)?.name;
    const rename = async (name: string) => {
      await server.db.updateTable("profiles").set({ name }).where("id", "=", ownerId).execute();
      await recordSearchSettingsChange(server.db);
    };
    const items = await server.db.selectFrom("content").select("id").where("title", "like", "Glacier%").execute();
    for (const item of items) await recordContentChange(server.db, item.id);

    const release = hold();
    // This search sets off the compaction (its snapshot taken now); the index in use then reads the first
    // name, and the compacted one will read both names at once when it catches up.
    await answer(search, { query: "glacier" });
    expect((search as unknown as { compacting: Promise<void> | null }).compacting).not.toBeNull();
    await rename("Glacier Owner One");
    expect(await ownerName()).toBe("Glacier Owner One");
    await rename("Glacier Owner Two");
    release();
    await search.settled();
    expect(indexOf(search)).not.toBe(index);
    expect(await ownerName()).toBe("Glacier Owner Two");
  });

  it("counts a facet apart with attribute values added later, once their settings change is logged", async () => {
    const { search } = await compactingSearch();
    const [first, second] = [await buildAttribute(server.db, "grades", "Grade Alpha"), await buildAttribute(server.db, "subjects", "Subject Alpha")];
    await recordSearchSettingsChange(server.db);
    await buildContent(server.db, { ownerId, title: "Glacier Field Notes", attributeIds: [first, second] });
    // Two facets, so each is counted apart (the grades' own type only) on the path that reads every match.
    const query = { query: "glacier", grades: String(first), subjects: String(second) };
    const counts = async () => (await answer(search, query)).facets!.attributes.grades!.map((g) => [g.label, g.count]);
    expect(await counts()).toEqual([["Grade Alpha", 1]]);
    // A grade made now: its id is past every mark the grades' type had, until the settings change is read.
    const later = await buildAttribute(server.db, "grades", "Grade Beta");
    await recordSearchSettingsChange(server.db);
    await buildContent(server.db, { ownerId, title: "Glacier Survey Notes", attributeIds: [later, second] });
    expect(await counts()).toEqual([
      ["Grade Alpha", 1],
      ["Grade Beta", 1],
    ]);
  });
});
