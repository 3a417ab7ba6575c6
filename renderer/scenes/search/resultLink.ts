import { matchPath } from "react-router";
import { isContentTypePath } from "../../../contract/index.js";

/**
 * The in-app path of a result's link when the router shows it (an item's page, `/{type path}/{uid}`,
 * on this origin), so the card can open it without reloading the app; null for any other link,
 * which stays a plain link.
 */
export function inAppItemPath(link: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return null;
  }
  // A root-relative link is this site's even where the page has no origin of its own (the desktop's file: build).
  const sameOrigin = /^\/(?![/\\])/.test(link) || (url.origin !== "null" && url.origin === new URL(base).origin);
  if (!sameOrigin) return null;
  const match = matchPath("/:typePath/:uid", url.pathname);
  if (!match || !isContentTypePath(match.params.typePath ?? "")) return null;
  return url.pathname + url.search + url.hash;
}
