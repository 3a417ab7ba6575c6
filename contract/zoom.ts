import { z } from "zod";
import { ErrorBody } from "./common.js";

/**
 * Meeting integration (second document: the Connect to Zoom dialog and the buttons for adding a meeting or webinar;
 * "Meeting details: owner.name, zoom_id, join_url"; "Zoom: token available or not. Error code 1005 means the token is
 * missing or expired and triggers reauthorization; the request is retried after success"; GET /system/zoom/user,
 * GET /system/zoom/user-settings (availableFeatures), POST /system/zoom/meetings, POST /system/zoom/webinars; a popup
 * opens /system/third-party-accounts/zoom/connect and a window message confirms the connection; "Zoom ID shown
 * grouped 3-4-rest digits"). The server talks to Zoom with the site's OAuth app and each profile's own tokens.
 */

/** The app configuration's feature flag (GET /app/config features): the site has a Zoom OAuth app (ZOOM_CLIENT_ID and secret). */
export const ZOOM_FEATURE = "zoom_meetings";

/** The error code of a 401 that asks the browser to connect (again) to Zoom: no token, or one that expired and could not be refreshed. */
export const ZOOM_REAUTHORIZE_CODE = 1005;

/** Where the Connect to Zoom dialog's popup goes (signed in): the server sends it on to Zoom's consent page. */
export const ZOOM_CONNECT_PATH = "/system/third-party-accounts/zoom/connect";
/** Where Zoom sends the popup back. */
export const ZOOM_CALLBACK_PATH = "/system/third-party-accounts/zoom/callback";
/** The script the callback page runs (a file of our own origin: the CSP allows no inline script). */
export const ZOOM_CONNECTED_SCRIPT_PATH = "/system/third-party-accounts/zoom/connected.js";
/** The `type` of the window message the callback page posts to its opener (same origin) once the tokens are stored. */
export const ZOOM_CONNECTED_MESSAGE = "zoom-connected";

/** The longest meeting topic (Zoom's own limit is 200 characters). */
export const ZOOM_TOPIC_MAX = 200;
/** The longest meeting, in minutes (a day). */
export const ZOOM_DURATION_MAX = 1440;

export const ZOOM_MESSAGES = {
  /** 503: the site has no Zoom OAuth app (ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET). */
  notSetUp: "Zoom meetings are not set up on this site.",
  /** 401 with code 1005: connect (again) to Zoom. */
  reauthorize: "Connect your Zoom account to add meetings.",
  /** 502: Zoom failed, timed out or answered something unreadable. */
  unavailable: "Zoom is not available right now. Please try again later.",
  /** 403: the Zoom account has no webinar feature. */
  webinarsOff: "Webinars are not available on your Zoom account.",
  topicRequired: "Give the meeting a topic.",
  topicTooLong: `The topic may be at most ${ZOOM_TOPIC_MAX} characters.`,
  badStartTime: "The start time must be a date and time.",
  badDuration: `The duration must be a whole number of minutes from 1 to ${ZOOM_DURATION_MAX}.`,
  /** The callback page: the connection was made. */
  connected: "Your Zoom account is connected. You can close this window.",
  /** The callback page: a state that is not this session's (an old or forged link). */
  badState: "This Zoom connection link has expired or was not started here. Close this window and connect again.",
  /** The callback page: the popup's browser is not signed in here (the session ended while Zoom asked). */
  signedOut: "You are not signed in here any more. Close this window, sign in again and connect again.",
  /** The callback page: Zoom refused, or exchanging the code failed. */
  connectFailed: "Zoom did not confirm the connection. Close this window and try again.",
  /** A comment's meeting_id that is not a meeting its author created and has not posted yet. */
  meetingNotYours: "The meeting was not found among the meetings you added: add it again.",
} as const;

/** The errors of the Zoom calls: a message, field errors on a 422, and code 1005 on a 401 that asks to connect to Zoom. */
export const ZoomErrorBody = ErrorBody.extend({ code: z.number().int().optional() });
export type ZoomErrorBody = z.infer<typeof ZoomErrorBody>;

/** GET /system/zoom/user: whether the profile has a Zoom token; the Zoom user's name and e-mail when Zoom told them. */
export const ZoomUserResponse = z.object({ token_available: z.boolean(), name: z.string().nullable(), email: z.string().nullable() });
export type ZoomUserResponse = z.infer<typeof ZoomUserResponse>;

/** GET /system/zoom/user-settings: which kinds the Zoom account may create (the spec's availableFeatures). */
export const ZoomUserSettingsResponse = z.object({ availableFeatures: z.object({ meeting: z.boolean(), webinar: z.boolean() }) });
export type ZoomUserSettingsResponse = z.infer<typeof ZoomUserSettingsResponse>;

/** POST /system/zoom/meetings and /webinars: topic (trimmed, 1 to 200), an optional start time (ISO 8601 with offset) and duration in minutes. */
export const ZoomMeetingRequest = z.object({
  topic: z.string({ error: ZOOM_MESSAGES.topicRequired }).trim().min(1, ZOOM_MESSAGES.topicRequired).max(ZOOM_TOPIC_MAX, ZOOM_MESSAGES.topicTooLong),
  start_time: z.iso.datetime({ offset: true, error: ZOOM_MESSAGES.badStartTime }).nullish(),
  duration: z.number({ error: ZOOM_MESSAGES.badDuration }).int(ZOOM_MESSAGES.badDuration).min(1, ZOOM_MESSAGES.badDuration).max(ZOOM_DURATION_MAX, ZOOM_MESSAGES.badDuration).nullish(),
});
export type ZoomMeetingRequest = z.input<typeof ZoomMeetingRequest>;

export const ZOOM_MEETING_TYPES = ["meeting", "webinar"] as const;
export type ZoomMeetingType = (typeof ZOOM_MEETING_TYPES)[number];

/**
 * Meeting details (the spec's owner.name, zoom_id, join_url), with the kind, topic and start time. `id` is ours: a
 * comment carries the meeting by it (POST /comment/thread/comment meeting_id).
 */
export const MeetingDetails = z.object({
  id: z.number().int(),
  owner: z.object({ name: z.string() }),
  zoom_id: z.string(),
  join_url: z.string(),
  type: z.enum(ZOOM_MEETING_TYPES),
  topic: z.string(),
  start_time: z.string().nullable(),
});
export type MeetingDetails = z.infer<typeof MeetingDetails>;

/** Whether an address is a Zoom join link the app will show: https on zoom.us or one of its subdomains, no credentials. */
export function isZoomJoinUrl(value: string): boolean {
  const url = URL.parse(value);
  if (!url || url.protocol !== "https:" || url.username || url.password || url.port) return false;
  return url.hostname === "zoom.us" || url.hostname.endsWith(".zoom.us");
}

/** A Zoom ID as the spec shows it: digits grouped 3, 4 and the rest ("85746352311" → "857 4635 2311"); anything else as it is. */
export function formatZoomId(id: string | number): string {
  const digits = String(id).replace(/\s+/g, "");
  if (!/^\d+$/.test(digits)) return String(id);
  return [digits.slice(0, 3), digits.slice(3, 7), digits.slice(7)].filter(Boolean).join(" ");
}
