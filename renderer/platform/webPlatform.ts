import { localStorageStore } from "./localStorageStore.js";
import type { Platform } from "./types.js";

/** The browser build: the API is on the page's own origin and the session is the cookie. */
export const webPlatform: Platform = {
  apiBaseUrl: async () => "/",
  serverUrl: async () => window.location.origin,
  // A browser is always on its server already; there is nothing to switch.
  setServerUrl: async () => ({ ok: true }),
  openExternal: async (url) => {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  // The page leaves for the provider and comes back through the server's callback, so this never resolves.
  signIn: (provider, returnTo) => {
    window.location.assign(`${provider.url}${provider.url.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(returnTo)}`);
    return new Promise(() => {});
  },
  signOut: async () => null,
  ownsSignIn: false,
  authorization: async () => null,
  renewAuthorization: async () => null,
  storage: localStorageStore,
  popupsShareSignIn: true,
};
