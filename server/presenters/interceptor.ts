import type { ManagedInterceptor, PendingInterceptor } from "../../contract/index.js";
import type { InterceptorRow } from "../db/schema.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";
import { isCurrent, scheduleState } from "../models/interceptors.js";

/** A notice as the Interceptors dialog shows it; the content is sanitized here, whoever wrote it. */
export function presentPendingInterceptor(row: InterceptorRow): PendingInterceptor {
  return { id: row.id, title: row.title, content: sanitizeUserHtml(row.content, "simple") };
}

/** An interceptor as its administrators see it, with whether it is shown at `now`. */
export function presentManagedInterceptor(row: InterceptorRow, now: string): ManagedInterceptor {
  return {
    ...presentPendingInterceptor(row),
    sort_order: row.sort_order,
    is_active: row.is_active === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    is_current: isCurrent(row, now),
    state: scheduleState(row, now),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
