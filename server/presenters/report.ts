import { FLAG_REASON_LABELS, GROUP_DISCUSSION_PARAM, type ReportOutcome, type ReportStatus, type ReportView } from "../../contract/index.js";
import { parseHtml, textOf } from "../export/htmlTree.js";
import type { ReportRow } from "../models/reports.js";
import { modelTypeInfo } from "./modelTypes.js";
import { profileLink } from "./profile.js";

/** How much of a reported comment or post the list shows. */
const EXCERPT_LENGTH = 300;

/** A comment's or post's text as the review list shows it: plain, spaces folded, cut to EXCERPT_LENGTH. */
function excerptOf(text: string, isHtml: boolean): string {
  const plain = (isHtml ? textOf(parseHtml(text)) : text).replace(/\s+/g, " ").trim();
  return plain.length <= EXCERPT_LENGTH ? plain : `${plain.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** A report as the staff's review list shows it; names every API field. A comment in a group's discussion links to its thread. */
export function presentReport(row: ReportRow): ReportView {
  const itemLink = `${modelTypeInfo(row.model_key, row.sub_type).path}/${row.uid}`;
  return {
    kind: row.kind,
    id: row.id,
    reason: row.reason,
    reason_label: FLAG_REASON_LABELS[row.reason],
    message: row.message,
    status: row.status as ReportStatus,
    created_at: row.created_at,
    reporter: { profile_id: row.reporter_id, name: row.reporter_name },
    item: { title: row.title, link: itemLink },
    excerpt: row.excerpt === null ? null : excerptOf(row.excerpt, Boolean(row.excerpt_is_html)),
    author: row.author_id === null || row.author_uid === null || row.author_name === null ? null : { profile_id: Number(row.author_id), name: row.author_name, link: profileLink(row.author_uid) },
    discussion: row.discussion_id === null ? null : { title: row.discussion_title, link: `${itemLink}?${GROUP_DISCUSSION_PARAM}=${Number(row.discussion_id)}` },
    deleted_at: row.deleted_at,
    outcome: row.outcome === null ? null : (row.outcome as ReportOutcome),
    note: row.review_note,
    review: row.reviewed_at === null ? null : { at: row.reviewed_at, reviewer: row.reviewer_id === null || row.reviewer_name === null ? null : { profile_id: row.reviewer_id, name: row.reviewer_name } },
  };
}
