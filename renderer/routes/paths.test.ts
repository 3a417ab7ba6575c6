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
});

describe("signInPath", () => {
  it("asks the login page to come back, but never to itself", () => {
    expect(signInPath("/search/?st=a b")).toBe("/auth/login?redirect=%2Fsearch%2F%3Fst%3Da%20b");
    expect(signInPath("/auth/login?redirect=%2F")).toBe("/auth/login");
    expect(signInPath()).toBe("/auth/login");
  });
});
