import { sql } from "kysely";
import { GROUP_DISCUSSION_CONTEXT, REPORT_KINDS, type ReportKind, type ReportOutcome, type ReportStatus } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { ContentFlagsTable, Database } from "../db/schema.js";
import type { ViewScope } from "../policies/contentObject.js";
import { whereViewable } from "./content.js";

/** The table that holds each kind of report. */
const REPORT_TABLES = { content: "content_flags", comment: "comment_flags", post: "feed_post_flags" } as const;
/** The column of each kind's table that names what a report is about (the item, the comment, the post). */
const REPORTED_COLUMNS = { content: "content_id", comment: "comment_id", post: "post_id" } as const satisfies { [K in ReportKind]: keyof Database[(typeof REPORT_TABLES)[K]] };

/** A stored report: its id, and whether this call queued it (false: the reporter's open report of it was updated). */
export interface StoredReport {
  id: number;
  isNew: boolean;
}

/**
 * The conflict target of the `<table>_one_open` partial unique indexes (migration 041): one open report per
 * reporter and reported thing. The predicate is literal SQL, since PostgreSQL matches a partial index only by a
 * predicate it can read, not by a bound parameter.
 */
const OPEN_REPORT_PREDICATE = sql<boolean>`status = 'open'`;

/**
 * Stores a report of one kind for moderators to review (status open), about the item, comment or post `subjectId`;
 * the reporter's open report of the same thing, if any, takes the new reason and message instead, so the moderators'
 * queue holds it once. The insert adds the row unless the `<table>_one_open` index already holds one (ON CONFLICT DO
 * NOTHING, so it answers a row only when it inserted), the update gives the open one the new reason and message.
 * Which of the two wrote is what tells a new report from a repeated one, on both databases and for calls at once
 * (comparing a returned created_at with our own could not tell two reports made in the same millisecond apart). An
 * open report closed between the two calls is no longer there to update: insert again.
 */
export async function storeReport(db: Db, kind: ReportKind, report: { subjectId: number; profileId: number; reason: ContentFlagsTable["reason"]; message: string }): Promise<StoredReport> {
  const table = REPORT_TABLES[kind];
  const reported = REPORTED_COLUMNS[kind];
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto(table)
      .values({ [reported]: report.subjectId, profile_id: report.profileId, reason: report.reason, message: report.message, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns([reported, "profile_id"]).where(OPEN_REPORT_PREDICATE).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, isNew: true };
    const updated = await db
      .updateTable(table)
      .set({ reason: report.reason, message: report.message })
      .where(reported, "=", report.subjectId)
      .where("profile_id", "=", report.profileId)
      .where("status", "=", "open")
      .returning("id")
      .executeTakeFirst();
    if (updated) return { id: updated.id, isNew: false };
  }
  throw new Error("A report could be neither inserted nor updated.");
}

/**
 * The reports of one kind with what the review list shows of them: the reporter, the item (reported, or holding
 * the comment or post), the comment's or post's text and author, and for a comment in a group's discussions its
 * thread (the opening comment's id and title). Each kind is one branch of the list's union.
 */
