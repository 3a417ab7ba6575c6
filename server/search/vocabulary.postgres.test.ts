import { describe, expect, it } from "vitest";
import { useTestServer } from "../test/useServer.js";
import { addToVocabulary } from "./suggest.js";

// Run by the PostgreSQL leg only (*.postgres.test.ts, see vitest.config.ts): SQLite runs one writer at a time.
describe("the search vocabulary on PostgreSQL", () => {
  const { server } = useTestServer();

  it("takes saves whose texts share words in other orders at once, with no deadlock", async () => {
    const words = Array.from({ length: 60 }, (_, i) => `lexeme${"abcdefghij"[i % 10]}${"klmnopqrst"[Math.floor(i / 10)]}`);
    // A fixed shuffle per save, so each round's writers meet the shared words crosswise.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const shuffled = () => {
      const out = [...words];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    };
    const saves = 6;
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const results = await Promise.allSettled(Array.from({ length: saves }, () => server.db.transaction().execute((trx) => addToVocabulary(trx, shuffled().join(" ")))));
      // Each save whose words were upserted crosswise with another's could be ended by PostgreSQL as a deadlock.
      expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    }
    const counts = await server.db.selectFrom("search_terms").select(["term", "doc_count"]).where("term", "like", "lexeme%").execute();
    expect(counts.length).toBe(words.length);
    expect(counts.every((c) => Number(c.doc_count) === saves * rounds)).toBe(true);
  });
});
