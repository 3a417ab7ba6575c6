import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import type { ReportKind, ReportStatus, ReportView } from "../../../contract/index.js";
import { REPORTS_PER_PAGE } from "../../../contract/index.js";
import { ApiError, toApiError } from "../../api/ApiError.js";
import { reportsQueryKeyAll, setReportStatus, useReports } from "../../api/moderation.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { shortDate } from "../../components/shortDate.js";
import { TabList, TabPanel } from "../../components/Tabs.js";
import { showToast } from "../../components/toastStore.js";
import { signInPath } from "../../routes/paths.js";

const TABS = [
  { key: "open", label: "Open" },
  { key: "resolved", label: "Resolved" },
] as const satisfies readonly { key: ReportStatus; label: string }[];

const KIND_LABELS: Record<ReportKind, string> = { content: "Item", comment: "Comment", post: "Feed post" };

/** The staff's list of what people reported (items, comments, feed posts), open or resolved, at /moderation/reports. */
export function ReportsScene() {
  const profile = useCurrentProfile();
  const location = useLocation();
  const allowed = Boolean(profile?.permissions.review_reports);
  const [params, setParams] = useSearchParams();
  const status: ReportStatus = params.get("status") === "resolved" ? "resolved" : "open";
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const reports = useReports(status, page, allowed);
  const id = useId();

  const go = (next: { status?: ReportStatus; page?: number }) => {
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    setParams({ ...(nextStatus === "resolved" ? { status: nextStatus } : {}), ...(nextPage > 1 ? { page: String(nextPage) } : {}) });
  };

  let body;
  if (profile === undefined) body = <p role="status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(location.pathname + location.search)}>Sign in</Link> as a moderator or administrator to review reports.
      </p>
    );
  else if (!allowed) body = <p>Only moderators and administrators review reports.</p>;
  else
    body = (
      <>
        <TabList idBase={id} label="Reports by status" tabs={TABS} active={status} onSelect={(key) => go({ status: key })} />
        {TABS.map((tab) => (
          <TabPanel key={tab.key} idBase={id} tabKey={tab.key} active={tab.key === status}>
            {tab.key === status && <ReportList status={status} page={page} query={reports} onPage={(p) => go({ page: p })} />}
          </TabPanel>
        ))}
      </>
    );

  return (
    <div className="page reports-page">
      <PageTitle title="Reports" />
      <h1 className="page-title">Reports</h1>
      <p className="reports-page__intro">What people reported as inappropriate, broken or awesome: items, comments in discussions and posts in group feeds.</p>
      {body}
    </div>
  );
}

function ReportList({ status, page, query, onPage }: { status: ReportStatus; page: number; query: ReturnType<typeof useReports>; onPage(page: number): void }) {
  const listRef = useRef<HTMLOListElement>(null);
  if (query.isPending) return <p role="status">Loading reports…</p>;
  if (query.isError) return <Alert tone="danger">{query.error instanceof ApiError ? query.error.displayMessage : "The reports could not be loaded."}</Alert>;
  const { data, total } = query.data;
  const lastPage = Math.max(1, Math.ceil(total / REPORTS_PER_PAGE));
  if (!data.length) return <p className="reports-page__empty">{status === "open" ? "No open reports. Everything reported has been reviewed." : "No resolved reports yet."}</p>;

  /** After a report leaves the list, focus goes to the next one's button, else the previous one's, else the list. */
  const focusAfter = (index: number) => {
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".report__action");
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      if (next) next.focus();
      else listRef.current?.focus();
    });
  };

  return (
    <>
      <p className="reports-page__count" role="status">
        {total === 1 ? "1 report" : `${total} reports`}
        {lastPage > 1 && `, page ${page} of ${lastPage}`}
      </p>
      <ol ref={listRef} className="report-list" tabIndex={-1} aria-label={status === "open" ? "Open reports" : "Resolved reports"}>
        {data.map((report, index) => (
          <ReportCard key={`${report.kind}-${report.id}`} report={report} onChanged={() => focusAfter(index)} />
        ))}
      </ol>
      {lastPage > 1 && (
        <nav className="reports-page__paging" aria-label="Pages of reports">
          <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <button type="button" className="button button--secondary button--small" disabled={page >= lastPage} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}

function ReportCard({ report, onChanged }: { report: ReportView; onChanged(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const next: ReportStatus = report.status === "open" ? "resolved" : "open";

  const handleChange = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await setReportStatus(report.kind, report.id, next);
      showToast(answer.message, "info");
      await queryClient.invalidateQueries({ queryKey: reportsQueryKeyAll });
      onChanged();
    } catch (error) {
      showToast((await toApiError(error)).displayMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="report card">
      <h2 className="report__title">
        <span className="report__kind">{KIND_LABELS[report.kind]}</span> {report.kind === "content" ? "" : "on "}
        <Link to={report.item.link}>{report.item.title}</Link>
      </h2>
      {report.excerpt !== null && <blockquote className="report__excerpt">{report.excerpt || "(no text)"}</blockquote>}
      <p className="report__reason">
        <strong>{report.reason_label}:</strong> {report.message}
      </p>
      <p className="report__meta">
        Reported by {report.reporter.name} on <time dateTime={report.created_at}>{shortDate(report.created_at)}</time>
      </p>
      <button type="button" className="button button--secondary button--small report__action" aria-disabled={busy || undefined} onClick={handleChange}>
        {report.status === "open" ? "Resolve" : "Open again"}
        <span className="visually-hidden"> the report of {report.item.title} by {report.reporter.name}</span>
      </button>
    </li>
  );
}
