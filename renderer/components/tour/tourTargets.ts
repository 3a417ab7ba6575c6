import { TOUR_TARGET_WAIT, type TourStop } from "../../../contract/index.js";

/**
 * The element a selector names, or null: for a stop without a selector (one about the whole dialog), and for a bad
 * selector from stored data, which names nothing rather than throwing.
 */
export function findTarget(selector: string): HTMLElement | null {
  if (!selector) return null;
  try {
    const found = document.querySelector(selector);
    return found instanceof HTMLElement ? found : null;
  } catch {
    return null;
  }
}

/** Whether a stop can be shown now: it is about the whole dialog, or its target is on the page. */
const isShowable = (stop: TourStop) => !stop.selector || findTarget(stop.selector) !== null;

/**
 * Waits for the first stop that points at a part of the dialog (first document: up to 50 tries of 100 ms: a dialog
 * may still be loading its form), then answers the stops that can be shown now, in order: those about the whole
 * dialog, and those whose targets are on the page.
 */
export async function findStops(stops: TourStop[], signal: AbortSignal): Promise<TourStop[]> {
  const first = stops.find((stop) => stop.selector);
  for (let tries = 0; first && tries < TOUR_TARGET_WAIT.tries && !signal.aborted && !findTarget(first.selector); tries++) {
    await new Promise((resolve) => window.setTimeout(resolve, TOUR_TARGET_WAIT.intervalMs));
  }
  return stops.filter(isShowable);
}
