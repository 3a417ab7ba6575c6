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

/** True when an IPC message came from a frame showing the configured server. */
export function isTrustedSender(frameUrl: string | undefined, serverOrigin: string): boolean {
  return frameUrl !== undefined && isTrustedNavigation(frameUrl, serverOrigin);
}
