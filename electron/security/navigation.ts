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
