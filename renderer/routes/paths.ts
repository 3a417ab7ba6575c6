/** Paths of the renderer's own pages. */
export const PATHS = {
  search: "/search/",
  login: "/auth/login",
  forgot: "/auth/forgot",
  register: "/auth/register",
} as const;

/** The login page, asking it to come back to `returnTo` afterwards (not to itself). */
export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo.startsWith(PATHS.login) || returnTo.startsWith(PATHS.forgot)) return PATHS.login;
  return `${PATHS.login}?redirect=${encodeURIComponent(returnTo)}`;
}

/** A redirect target from the URL, only when it is a path on this site (never another origin). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** For an answer's redirectTo: the in-app path when it points at this site, else null (leave the app). */
export function inAppPath(target: string): string | null {
  try {
    const url = new URL(target, window.location.href);
    if (url.origin !== window.location.origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
