import { contextBridge, ipcRenderer } from "electron";
import { describe, expect, it, vi } from "vitest";
import type { DesktopBridge } from "../electron/ipc/bridge.js";

// The preload only runs inside Electron; replace the two objects it touches.
vi.mock("electron", () => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async (channel: string) => `answer from ${channel}`) },
}));

await import("./index.js");
const exposeInMainWorld = vi.mocked(contextBridge.exposeInMainWorld);
const exposed = exposeInMainWorld.mock.calls[0];

describe("preload", () => {
  it("exposes exactly one object, as window.desktop", () => {
    expect(exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(exposed?.[0]).toBe("desktop");
  });

  it("exposes the bridge's named methods and nothing else", () => {
    const bridge = exposed?.[1] as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual(["getAccessToken", "getServerUrl", "getSession", "openExternal", "refreshAccessToken", "setServerUrl", "signIn", "signOut"]);
    expect(Object.values(bridge).every((value) => typeof value === "function")).toBe(true);
  });

  it("sends each method over its channel with its arguments", async () => {
    const bridge = exposed?.[1] as DesktopBridge;
    expect(await bridge.getServerUrl()).toBe("answer from app:getServerUrl");
    await bridge.setServerUrl("https://learn.example.org");
    await bridge.openExternal("https://example.org/");
    await bridge.signIn("school");
    await bridge.signOut();
    await bridge.getSession();
    expect(await bridge.getAccessToken()).toBe("answer from auth:getAccessToken");
    expect(vi.mocked(ipcRenderer.invoke).mock.calls).toEqual([
      ["app:getServerUrl"],
      ["app:setServerUrl", "https://learn.example.org"],
      ["app:openExternal", "https://example.org/"],
      ["auth:signIn", "school"],
      ["auth:signOut"],
      ["auth:getSession"],
      ["auth:getAccessToken"],
    ]);
  });
});
