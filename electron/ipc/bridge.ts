/**
 * The one surface the desktop shell offers web pages, as `window.desktop`.
 * Type-only and free of Electron imports, so the preload and the renderer can both use it.
 */

/** Answer to a request to point the desktop client at another server. */
export interface SetServerUrlResult {
  ok: boolean;
  /** Why the address was refused, in words to show the person. */
  message?: string;
}

/** What the desktop shell can do for the renderer. */
export interface DesktopBridge {
  /** The address of the platform server this window is showing. */
  getServerUrl(): Promise<string>;
  /** Checks that a platform server answers at `url` and, if it does, switches the window to it. */
  setServerUrl(url: string): Promise<SetServerUrlResult>;
  /** Opens an http(s) address in the person's default browser. */
  openExternal(url: string): Promise<void>;
}
