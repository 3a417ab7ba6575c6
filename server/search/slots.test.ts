import { describe, expect, it } from "vitest";
import { randomFrom } from "../test/random.js";
import { keepSorted, sortedHas } from "./slots.js";

describe("sorted slot lists", () => {
  it("keeps by galloping exactly the values both lists hold, at every density, as a binary search finds them", () => {
    const next = randomFrom(7);
    const ascending = (n: number, range: number) => [...new Set(Array.from({ length: n }, () => Math.floor(next() * range)))].sort((a, b) => a - b);
    for (const [values, list] of [[0, 10], [10, 0], [1, 1], [5, 5000], [3000, 40000], [40000, 3000], [500, 500]] as const) {
      const want = ascending(values, 50_000);
      const from = ascending(list, 50_000);
      const held = new Set(from);
      expect(keepSorted(Int32Array.from(want), from)).toEqual(want.filter((v) => held.has(v)));
      expect(want.filter((v) => sortedHas(from, v))).toEqual(want.filter((v) => held.has(v)));
    }
    expect(keepSorted([1, 2, 3, 9], [3, 9])).toEqual([3, 9]);
    expect(keepSorted([0, 100], [0, 1, 2, 3, 4, 5, 6, 7, 100])).toEqual([0, 100]);
  });
});
