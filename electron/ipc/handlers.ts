import { AppConfig } from "../../contract/config.js";
import { isSecureServerUrl, normalizeServerUrl, parseHttpUrl } from "../security/httpUrl.js";
import type { DesktopAuth } from "../services/desktopAuth.js";
import type { ServerUrlSetting } from "../services/settings.js";
import type { IpcHandlers } from "./channels.js";

/** The slice of `fetch` the server check uses (Electron's `net.fetch` in the app). */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Everything the handlers touch outside themselves, passed in so tests can supply real stand-ins. */
export interface IpcHandlerDeps {
  settings: ServerUrlSetting;
  fetch: FetchLike;
  /** Desktop sign-in per server (system browser, OS keychain). */
  auth: Pick<DesktopAuth, "signIn" | "signOut" | "session" | "accessToken" | "renewRefused">;
  /** Hands a checked http(s) address to the default browser. */
  openExternal(url: string): Promise<void>;
  /** Called after a new server address is stored, to load it in the window. */
  onServerUrlChanged(url: string): void;
  /** How long to wait for the server to answer; five seconds unless given. */
  timeoutMs?: number;
}

/** The texts a person sees when a server address is refused. */
export const serverUrlMessages = {
  invalid: "Enter a server address that starts with http:// or https://.",
  insecure: "Use an https:// address: over http:// your sign-in would cross the network unencrypted. http:// works only for a server on this computer (localhost or 127.0.0.1).",
  unreachable: (url: string) => `Could not reach ${url}. Check the address and that the server is running.`,
  notPlatform: (url: string) => `${url} answered, but it is not a platform server.`,
} as const;

/** The message when a page asks to open something other than a web address. */
export const openExternalRefusal = "Only http:// and https:// addresses can be opened in the browser.";

/** Only the site name is required, so an older or newer server still counts as one of ours. */
const PlatformConfig = AppConfig.pick({ siteName: true });

/** What the server check found: the address to keep (where the server's pages really are), or why there is none. */
export type PlatformServerCheck = { ok: true; serverUrl: string } | { ok: false; message: string };

/**
 * The server address a followed redirect of `<address>/app/config` leads to, or undefined when it led somewhere that
 * is not a /app/config (a login portal, a landing page).
 */
function redirectedServerUrl(finalUrl: string): string | undefined {
  const suffix = "/app/config";
  const url = parseHttpUrl(finalUrl);
  if (!url || url.search || !url.pathname.endsWith(suffix)) return undefined;
  return normalizeServerUrl(`${url.origin}${url.pathname.slice(0, -suffix.length)}`);
}

/**
 * Asks `serverUrl` for its /app/config and says whether a platform server answered. When the server redirected (http
 * to https, a moved host), the address kept is the one redirected to: the window may show only the stored origin's
 * pages, so the old address would send every page load to the browser instead.
 */
export async function checkPlatformServer(
  serverUrl: string,
  fetchFn: FetchLike,
  timeoutMs = 5000,
): Promise<PlatformServerCheck> {
  let response: Response;
  try {
    response = await fetchFn(`${serverUrl}/app/config`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, message: serverUrlMessages.unreachable(serverUrl) };
  }
  const notPlatform = { ok: false, message: serverUrlMessages.notPlatform(serverUrl) } as const;
  if (!response.ok) return notPlatform;
  const finalServerUrl = response.redirected ? redirectedServerUrl(response.url) : serverUrl;
  if (!finalServerUrl) return notPlatform;
  if (!isSecureServerUrl(finalServerUrl)) return { ok: false, message: serverUrlMessages.insecure };
  const body: unknown = await response.json().catch(() => undefined);
  return PlatformConfig.safeParse(body).success ? { ok: true, serverUrl: finalServerUrl } : notPlatform;
}

/** The main process's answers to the bridge's calls; each validates what the page sent. */
export function createIpcHandlers(deps: IpcHandlerDeps): IpcHandlers {
  return {
    "app:getServerUrl": async () => deps.settings.getServerUrl(),

    "app:setServerUrl": async (value: unknown) => {
      const serverUrl = normalizeServerUrl(value);
      if (!serverUrl) return { ok: false, message: serverUrlMessages.invalid };
      if (!isSecureServerUrl(serverUrl)) return { ok: false, message: serverUrlMessages.insecure };
      const check = await checkPlatformServer(serverUrl, deps.fetch, deps.timeoutMs);
      if (!check.ok) return check;
      deps.settings.setServerUrl(check.serverUrl);
      deps.onServerUrlChanged(check.serverUrl);
      return { ok: true };
    },

    "app:openExternal": async (value: unknown) => {
      const url = parseHttpUrl(value);
      if (!url) throw new Error(openExternalRefusal);
      await deps.openExternal(url.href);
    },

    // The provider key is checked by signIn itself; the answer never carries tokens.
    "auth:signIn": async (provider: unknown) => deps.auth.signIn(deps.settings.getServerUrl(), provider),
    "auth:signOut": async () => deps.auth.signOut(deps.settings.getServerUrl()),
    "auth:getSession": async () => deps.auth.session(deps.settings.getServerUrl()),
    "auth:getAccessToken": async () => deps.auth.accessToken(deps.settings.getServerUrl()),
    // The refused token is checked by renewRefused itself (only the current token starts a renewal).
    "auth:refreshAccessToken": async (rejected: unknown) => deps.auth.renewRefused(deps.settings.getServerUrl(), rejected),
  };
}
