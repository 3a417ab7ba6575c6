import { describe, expect, it } from "vitest";
import { isQueryAboutItem } from "./itemQueries.js";

describe("isQueryAboutItem", () => {
  const item = { id: 42, uid: "abc123", opaque_id: "op-42", link: "/lesson-plans/abc123", model_key: "lesson_plan" };

  it("finds the deleted item's page, discussion, sidebars and dialogs by uid, opaque id, link or id", () => {
    for (const key of [["item", "lesson-plans", "abc123"], ["discussion", "op-42", "item", "summary"], ["similar", "/lesson-plans/abc123"], ["related", "lesson_plan", 42], ["section-threads", "lesson_plan", 42], ["moreInfo", 42], ["badges", "abc123"]]) {
      expect(isQueryAboutItem(key, item), JSON.stringify(key)).toBe(true);
    }
  });

  it("leaves other queries: lists, other items, another type's item with the same id", () => {
    for (const key of [["search", { st: "" }], ["item", "resources", "zzz"], ["related", "resource", 42], ["collections", "mine"], ["quickInfo", "resource", 42]]) {
      expect(isQueryAboutItem(key, item), JSON.stringify(key)).toBe(false);
    }
  });
});
