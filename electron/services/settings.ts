import Store from "electron-store";
import { isSecureServerUrl, normalizeServerUrl } from "../security/httpUrl.js";
import type { SignedOutMarks } from "./desktopAuth.js";
import { sanitizeWindowBounds, type WindowBounds } from "./windowBounds.js";

/** The server offered when a chosen one cannot be reached: one started on this machine with `npm start`. */
export const defaultServerUrl = "http://127.0.0.1:3000";

/** The part of the settings the IPC handlers need. */
export interface ServerUrlSetting {
  /** The stored server address, normalized; null on the first run (or when a broken one is stored), to ask for one. */
  getServerUrl(): string | null;
  /** Stores an address that has already been validated and checked. */
  setServerUrl(url: string): void;
}

/** The desktop client's own settings, kept in the user's app-data folder. */
export interface Settings extends ServerUrlSetting {
  getWindowBounds(): WindowBounds | undefined;
  setWindowBounds(bounds: WindowBounds): void;
  /** The servers signed out of, whose keychain entry is never loaded again until a new sign-in (DesktopAuth). */
  signedOut: SignedOutMarks;
}

interface StoredSettings {
  serverUrl?: string;
  windowBounds?: WindowBounds;
  /** Origins signed out of (see Settings.signedOut). */
  signedOutOrigins?: string[];
}

/** Opens the settings file (electron-store, written atomically). Call after `app` is ready. */
export function createSettings(): Settings {
  // No default server: the first run asks for one (renderer/scenes/desktop/ServerUrlScene.tsx).
  const store = new Store<StoredSettings>({ name: "settings" });
  // An address stored before plain http:// to other machines was refused counts as none: the first run asks again.
  const readServerUrl = () => {
    const url = normalizeServerUrl(store.get("serverUrl"));
    return url && isSecureServerUrl(url) ? url : null;
  };
  // Kept in memory: electron-store reads and parses the whole file on every get, and the session's request listener
  // asks for the server on every request. While the app runs, only this object writes the address.
  let serverUrl = readServerUrl();
  const signedOutOrigins = (): string[] => {
    const stored: unknown = store.get("signedOutOrigins");
    return Array.isArray(stored) ? stored.filter((o): o is string => typeof o === "string") : [];
  };
  return {
    getServerUrl: () => serverUrl,
    setServerUrl: (url) => {
      store.set("serverUrl", url);
      serverUrl = readServerUrl();
    },
    getWindowBounds: () => sanitizeWindowBounds(store.get("windowBounds")),
    setWindowBounds: (bounds) => store.set("windowBounds", bounds),
    signedOut: {
      has: (origin) => signedOutOrigins().includes(origin),
      set: (origin, signedOut) => store.set("signedOutOrigins", [...signedOutOrigins().filter((o) => o !== origin), ...(signedOut ? [origin] : [])]),
    },
  };
}
