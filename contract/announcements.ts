import { z } from "zod";
import { CommunityCalloutSettings, CommunityCalloutSettingsInput } from "./carousels.js";
import { AttributeIdList, AttributeTypeConfig } from "./attributes.js";
import { emptyOrDigits, listPage, positiveId } from "./common.js";
import { isZoomJoinUrl } from "./zoom.js";

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

/**
 * The attribute types of an announcement's core attributes (the first document's entity lists "core attributes"): the
 * two every content type is tagged with, grades and subjects.
 */
export const ANNOUNCEMENT_CORE_ATTRIBUTE_TYPES = ["grades", "subjects"] as const;

/** One of an announcement's core attributes: the attribute item, its type's key and name. */
export const AnnouncementCoreAttribute = z.object({ id: z.number(), type_id: z.number(), type_key: z.string(), type_name: z.string(), name: z.string() });
export type AnnouncementCoreAttribute = z.infer<typeof AnnouncementCoreAttribute>;

/** GET /api/announcements?limit=N. */
export const AnnouncementsQuery = z.object({
  limit: z.preprocess(
    // A list or an object (limit[]=1) is refused, not read as its first value.
    (v) => (v !== null && typeof v === "object" ? Number.NaN : emptyOrDigits(v)),
    z.number({ error: ANNOUNCEMENT_TEXTS.limitInvalid }).int(ANNOUNCEMENT_TEXTS.limitInvalid).min(1, ANNOUNCEMENT_TEXTS.limitInvalid).max(ANNOUNCEMENTS_MAX, ANNOUNCEMENT_TEXTS.limitInvalid).default(ANNOUNCEMENTS_DEFAULT),
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
  /**
   * Meeting details (the spec's zoom_id and join_url): the Read More modal shows the Zoom ID grouped 3-4-rest and Join.
   * Null: no meeting. Read as none when absent (a server from before meetings, as the desktop app may be pointed at).
   */
  meeting: z.object({ zoom_id: z.string(), join_url: z.string() }).nullable().default(null),
  /**
   * The thumbnail (the spec's "thumbnail urls"): an http(s) address or a path on this site, else null. Shown small in
   * the banner (not on phones) and whole at the top of Read More, under the callout.
   */
  thumbnail_url: z.string().nullable().default(null),
  /**
   * The community callout's settings, as a news item's (every field present; unusable stored ones take their
   * defaults): Read More shows the callout over the thumbnail in these colours, its title and description (empty: the
   * announcement's title, and no description), and background_alt_text is the thumbnail's alternative text (empty:
   * decorative). Read as the defaults when absent (a server from before them).
   */
  community_callout_settings: CommunityCalloutSettings.default(() => CommunityCalloutSettings.parse({})),
  /** Its core attributes (grades and subjects), in type then tree order. Read as none when absent (a server from before them). */
  core_attributes: z.array(AnnouncementCoreAttribute).default([]),
});
export type Announcement = z.infer<typeof Announcement>;

export const AnnouncementsResponse = z.object({ data: z.array(Announcement) });
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponse>;

/**
 * The Announcements staff page's messages (ours: the spec names the entity's fields, not their management). Served as
 * the localization group `announcement-management`.
 */
export const ANNOUNCEMENT_MANAGE_TEXTS = {
  titleRequired: "Please give the announcement a title.",
  titleTooLong: "The title may be at most 255 characters.",
  badType: "Choose a type: information, error, question, event or others.",
  descriptionTooLong: "The description may be at most 1000 characters.",
  contentTooLong: "The content may be at most 20000 characters.",
  badLink: "Use an http(s) address or a path on this site (starting with /).",
  ctaTooLong: "The call to action may be at most 255 characters.",
  ctaWithoutLink: "Add the link the call to action opens.",
  badTime: "Use a date and time (ISO 8601), or leave it empty.",
  endBeforeStart: "The end must come after the start.",
  eventStartRequired: "An event needs its start.",
  badDay: "Use a date (YYYY-MM-DD).",
  badPriority: "The priority must be a whole number from -1000 to 1000.",
  badAudience: "Choose who may see it: everyone or signed-in users.",
  badZoomId: "A Zoom ID is 9 to 11 digits.",
  badJoinUrl: "Use the meeting's https Zoom join link (https://…zoom.us/j/…).",
  meetingIncomplete: "Give both the Zoom ID and the join link, or neither.",
  badThumbnail: "Use an http(s) address or a path on this site (starting with /) for the thumbnail.",
  altTooLong: "The thumbnail's alternative text may be at most 500 characters.",
  badCoreAttribute: "Core attributes are grades and subjects: choose them from those lists.",
  badId: "Must be an announcement's id.",
  notFound: "This announcement does not exist.",
  created: "Announcement created.",
  saved: "Announcement saved.",
  ended: "Announcement ended: its banner is no longer shown.",
  notStarted: "This announcement has not started yet, so it cannot be ended: change its dates, or delete it.",
  deleted: "Announcement deleted.",
} as const;

const T = ANNOUNCEMENT_MANAGE_TEXTS;

/** Who may see an announcement: its item's view grants (everyone, signed-in users, or only those it is shared with on its page). */
export const ANNOUNCEMENT_AUDIENCES = ["public", "authed", "restricted"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

/** Highest and lowest priority. */
export const ANNOUNCEMENT_PRIORITY_MAX = 1000;
/** Longest content an administrator may write (HTML, before sanitizing). */
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;

/** Empty text and null are none. */
const unsetIfBlank = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** An optional moment: none, or any date-time JavaScript reads, kept as an ISO string (UTC), so text order is time order. */
const moment = z.preprocess(
  unsetIfBlank,
  z
    .string({ error: T.badTime })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, T.badTime)
    .refine((v) => !Number.isNaN(Date.parse(v)), T.badTime)
    .transform((v) => new Date(v).toISOString())
    .nullable()
    .default(null),
);

/** An optional text of at most `max` characters, trimmed; empty is none. */
const optionalText = (max: number, message: string) => z.preprocess(unsetIfBlank, z.string().trim().max(max, message).nullable().default(null));

/** A calendar day (YYYY-MM-DD) that exists. */
const isDay = (v: string) => {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00.000Z`) : Number.NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v);
};

/**
 * POST /api/announcements and PUT /api/announcements/{id}: an announcement as an administrator writes it (PUT replaces
 * it whole). Event times are kept for events only: timed, ISO date-times; all-day, calendar days (YYYY-MM-DD, stored
 * as midnight UTC, the end inclusive).
 */
export const AnnouncementInput = z
  .object({
    title: z.string({ error: T.titleRequired }).trim().min(1, T.titleRequired).max(255, T.titleTooLong),
    type: z.enum(ANNOUNCEMENT_TYPES, { error: T.badType }),
    /** The banner's short text (the item's description). */
    description: z.string().trim().max(1000, T.descriptionTooLong).default(""),
    /** The Read More modal's text: HTML kept to the "simple" sanitize profile when stored (and again when shown). */
    content: z.string().max(ANNOUNCEMENT_CONTENT_MAX, T.contentTooLong).default(""),
    link: z.preprocess(unsetIfBlank, z.string().trim().max(2000, T.badLink).regex(/^(https?:\/\/\S+|\/(?![/\\])[^\s\\]*)$/i, T.badLink).nullable().default(null)),
    cta_text: optionalText(255, T.ctaTooLong),
    /** The window the banner shows in; null is open-ended. */
    start_time: moment,
    end_time: moment,
    all_day: z.boolean().default(false),
    event_start_time: z.preprocess(unsetIfBlank, z.string({ error: T.badTime }).nullable().default(null)),
    event_end_time: z.preprocess(unsetIfBlank, z.string({ error: T.badTime }).nullable().default(null)),
    is_sticky: z.boolean().default(false),
    priority: z.number({ error: T.badPriority }).int(T.badPriority).min(-ANNOUNCEMENT_PRIORITY_MAX, T.badPriority).max(ANNOUNCEMENT_PRIORITY_MAX, T.badPriority).default(0),
    show_snooze: z.boolean().default(true),
    show_dismiss: z.boolean().default(true),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: T.badAudience }).default("public"),
    /** Meeting details: digits (spaces and dashes as people copy them are dropped) and the https Zoom join link; both or neither. */
    meeting_zoom_id: z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
      z.preprocess(unsetIfBlank, z.string({ error: T.badZoomId }).regex(/^\d{9,11}$/, T.badZoomId).nullable().default(null)),
    ),
    meeting_join_url: z.preprocess(unsetIfBlank, z.string({ error: T.badJoinUrl }).trim().max(1000, T.badJoinUrl).refine(isZoomJoinUrl, T.badJoinUrl).nullable().default(null)),
    /** The thumbnail's address: http(s) or a path on this site (not // or /\); empty is none. */
    thumbnail_url: z.preprocess(unsetIfBlank, z.string({ error: T.badThumbnail }).trim().max(2000, T.badThumbnail).regex(/^(https?:\/\/\S+|\/(?![/\\])[^\s\\]*)$/i, T.badThumbnail).nullable().default(null)),
    /** The callout's look, as a news item's: any of its fields, each checked; left out ones take their defaults. */
    community_callout_settings: CommunityCalloutSettingsInput.safeExtend({ background_alt_text: z.string({ error: T.altTooLong }).trim().max(500, T.altTooLong) })
      .partial()
      .strict()
      .default({}),
    /**
     * Its core attributes: ids of grades and subjects (each checked to exist and be one of those types). Left out, PUT
     * keeps those it has (tags set on its page included) and POST sets none; a list replaces them.
     */
    attribute_ids: AttributeIdList.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cta_text && !v.link) ctx.addIssue({ code: "custom", message: T.ctaWithoutLink, path: ["link"] });
    if (v.start_time && v.end_time && v.end_time <= v.start_time) ctx.addIssue({ code: "custom", message: T.endBeforeStart, path: ["end_time"] });
    if (Boolean(v.meeting_zoom_id) !== Boolean(v.meeting_join_url)) ctx.addIssue({ code: "custom", message: T.meetingIncomplete, path: [v.meeting_zoom_id ? "meeting_join_url" : "meeting_zoom_id"] });
    if (v.type !== "event") return;
    const valid = v.all_day ? isDay : (x: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(x) && !Number.isNaN(Date.parse(x));
    const message = v.all_day ? T.badDay : T.badTime;
    if (!v.event_start_time) ctx.addIssue({ code: "custom", message: T.eventStartRequired, path: ["event_start_time"] });
    else if (!valid(v.event_start_time)) ctx.addIssue({ code: "custom", message, path: ["event_start_time"] });
    if (v.event_end_time && !valid(v.event_end_time)) ctx.addIssue({ code: "custom", message, path: ["event_end_time"] });
    else if (v.event_start_time && v.event_end_time && valid(v.event_start_time)) {
      const [start, end] = [Date.parse(v.all_day ? `${v.event_start_time}T00:00:00Z` : v.event_start_time), Date.parse(v.all_day ? `${v.event_end_time}T00:00:00Z` : v.event_end_time)];
      // An all-day event may end on the day it starts (one day); a timed one must end after it starts.
      if (v.all_day ? end < start : end <= start) ctx.addIssue({ code: "custom", message: T.endBeforeStart, path: ["event_end_time"] });
    }
  })
  .transform((v) => {
    const stored = (x: string | null) => {
      if (x === null || v.type !== "event") return null;
      const time = Date.parse(v.all_day ? `${x}T00:00:00.000Z` : x);
      return Number.isNaN(time) ? null : new Date(time).toISOString();
    };
    return { ...v, all_day: v.type === "event" && v.all_day, event_start_time: stored(v.event_start_time), event_end_time: stored(v.event_end_time) };
  });
export type AnnouncementInput = z.input<typeof AnnouncementInput>;

/** Where an announcement stands now: its banner shown, its window still to come, or its window over. */
export const ANNOUNCEMENT_STATES = ["current", "scheduled", "ended"] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** An announcement as its administrators see it: the banner, who may see it, where it stands, and its times. */
export const ManagedAnnouncement = Announcement.extend({
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  state: z.enum(ANNOUNCEMENT_STATES),
  updated_at: z.string(),
});
export type ManagedAnnouncement = z.infer<typeof ManagedAnnouncement>;

/** Announcements per page of GET /api/announcements/manage. */
export const STAFF_ANNOUNCEMENTS_PER_PAGE = 25;

/** GET /api/announcements/manage?page=N. */
export const ManagedAnnouncementsQuery = z.object({ page: listPage });

/**
 * GET /api/announcements/manage: a page of the announcements, shown now first, then those to come, then the ended
 * ones (`total` counts them all); and the core attribute types (the form's pickers), with their picker settings.
 */
export const ManagedAnnouncementsResponse = z.object({
  data: z.array(ManagedAnnouncement),
  total: z.number(),
  page: z.number(),
  per: z.number(),
  core_attribute_types: z.array(AttributeTypeConfig),
});
export type ManagedAnnouncementsResponse = z.infer<typeof ManagedAnnouncementsResponse>;

/** POST, PUT and POST .../end answer the saved announcement and a message for the toast. */
export const AnnouncementSaveResponse = z.object({ data: ManagedAnnouncement, message: z.string() });
export type AnnouncementSaveResponse = z.infer<typeof AnnouncementSaveResponse>;

/** The {id} of the management calls: the announcement's content item id. */
export const AnnouncementId = positiveId(T.badId);
