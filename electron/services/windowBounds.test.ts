import { describe, expect, it } from "vitest";
import { isOnSomeDisplay, restorableBounds, sanitizeWindowBounds } from "./windowBounds.js";

const laptop = { x: 0, y: 0, width: 1440, height: 870 };
const monitorOnTheRight = { x: 1440, y: 0, width: 2560, height: 1400 };

describe("sanitizeWindowBounds", () => {
  it("keeps well-formed bounds", () => {
    expect(sanitizeWindowBounds({ x: 10, y: 20, width: 900, height: 600, maximized: true })).toEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 600,
      maximized: true,
    });
  });

  it("drops a half-given position", () => {
    expect(sanitizeWindowBounds({ x: 10, width: 900, height: 600 })).toEqual({ width: 900, height: 600, maximized: false });
  });

  it.each([
    ["nothing", undefined],
    ["a string", "900x600"],
    ["a tiny window", { width: 10, height: 10 }],
    ["a huge window", { width: 900_000, height: 600 }],
    ["fractions", { width: 900.5, height: 600 }],
    ["text sizes", { width: "900", height: "600" }],
  ])("refuses %s", (_label, value) => {
    expect(sanitizeWindowBounds(value)).toBeUndefined();
  });
});

describe("isOnSomeDisplay", () => {
  it("finds a window on the second monitor", () => {
    expect(isOnSomeDisplay({ x: 2000, y: 100, width: 1000, height: 700 }, [laptop, monitorOnTheRight])).toBe(true);
  });

  it("does not find it once that monitor is gone", () => {
    expect(isOnSomeDisplay({ x: 2000, y: 100, width: 1000, height: 700 }, [laptop])).toBe(false);
  });

  it("does not count a window whose title bar is above the screen", () => {
    expect(isOnSomeDisplay({ x: 100, y: -500, width: 1000, height: 700 }, [laptop])).toBe(false);
  });
});

describe("restorableBounds", () => {
  it("keeps the position when it is still visible", () => {
    expect(restorableBounds({ x: 2000, y: 100, width: 1000, height: 700 }, [laptop, monitorOnTheRight])).toMatchObject({
      x: 2000,
      y: 100,
    });
  });

  it("keeps only the size when the position is off every display", () => {
    expect(restorableBounds({ x: 2000, y: 100, width: 1000, height: 700, maximized: true }, [laptop])).toEqual({
      width: 1000,
      height: 700,
      maximized: true,
    });
  });
});
