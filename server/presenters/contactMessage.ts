import type { ContactMessageView } from "../../contract/index.js";

/** A stored contact message as the staff's list shows it (the screenshot only as whether there is one). */
export function presentContactMessage(row: { id: number; name: string; email: string; message: string; page: string | null; created_at: string; profile_id: number | null; profile_name: string | null; has_screenshot: unknown }): ContactMessageView {
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
  };
}
