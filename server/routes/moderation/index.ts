import { Router } from "express";
import { MESSAGES, MODERATION_MESSAGES, REPORTS_PER_PAGE, ReportParams, ReportUpdate, ReportsQuery, type ReportUpdateResponse, type ReportsResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { removeCommentAttachments } from "../../commands/attachments.js";
import { deleteComment } from "../../commands/deleteComment.js";
import { deliver, notifyReportResolved } from "../../commands/notify.js";
import { mailFor, type MailContext } from "../../mail/transport.js";
import { findReport, listReports, reportedComment, setReportStatus } from "../../models/reports.js";
import type { FileStorage } from "../../storage/fileStorage.js";
import { authenticate, authorize, contentObjectPolicy, moderationPolicy } from "../../policies/index.js";
import { presentReport } from "../../presenters/report.js";

/**
 * The staff's review of what people reported (about what each reviewer may open; admins open everything): the list
 * (GET /api/moderation/reports) and resolving one with its outcome, or opening it again (POST
 * /api/moderation/reports/{kind}/{id}). Resolving tells the reporter the outcome; "removed" deletes a reported comment.
 */
export function moderationRouter(db: Db, storage: FileStorage, mail: MailContext): Router {
  const router = Router();

  router.get("/api/moderation/reports", authenticate(), async (req, res) => {
    authorize(req.actor, moderationPolicy.canReview(req.actor));
    const { status, page } = parseOr422(ReportsQuery, req.query);
    const { rows, total } = await listReports(db, contentObjectPolicy.itemScope(req.actor), status, (page - 1) * REPORTS_PER_PAGE, REPORTS_PER_PAGE);
    res.json({ data: rows.map(presentReport), total } satisfies ReportsResponse);
  });

  router.post("/api/moderation/reports/:kind/:id", authenticate(), async (req, res) => {
    authorize(req.actor, moderationPolicy.canReview(req.actor));
    const { kind, id } = parseOr422(ReportParams, req.params);
    const { status, outcome, note } = parseOr422(ReportUpdate, req.body ?? {});
    // A report about something the reviewer may not open is not theirs to see, nor to resolve: it reads as missing.
    const scope = contentObjectPolicy.itemScope(req.actor);
    const before = await findReport(db, scope, kind, id);
    if (!before) throw new HttpError(404, MESSAGES.notFound);
    // The review is recorded first, and only the reviewer whose review changed the report acts on it: of two resolving
    // at once, the one recorded takes the comment down (or not) and tells the reporter, as the report then says.
    const changed = await setReportStatus(db, kind, id, { status, outcome: status === "resolved" ? outcome : null, note }, req.actor.profile!.id);
    if (changed && status === "resolved" && outcome === "removed" && moderationPolicy.canRemoveReported(req.actor, kind)) await removeReportedComment(db, storage, id, req.actor.profile!.id);
    const report = await findReport(db, scope, kind, id);
    if (!report) throw new HttpError(404, MESSAGES.notFound);
    req.log.info({ kind, id, status, outcome: report.outcome }, "report reviewed");
    if (changed && status === "resolved") {
      await deliver(req.log, "a resolved report", () => notifyReportResolved(db, { what: kind, contentId: report.content_id, reporterId: report.reporter_profile_id, outcome, message: report.message }, mailFor(mail, req)));
    }
    res.json({ status: "success", message: status === "resolved" ? MODERATION_MESSAGES.resolved : MODERATION_MESSAGES.reopened, report: presentReport(report) } satisfies ReportUpdateResponse);
  });

  return router;
}

/** Deletes the comment a report is about, as its author's Delete does (with its attachments), unless it is gone already. */
async function removeReportedComment(db: Db, storage: FileStorage, reportId: number, deleterId: number): Promise<void> {
  const comment = await reportedComment(db, reportId);
  if (!comment || comment.deleted_at !== null || comment.deleted_with_replies_at !== null) return;
  await deleteComment(db, comment, deleterId);
  await removeCommentAttachments(db, storage, comment.id);
}
