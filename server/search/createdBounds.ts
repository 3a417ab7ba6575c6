import type { SearchRequest } from "../../contract/index.js";

const DAY_MS = 86_400_000;
/** Formatters kept at most: time zones are a few hundred names (the contract makes each one canonical) and offsets. */
const MAX_FORMATTERS = 1_000;

/** One formatter per time zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at the instant `time`, to the second, as if it were a UTC time (years 0 to 99 too). */
function wallClockAt(time: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(time)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = new Date(0);
  // Date.UTC would read the years 0 to 99 as 1900 to 1999.
  wall.setUTCFullYear(parts.year!, parts.month! - 1, parts.day!);
  wall.setUTCHours(parts.hour!, parts.minute!, parts.second!);
  return wall.getTime();
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `time` (negative behind it), in milliseconds. */
const offsetAt = (time: number, timeZone: string): number => wallClockAt(time, timeZone) - (time - (((time % 1000) + 1000) % 1000));

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at the instant `time`. */
const dayAt = (time: number, timeZone: string): string => new Date(wallClockAt(time, timeZone)).toISOString().slice(0, 10);

/**
 * The instant a calendar day (YYYY-MM-DD) begins in `timeZone`: its midnight, or where the clocks skip midnight (Santiago,
 * Havana, Beirut on their spring days), the first instant the day has. The zone's offset is read at the UTC midnight and
 * again where that leads; of the two midnights they give, the earlier that falls on the day is its start.
 */
export function dayStartIn(date: string, timeZone: string | null): number {
  const utcMidnight = Date.parse(`${date}T00:00:00.000Z`);
  if (!timeZone || timeZone === "UTC") return utcMidnight;
  const first = utcMidnight - offsetAt(utcMidnight, timeZone);
  const second = utcMidnight - offsetAt(first, timeZone);
  const candidates = [Math.min(first, second), Math.max(first, second)];
  return candidates.find((time) => dayAt(time, timeZone) === date) ?? second;
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
