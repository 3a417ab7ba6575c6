import { describe, expect, it } from "vitest";
import { inAppItemPath } from "./resultLink.js";

const BASE = "https://curriculum.example/search/?st=math";

describe("inAppItemPath", () => {
  it("answers the path of an item page on this site, relative or absolute", () => {
    expect(inAppItemPath("/resources/abc123", BASE)).toBe("/resources/abc123");
    expect(inAppItemPath("/lesson-plans/x1?tab=2#part", BASE)).toBe("/lesson-plans/x1?tab=2#part");
    expect(inAppItemPath("https://curriculum.example/groups/g7", BASE)).toBe("/groups/g7");
  });
  it("is null for other sites, paths the router does not show and odd links", () => {
    expect(inAppItemPath("https://elsewhere.example/resources/abc123", BASE)).toBeNull();
    expect(inAppItemPath("//elsewhere.example/resources/abc123", BASE)).toBeNull();
    expect(inAppItemPath("/profiles/12", BASE)).toBeNull();
    expect(inAppItemPath("/resources/abc123/preview", BASE)).toBeNull();
    expect(inAppItemPath("/files/thumbnails/k", BASE)).toBeNull();
    expect(inAppItemPath("mailto:someone@example.com", BASE)).toBeNull();
    expect(inAppItemPath("javascript:alert(1)", BASE)).toBeNull();
    expect(inAppItemPath("http://[bad", BASE)).toBeNull();
  });
  it("treats a root-relative link as this site's in the desktop's file: build", () => {
    expect(inAppItemPath("/collections/c1", "file:///opt/app/index.html#/search/")).toBe("/collections/c1");
    expect(inAppItemPath("file:///etc/passwd", "file:///opt/app/index.html")).toBeNull();
  });
});
