import { CONTENT_TYPE_PATHS } from "./editor.js";

/**
 * The web app's pages, as its router (renderer/routes/router.tsx) matches them: `:name` is one path segment. The server
 * answers any other address the app's not-found page is shown for with status 404 (a link checker or a search engine
 * then sees a missing page as missing), still with the app, which shows its "Page not found".
 */
export const WEB_APP_PAGES: readonly string[] = [
  "/",
  "/search",
  "/auth/login",
  "/auth/forgot",
  "/auth/reset",
  "/auth/register",
  "/bulk-import/:id",
  ...CONTENT_TYPE_PATHS.flatMap((typePath) => [`/${typePath}/:uid`, `/${typePath}/:uid/edit`]),
  "/templates/:uid/edit",
  "/profiles/:uid",
  "/moderation",
  "/moderation/reports",
  "/moderation/messages",
  "/moderation/interceptors",
  "/moderation/announcements",
  "/moderation/products",
  "/moderation/news",
  "/moderation/orders",
  "/checkout/orders",
  "/checkout/orders/:uuid",
  "/invites/accept",
  "/account",
  "/account/confirm-email",
  "/notifications",
];

const segmentsOf = (path: string) => path.split("/").filter(Boolean);
const PATTERNS = WEB_APP_PAGES.map(segmentsOf);

/** Whether the web app has a page at this path (as its router reads it: any case, with or without a trailing slash). */
export function isWebAppPage(pathname: string): boolean {
  let segments: string[];
  try {
    segments = segmentsOf(pathname).map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return false;
  }
  return PATTERNS.some((pattern) => pattern.length === segments.length && pattern.every((part, i) => part.startsWith(":") || part.toLowerCase() === segments[i]));
}
