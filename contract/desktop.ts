/**
 * The one surface the desktop shell offers web pages, as `window.desktop`: declared once, here, because the preload
 * (electron/ipc/bridge.ts re-exports it) and the renderer (renderer/platform/) both need it and may both import the
 * contract. Type-only and free of Electron imports.
 */

/** Answer to a request to point the desktop client at another server. */
export interface SetServerUrlResult {
  ok: boolean;
  /** Why the address was refused, in words to show the person. */
  message?: string;
}

/** Answer to a desktop sign-in: never the tokens themselves, which stay in the main process and the OS keychain. */
export interface SignInResult {
  ok: boolean;
  /** The signed-in person's name from the provider, when it said. */
  name?: string;
  /** Why the sign-in did not finish, in words to show the person. */
  message?: string;
}

/** Answer to a desktop sign-out: it always ends this app's sign-in; `message` says what could not be tidied up. */
export interface SignOutResult {
  ok: boolean;
  /** What went wrong on the way (the keychain entry could not be removed), in words to show the person. */
  message?: string;
}

/** What a person is told when a sign-out ends the sign-in here but could not finish everything around it. */
export const SIGN_OUT_MESSAGES = {
  keychainNotRemoved:
    "You are signed out. Your sign-in could not be removed from the system keychain (it may be locked); this app will not use it again, and will remove it once the keychain lets it.",
  serverUnreached: "You are signed out on this computer. The server could not be reached to be told.",
} as const;

/** Whether this desktop holds a usable sign-in for the current server. */
export interface DesktopSession {
  signedIn: boolean;
  /** The key of the provider signed in with (as in GET /providers). */
  provider: string | null;
  name: string | null;
}

/** What the desktop shell can do for the renderer. */
export interface DesktopBridge {
  /** The address of the platform server this window is showing; null before the first run chose one. */
  getServerUrl(): Promise<string | null>;
  /** Checks that a platform server answers at `url` and, if it does, switches the window to it. */
  setServerUrl(url: string): Promise<SetServerUrlResult>;
  /** Opens an http(s) address in the person's default browser. */
  openExternal(url: string): Promise<void>;
  /** Signs in with a provider of GET /providers through the system browser (RFC 8252 loopback redirect). */
  signIn(provider: string): Promise<SignInResult>;
  /** Forgets this server's sign-in, always: the tokens are deleted from the OS keychain (the answer says if that failed). */
  signOut(): Promise<SignOutResult>;
  /** The sign-in kept for this server (restored, and refreshed if need be, from the keychain at launch). */
  getSession(): Promise<DesktopSession>;
  /** The bearer token for API calls to this server, or null when signed out or expired beyond refresh. */
  getAccessToken(): Promise<string | null>;
  /**
   * The server refused `rejected` (401, expired or invalid): renews the sign-in once with the refresh token, without
   * the browser. Answers the new bearer token, or null when there is none (the renewal was refused and the keychain
   * entry deleted, or the provider could not be reached).
   */
  refreshAccessToken(rejected: string): Promise<string | null>;
}

/** The first-run screen's message for an empty server address (the desktop words its other refusals itself). */
export const SERVER_URL_REQUIRED = "Enter the address of your platform server.";
