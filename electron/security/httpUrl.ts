/** Parses `value` as an absolute http: or https: address; anything else gives `undefined`. */
export function parseHttpUrl(value: unknown): URL | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
}

/**
 * Turns what a person typed as the server address into the form we store: http(s) only,
 * no credentials, query or fragment, no trailing slash. `undefined` when it is not usable.
 */
export function normalizeServerUrl(value: unknown): string | undefined {
  const url = parseHttpUrl(value);
  if (!url || url.username || url.password) return undefined;
  const path = url.pathname.replace(/\/+$/, "");
  return `${url.origin}${path}`;
}

/** The origin (`scheme://host:port`) of an http(s) address, or `undefined`. */
export function httpOrigin(value: unknown): string | undefined {
  return parseHttpUrl(value)?.origin;
}

/** Whether the address names this computer (localhost, 127.0.0.0/8, ::1), where plain http:// leaves no machine. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname;
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Whether a server address may carry the desktop's sign-in: https://, or http:// on this computer only. The bearer
 * token goes with every call, so over plain http:// to another machine anyone on the way could take it.
 */
export function isSecureServerUrl(value: unknown): boolean {
  const url = parseHttpUrl(value);
  return url !== undefined && (url.protocol === "https:" || isLoopbackUrl(url));
}