function branchOf(db: Db, kind: ReportKind) {
  // Named with AS: SQLite orders a union only by the names its columns are given.
  const columns = ["f.id as id", "f.reason as reason", "f.message as message", "f.status as status", "f.created_at as created_at", "reporter.id as reporter_id", "reporter.name as reporter_name", "content.model_key as model_key", "content.sub_type as sub_type", "content.uid as uid", "content.title as title", "f.reviewed_at as reviewed_at", "reviewer.id as reviewer_id", "reviewer.name as reviewer_name", "f.outcome as outcome", "f.review_note as review_note", "f.profile_id as reporter_profile_id", "content.id as content_id"] as const;
  const authorColumns = ["author.id as author_id", "author.uid as author_uid", "author.name as author_name"] as const;
  const noThread = [sql<number | null>`null`.as("discussion_id"), sql<string | null>`null`.as("discussion_title")];
  switch (kind) {
    case "content":
      return db
        .selectFrom("content_flags as f")
        .innerJoin("content", "content.id", "f.content_id")
        .innerJoin("profiles as reporter", "reporter.id", "f.profile_id")
        .leftJoin("profiles as reviewer", "reviewer.id", "f.reviewed_by")
        .select(columns)
        .select([sql<ReportKind>`'content'`.as("kind"), sql<string | null>`null`.as("excerpt"), sql<number>`0`.as("excerpt_is_html"), sql<string | null>`null`.as("deleted_at")])
        .select([sql<number | null>`null`.as("author_id"), sql<string | null>`null`.as("author_uid"), sql<string | null>`null`.as("author_name"), ...noThread]);
    case "comment":
      return (
        db
          .selectFrom("comment_flags as f")
          .innerJoin("comments as m", "m.id", "f.comment_id")
          .innerJoin("comment_threads as t", "t.id", "m.thread_id")
          .innerJoin("content", "content.id", "t.content_id")
          .innerJoin("profiles as reporter", "reporter.id", "f.profile_id")
          .leftJoin("profiles as reviewer", "reviewer.id", "f.reviewed_by")
          .leftJoin("profiles as author", "author.id", "m.creator_id")
          // A reply's thread is its top-level comment, which holds the title.
          .leftJoin("comments as opening", "opening.id", "m.parent_id")
          .select(columns)
          .select([sql<ReportKind>`'comment'`.as("kind"), "m.content as excerpt", "m.is_html as excerpt_is_html", sql<string | null>`coalesce(m.deleted_at, m.deleted_with_replies_at)`.as("deleted_at")])
          .select(authorColumns)
          .select([
            sql<number | null>`case when m.context = ${GROUP_DISCUSSION_CONTEXT} then coalesce(m.parent_id, m.id) end`.as("discussion_id"),
            sql<string | null>`case when m.context = ${GROUP_DISCUSSION_CONTEXT} then (case when m.parent_id is null then m.title else opening.title end) end`.as("discussion_title"),
          ])
      );
    case "post":
      return db
        .selectFrom("feed_post_flags as f")
        .innerJoin("feed_posts as p", "p.id", "f.post_id")
        .innerJoin("content", "content.id", "p.content_id")
        .innerJoin("profiles as reporter", "reporter.id", "f.profile_id")
        .leftJoin("profiles as reviewer", "reviewer.id", "f.reviewed_by")
        .leftJoin("profiles as author", "author.id", "p.poster_id")
        .select(columns)
        .select([sql<ReportKind>`'post'`.as("kind"), "p.content as excerpt", sql<number>`0`.as("excerpt_is_html"), sql<string | null>`null`.as("deleted_at")])
        .select(authorColumns)
        .select(noThread);
  }
}

/** The reports of one kind about content the scope may see (the reviewer's view rule: a report shows what it is about). */
const reportsOf = (db: Db, kind: ReportKind, scope: ViewScope) => branchOf(db, kind).where((eb) => whereViewable(eb, scope));

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportsOf>["executeTakeFirstOrThrow"]>>;

/** One page of the reports with a status about content the scope may see, of every kind, newest first, and how many there are. */
export async function listReports(db: Db, scope: ViewScope, status: ReportStatus, offset: number, limit: number): Promise<{ rows: ReportRow[]; total: number }> {
  const [content, comment, post] = REPORT_KINDS.map((kind) => reportsOf(db, kind, scope).where("f.status", "=", status));
  const rows = await content!.unionAll(comment!).unionAll(post!).orderBy("created_at", "desc").orderBy("kind").orderBy("id", "desc").limit(limit).offset(offset).execute();
  let total = 0;
  for (const kind of REPORT_KINDS) {
    const counted = await db
      .selectFrom(reportsOf(db, kind, scope).where("f.status", "=", status).as("r"))
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirst();
    total += Number(counted?.n ?? 0);
  }
  return { rows, total };
}

/** One report about content the scope may see, or undefined when there is none of that kind and id. */
export function findReport(db: Db, scope: ViewScope, kind: ReportKind, id: number): Promise<ReportRow | undefined> {
  return reportsOf(db, kind, scope).where("f.id", "=", id).executeTakeFirst();
}

/**
 * Sets a report's status, noting who did and when, with the outcome and note when resolving it (opening it again
 * clears them). A report that already has that status is left as it is, so a second moderator resolving it at the
 * same time does not take the first one's name (or outcome) off it. Whether this call changed it.
 */
export async function setReportStatus(db: Db, kind: ReportKind, id: number, review: { status: ReportStatus; outcome: ReportOutcome | null; note: string | null }, reviewerId: number): Promise<boolean> {
  const resolved = review.status === "resolved";
  const result = await db
    .updateTable(REPORT_TABLES[kind])
    .set({ status: review.status, reviewed_by: reviewerId, reviewed_at: new Date().toISOString(), outcome: resolved ? review.outcome : null, review_note: resolved ? review.note : null })
    .where("id", "=", id)
    .where("status", "<>", review.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The comment a comment report is about (the row its delete works on), or undefined when there is no such report. */
export async function reportedComment(db: Db, reportId: number) {
  return db.selectFrom("comment_flags as f").innerJoin("comments", "comments.id", "f.comment_id").selectAll("comments").where("f.id", "=", reportId).executeTakeFirst();
}
