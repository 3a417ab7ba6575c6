import type { ContactMessageView } from "../../contract/index.js";
import type { ContactMessageRow } from "../models/contactMessages.js";

/** A stored contact message as the staff's list shows it (the screenshot only as whether there is one), with who marked it handled. */
export function presentContactMessage(row: ContactMessageRow): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    profile: row.profile_id !== null && row.profile_name !== null ? { profile_id: row.profile_id, name: row.profile_name } : null,
    page: row.page,
    // SQLite answers the comparison as 0 or 1, PostgreSQL as a boolean.
    has_screenshot: Boolean(row.has_screenshot),
    created_at: row.created_at,
    status: row.handled_at === null ? "open" : "handled",
    handled: row.handled_at === null ? null : { at: row.handled_at, by: row.handled_by === null || row.handler_name === null ? null : { profile_id: row.handled_by, name: row.handler_name } },
  };
}
