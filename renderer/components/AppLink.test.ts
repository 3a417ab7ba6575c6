import { describe, expect, it } from "vitest";
import { isAppPath } from "./AppLink.js";

describe("isAppPath", () => {
  it("takes the app's own paths", () => {
    for (const href of ["/profiles/abc", "/", "/search/?q=x"]) expect(isAppPath(href), href).toBe(true);
  });

  it("leaves addresses elsewhere to a plain link, including those a browser reads as another host", () => {
    for (const href of ["https://example.org/x", "//example.org/x", "/\\example.org/x", "mailto:a@b.c", "profiles/abc", ""]) expect(isAppPath(href), href).toBe(false);
  });
});
