import { Router } from "express";
import { MESSAGES, MODERATION_MESSAGES, REPORTS_PER_PAGE, ReportParams, ReportUpdate, ReportsQuery, type ReportUpdateResponse, type ReportsResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { findReport, listReports, setReportStatus } from "../../models/reports.js";
import { authenticate, authorize, contentObjectPolicy, moderationPolicy } from "../../policies/index.js";
import { presentReport } from "../../presenters/report.js";

/** The staff's review of what people reported (about what each reviewer may open; admins open everything): the list (GET /api/moderation/reports) and resolving one (POST /api/moderation/reports/{kind}/{id}). */
export function moderationRouter(db: Db): Router {
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
    const { status } = parseOr422(ReportUpdate, req.body ?? {});
    // A report about something the reviewer may not open is not theirs to see, nor to resolve: it reads as missing.
    const scope = contentObjectPolicy.itemScope(req.actor);
    if (!(await findReport(db, scope, kind, id))) throw new HttpError(404, MESSAGES.notFound);
    await setReportStatus(db, kind, id, status, req.actor.profile!.id);
    const report = await findReport(db, scope, kind, id);
    if (!report) throw new HttpError(404, MESSAGES.notFound);
    req.log.info({ kind, id, status }, "report reviewed");
    res.json({ status: "success", message: status === "resolved" ? MODERATION_MESSAGES.resolved : MODERATION_MESSAGES.reopened, report: presentReport(report) } satisfies ReportUpdateResponse);
  });

  return router;
}
