import { localStorageStore } from "./localStorageStore.js";
import type { Platform } from "./types.js";

/** The browser build: the API is on the page's own origin. */
export const webPlatform: Platform = {
  kind: "web",
  apiBaseUrl: async () => "/",
  openExternal: async (url) => {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  storage: localStorageStore,
};
