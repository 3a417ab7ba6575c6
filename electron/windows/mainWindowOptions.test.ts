import { describe, expect, it } from "vitest";
import { connectWindowWebPreferences, defaultWindowSize, mainWindowOptions, secureWebPreferences } from "./mainWindowOptions.js";

describe("secureWebPreferences", () => {
  const preferences = secureWebPreferences("/app/out/preload/index.cjs");

  it("isolates and sandboxes the page, without Node", () => {
    expect(preferences.contextIsolation).toBe(true);
    expect(preferences.sandbox).toBe(true);
    expect(preferences.nodeIntegration).toBe(false);
    expect(preferences.nodeIntegrationInWorker).toBe(false);
    expect(preferences.nodeIntegrationInSubFrames).toBe(false);
  });

  it("keeps the web's own protections on", () => {
    expect(preferences.webSecurity).toBe(true);
    expect(preferences.allowRunningInsecureContent).toBe(false);
    expect(preferences.webviewTag).toBe(false);
  });

  it("loads the given preload", () => {
    expect(preferences.preload).toBe("/app/out/preload/index.cjs");
  });
});

describe("connectWindowWebPreferences", () => {
  it("is as locked down as every window, without the preload: Zoom's pages get no bridge", () => {
    const { preload, ...rest } = secureWebPreferences("/p.cjs");
    expect(preload).toBe("/p.cjs");
    expect(connectWindowWebPreferences()).toEqual(rest);
    expect("preload" in connectWindowWebPreferences()).toBe(false);
  });
});

describe("mainWindowOptions", () => {
  it("uses the secure preferences", () => {
    expect(mainWindowOptions("/p.cjs").webPreferences).toEqual(secureWebPreferences("/p.cjs"));
  });

  it("opens at the default size, hidden until the first paint, when nothing is remembered", () => {
    const options = mainWindowOptions("/p.cjs");
    expect(options).toMatchObject({ ...defaultWindowSize, show: false });
    expect(options.x).toBeUndefined();
  });

  it("reopens where it was closed", () => {
    const options = mainWindowOptions("/p.cjs", { x: 40, y: 30, width: 1000, height: 700, maximized: false });
    expect(options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700 });
  });

  it("lets the system place it when only the size is remembered", () => {
    const options = mainWindowOptions("/p.cjs", { width: 1000, height: 700, maximized: true });
    expect(options).toMatchObject({ width: 1000, height: 700 });
    expect("x" in options).toBe(false);
  });
});
