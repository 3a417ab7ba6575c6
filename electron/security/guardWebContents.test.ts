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
  const childWebPreferences = { sandbox: true, contextIsolation: true, nodeIntegration: false, preload: "/app/preload.cjs" };
  const connectWindowWebPreferences = { sandbox: true, contextIsolation: true, nodeIntegration: false };
  const guard = (target: FakeContents) =>
    guardWebContents(target as unknown as WebContents, { serverOrigin: () => serverOrigin, openExternal, childWebPreferences, connectWindowWebPreferences });

  /** A window the page opens at `url`, guarded as main guards every new web contents, and announced to its opener. */
  const openWindow = (url: string): FakeContents => {
    const child = new FakeContents();
    guard(child);
    contents.emit("did-create-window", { webContents: child }, { url });
    return child;
  };

  beforeEach(() => {
    serverOrigin = "http://127.0.0.1:3000";
    openExternal.mockClear();
    contents = new FakeContents();
    guard(contents);
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

  it("opens the server's Connect to Zoom address in a window without the bridge, which follows Zoom's pages back to the server", () => {
    const connect = "http://127.0.0.1:3000/system/third-party-accounts/zoom/connect";
    expect(contents.open(connect)).toEqual({ action: "allow", overrideBrowserWindowOptions: { webPreferences: connectWindowWebPreferences } });
    const popup = openWindow(connect);
    // The connect call's redirect to Zoom, Zoom's own sign-in pages, and the callback on the server all stay in it.
    expect(popup.navigate("will-redirect", "https://zoom.us/oauth/authorize?response_type=code&state=s")).toBe(false);
    expect(popup.navigate("will-navigate", "https://zoom.us/signin")).toBe(false);
    expect(popup.navigate("will-redirect", "http://127.0.0.1:3000/system/third-party-accounts/zoom/callback?code=c&state=s")).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
    // Still no other schemes, and unencrypted pages elsewhere go to the browser.
    expect(popup.navigate("will-navigate", "file:///etc/passwd")).toBe(true);
    expect(popup.navigate("will-navigate", "http://insecure.example/")).toBe(true);
    expect(openExternal).toHaveBeenCalledWith("http://insecure.example/");
  });

  it("keeps every other window on the server, and a connect address on another origin is nothing special", () => {
    const print = openWindow("http://127.0.0.1:3000/content/7/print");
    expect(print.navigate("will-redirect", "https://zoom.us/oauth/authorize")).toBe(true);
    expect(contents.navigate("will-redirect", "https://zoom.us/oauth/authorize")).toBe(true);
    expect(contents.open("https://look-alike.example/system/third-party-accounts/zoom/connect")).toEqual({ action: "deny" });
    const elsewhere = openWindow("https://look-alike.example/system/third-party-accounts/zoom/connect");
    expect(elsewhere.navigate("will-navigate", "https://zoom.us/signin")).toBe(true);
  });

  it("never attaches a webview", () => {
    const event = { preventDefault: vi.fn() };
    contents.emit("will-attach-webview", event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});
