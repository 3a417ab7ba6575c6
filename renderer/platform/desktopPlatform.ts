import { localStorageStore } from "./localStorageStore.js";
import type { DesktopBridge, Platform } from "./types.js";

/** The Electron build: the server URL and external links go through the preload bridge. */
export function desktopPlatform(bridge: DesktopBridge): Platform {
  return {
    kind: "desktop",
    apiBaseUrl: async () => {
      const url = await bridge.getServerUrl();
      return url.endsWith("/") ? url : `${url}/`;
    },
    openExternal: (url) => bridge.openExternal(url),
    storage: localStorageStore,
  };
}
