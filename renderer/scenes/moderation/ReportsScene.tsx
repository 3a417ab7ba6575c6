import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import type { ReportKind, ReportOutcome, ReportStatus, ReportUpdateRequest, ReportView } from "../../../contract/index.js";
import { REPORT_NOTE_MAX, REPORT_OUTCOME_LABELS, REPORT_OUTCOMES, REPORTS_PER_PAGE } from "../../../contract/index.js";
import { messageOf, toApiError } from "../../api/ApiError.js";
import { reportsQueryKeyAll, setReportStatus, useReports } from "../../api/moderation.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { shortDate } from "../../components/dates.js";
import { TabList, TabPanel } from "../../components/Tabs.js";
import { showToast } from "../../components/toastStore.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { StaffPage } from "./StaffPage.js";

const TABS = [
  { key: "open", label: "Open" },
  { key: "resolved", label: "Resolved" },
] as const satisfies readonly { key: ReportStatus; label: string }[];

const KIND_LABELS: Record<ReportKind, string> = { content: "Item", comment: "Comment", post: "Feed post" };

/** The staff's list of what people reported (items, comments, feed posts), open or resolved, at /moderation/reports. */
export function ReportsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.review_reports);
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

  return (
    <StaffPage title="Reports" intro="What people reported as inappropriate, broken or awesome: items, comments in discussions and posts in group feeds." permission="review_reports">
      <TabList idBase={id} label="Reports by status" tabs={TABS} active={status} onSelect={(key) => go({ status: key })} />
      {TABS.map((tab) => (
        <TabPanel key={tab.key} idBase={id} tabKey={tab.key} active={tab.key === status}>
          {tab.key === status && <ReportList status={status} page={page} query={reports} onPage={(p) => go({ page: p })} />}
        </TabPanel>
      ))}
    </StaffPage>
  );
}

const reportKey = (report: ReportView) => `${report.kind}-${report.id}`;

