import { z } from "zod";
import { emptyAsUnset, emptyOrDigits, positiveId } from "./common.js";
import { FLAG_REASONS } from "./contentActions.js";

/**
 * The staff's review of reports (our paths: the documents define how people report, not how the reports are read).
 * Three things can be reported: an item (POST /profile/flag), a comment (POST /comment/thread/comment/flag) and a
 * group's feed post; each report is open until a moderator or administrator resolves it.
 */
export const REPORT_KINDS = ["content", "comment", "post"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_STATUSES = ["open", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * What the reviewer did about a report, given when resolving it: nothing was needed, or the content was removed or
 * hidden (a reported comment is deleted by it, as its author's Delete would; an item or a feed post is only recorded,
 * since deleting either deletes its reports too).
 */
export const REPORT_OUTCOMES = ["none", "removed"] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = { none: "No action needed", removed: "Content removed or hidden" };

/** The longest note a reviewer may leave on a report they resolve (for the staff; the reporter is told the outcome alone). */
export const REPORT_NOTE_MAX = 500;

/** Reports per page of GET /api/moderation/reports. */
export const REPORTS_PER_PAGE = 20;

export const MODERATION_MESSAGES = {
  statusInvalid: 'status must be "open" or "resolved".',
  kindInvalid: 'The kind of report must be "content", "comment" or "post".',
  idInvalid: "The report's id must be a whole number from 1.",
  resolved: "The report was resolved.",
  reopened: "The report was opened again.",
  outcomeInvalid: 'outcome must be "none" or "removed".',
  noteInvalid: "The note must be text.",
  noteTooLong: `The note may be at most ${REPORT_NOTE_MAX} characters.`,
} as const;

/** GET /api/moderation/reports?status=open|resolved&page=N. */
export const ReportsQuery = z.object({
  status: z.preprocess(emptyAsUnset, z.enum(REPORT_STATUSES, { error: MODERATION_MESSAGES.statusInvalid }).default("open")),
  page: z.preprocess(emptyOrDigits, z.number().int("page must be a whole number.").min(1, "page must be 1 or more.").max(10000, "page may be at most 10000.").default(1)),
});

/** The path of POST /api/moderation/reports/{kind}/{id}. */
export const ReportParams = z.object({
  kind: z.enum(REPORT_KINDS, { error: MODERATION_MESSAGES.kindInvalid }),
  id: positiveId(MODERATION_MESSAGES.idInvalid),
});

/**
 * POST /api/moderation/reports/{kind}/{id}: resolve a report (with its outcome, "none" unless given, and an optional
 * note), or open it again (which clears both).
 */
export const ReportUpdate = z.object({
  status: z.enum(REPORT_STATUSES, { error: MODERATION_MESSAGES.statusInvalid }),
  outcome: z.preprocess(emptyAsUnset, z.enum(REPORT_OUTCOMES, { error: MODERATION_MESSAGES.outcomeInvalid }).default("none")),
  note: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string({ error: MODERATION_MESSAGES.noteInvalid })
      .trim()
      .max(REPORT_NOTE_MAX, MODERATION_MESSAGES.noteTooLong)
      .optional()
      .transform((v) => v || null),
  ),
});
export type ReportUpdate = z.infer<typeof ReportUpdate>;
export type ReportUpdateRequest = z.input<typeof ReportUpdate>;

export const ReportView = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.number(),
  reason: z.enum(FLAG_REASONS),
  /** The reason as the flagging dialog names it. */
  reason_label: z.string(),
  message: z.string(),
  status: z.enum(REPORT_STATUSES),
  created_at: z.string(),
  reporter: z.object({ profile_id: z.number(), name: z.string() }),
  /** The item reported, or the item whose discussion or feed holds the comment or post. */
  item: z.object({ title: z.string(), link: z.string() }),
  /** The comment's or post's text (plain, at most 300 characters); null for an item. */
  excerpt: z.string().nullable(),
  /**
   * Who wrote the reported comment or feed post, with the link to their profile; null for an item, once that profile
   * is gone, and read as null when absent (a server from before it).
   */
  author: z.object({ profile_id: z.number(), name: z.string(), link: z.string() }).nullable().default(null),
  /**
   * The group discussion a reported comment is in (the comment itself, or its top-level comment): its title (null once
   * that comment is deleted) and the link that opens it on the group's page; null for anything else, and when absent.
   */
  discussion: z.object({ title: z.string().nullable(), link: z.string() }).nullable().default(null),
  /**
   * When the reported comment was deleted (by its author or an administrator) since; null while it stands, and for an
   * item or a post. A comment deleted without replies keeps its reported text here; one kept for its replies shows
   * "This comment has been deleted.". Read as null when absent (a server from before it).
   */
  deleted_at: z.string().nullable().default(null),
  /** What the reviewer did when resolving it; null while it is open, for a report resolved before outcomes were recorded, and when absent. */
  outcome: z.enum(REPORT_OUTCOMES).nullable().default(null),
  /** The reviewer's note (for the staff), null without one. */
  note: z.string().nullable().default(null),
  /** Who last resolved it or opened it again, and when; null until someone did (reviewer null when that profile is gone). */
  review: z.object({ at: z.string(), reviewer: z.object({ profile_id: z.number(), name: z.string() }).nullable() }).nullable(),
});
export type ReportView = z.infer<typeof ReportView>;

export const ReportsResponse = z.object({ data: z.array(ReportView), total: z.number() });
export type ReportsResponse = z.infer<typeof ReportsResponse>;

export const ReportUpdateResponse = z.object({ status: z.literal("success"), message: z.string(), report: ReportView });
export type ReportUpdateResponse = z.infer<typeof ReportUpdateResponse>;
