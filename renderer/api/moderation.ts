import { useQuery } from "@tanstack/react-query";
import { ReportUpdateResponse, ReportsResponse, type ReportKind, type ReportStatus, type ReportUpdateRequest } from "../../contract/index.js";
import { getJson, postJson } from "./client.js";

/** The query key of every page of the reports list (invalidated after a report changes). */
export const reportsQueryKeyAll = ["moderation-reports"];

/** GET /api/moderation/reports: one page of the reports with a status, for moderators and administrators. */
export function useReports(status: ReportStatus, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsQueryKeyAll, status, page],
    queryFn: () => getJson(`api/moderation/reports?status=${status}&page=${page}`, ReportsResponse),
    enabled,
    // The page says why it could not load, in its own alert.
    meta: { refusalsShownByScreen: true },
    // The last page shown stays while the next one loads, but only within one status: the Open list must not stand in for the Resolved one.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === status ? previous : undefined),
  });
}

/** POST /api/moderation/reports/{kind}/{id}: resolves a report (with its outcome and note), or opens it again. */
export function setReportStatus(kind: ReportKind, id: number, review: ReportUpdateRequest): Promise<ReportUpdateResponse> {
  return postJson(`api/moderation/reports/${kind}/${id}`, review, ReportUpdateResponse);
}
