import { describe, expect, it } from "vitest";
import { nextSectionTitle } from "./sectionTitles.js";

describe("nextSectionTitle", () => {
  it("numbers a new section by its place", () => {
    expect(nextSectionTitle([])).toBe("Section 1");
    expect(nextSectionTitle([{ title: "Warm-up" }, { title: "Practice" }])).toBe("Section 3");
  });

  it("never repeats a title a section already has (after one was removed)", () => {
    expect(nextSectionTitle([{ title: "Section 2" }])).toBe("Section 3");
    expect(nextSectionTitle([{ title: "Section 2" }, { title: "Section 3 " }])).toBe("Section 4");
  });
});
