import { ZOOM_CONNECT_PATH } from "../../contract/zoom.js";
import type { IpcChannel } from "../ipc/channels.js";
import { httpOrigin, parseHttpUrl } from "./httpUrl.js";

/** What to do with a page's attempt to go to an address. */
export type NavigationDecision = "allow" | "open-external" | "deny";

/** True when `url` is on the configured server's origin, the only place the window may go. */
export function isTrustedNavigation(url: string, serverOrigin: string): boolean {
  const target = httpOrigin(url);
  const trusted = httpOrigin(serverOrigin);
  return target !== undefined && target === trusted;
}

/**
 * Decides a navigation or new-window request: the server's own pages stay in the app,
 * other web addresses go to the default browser, every other scheme is refused.
 */
export function decideNavigation(url: string, serverOrigin: string): NavigationDecision {
  if (isTrustedNavigation(url, serverOrigin)) return "allow";
  return parseHttpUrl(url) ? "open-external" : "deny";
}

/**
 * True for the server's Connect to Zoom address: the one page whose window may follow Zoom's sign-in pages. On the
 * server's origin, under whatever path the server is at (an address such as https://host/platform).
 */
export function isConnectWindowUrl(url: string, serverOrigin: string): boolean {
  return isTrustedNavigation(url, serverOrigin) && (parseHttpUrl(url)?.pathname.endsWith(ZOOM_CONNECT_PATH) ?? false);
}

/**
 * Decides a navigation in a Connect to Zoom window. Zoom's consent page, and whatever sign-in it sends the person to,
 * are on other origins, and the server's callback must come back to this same window (its cookie holds the pending
 * connection); so https pages are allowed here. The window has no bridge (no preload), so those pages reach nothing
 * of the app's. Plain http elsewhere goes to the browser, other schemes are refused.
 */
export function decideConnectWindowNavigation(url: string, serverOrigin: string): NavigationDecision {
  if (isTrustedNavigation(url, serverOrigin)) return "allow";
  const parsed = parseHttpUrl(url);
  if (!parsed) return "deny";
  return parsed.protocol === "https:" ? "allow" : "open-external";
}

/** True when an IPC message came from a frame showing the configured server. */
export function isTrustedSender(frameUrl: string | undefined, serverOrigin: string): boolean {
  return frameUrl !== undefined && isTrustedNavigation(frameUrl, serverOrigin);
}

/** The channels the app's own first-run page needs, to read and choose the server address; the only ones it may call. */
export const firstRunChannels: readonly IpcChannel[] = ["app:getServerUrl", "app:setServerUrl"];

/**
 * True when a frame may call `channel`. Choosing the server is the first-run page's alone, so a server page (or a script
 * injected into one) cannot move the app, for good, to a look-alike server; the first-run page shows nothing of the
 * server's and so gets neither tokens nor sign-in. The server's pages may call every other channel.
 */
export function isTrustedCall(channel: IpcChannel, frameUrl: string | undefined, serverOrigin: string, isFirstRunPage: (frameUrl: string | undefined) => boolean): boolean {
  if (isFirstRunPage(frameUrl)) return firstRunChannels.includes(channel);
  return channel !== "app:setServerUrl" && isTrustedSender(frameUrl, serverOrigin);
}
