import type { DesktopBridge, SignInResult } from "../../contract/desktop.js";

export type { DesktopBridge, SignInResult } from "../../contract/desktop.js";

/** Small key-value store for local preferences (list/grid layout and the like). */
export interface PreferenceStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

/** A single sign-on provider as GET /providers lists it (what the platform needs to start a sign-in). */
export interface SignInProvider {
  key: string;
  /** The web's start URL (GET /auth/sso/{key}). */
  url: string;
}

/** Everything the renderer needs from where it runs; web and desktop each supply one. */
export interface Platform {
  /** Base URL the API calls are made against, ending in "/". */
  apiBaseUrl(): Promise<string>;
  /** The platform server's address; null on the desktop's first run, before one was chosen. */
  serverUrl(): Promise<string | null>;
  /** Checks that a platform server answers at `url` and switches to it (the desktop's first run). */
  setServerUrl(url: string): Promise<{ ok: boolean; message?: string }>;
  /** Opens a URL outside the app (a new browser tab, or the system browser on desktop). */
  openExternal(url: string): Promise<void>;
  /**
   * Signs in with a single sign-on provider: the web goes to the provider in this tab (the page unloads);
   * the desktop goes through the system browser and answers once it is back.
   */
  signIn(provider: SignInProvider, returnTo: string): Promise<SignInResult>;
  /**
   * Forgets this client's own sign-in (the desktop's keychain tokens), always; the server's session is ended
   * separately. Answers what to tell the person when something could not be tidied up (the keychain entry), else null.
   */
  signOut(): Promise<string | null>;
  /**
   * Whether the sign-in is this client's own (the desktop's tokens, sent as a bearer header): forgetting it signs out
   * whatever the server answered. The web's is the server's cookie session, ended only by the server.
   */
  ownsSignIn: boolean;
  /** The Authorization header for API calls ("Bearer …" on a signed-in desktop), or null to rely on the cookie session. */
  authorization(): Promise<string | null>;
  /**
   * The server refused `refused` (an Authorization header this platform gave): a renewed header to try once more, or
   * null when there is none. The web has no header of its own to renew.
   */
  renewAuthorization(refused: string): Promise<string | null>;
  storage: PreferenceStorage;
  /**
   * Whether a new tab of the server's pages (an export) is signed in as this app is: the web's share its cookie
   * session; the desktop's open in a window without the page's bearer header. (The desktop's Connect to Zoom window
   * is the exception its main process makes: the connect address is read with the sign-in.)
   */
  popupsShareSignIn: boolean;
}

declare global {
  interface Window {
    desktop?: DesktopBridge;
  }
}
