import { ANNOUNCEMENT_TYPES, type Announcement, type AnnouncementType } from "../../contract/index.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";
import type { AnnouncementRow } from "../models/announcements.js";
import { modelTypeInfo } from "./modelTypes.js";
import { safeLink } from "./safeLink.js";

const isType = (value: string): value is AnnouncementType => (ANNOUNCEMENT_TYPES as readonly string[]).includes(value);

/** A current announcement as its banner and Read More modal show it; the content is sanitized here, whoever wrote it. */
export function presentAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    type: isType(row.type) ? row.type : "others",
    title: row.title,
    description: row.description,
    content: sanitizeUserHtml(row.content, "simple"),
    link: safeLink(row.link),
    cta_text: row.cta_text,
    start_time: row.start_time,
    end_time: row.end_time,
    event_start_time: row.event_start_time,
    event_end_time: row.event_end_time,
    all_day: row.all_day === 1,
    is_sticky: row.is_sticky === 1,
    priority: row.priority,
    show_snooze: row.show_snooze === 1,
    show_dismiss: row.show_dismiss === 1,
    url: `${modelTypeInfo(row.model_key, row.sub_type).path}/${row.uid}`,
  };
}
