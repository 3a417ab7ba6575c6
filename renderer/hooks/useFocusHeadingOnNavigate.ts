import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side page change, moves focus to the new page's main heading so screen-reader
 * and keyboard users start at the new content (not on the first load, and not on query changes).
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    // "/" only redirects to the search screen: that is still the first page load.
    if (from === pathname || from === "/") return;
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: false });
    }
  }, [pathname]);
}
