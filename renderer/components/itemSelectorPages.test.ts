import { describe, expect, it } from "vitest";
import { pageWindow, withArticle } from "./itemSelectorPages.js";

describe("the item selector's page numbers and title", () => {
  it("shows at most 4 page numbers around the current page, never past the first or the last", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(5, 20)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(20, 20)).toEqual([17, 18, 19, 20]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });

  it("titles a type with a or an", () => {
    expect(withArticle("Resource")).toBe("a Resource");
    expect(withArticle("Outline")).toBe("an Outline");
    expect(withArticle("Lesson Plan")).toBe("a Lesson Plan");
  });
});
