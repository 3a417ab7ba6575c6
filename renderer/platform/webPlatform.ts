import { localStorageStore } from "./localStorageStore.js";
import type { Platform } from "./types.js";

/** The browser build: the API is on the page's own origin and the session is the cookie. */
export const webPlatform: Platform = {
  kind: "web",
  apiBaseUrl: async () => "/",
  serverUrl: async () => window.location.origin,
  // A browser is always on its server already; there is nothing to switch.
  setServerUrl: async () => ({ ok: true }),
  openExternal: async (url) => {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  signIn: async (provider, returnTo) => {
    window.location.assign(`${provider.url}?redirect=${encodeURIComponent(returnTo)}`);
    return { ok: true };
  },
  signOut: async () => {},
  authorization: async () => null,
  storage: localStorageStore,
};
