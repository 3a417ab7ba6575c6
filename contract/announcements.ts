import { z } from "zod";
import { emptyAsUnset } from "./common.js";

/** The announcement types of the first document (section 3). */
export const ANNOUNCEMENT_TYPES = ["information", "error", "question", "event", "others"] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** How long Snooze hides a banner (first document, section 4: "hidden until 8 hours, the default, have passed"). */
export const ANNOUNCEMENT_SNOOZE_HOURS = 8;

/** Most banners one answer carries (GET /api/announcements?limit=N), and the default. */
export const ANNOUNCEMENTS_MAX = 20;
export const ANNOUNCEMENTS_DEFAULT = 5;

/** The banner's texts (ours: the spec names only 'Read More'). */
export const ANNOUNCEMENT_TEXTS = {
  region: "Announcements",
  readMore: "Read More",
  snooze: "Snooze",
  dismiss: "Dismiss",
  defaultCta: "Learn more",
  limitInvalid: `limit must be a whole number from 1 to ${ANNOUNCEMENTS_MAX}.`,
} as const;

/** GET /api/announcements?limit=N. */
export const AnnouncementsQuery = z.object({
  limit: z.preprocess(
    // A list or an object (limit[]=1) is refused, not read as its first value.
    (v) => (v !== null && typeof v === "object" ? Number.NaN : emptyAsUnset(v)),
    z.coerce.number({ error: ANNOUNCEMENT_TEXTS.limitInvalid }).int(ANNOUNCEMENT_TEXTS.limitInvalid).min(1, ANNOUNCEMENT_TEXTS.limitInvalid).max(ANNOUNCEMENTS_MAX, ANNOUNCEMENT_TEXTS.limitInvalid).default(ANNOUNCEMENTS_DEFAULT),
  ),
});
export type AnnouncementsQuery = z.input<typeof AnnouncementsQuery>;

/** One system announcement as its banner and Read More modal show it. */
export const Announcement = z.object({
  /** The content item's id: the key Snooze and Dismiss are remembered by. */
  id: z.number(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** The short text of the banner (the item's description). */
  description: z.string(),
  /** The full text of the Read More modal: HTML, sanitized on the server (the "simple" profile). */
  content: z.string(),
  /** The call to action: an http(s) or site-relative address (anything else is left out), and its label. */
  link: z.string().nullable(),
  cta_text: z.string().nullable(),
  /** The window it is shown in (ISO times; null is open-ended). */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /**
   * When the event takes place (events), and whether it lasts whole days. Timed (`all_day` false): ISO instants, shown
   * in the reader's time zone. All-day: calendar days, in no time zone: each value's leading date as written
   * (YYYY-MM-DD; stored as midnight UTC of the day, or any time of it: the time and offset are ignored), the start its
   * first day and the end its last (inclusive; null or the same day: one day). Read as instants they would fall on the
   * day before west of UTC, or after east of it.
   */
  event_start_time: z.string().nullable(),
  event_end_time: z.string().nullable(),
  all_day: z.boolean(),
  is_sticky: z.boolean(),
  priority: z.number(),
  show_snooze: z.boolean(),
  show_dismiss: z.boolean(),
  /** The item's own page. */
  url: z.string(),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementsResponse = z.object({ data: z.array(Announcement) });
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponse>;
