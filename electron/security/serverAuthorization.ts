import type { OnBeforeSendHeadersListenerDetails, WebRequest } from "electron";
import { httpOrigin } from "./httpUrl.js";

/** What the decision reads of a request the window's session is about to send. */
export type OutgoingRequest = Pick<OnBeforeSendHeadersListenerDetails, "url" | "method" | "initiatorOrigin" | "requestHeaders">;

/** Reads, the only requests the page's own elements make by themselves (`<img>`, `<iframe>`, media, a link's download). */
const READS = new Set(["GET", "HEAD"]);

/**
 * The headers to send with `request`: the desktop's bearer token is added to reads of the configured server's origin
 * that the server's own pages issued, so their `<img>`, `<iframe>`, `<video>` and links to `/files/...` are signed in
 * as the page's API calls are. Nowhere else: not to another origin (not even another scheme or port of the same host),
 * not on the first run (no server), not to requests other frames (an embedded video) issued, since the server skips
 * CSRF checks for a bearer token, and never in place of an Authorization header the request already has.
 */
export function serverRequestHeaders(request: OutgoingRequest, serverOrigin: string, accessToken: string | null): Record<string, string> {
  const headers = request.requestHeaders;
  const server = httpOrigin(serverOrigin);
  if (!accessToken || !server || !READS.has(request.method.toUpperCase())) return headers;
  if (httpOrigin(request.url) !== server || httpOrigin(request.initiatorOrigin) !== server) return headers;
  if (Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) return headers;
  return { ...headers, Authorization: `Bearer ${accessToken}` };
}

/** Where the listener reads the server and the token, on every request, so a changed server or sign-in applies at once. */
export interface ServerAuthorizationSource {
  /** The configured server's origin, or "" on the first run. */
  serverOrigin: () => string;
  /** The bearer token for that server held in memory, or null; it must answer at once (it runs for every request). */
  accessToken: () => string | null;
}

/** Has the session add the bearer token to the server's own reads (see `serverRequestHeaders`). */
export function authorizeServerRequests(webRequest: Pick<WebRequest, "onBeforeSendHeaders">, source: ServerAuthorizationSource): void {
  webRequest.onBeforeSendHeaders((details, callback) => {
    callback({ requestHeaders: serverRequestHeaders(details, source.serverOrigin(), source.accessToken()) });
  });
}
