import type { Page } from "@playwright/test";
import type { DesktopBridge, SignInResult, SignOutResult } from "../contract/desktop.js";

/** How the test double of the desktop bridge behaves (kept in sessionStorage, so it survives page loads like main does). */
export interface BridgeDoubleOptions {
  /** The stored server address; null for a first run. */
  serverUrl: string | null;
  /** The bearer token main would hand out (null: signed out). */
  token?: string | null;
  /** What signIn answers; on success the token becomes `tokenAfterSignIn`. */
  signInResult?: SignInResult;
  tokenAfterSignIn?: string | null;
  /** The first signIn never answers (its browser tab was closed); main then answers it once a newer one starts. */
  firstSignInAbandoned?: boolean;
  /** What signOut answers (main always forgets the sign-in; `ok: false` when the keychain entry could not be removed). */
  signOutResult?: SignOutResult;
  /** What refreshAccessToken renews a refused token to (null: the renewal is refused, main deletes the sign-in). */
  tokenAfterRefresh?: string | null;
  /** The messages main's setServerUrl answers with (electron/ipc/handlers.ts). */
  messages: { invalid: string; unreachable: string; notPlatform: string };
}

/** What the double saw: each bridge call with its arguments, in order. */
export type BridgeCall = [method: string, ...args: unknown[]];

/**
 * Runs in the page before its own scripts (Playwright addInitScript): defines `window.desktop` the way the preload
 * does, with main's behaviour played by the page itself. setServerUrl really asks GET {url}/app/config, as main does.
 */
function defineBridgeDouble(options: BridgeDoubleOptions): void {
  const KEY = "__desktopBridgeDouble";
  type State = { serverUrl: string | null; token: string | null; calls: BridgeCall[] };
  const load = (): State => JSON.parse(sessionStorage.getItem(KEY) ?? "null") ?? { serverUrl: options.serverUrl, token: options.token ?? null, calls: [] };
  const update = (change: (state: State) => void): State => {
    const state = load();
    change(state);
    sessionStorage.setItem(KEY, JSON.stringify(state));
    return state;
  };
  const record = (...call: BridgeCall) => update((state) => void state.calls.push(call));
  const format = (template: string, url: string) => template.replace("{url}", url);

  const bridge: DesktopBridge = {
    getServerUrl: async () => record("getServerUrl").serverUrl,
    setServerUrl: async (value: string) => {
      record("setServerUrl", value);
      let url: URL;
      try {
        url = new URL(value.trim());
        if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
      } catch {
        return { ok: false, message: options.messages.invalid };
      }
      const serverUrl = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
      let body: { siteName?: unknown } | undefined;
      try {
        const response = await fetch(`${serverUrl}/app/config`, { headers: { accept: "application/json" } });
        if (!response.ok) return { ok: false, message: format(options.messages.notPlatform, serverUrl) };
        body = await response.json().catch(() => undefined);
      } catch {
        return { ok: false, message: format(options.messages.unreachable, serverUrl) };
      }
      if (typeof body?.siteName !== "string") return { ok: false, message: format(options.messages.notPlatform, serverUrl) };
      update((state) => void (state.serverUrl = serverUrl));
      // Main now loads the server's pages in the window.
      window.location.assign(`${serverUrl}/`);
      return { ok: true };
    },
    openExternal: async (url: string) => void record("openExternal", url),
    signIn: async (provider: string) => {
      record("signIn", provider);
      if (options.firstSignInAbandoned && load().calls.filter(([method]) => method === "signIn").length === 1) return new Promise<SignInResult>(() => {});
      const result = options.signInResult ?? { ok: true };
      if (result.ok) update((state) => void (state.token = options.tokenAfterSignIn ?? null));
      return result;
    },
    signOut: async () => {
      update((state) => {
        state.calls.push(["signOut"]);
        state.token = null;
      });
      return options.signOutResult ?? { ok: true };
    },
    getSession: async () => ({ signedIn: load().token !== null, provider: null, name: null }),
    getAccessToken: async () => load().token,
    refreshAccessToken: async (rejected: string) => {
      record("refreshAccessToken", rejected);
      return update((state) => void (state.token = options.tokenAfterRefresh ?? null)).token;
    },
  };
  (window as unknown as { desktop: DesktopBridge }).desktop = bridge;
}

/** Gives every page of `page` the desktop bridge double. */
export async function installBridgeDouble(page: Page, options: BridgeDoubleOptions): Promise<void> {
  await page.addInitScript(defineBridgeDouble, options);
}

/** Changes the token main hands out, as when the provider revokes a sign-in or the server stops accepting it. */
export async function setBridgeToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate((token) => {
    const state = JSON.parse(sessionStorage.getItem("__desktopBridgeDouble") ?? "null");
    sessionStorage.setItem("__desktopBridgeDouble", JSON.stringify({ ...state, token }));
  }, token);
}

/** The bridge calls the page made so far. */
export function bridgeCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (JSON.parse(sessionStorage.getItem("__desktopBridgeDouble") ?? "null")?.calls ?? []) as BridgeCall[]);
}
