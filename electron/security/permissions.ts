import { isTrustedNavigation } from "./navigation.js";

/** Harmless wherever it comes from: embedded videos ask for it. */
const allowedAnywhere = new Set(["fullscreen"]);
/** Granted to the server's own pages only. */
const allowedForServer = new Set(["clipboard-sanitized-write"]);

/** Decides a web permission request; everything not listed is refused. */
export function isPermissionAllowed(permission: string, requestingUrl: string, serverOrigin: string): boolean {
  if (allowedAnywhere.has(permission)) return true;
  return allowedForServer.has(permission) && isTrustedNavigation(requestingUrl, serverOrigin);
}
