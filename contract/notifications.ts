import { z } from "zod";
import { emptyAsUnset, MAX_ID, positiveId } from "./common.js";

/**
 * Notification settings (second document: "Notification settings: settings map (label, description), subscriber map
 * of booleans", read and saved by GET and PUT on a configurable url) and the notifications they let through. Each
 * setting has its default (NOTIFICATION_SETTING_DEFAULTS) until its owner chooses otherwise; `reports` is only for
 * moderators and administrators (the answer lists it for them alone).
 */
export const NOTIFICATION_SETTINGS = {
  comment_replies: { label: "Replies in discussions I follow", description: "Someone replies to a comment you started or subscribed to." },
  group_discussions: { label: "New discussions in my groups", description: "A member starts a discussion in a group you belong to." },
  access_requests: { label: "Access requests for my content", description: "Someone asks for access to an item you own." },
  access_answers: { label: "Answers to my access requests", description: "An owner accepts or declines your request for access." },
  group_join_requests: { label: "Requests to join my groups", description: "Someone asks to join a group you lead." },
  group_join_answers: { label: "Answers to my requests to join groups", description: "A group's leader approves or declines your request to join." },
  recommendations: { label: "Recommendations to me", description: "Someone recommends an item to you or to a group you belong to." },
  reports: { label: "Reports of content", description: "Someone reports an item, a comment or a feed post for moderators to review." },
  report_outcomes: { label: "Outcomes of my reports", description: "A moderator resolves something you reported, and you hear what was done." },
  email: { label: "E-mail me my notifications", description: "Each notification you get is also sent to your e-mail address, one mail each." },
} as const satisfies Record<string, { label: string; description: string }>;

export type NotificationSettingKey = keyof typeof NOTIFICATION_SETTINGS;
export const NOTIFICATION_SETTING_KEYS = Object.keys(NOTIFICATION_SETTINGS) as NotificationSettingKey[];

/** Each setting's value until its owner saves one: all on, but e-mail, which a person asks for. */
export const NOTIFICATION_SETTING_DEFAULTS: Record<NotificationSettingKey, boolean> = {
  comment_replies: true,
  group_discussions: true,
  access_requests: true,
  access_answers: true,
  group_join_requests: true,
  group_join_answers: true,
  recommendations: true,
  reports: true,
  report_outcomes: true,
  email: false,
};

/** What happened, and the setting that lets it through. */
export const NOTIFICATION_KINDS = {
  comment_reply: "comment_replies",
  group_discussion: "group_discussions",
  access_request: "access_requests",
  access_accepted: "access_answers",
  access_declined: "access_answers",
  content_reported: "reports",
  report_resolved: "report_outcomes",
  group_join_request: "group_join_requests",
  group_join_approved: "group_join_answers",
  group_join_declined: "group_join_answers",
  recommendation: "recommendations",
} as const satisfies Record<string, NotificationSettingKey>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
const KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

/** Notifications per page of the notifications page, and the longest excerpt (of a reply, a title or a request's reason) one keeps. */
export const NOTIFICATION_LIMITS = { perPage: 20, excerptMax: 200 } as const;

export const NOTIFICATION_MESSAGES = {
  settingsSaved: "Your notification settings were saved.",
  settingsInvalid: "subscriber must map each setting (comment_replies, group_discussions, access_requests, access_answers, group_join_requests, group_join_answers, recommendations, reports, report_outcomes, email) to true or false.",
  /** A setting the asker does not have (reports, for anyone but moderators and administrators). */
  settingNotYours: (key: string) => `You have no "${key}" notification setting: reports are told to moderators and administrators only.`,
  idsInvalid: "ids must be a list of 1 to 100 notification ids, or all must be true.",
  pageInvalid: "page must be a whole number from 1.",
} as const;

/** settings lists the asker's own settings (reports for the staff only); subscriber their values. */
export const NotificationSettingsResponse = z.object({
  settings: z.partialRecord(z.enum(NOTIFICATION_SETTING_KEYS as [NotificationSettingKey, ...NotificationSettingKey[]]), z.object({ label: z.string(), description: z.string() })),
  subscriber: z.record(z.string(), z.boolean()),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

export const NotificationSettingsSaved = NotificationSettingsResponse.extend({ status: z.literal("success"), message: z.string() });
export type NotificationSettingsSaved = z.infer<typeof NotificationSettingsSaved>;

/** PUT: any of the settings, each true or false; the ones left out keep their value. */
export const NotificationSettingsRequest = z.object({
  subscriber: z.strictObject(
    Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((key) => [key, z.boolean({ error: NOTIFICATION_MESSAGES.settingsInvalid }).optional()])) as Record<NotificationSettingKey, z.ZodOptional<z.ZodBoolean>>,
    { error: NOTIFICATION_MESSAGES.settingsInvalid },
  ),
});
export type NotificationSettingsRequest = z.infer<typeof NotificationSettingsRequest>;

export const NotificationsQuery = z.object({
  page: z.preprocess(emptyAsUnset, positiveId(NOTIFICATION_MESSAGES.pageInvalid).optional().default(1)),
});

export const Notification = z.object({
  id: z.number(),
  kind: z.enum(KIND_NAMES),
  /** Who did it (null once their profile is gone; on a request to join or a report, null to a reader who may no longer answer or review it). */
  actor: z.object({ name: z.string(), link: z.string() }).nullable(),
  /**
   * What it is about: the item (or group) by its title now, and where to open it; to a reader who may no longer open
   * it, "this Lesson Plan" (its type) with the link they were sent (none to a declined requester of an item shared by
   * link, whom the link would let in); an item removed since is "an item since removed", with no link. A report's link
   * is the Reports page.
   */
  subject: z.object({ title: z.string(), link: z.string().nullable() }),
  /** Plain text: the reply, the discussion's title, the request's reason, the recommendation's note or the reporter's note, cut to NOTIFICATION_LIMITS.excerptMax (a reply or discussion title not for a reader who may no longer open the item, a report's note not for one who may no longer review it: null). */
  excerpt: z.string().nullable(),
  /**
   * The group discussion it is about (a reply in one, or one started), by its title now: subject.link opens it on the
   * group's page. Null for any other notification, once the thread is deleted, to a reader who may no longer open the
   * group's page (as the excerpt), and read as null when absent (a server from before it).
   */
  discussion: z.object({ title: z.string() }).nullable().default(null),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationList = z.object({
  data: z.array(Notification),
  meta: z.object({ current_page: z.number(), last_page: z.number(), total: z.number() }),
  unread_count: z.number(),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** The header's count (GET), and the answer of marking read (POST): how many are left unread. */
export const UnreadNotifications = z.object({ unread_count: z.number() });
export type UnreadNotifications = z.infer<typeof UnreadNotifications>;

/** POST /notifications/read: these (the asker's own; others are ignored), or all of them. */
const readError = { error: NOTIFICATION_MESSAGES.idsInvalid };
const notificationId = z.number(readError).int(readError).positive(readError).max(MAX_ID, readError);
export const MarkNotificationsRead = z.union(
  [z.strictObject({ ids: z.array(notificationId, readError).min(1, readError).max(100, readError) }, readError), z.strictObject({ all: z.literal(true, readError) }, readError)],
  readError,
);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;
