import { describe, expect, it } from "vitest";
import { SeenBefore } from "./seenBefore.js";

describe("SeenBefore", () => {
  it("says a key was seen from its second sighting, and forgets it two generations later", () => {
    const seen = new SeenBefore(3);
    expect(seen.check("a")).toBe(false);
    expect(seen.check("a")).toBe(true);
    expect(seen.check("b")).toBe(false);
    // "c" fills the first generation; "a" is still seen from the previous one.
    expect(seen.check("c")).toBe(false);
    expect(seen.check("a")).toBe(true);
    for (const key of ["d", "e", "f", "g"]) expect(seen.check(key)).toBe(false);
    // Two generations later "b" is forgotten ("a" was seen again in the second generation, then also aged out).
    expect(seen.check("b")).toBe(false);
    expect(seen.check("b")).toBe(true);
  });
});
