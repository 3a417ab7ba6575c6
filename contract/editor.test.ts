import { describe, expect, it } from "vitest";
import { equationSize, isContentTypePath, mergeKeywords, safeEmbedSrc, splitKeywordEntry } from "./index.js";

describe("equationSize", () => {
  it("keeps 0.5 to 5 in steps of 0.1 and falls back to 1 for a non-numeric size", () => {
    expect(equationSize("2.25")).toBe(2.3);
    expect(equationSize(0.1)).toBe(0.5);
    expect(equationSize(12)).toBe(5);
    for (const bad of ["big", "", " ", null, undefined, NaN, Infinity, {}]) expect(equationSize(bad), String(bad)).toBe(1);
  });
});

describe("keyword entries of the attribute editor", () => {
  it("splits on commas, trims, drops empty entries and allows letters, digits, spaces and hyphens only", () => {
    expect(splitKeywordEntry(" tide  pools , ,cold-water ")).toEqual({ keywords: ["tide pools", "cold-water"], valid: true, problem: null });
    // Too long is said as such, not as a character the rule refuses.
    expect(splitKeywordEntry(`tides, ${"a".repeat(65)}`)).toMatchObject({ valid: false, problem: "A keyword may be at most 64 characters." });
    expect(splitKeywordEntry(`${"a".repeat(64)}`)).toMatchObject({ valid: true, problem: null });
    expect(splitKeywordEntry("e.g. whales").valid).toBe(false);
    expect(splitKeywordEntry("wow!").valid).toBe(false);
    expect(splitKeywordEntry(" , ").valid).toBe(false);
  });

  it("merges without duplicates (case-insensitive) and sorts", () => {
    expect(mergeKeywords(["beta", "Alpha"], ["alpha", "gamma", "Beta"])).toEqual(["Alpha", "beta", "gamma"]);
  });
});

describe("content links and embeds", () => {
  it("knows the content link prefixes", () => {
    expect(isContentTypePath("lesson-plans")).toBe(true);
    expect(isContentTypePath("auth")).toBe(false);
  });

  it("normalizes allowed embeds to https", () => {
    expect(safeEmbedSrc("http://www.youtube.com/embed/abc")).toBe("https://www.youtube.com/embed/abc");
    expect(safeEmbedSrc("https://www.youtube.com:8443/embed/abc")).toBeNull();
  });
});
