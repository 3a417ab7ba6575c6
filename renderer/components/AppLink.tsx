import type { AnchorHTMLAttributes } from "react";
import { Link } from "react-router";

/**
 * Whether `href` is a path of this app ("/profiles/…"), not an address elsewhere ("https://…", "//host/…", or
 * "/\host/…", which browsers read as "//host/…").
 */
export const isAppPath = (href: string): boolean => /^\/(?![/\\])/.test(href);

/**
 * A link the server handed over (a profile's, an announcement's): a path of the app goes through the router, so it
 * opens without reloading the page and, in the desktop window's hash router, stays inside the app instead of asking
 * for a file of that name; any other address is a plain link.
 */
export function AppLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return isAppPath(href) ? <Link to={href} {...rest} /> : <a href={href} {...rest} />;
}
