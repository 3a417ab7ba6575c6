/**
 * Every date the web app shows, in the spec's format (second document: "Dates shown as M/D/YYYY"), from one place.
 * Times, where a screen shows one beside the date, follow it the same way ("11/27/2026, 2:23 PM"). Instants are
 * shown in the reader's time zone; calendar days (the search's date filter) as they are written.
 */

const DAY = { month: "numeric", day: "numeric", year: "numeric" } as const;
const dateFormat = new Intl.DateTimeFormat("en-US", DAY);
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { ...DAY, hour: "numeric", minute: "2-digit" });
const utcDateFormat = new Intl.DateTimeFormat("en-US", { ...DAY, timeZone: "UTC" });

/** An instant's date as M/D/YYYY ("11/27/2026"). */
export const shortDate = (iso: string | Date): string => dateFormat.format(new Date(iso));

/** An instant's date and time as M/D/YYYY, h:mm AM/PM ("11/27/2026, 2:23 PM"). */
export const shortDateTime = (iso: string | Date): string => dateTimeFormat.format(new Date(iso));

/**
 * From one instant to another, the date written once when both fall on it ("2/10/2027, 5:00 – 6:00 PM"); with
 * `allDay`, the days only ("2/10/2027 – 2/12/2027"), which are calendar days, not instants (contract/announcements.ts:
 * the date as written, its time and offset ignored), so no reader's time zone moves them. Without an end, the start alone.
 */
export function shortDateRange(start: string, end: string | null, allDay = false): string {
  if (allDay) {
    const first = calendarDay(start);
    const last = end === null ? first : calendarDay(end);
    return last === first ? first : `${first} – ${last}`;
  }
  return end ? dateTimeFormat.formatRange(new Date(start), new Date(end)) : dateTimeFormat.format(new Date(start));
}

/** The calendar day an all-day value names, M/D/YYYY: its leading YYYY-MM-DD as written; a value without one, its UTC date. */
function calendarDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return day ? shortDay(day) : utcDateFormat.format(new Date(value));
}

/** A calendar day written YYYY-MM-DD as M/D/YYYY, read off the string so no time zone can shift it; anything else as it is. */
export function shortDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${Number(match[2])}/${Number(match[3])}/${match[1]}` : day;
}
