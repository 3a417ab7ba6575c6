import { describe, expect, it } from "vitest";
import { safeRedirect, signInPath } from "./paths.js";

describe("safeRedirect", () => {
  it("accepts paths on this site only", () => {
    expect(safeRedirect("/search/?st=math")).toBe("/search/?st=math");
    expect(safeRedirect("//evil.example/")).toBeNull();
    expect(safeRedirect("/\\evil.example")).toBeNull();
    expect(safeRedirect("https://evil.example/")).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });

  it("reads the path as the browser will, so tabs, newlines or dot segments cannot make it another origin", () => {
    // The URL parser drops tabs and newlines, and resolves "/./" away: each of these is "//evil.example" to the browser.
    for (const hostile of ["/\t/evil.example", "/\n/evil.example", "/\r\\evil.example", "/.//evil.example", "/\t\\evil.example"]) {
      expect(safeRedirect(hostile), JSON.stringify(hostile)).toBeNull();
    }
    expect(safeRedirect("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeRedirect("/collections/abc?tab=items#top")).toBe("/collections/abc?tab=items#top");
  });
});

describe("signInPath", () => {
  it("asks the login page to come back, but never to itself", () => {
    expect(signInPath("/search/?st=a b")).toBe("/auth/login?redirect=%2Fsearch%2F%3Fst%3Da%20b");
    expect(signInPath("/auth/login?redirect=%2F")).toBe("/auth/login");
    expect(signInPath()).toBe("/auth/login");
  });
});
