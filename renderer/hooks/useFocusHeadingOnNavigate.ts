import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** How long a new page may take to show its heading (an item page shows "Loading…" until its item arrives). */
const WAIT_FOR_HEADING_MS = 10_000;

/** Focuses the page's main heading (made focusable by script only); false when the page has none yet. */
export function focusMainHeading(): boolean {
  const heading = document.querySelector<HTMLElement>("main h1");
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
  return true;
}

/**
 * After a dialog closes with nothing to give focus back to (it opened by itself, as a notice after signing in, or what
 * opened it is gone), focus would fall to <body> and the next Tab start over at the skip link: the page's heading takes
 * it instead, once the close has settled, unless something else took it meanwhile.
 */
export function rescueFocusFromBody(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (!focusMainHeading()) document.getElementById("main")?.focus();
  });
}

/**
 * After a client-side page change, moves focus to the new page's main heading so screen-reader
 * and keyboard users start at the new content (not on the first load, and not on query changes).
 * A page still loading gets its heading focused when it appears, unless the person has moved focus meanwhile.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    // "/" only redirects to the search screen: that is still the first page load.
    if (from === pathname || from === "/") return;
    const focusedAtNavigation = document.activeElement;
    /** Focus still where the navigation left it (or nowhere, when that element went away with the old page or a dialog). */
    const focusUntouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === focusedAtNavigation;
    };
    if (focusMainHeading()) return;
    const main = document.getElementById("main");
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (!focusUntouched()) stop();
      else if (focusMainHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
