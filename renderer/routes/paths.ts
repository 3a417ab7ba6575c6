/** Paths of the renderer's own pages. */
export const PATHS = {
  search: "/search/",
  login: "/auth/login",
  forgot: "/auth/forgot",
  reset: "/auth/reset",
  register: "/auth/register",
  moderation: "/moderation",
  reports: "/moderation/reports",
  contactMessages: "/moderation/messages",
  interceptors: "/moderation/interceptors",
  announcements: "/moderation/announcements",
  products: "/moderation/products",
  news: "/moderation/news",
  allOrders: "/moderation/orders",
  orders: "/checkout/orders",
  notifications: "/notifications",
  acceptInvite: "/invites/accept",
  account: "/account",
  confirmEmail: "/account/confirm-email",
} as const;

/**
 * A signed-in person's own things, which the account menu leads to: searches with the search screen's "My favorites"
 * filter, and with "My content" on the Collections tab (the filters a first-time user did not find on their own).
 */
export const MY_SEARCHES = {
  favorites: `${PATHS.search}?f[others][]=favorites`,
  collections: `${PATHS.search}?f[t][]=collections&f[others][]=mine`,
} as const;

/** The login page, asking it to come back to `returnTo` afterwards (not to itself). */
export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo.startsWith(PATHS.login) || returnTo.startsWith(PATHS.forgot) || returnTo.startsWith(PATHS.reset)) return PATHS.login;
  return `${PATHS.login}?redirect=${encodeURIComponent(returnTo)}`;
}

/** Stands for this site's origin when a path is resolved the way the browser will resolve it. */
const THIS_SITE = "http://this-site.invalid";

/**
 * A redirect target from the URL, only when it is a path on this site (never another origin). The path is checked as
 * the browser reads it: the URL parser drops tabs and newlines anywhere, so "/\t/evil.example" is "//evil.example".
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith("/")) return null;
  try {
    const url = new URL(value, THIS_SITE);
    if (url.origin !== THIS_SITE || /^\/[/\\]/.test(url.pathname)) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
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
