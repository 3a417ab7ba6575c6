import { describe, expect, it } from "vitest";
import { IconValue, iconMatches, iconSvgPath, iconStyleLabel } from "./icons.js";
import { ThumbnailSettings, nonDefaultThumbnailSettings } from "./thumbnail.js";

const cap = { name: "graduation-cap", label: "Graduation Cap", styles: ["fas" as const], terms: ["diploma", "school"] };

describe("icons in the contract", () => {
  it("matches a search against name, label and terms, every word, case-insensitively", () => {
    expect(iconMatches(cap, "")).toBe(true);
    expect(iconMatches(cap, "GRADUATION")).toBe(true);
    expect(iconMatches(cap, "cap diploma")).toBe(true);
    expect(iconMatches(cap, "graduation-cap")).toBe(true);
    expect(iconMatches(cap, "cap unicorn")).toBe(false);
  });

  it("reads icon values strictly: a known style, a dashed lowercase name, nothing else", () => {
    expect(IconValue.safeParse({ style: "fas", name: "book-open" }).success).toBe(true);
    for (const bad of [{ style: "fa", name: "house" }, { style: "fas", name: "House" }, { style: "fas", name: "../x" }, { style: "fas", name: "house", color: "red" }, "fas house"]) {
      expect(IconValue.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(iconSvgPath({ style: "fab", name: "github" })).toBe("system/icons/fab/github.svg");
    expect(iconStyleLabel("fad")).toBe("Duotone");
  });

  it("stores a chosen default-icon and drops null, the default (the type's own icon)", () => {
    const icon = { style: "far" as const, name: "bookmark" };
    expect(nonDefaultThumbnailSettings(ThumbnailSettings.parse({ "default-icon": icon }))).toEqual({ "default-icon": icon });
    expect(nonDefaultThumbnailSettings(ThumbnailSettings.parse({ "default-icon": null }))).toEqual({});
  });
});
