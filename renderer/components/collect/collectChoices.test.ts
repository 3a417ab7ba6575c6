import { describe, expect, it } from "vitest";
import { COLLECTION_MESSAGES, MESSAGES, isCollectibleModelKey, type MyCollection } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import {
  addFailureMessage,
  collectionChoices,
  createFailureMessage,
  idsToAdd,
  itemCountText,
  loadFailureMessage,
  moreThanListed,
  pageOf,
  selectionSummary,
} from "./collectChoices.js";

const collection = (id: number, contains = false): MyCollection => ({ id, title: `Collection ${id}`, link: `/collections/c${id}`, items_count: id, contains });
const resource = { type: "resource", type_id: 7 };

describe("collectionChoices", () => {
  it("ticks and blocks collections that hold the item already, whatever the selection says", () => {
    const choices = collectionChoices([collection(1, true), collection(2)], new Set([1]), resource);
    expect(choices.map((c) => [c.collection.id, c.checked, c.blocked])).toEqual([
      [1, true, "already"],
      [2, false, null],
    ]);
  });

  it("ticks the chosen collections that can take the item", () => {
    const choices = collectionChoices([collection(1), collection(2), collection(3)], new Set([2, 3]), resource);
    expect(choices.map((c) => c.checked)).toEqual([false, true, true]);
    expect(choices.every((c) => c.blocked === null)).toBe(true);
  });

  it("blocks a collection from being added to itself, and only that one", () => {
    const choices = collectionChoices([collection(5), collection(6)], new Set([5, 6]), { type: "collection", type_id: 5 });
    expect(choices.map((c) => [c.collection.id, c.checked, c.blocked])).toEqual([
      [5, false, "itself"],
      [6, true, null],
    ]);
    // A resource with the same id as a collection is not that collection.
    expect(collectionChoices([collection(5)], new Set(), { type: "resource", type_id: 5 })[0]!.blocked).toBeNull();
  });
});

describe("idsToAdd", () => {
  it("sends the ticked collections, keeping those a filter hides and dropping those that now hold the item", () => {
    const known = collectionChoices([collection(1, true), collection(2)], new Set(), resource);
    expect(idsToAdd(new Set([1, 2, 9]), known)).toEqual([2, 9]);
    expect(idsToAdd(new Set([1]), known)).toEqual([]);
    expect(idsToAdd(new Set(), known)).toEqual([]);
  });
});

describe("pageOf", () => {
  const list = Array.from({ length: 14 }, (_, i) => i + 1);

  it("cuts pages of 6 by default", () => {
    expect(pageOf(list, 1)).toEqual({ items: [1, 2, 3, 4, 5, 6], page: 1, pages: 3 });
    expect(pageOf(list, 3)).toEqual({ items: [13, 14], page: 3, pages: 3 });
  });

  it("clamps a page past either end (a filter shrank the list)", () => {
    expect(pageOf(list, 9).page).toBe(3);
    expect(pageOf(list, 0).page).toBe(1);
    expect(pageOf([], 2)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe("texts", () => {
  it("counts choices and items in words", () => {
    expect(selectionSummary(0)).toBe("No collection chosen");
    expect(selectionSummary(1)).toBe("1 collection chosen");
    expect(selectionSummary(3)).toBe("3 collections chosen");
    expect(itemCountText(1)).toBe("1 item");
    expect(itemCountText(1200)).toBe("1,200 items");
  });

  it("shows the server's message for a refusal it explained, the spec's text otherwise", () => {
    const refusal = new ApiError(422, COLLECTION_MESSAGES.notItself);
    expect(addFailureMessage(refusal)).toBe(COLLECTION_MESSAGES.notItself);
    expect(addFailureMessage(new ApiError(403, COLLECTION_MESSAGES.notYours))).toBe(COLLECTION_MESSAGES.notYours);
    expect(addFailureMessage(new ApiError(500, MESSAGES.unexpected))).toBe(COLLECTION_MESSAGES.updateFailed);
    expect(addFailureMessage(new ApiError(0, MESSAGES.unexpected))).toBe(COLLECTION_MESSAGES.updateFailed);
    expect(addFailureMessage(new Error("boom"))).toBe(COLLECTION_MESSAGES.updateFailed);
    expect(createFailureMessage(new ApiError(422, "Title is required.", ["Title may be at most 255 characters."]))).toBe("Title may be at most 255 characters.");
    expect(createFailureMessage(new ApiError(503, "down"))).toBe(COLLECTION_MESSAGES.createFailed);
    expect(loadFailureMessage(new ApiError(422, "The page must be a whole number."))).toBe("The page must be a whole number.");
    expect(loadFailureMessage(new ApiError(500, MESSAGES.unexpected))).toBe(MESSAGES.genericLoad);
  });
});

describe("isCollectibleModelKey", () => {
  it("accepts the content types and refuses profiles, pages, users and attributes", () => {
    expect(["resource", "lesson_plan", "collection", "outline", "project", "pathway"].every(isCollectibleModelKey)).toBe(true);
    expect(["profile", "cms_page", "user", "attribute_item", "nonsense"].some(isCollectibleModelKey)).toBe(false);
  });
});

describe("moreThanListed", () => {
  it("says nothing when every match is listed, and how to reach the rest when not", () => {
    expect(moreThanListed(12, 12, false)).toBeNull();
    expect(moreThanListed(100, 1250, false)).toBe("Showing the 100 most recently updated of 1,250 collections. Filter by title to find the others.");
    expect(moreThanListed(100, 140, true)).toBe("Showing the 100 most recently updated of 140 collections matching. Type more of the title to narrow them.");
  });
});
