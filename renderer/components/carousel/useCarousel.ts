import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { CAROUSEL } from "../../../contract/index.js";

export interface CarouselOptions {
  /** How many items there are, and how many a page shows (4 unless told: first document, section 9). */
  itemCount: number;
  perPage?: number;
  /** Whether Next on the last page goes to the first (and Previous on the first to the last); the spec's default. */
  wrap?: boolean;
  /** Rotates to the next page after this many ms of unpaused time; null: never. */
  autoRotateMs?: number | null;
}

/** Whether the reader asked the system for less motion: rotation then starts stopped (the play button still starts it). */
const prefersReducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A carousel's state over `itemCount` items, `perPage` to a page: the current page, going to another (wrapping unless told not to), and automatic rotation.
 * Rotation counts unpaused time in ticks of 250 ms and turns the page after 8000 ms (first document, section 9);
 * it pauses while the pointer is over the carousel or focus is inside it (WCAG 2.2.2, so a reader is never moved on
 * mid-sentence), while the page is hidden, and for good when the reader presses pause. Any page change by the reader
 * starts the count again. Spread `hoverFocusHandlers` on the carousel's root element.
 */
export function useCarousel({ itemCount, perPage = CAROUSEL.perPage, wrap = true, autoRotateMs = CAROUSEL.autoRotateMs }: CarouselOptions) {
  const pageCount = Math.ceil(itemCount / Math.max(1, perPage));
  const [page, setPage] = useState(0);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const elapsed = useRef(0);
  const current = Math.min(page, Math.max(0, pageCount - 1));

  const goTo = useCallback(
    (next: number) => {
      elapsed.current = 0;
      if (pageCount <= 0) return;
      setPage(wrap ? ((next % pageCount) + pageCount) % pageCount : Math.min(Math.max(next, 0), pageCount - 1));
    },
    [pageCount, wrap],
  );

  const rotates = autoRotateMs !== null && pageCount > 1;
  const paused = !rotates || stopped || hovered || focused;
  useEffect(() => {
    if (paused || autoRotateMs === null) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "hidden") return;
      elapsed.current += CAROUSEL.tickMs;
      if (elapsed.current < autoRotateMs) return;
      elapsed.current = 0;
      // Rotation always wraps: stopping at the end would leave it on the last page with the timer still running.
      setPage((p) => (p + 1) % pageCount);
    }, CAROUSEL.tickMs);
    return () => clearInterval(timer);
  }, [paused, autoRotateMs, pageCount]);

  const hoverFocusHandlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      // Focus moving between the carousel's own controls keeps it paused.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  /** Arrow keys on the carousel's controls turn its pages, as on a slider (spread on the controls' container). */
  const handleArrowKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") goTo(current - 1);
    else if (event.key === "ArrowRight") goTo(current + 1);
    else return;
    event.preventDefault();
  };

  return {
    page: current,
    pageCount,
    /** The index of the current page's first item. */
    first: current * perPage,
    goTo,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    hasNext: wrap || current < pageCount - 1,
    hasPrevious: wrap || current > 0,
    rotates,
    /** Whether rotation is waiting now (for any reason), and whether the reader stopped it. */
    paused,
    stopped,
    toggleStopped: () => {
      elapsed.current = 0;
      // Starting it from the keyboard starts it now: the focus on the button would otherwise keep it waiting.
      if (stopped) setFocused(false);
      setStopped(!stopped);
    },
    hoverFocusHandlers,
    handleArrowKeys,
  };
}
