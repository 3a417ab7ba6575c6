import { localStorageStore } from "./localStorageStore.js";
import type { DesktopBridge, Platform } from "./types.js";

/** The Electron build: the server URL, sign-in and external links go through the preload bridge. */
export function desktopPlatform(bridge: DesktopBridge): Platform {
  return {
    apiBaseUrl: async () => {
      const url = (await bridge.getServerUrl()) ?? "";
      return url.endsWith("/") ? url : `${url}/`;
    },
    serverUrl: () => bridge.getServerUrl(),
    setServerUrl: (url) => bridge.setServerUrl(url),
    openExternal: (url) => bridge.openExternal(url),
    // The system browser signs in (RFC 8252); main keeps the tokens, the page only learns whether it worked.
    signIn: (provider) => bridge.signIn(provider.key),
    signOut: async () => {
      const result = await bridge.signOut();
      return result.ok ? null : (result.message ?? null);
    },
    ownsSignIn: true,
    authorization: async () => {
      const token = await bridge.getAccessToken();
      return token ? `Bearer ${token}` : null;
    },
    // Main renews with the refresh token, without the browser; the page never sees the refresh token.
    renewAuthorization: async (refused) => {
      const token = await bridge.refreshAccessToken(refused.replace(/^Bearer /, ""));
      return token ? `Bearer ${token}` : null;
    },
    storage: localStorageStore,
    popupsShareSignIn: false,
  };
}
