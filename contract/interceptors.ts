import { z } from "zod";
import { positiveId } from "./common.js";

/**
 * Interceptors (second document: "Interceptors dialog (notices shown one after another)", "Interceptor: id, content",
 * "Interceptors go through in order; each is dismissed or deferred; the dialog closes after the last",
 * "POST /profile/interceptors/{id}/dismiss and /defer"). The texts are ours: the spec gives none.
 */
export const INTERCEPTOR_TEXTS = {
  dismiss: "Dismiss",
  defer: "Remind me later",
  /** The dialog's position line: "Notice 1 of 3". */
  position: (n: number, of: number) => `Notice ${n} of ${of}`,
  titleRequired: "Please give the interceptor a title.",
  titleTooLong: "The title may be at most 255 characters.",
  contentRequired: "Please write the interceptor's content.",
  contentTooLong: `The content may be at most 20000 characters.`,
  contentEmpty: "The content is empty once unsafe markup is removed: write some text.",
  badTime: "Use a date and time (ISO 8601), or leave it empty.",
  endBeforeStart: "The end must come after the start.",
  badOrder: "The order must be a whole number from -1000000 to 1000000.",
  badId: "Must be an interceptor's id.",
  notFound: "This interceptor does not exist.",
  created: "Interceptor created.",
  saved: "Interceptor saved.",
  deleted: "Interceptor deleted.",
  dismissed: "Dismissed: this notice will not be shown again.",
  deferred: "We will remind you of this notice tomorrow.",
} as const;

/** How long "Remind me later" keeps a notice away: a day (shown again on the first page load after that). */
export const INTERCEPTOR_DEFER_HOURS = 24;

/** Longest content an administrator may write (HTML, before sanitizing). */
export const INTERCEPTOR_CONTENT_MAX = 20_000;

/** An optional moment: empty or null is none; otherwise any date-time JavaScript reads, kept as an ISO string (UTC), so text order is time order. */
const moment = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v),
  z
    .string({ error: INTERCEPTOR_TEXTS.badTime })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, INTERCEPTOR_TEXTS.badTime)
    .refine((v) => !Number.isNaN(Date.parse(v)), INTERCEPTOR_TEXTS.badTime)
    .transform((v) => new Date(v).toISOString())
    .nullable(),
);

/** POST /api/interceptors and PUT /api/interceptors/{id}: an interceptor as an administrator writes it (PUT replaces it whole). */
export const InterceptorInput = z
  .object({
    title: z.string({ error: INTERCEPTOR_TEXTS.titleRequired }).trim().min(1, INTERCEPTOR_TEXTS.titleRequired).max(255, INTERCEPTOR_TEXTS.titleTooLong),
    /** HTML (the "simple" sanitize profile: paragraphs, emphasis, links, lists, quotes) or plain text; sanitized when stored and again when shown. */
    content: z.string({ error: INTERCEPTOR_TEXTS.contentRequired }).trim().min(1, INTERCEPTOR_TEXTS.contentRequired).max(INTERCEPTOR_CONTENT_MAX, INTERCEPTOR_TEXTS.contentTooLong),
    /** Its place in the queue: lower first (then the older first). */
    sort_order: z.number({ error: INTERCEPTOR_TEXTS.badOrder }).int(INTERCEPTOR_TEXTS.badOrder).min(-1_000_000, INTERCEPTOR_TEXTS.badOrder).max(1_000_000, INTERCEPTOR_TEXTS.badOrder).default(0),
    /** Switched off, it is shown to no one (its window aside). */
    is_active: z.boolean().default(true),
    /** The window it is shown in; null is open-ended. */
    starts_at: moment.default(null),
    ends_at: moment.default(null),
  })
  .refine((v) => !v.starts_at || !v.ends_at || v.ends_at > v.starts_at, { message: INTERCEPTOR_TEXTS.endBeforeStart, path: ["ends_at"] });
export type InterceptorInput = z.input<typeof InterceptorInput>;

/** One notice as the dialog shows it. */
export const PendingInterceptor = z.object({
  id: z.number(),
  title: z.string(),
  /** HTML, sanitized on the server (the "simple" profile). */
  content: z.string(),
});
export type PendingInterceptor = z.infer<typeof PendingInterceptor>;

/** GET /profile/interceptors: the signed-in profile's pending notices in order (a guest's list is empty). */
export const PendingInterceptorsResponse = z.object({ data: z.array(PendingInterceptor) });
export type PendingInterceptorsResponse = z.infer<typeof PendingInterceptorsResponse>;

/** What a profile did with a notice: never again, or not before `deferred_until`. */
export const INTERCEPTOR_STATES = ["dismissed", "deferred"] as const;
export type InterceptorState = (typeof INTERCEPTOR_STATES)[number];

/** POST /profile/interceptors/{id}/dismiss and /defer. */
export const InterceptorResponseAnswer = z.object({
  id: z.number(),
  state: z.enum(INTERCEPTOR_STATES),
  /** When a deferred notice is shown again (ISO); null once dismissed. */
  deferred_until: z.string().nullable(),
  message: z.string(),
});
export type InterceptorResponseAnswer = z.infer<typeof InterceptorResponseAnswer>;

/** Where an interceptor stands at the server's now: switched off, shown now, still to come, or over. */
export const INTERCEPTOR_SCHEDULE_STATES = ["off", "current", "scheduled", "ended"] as const;
export type InterceptorScheduleState = (typeof INTERCEPTOR_SCHEDULE_STATES)[number];

/** An interceptor as its administrators see it. */
export const ManagedInterceptor = PendingInterceptor.extend({
  sort_order: z.number(),
  is_active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Whether it is shown now: active and inside its window. */
  is_current: z.boolean(),
  /** Where it stands, decided by the server's clock (a browser's may be wrong): off, current, scheduled or ended. */
  state: z.enum(INTERCEPTOR_SCHEDULE_STATES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedInterceptor = z.infer<typeof ManagedInterceptor>;

/** GET /api/interceptors: every interceptor, in queue order. */
export const ManagedInterceptorsResponse = z.object({ data: z.array(ManagedInterceptor) });
export type ManagedInterceptorsResponse = z.infer<typeof ManagedInterceptorsResponse>;

/** POST and PUT answer the saved interceptor and a message for the toast. */
export const InterceptorSaveResponse = z.object({ data: ManagedInterceptor, message: z.string() });
export type InterceptorSaveResponse = z.infer<typeof InterceptorSaveResponse>;

/** The {id} of the interceptor calls. */
export const InterceptorId = positiveId(INTERCEPTOR_TEXTS.badId);
