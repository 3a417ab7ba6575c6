import { useLayoutEffect, type RefObject } from "react";

/** The CSS variable base.css keeps focused elements below (scroll-padding-top), set while the sticky header shows. */
const STICKY_OFFSET_VARIABLE = "--sticky-header-offset";

/**
 * Publishes the sticky header's real height while it is shown. Its fixed 3.5rem holds on wide screens, but on a phone
 * a signed-in member's actions wrap it to two or three rows, and a focused control scrolled under it would be hidden
 * (WCAG 2.4.11) if the page kept clear of 3.5rem only.
 */
export function useStickyHeaderOffset(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(STICKY_OFFSET_VARIABLE, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(STICKY_OFFSET_VARIABLE);
    };
  }, [ref]);
}