function ReportList({ status, page, query, onPage }: { status: ReportStatus; page: number; query: ReturnType<typeof useReports>; onPage(page: number): void }) {
  const listRef = useRef<HTMLOListElement>(null);
  /** The report that was resolved or opened again, and where it stood, until the list is shown without it. */
  const leaving = useRef<{ key: string; index: number } | null>(null);
  const reports = query.data?.data;

  // Once the list no longer holds it, focus goes to the button that took its place (else the one before), or, with
  // the list empty, to the chosen tab: never to the page's top, where the removed button would have left it.
  useEffect(() => {
    const gone = leaving.current;
    if (!gone || !reports || reports.some((r) => reportKey(r) === gone.key)) return;
    leaving.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>(".report__action");
    const next = buttons?.[Math.min(gone.index, buttons.length - 1)];
    (next ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'))?.focus();
  }, [reports]);

  if (query.isPending) return <p role="status">Loading reports…</p>;
  if (query.isError) return <Alert tone="danger">{messageOf(query.error, "The reports could not be loaded.")}</Alert>;
  const { data, total } = query.data;
  if (!data.length && page > 1) return <EmptyPage onFirstPage={() => onPage(1)} />;
  if (!data.length) return <p className="staff-page__empty">{status === "open" ? "No open reports. Everything reported has been reviewed." : "No resolved reports yet."}</p>;

  return (
    <>
      <p className="staff-page__count" role="status">
        {total === 1 ? "1 report" : `${total} reports`}
      </p>
      <ol ref={listRef} className="report-list" aria-label={status === "open" ? "Open reports" : "Resolved reports"}>
        {data.map((report, index) => (
          <ReportCard key={reportKey(report)} report={report} onChanged={() => (leaving.current = { key: reportKey(report), index })} />
        ))}
      </ol>
      <Pager label="Pages of reports" page={page} total={total} per={REPORTS_PER_PAGE} onPage={onPage} />
    </>
  );
}

/** What "Content removed or hidden" does to each kind of report (the server's moderationPolicy.canRemoveReported). */
const REMOVAL_HINTS: Record<ReportKind, string> = {
  content: "Records the outcome only: hide or delete the item yourself (deleting it also deletes its reports).",
  comment: "Deletes the comment, as its author's Delete would (kept as deleted when it has replies).",
  post: "Records the outcome only: delete the post in the group's feed yourself (that also deletes its reports).",
};

function ReportCard({ report, onChanged }: { report: ReportView; onChanged(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome>("none");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const resolveButton = useRef<HTMLButtonElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (resolving) firstChoice.current?.focus();
  }, [resolving]);

  const change = async (review: ReportUpdateRequest) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await setReportStatus(report.kind, report.id, review);
      showToast(answer.message, "info");
      // Told before the list is fetched again, so the list knows where focus goes when it is shown without this one.
      onChanged();
      await queryClient.invalidateQueries({ queryKey: reportsQueryKeyAll });
    } catch (failure) {
      const message = (await toApiError(failure)).displayMessage;
      if (resolving) setError(message);
      else showToast(message);
    } finally {
      setBusy(false);
    }
  };

  const handleResolve = (event: FormEvent) => {
    event.preventDefault();
    void change({ status: "resolved", outcome, note: note.trim() || undefined });
  };

  const handleCancel = () => {
    setResolving(false);
    setError(null);
    // The form goes: focus returns to the button that opened it.
    requestAnimationFrame(() => resolveButton.current?.focus());
  };

  return (
    <li className="report card">
      <h2 className="report__title">
        <span className="report__kind">{KIND_LABELS[report.kind]}</span>{" "}
        {report.discussion && (
          <>
            in <Link to={report.discussion.link}>{report.discussion.title === null ? "a deleted discussion" : `“${report.discussion.title}”`}</Link>{" "}
          </>
        )}
        {report.kind === "content" ? "" : "on "}
        <Link to={report.item.link}>{report.item.title}</Link>
      </h2>
      {report.excerpt !== null && <blockquote className="report__excerpt">{report.excerpt || "(no text)"}</blockquote>}
      {report.author && (
        <p className="report__author">
          {report.kind === "post" ? "Posted" : "Written"} by <Link to={report.author.link}>{report.author.name}</Link>
        </p>
      )}
      {report.deleted_at && (
        <p className="report__deleted">
          The comment was deleted on <time dateTime={report.deleted_at}>{shortDate(report.deleted_at)}</time>, after it was reported: nobody sees it in the discussion any more.
        </p>
      )}
      <p className="report__reason">
        <strong>{report.reason_label}:</strong> {report.message}
      </p>
      <p className="report__meta">
        Reported by {report.reporter.name} on <time dateTime={report.created_at}>{shortDate(report.created_at)}</time>
        {report.review && (
          <>
            {`. ${report.status === "resolved" ? "Resolved" : "Opened again"}${report.review.reviewer ? ` by ${report.review.reviewer.name}` : ""} on `}
            <time dateTime={report.review.at}>{shortDate(report.review.at)}</time>
          </>
        )}
      </p>
      {report.status === "resolved" && report.outcome && (
        <p className="report__outcome">
          <strong>Outcome:</strong> {REPORT_OUTCOME_LABELS[report.outcome]}
          {report.note && (
            <>
              {" "}
              <span className="report__note">— {report.note}</span>
            </>
          )}
        </p>
      )}
      {resolving ? (
        <form className="report__resolve" aria-label={`Resolve the report of ${report.item.title} by ${report.reporter.name}`} onSubmit={handleResolve}>
          <fieldset className="choice-group">
            <legend className="field__label">Outcome</legend>
            {REPORT_OUTCOMES.map((key, index) => (
              <label key={key} className="choice">
                <input ref={index === 0 ? firstChoice : undefined} type="radio" name={`${formId}-outcome`} value={key} checked={outcome === key} onChange={() => setOutcome(key)} />
                {REPORT_OUTCOME_LABELS[key]}
              </label>
            ))}
            {outcome === "removed" && <p className="field__hint">{REMOVAL_HINTS[report.kind]}</p>}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-note`}>
              Note for the staff (optional)
            </label>
            <textarea id={`${formId}-note`} className="input textarea" rows={2} maxLength={REPORT_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby={`${formId}-note-hint`} />
            <p id={`${formId}-note-hint`} className="field__hint">
              Shown with the report in the resolved list, not to the reporter. {note.length}/{REPORT_NOTE_MAX}
            </p>
          </div>
          {error && <Alert tone="danger">{error}</Alert>}
          <div className="report__resolve-actions">
            <button type="submit" className="button button--primary button--small" aria-disabled={busy || undefined}>
              Resolve report
            </button>
            <button type="button" className="button button--secondary button--small" onClick={handleCancel}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={resolveButton}
          type="button"
          className="button button--secondary button--small report__action"
          aria-disabled={busy || undefined}
          onClick={() => (report.status === "open" ? setResolving(true) : void change({ status: "open" }))}
        >
          {report.status === "open" ? "Resolve" : "Open again"}
          <span className="visually-hidden"> the report of {report.item.title} by {report.reporter.name}</span>
        </button>
      )}
    </li>
  );
}
