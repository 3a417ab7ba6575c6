import type { SearchRequest } from "../../contract/index.js";

const DAY_MS = 86_400_000;

/** One formatter per time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `time` (negative behind it), in milliseconds. */
function offsetAt(time: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(time)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - (time - (((time % 1000) + 1000) % 1000));
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in `timeZone`. The zone's offset is read at the UTC midnight, then
 * again at the instant that gives, so a day that begins on the other side of a clock change still begins at its own midnight.
 */
export function dayStartIn(date: string, timeZone: string | null): number {
  const utcMidnight = Date.parse(`${date}T00:00:00.000Z`);
  if (!timeZone || timeZone === "UTC") return utcMidnight;
  const first = utcMidnight - offsetAt(utcMidnight, timeZone);
  return utcMidnight - offsetAt(first, timeZone);
}

/**
 * The created-date filter's bounds, in milliseconds since the epoch and inclusive: from the start of `from`'s day to the
 * end of `to`'s, both days of the asker's time zone (`tz`, UTC without one). Either is open when its date is not given.
 */
export function createdBounds(request: Pick<SearchRequest, "from" | "to" | "tz">): { from: number; to: number } {
  const { from, to, tz } = request;
  return {
    from: from ? dayStartIn(from, tz) : -Infinity,
    to: to ? dayStartIn(new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10), tz) - 1 : Infinity,
  };
}
