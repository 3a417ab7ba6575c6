import { EventEmitter } from "node:events";
import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from "electron";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { guardWebContents } from "./guardWebContents.js";

/** Stands in for a WebContents: a real event emitter plus the window-open hook. */
class FakeContents extends EventEmitter {
  openHandler: ((details: HandlerDetails) => WindowOpenHandlerResponse) | undefined;

  setWindowOpenHandler(handler: (details: HandlerDetails) => WindowOpenHandlerResponse): void {
    this.openHandler = handler;
  }

  /** Emits a navigation event the way Electron does and reports whether it was stopped. */
  navigate(eventName: "will-navigate" | "will-redirect", url: string, isMainFrame = true): boolean {
    const event = { url, isMainFrame, preventDefault: vi.fn() };
    this.emit(eventName, event, url);
    return event.preventDefault.mock.calls.length > 0;
  }

  open(url: string): WindowOpenHandlerResponse {
    if (!this.openHandler) throw new Error("no window-open handler was set");
    return this.openHandler({ url, frameName: "", features: "", disposition: "foreground-tab", referrer: { url: "", policy: "default" } });
  }
}

describe("guardWebContents", () => {
  let serverOrigin: string;
  let contents: FakeContents;
  const openExternal = vi.fn<(url: string) => Promise<void>>(async () => {});
  const childWebPreferences = { sandbox: true, contextIsolation: true, nodeIntegration: false };

  beforeEach(() => {
    serverOrigin = "http://127.0.0.1:3000";
    openExternal.mockClear();
    contents = new FakeContents();
    guardWebContents(contents as unknown as WebContents, {
      serverOrigin: () => serverOrigin,
      openExternal,
      childWebPreferences,
    });
  });

  it("lets the window move between the server's pages", () => {
    expect(contents.navigate("will-navigate", "http://127.0.0.1:3000/search")).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("stops navigation to another site and opens it in the browser", () => {
    expect(contents.navigate("will-navigate", "https://example.org/article")).toBe(true);
    expect(openExternal).toHaveBeenCalledWith("https://example.org/article");
  });

  it("stops navigation to other schemes without handing them to the system", () => {
    expect(contents.navigate("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(contents.navigate("will-navigate", "mailto:someone@example.org")).toBe(true);
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("follows a change of server at once", () => {
    serverOrigin = "https://learn.example.org";
    expect(contents.navigate("will-navigate", "http://127.0.0.1:3000/")).toBe(true);
    expect(contents.navigate("will-navigate", "https://learn.example.org/")).toBe(false);
  });

  it("stops a main-frame redirect off the server but leaves embedded frames alone", () => {
    expect(contents.navigate("will-redirect", "https://tracker.example/landing")).toBe(true);
    expect(contents.navigate("will-redirect", "https://video.example/embed/1", false)).toBe(false);
  });

  it("opens the server's own pages in a new window with the secure preferences", () => {
    expect(contents.open("http://127.0.0.1:3000/content/7/print")).toEqual({
      action: "allow",
      overrideBrowserWindowOptions: { webPreferences: childWebPreferences },
    });
  });

  it("denies other new windows, sending web addresses to the browser", () => {
    expect(contents.open("https://example.org/")).toEqual({ action: "deny" });
    expect(openExternal).toHaveBeenCalledWith("https://example.org/");
    expect(contents.open("javascript:alert(1)")).toEqual({ action: "deny" });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it("never attaches a webview", () => {
    const event = { preventDefault: vi.fn() };
    contents.emit("will-attach-webview", event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
