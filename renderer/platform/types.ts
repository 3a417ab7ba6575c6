/** What the desktop preload exposes as `window.desktop` (the electron side makes its bridge satisfy this). */
export interface DesktopBridge {
  getServerUrl(): Promise<string>;
  openExternal(url: string): Promise<void>;
}

/** Small key-value store for local preferences (list/grid layout and the like). */
export interface PreferenceStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** Everything the renderer needs from where it runs; web and desktop each supply one. */
export interface Platform {
  /** "web" in a browser, "desktop" inside the Electron window. */
  kind: "web" | "desktop";
  /** Base URL the API calls are made against, ending in "/". */
  apiBaseUrl(): Promise<string>;
  /** Opens a URL outside the app (a new browser tab, or the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  storage: PreferenceStorage;
}

declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}
