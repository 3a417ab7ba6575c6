import { Router } from "express";
import { MESSAGES, MODERATION_MESSAGES, REPORTS_PER_PAGE, ReportParams, ReportUpdate, ReportsQuery, type ReportUpdateResponse, type ReportsResponse } from "../../../contract/index.js";
import type { Db } from "../../db/connection.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { findReport, listReports, setReportStatus } from "../../models/reports.js";
import { authenticate, authorize, moderationPolicy } from "../../policies/index.js";
import { presentReport } from "../../presenters/report.js";

/** The staff's review of what people reported: the list (GET /api/moderation/reports) and resolving one (POST /api/moderation/reports/{kind}/{id}). */
export function moderationRouter(db: Db): Router {
  const router = Router();

  router.get("/api/moderation/reports", authenticate(), async (req, res) => {
    authorize(req.actor, moderationPolicy.canReview(req.actor));
    const { status, page } = parseOr422(ReportsQuery, req.query);
    const { rows, total } = await listReports(db, status, (page - 1) * REPORTS_PER_PAGE, REPORTS_PER_PAGE);
    res.json({ data: rows.map(presentReport), total } satisfies ReportsResponse);
  });

  router.post("/api/moderation/reports/:kind/:id", authenticate(), async (req, res) => {
    authorize(req.actor, moderationPolicy.canReview(req.actor));
    const { kind, id } = parseOr422(ReportParams, req.params);
    const { status } = parseOr422(ReportUpdate, req.body ?? {});
    if (!(await setReportStatus(db, kind, id, status, req.actor.profile!.id))) throw new HttpError(404, MESSAGES.notFound);
    const report = await findReport(db, kind, id);
    if (!report) throw new HttpError(404, MESSAGES.notFound);
    req.log.info({ kind, id, status }, "report reviewed");
    res.json({ status: "success", message: status === "resolved" ? MODERATION_MESSAGES.resolved : MODERATION_MESSAGES.reopened, report: presentReport(report) } satisfies ReportUpdateResponse);
  });

  return router;
}
