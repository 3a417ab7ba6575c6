import { describe, expect, it, vi } from "vitest";
import { isTrustedCall } from "../security/navigation.js";
import type { IpcHandlers } from "./channels.js";

type Listener = (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => Promise<unknown>;
const registered = new Map<string, Listener>();

// ipcMain exists only inside Electron; this records what is registered so it can be called.
vi.mock("electron", () => ({
  ipcMain: { handle: (channel: string, listener: Listener) => registered.set(channel, listener) },
}));

const { registerIpcHandlers } = await import("./registerHandlers.js");

const handlers: IpcHandlers = {
  "app:getServerUrl": async () => "http://127.0.0.1:3000",
  "app:setServerUrl": async (url) => ({ ok: typeof url === "string" }),
  "app:openExternal": async () => {},
  "auth:signIn": async (provider) => ({ ok: provider === "school" }),
  "auth:signOut": async () => ({ ok: true }),
  "auth:getSession": async () => ({ signedIn: false, provider: null, name: null }),
  "auth:getAccessToken": async () => "token",
  "auth:refreshAccessToken": async () => "renewed",
};
const firstRunPage = "file:///opt/app/resources/app.asar/out/renderer/index.html";
// As main.ts does: the server's pages, and the app's own first-run page.
registerIpcHandlers(handlers, (url, channel) => isTrustedCall(channel, url, "http://127.0.0.1:3000", (frameUrl) => frameUrl?.split("#")[0] === firstRunPage));

const call = (channel: string, senderUrl: string | null, ...args: unknown[]) => {
  const listener = registered.get(channel);
  if (!listener) throw new Error(`${channel} was not registered`);
  return listener({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
};

describe("registerIpcHandlers", () => {
  it("registers every channel", () => {
    expect([...registered.keys()].sort()).toEqual([
      "app:getServerUrl",
      "app:openExternal",
      "app:setServerUrl",
      "auth:getAccessToken",
      "auth:getSession",
      "auth:refreshAccessToken",
      "auth:signIn",
      "auth:signOut",
    ]);
  });

  it("passes calls from the server's pages, with their arguments, to the handler", async () => {
    expect(await call("app:getServerUrl", "http://127.0.0.1:3000/settings")).toBe("http://127.0.0.1:3000");
    expect(await call("auth:signIn", "http://127.0.0.1:3000/auth/login", "school")).toEqual({ ok: true });
  });

  it("lets only the first-run page choose another server, so a server page cannot move the app to a look-alike", async () => {
    await expect(call("app:setServerUrl", "http://127.0.0.1:3000/", "https://evil.example")).rejects.toThrow(/may not use it/);
  });

  it("gives the first-run page the server address channels only: no tokens, no sign-in", async () => {
    expect(await call("app:getServerUrl", `${firstRunPage}#/`)).toBe("http://127.0.0.1:3000");
    await expect(call("auth:getAccessToken", firstRunPage)).rejects.toThrow(/may not use it/);
    await expect(call("auth:refreshAccessToken", firstRunPage, "old")).rejects.toThrow(/may not use it/);
    await expect(call("auth:signIn", firstRunPage, "school")).rejects.toThrow(/may not use it/);
    await expect(call("app:openExternal", firstRunPage, "https://x.org")).rejects.toThrow(/may not use it/);
  });

  it("passes calls from the app's first-run page", async () => {
    expect(await call("app:setServerUrl", `${firstRunPage}#/`, "http://x.org")).toEqual({ ok: true });
  });

  it("refuses calls from any other page", async () => {
    await expect(call("app:getServerUrl", "https://evil.example/")).rejects.toThrow(/may not use it/);
    await expect(call("auth:getAccessToken", "file:///tmp/evil.html")).rejects.toThrow(/may not use it/);
    await expect(call("app:openExternal", null, "https://x.org")).rejects.toThrow(/may not use it/);
  });
});
