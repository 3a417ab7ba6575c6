import { TOUR_TARGET_WAIT, type TourStop } from "../../../contract/index.js";

/** The element a selector names, or null (a bad selector from stored data names nothing rather than throwing). */
export function findTarget(selector: string): HTMLElement | null {
  try {
    const found = document.querySelector(selector);
    return found instanceof HTMLElement ? found : null;
  } catch {
    return null;
  }
}

/**
 * Waits for the first stop's target (first document: up to 50 tries of 100 ms: a dialog may still be loading its
 * form), then answers the stops whose targets are on the page now, in order.
 */
export async function findStops(stops: TourStop[], signal: AbortSignal): Promise<TourStop[]> {
  const first = stops[0];
  for (let tries = 0; first && tries < TOUR_TARGET_WAIT.tries && !signal.aborted && !findTarget(first.selector); tries++) {
    await new Promise((resolve) => window.setTimeout(resolve, TOUR_TARGET_WAIT.intervalMs));
  }
  return stops.filter((stop) => findTarget(stop.selector));
}
