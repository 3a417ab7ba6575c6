import { describe, expect, it } from "vitest";
import type { SupportedIcon } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { useTestServer } from "../../test/useServer.js";

describe("icons: GET /system/icons/supported and the icons' SVGs", () => {
  const { server } = useTestServer();
  const fits = apiReferenceCheck();

  const list = async (query = "") => {
    const res = await server.client().get(`/system/icons/supported${query}`);
    fits("get", "/system/icons/supported", res);
    expect(res.status).toBe(200);
    return res.body as SupportedIcon[];
  };
  const byName = (icons: SupportedIcon[]) => new Map(icons.map((icon) => [icon.name, icon]));

  it("answers a curated set without flags: names, labels, styles and terms, no brands, sorted by name", async () => {
    const common = await list();
    const names = common.map((icon) => icon.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(common.length).toBeGreaterThan(100);
    expect(common.length).toBeLessThan(200);
    const map = byName(common);
    expect(map.get("graduation-cap")).toEqual({ name: "graduation-cap", label: "Graduation Cap", styles: ["fas"], terms: expect.arrayContaining(["school"]) });
    // An icon drawn in both free styles lists both; Light and Duotone (Pro) never appear.
    expect(map.get("bookmark")!.styles.sort()).toEqual(["far", "fas"]);
    expect(common.flatMap((icon) => icon.styles).filter((s) => s === "fal" || s === "fad" || s === "fab")).toEqual([]);
    expect(map.has("youtube")).toBe(false);
    expect(map.has("bacon")).toBe(false);
  });

  it("adds brand icons with brands=1 and every icon with all=1", async () => {
    const withBrands = byName(await list("?brands=1"));
    expect(withBrands.get("youtube")).toMatchObject({ label: "Youtube", styles: ["fab"] });
    expect(withBrands.has("bacon")).toBe(false);

    const every = await list("?all=1");
    expect(every.length).toBeGreaterThan(1400);
    expect(byName(every).has("bacon")).toBe(true);
    expect(every.some((icon) => icon.styles.includes("fab"))).toBe(false);

    const everything = await list("?all=true&brands=yes");
    expect(everything.length).toBeGreaterThan(every.length + 500);
    expect(byName(everything).get("github")!.styles).toEqual(["fab"]);
  });

  it("refuses a flag that is not yes or no with 422", async () => {
    const res = await server.client().get("/system/icons/supported?all=maybe");
    fits("get", "/system/icons/supported", res);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("all must be 1 or 0 (true or false).");
  });

  it("serves a supported icon's SVG, drawn in currentColor, cached, sandboxed, with no session", async () => {
    const res = await server.client().download("/system/icons/fas/graduation-cap.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=2592000");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("set-cookie")).toBeNull();
    const svg = res.bytes.toString("utf8");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('fill="currentColor"');

    const regular = await server.client().download("/system/icons/far/bookmark.svg");
    const solid = await server.client().download("/system/icons/fas/bookmark.svg");
    expect(regular.status).toBe(200);
    expect(regular.bytes.equals(solid.bytes)).toBe(false);
    expect((await server.client().download("/system/icons/fab/github.svg")).status).toBe(200);
  });

  it("answers 404 'Icon type not found' for a style or name not in the list, and never leaves the icon folders", async () => {
    for (const path of [
      "/system/icons/fas/no-such-icon.svg",
      "/system/icons/fal/house.svg",
      "/system/icons/fad/house.svg",
      "/system/icons/fab/house.svg",
      "/system/icons/far/graduation-cap.svg",
      "/system/icons/solid/house.svg",
      "/system/icons/fas/house.png",
      "/system/icons/fas/house",
      "/system/icons/fas/..%2F..%2Fpackage.json",
      "/system/icons/fas/..%2F..%2Fpackage.svg",
      "/system/icons/fas/%2e%2e.svg",
      "/system/icons/fas/House.svg",
    ]) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: "Icon type not found" });
      fits("get", "/system/icons/{style}/{name}.svg", res);
    }
  });
});
