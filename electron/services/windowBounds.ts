/** Where and how large the main window was, remembered between runs. */
export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

/** A screen area, as Electron's `Display.workArea` gives it. */
export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

const smallestSide = 200;
const largestSide = 20_000;

const isCoordinate = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= largestSide;
const isSide = (value: unknown): value is number => isCoordinate(value) && value >= smallestSide;

/** Reads stored bounds, which may be from an older version or edited by hand; `undefined` if unusable. */
export function sanitizeWindowBounds(value: unknown): WindowBounds | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { x, y, width, height, maximized } = value as Record<string, unknown>;
  if (!isSide(width) || !isSide(height)) return undefined;
  const bounds: WindowBounds = { width, height, maximized: maximized === true };
  if (isCoordinate(x) && isCoordinate(y)) {
    bounds.x = x;
    bounds.y = y;
  }
  return bounds;
}

/** True when the window's top strip, where its title bar is, shows on one of the displays. */
export function isOnSomeDisplay(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  const titleBarHeight = 40;
  return workAreas.some((area) => {
    const overlapWidth = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const overlapHeight = Math.min(bounds.y + titleBarHeight, area.y + area.height) - Math.max(bounds.y, area.y);
    return overlapWidth >= 100 && overlapHeight > 0;
  });
}

/**
 * The bounds to open the window with: the stored ones, without the position when that
 * would put the window off every display (a monitor was unplugged), so the system centres it.
 */
export function restorableBounds(stored: unknown, workAreas: readonly Rectangle[]): WindowBounds | undefined {
  const bounds = sanitizeWindowBounds(stored);
  if (!bounds || bounds.x === undefined || bounds.y === undefined) return bounds;
  const placed = { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height };
  return isOnSomeDisplay(placed, workAreas) ? bounds : { width: bounds.width, height: bounds.height, maximized: bounds.maximized };
}
