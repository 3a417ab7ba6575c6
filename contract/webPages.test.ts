import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPE_PATHS } from "./editor.js";
import { isWebAppPage } from "./webPages.js";

describe("the web app's pages", () => {
  it("knows every path the router has a page at (a page missing here would be answered with 404)", () => {
    const router = fs.readFileSync(path.join(import.meta.dirname, "../renderer/routes/router.tsx"), "utf8");
    const literal = [...router.matchAll(/path: "([^"*]+)"/g)].map((m) => `/${m[1]}`);
    const perType = [...router.matchAll(/path: `\$\{typePath\}([^`]*)`/g)].flatMap((m) => CONTENT_TYPE_PATHS.map((t) => `/${t}${m[1]}`));
    expect(literal.length).toBeGreaterThan(20);
    expect(perType).toHaveLength(2 * CONTENT_TYPE_PATHS.length);
    for (const route of [...literal, ...perType]) expect(isWebAppPage(route.replace(/:[a-z]+/gi, "x1")), route).toBe(true);
  });

  it("reads a path as the router does: any case, a trailing slash, one segment per parameter", () => {
    expect(isWebAppPage("/")).toBe(true);
    expect(isWebAppPage("/Auth/Register/")).toBe(true);
    expect(isWebAppPage("/profiles/abc")).toBe(true);
    expect(isWebAppPage("/profiles")).toBe(false);
    expect(isWebAppPage("/profiles/abc/def")).toBe(false);
    expect(isWebAppPage("/nowhere")).toBe(false);
    expect(isWebAppPage("/%E0%A4%A")).toBe(false);
  });
});
