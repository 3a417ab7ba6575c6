/**
 * Every date the web app shows, in the spec's format (second document: "Dates shown as M/D/YYYY"), from one place.
 * Times, where a screen shows one beside the date, follow it the same way ("11/27/2026, 2:23 PM"). Instants are
 * shown in the reader's time zone; calendar days (the search's date filter) as they are written.
 */

const DAY = { month: "numeric", day: "numeric", year: "numeric" } as const;
const dateFormat = new Intl.DateTimeFormat("en-US", DAY);
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { ...DAY, hour: "numeric", minute: "2-digit" });

/** An instant's date as M/D/YYYY ("11/27/2026"). */
export const shortDate = (iso: string | Date): string => dateFormat.format(new Date(iso));

/** An instant's date and time as M/D/YYYY, h:mm AM/PM ("11/27/2026, 2:23 PM"). */
export const shortDateTime = (iso: string | Date): string => dateTimeFormat.format(new Date(iso));

/**
 * From one instant to another, the date written once when both fall on it ("2/10/2027, 5:00 – 6:00 PM"); with
 * `allDay`, the days only ("2/10/2027 – 2/12/2027"). Without an end, the start alone.
 */
export function shortDateRange(start: string, end: string | null, allDay = false): string {
  const format = allDay ? dateFormat : dateTimeFormat;
  return end ? format.formatRange(new Date(start), new Date(end)) : format.format(new Date(start));
}

/** A calendar day written YYYY-MM-DD as M/D/YYYY, read off the string so no time zone can shift it; anything else as it is. */
export function shortDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${Number(match[2])}/${Number(match[3])}/${match[1]}` : day;
}
