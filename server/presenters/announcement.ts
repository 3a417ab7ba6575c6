import { ANNOUNCEMENT_TYPES, isZoomJoinUrl, type Announcement, type AnnouncementCoreAttribute, type AnnouncementState, type AnnouncementType, type ManagedAnnouncement } from "../../contract/index.js";
import { sanitizeUserHtml } from "../lib/sanitize.js";
import type { AnnouncementRow, ManagedAnnouncementRow } from "../models/announcements.js";
import { calloutSettings } from "./carousel.js";
import { modelTypeInfo } from "./modelTypes.js";
import { safeLink } from "./safeLink.js";

const isType = (value: string): value is AnnouncementType => (ANNOUNCEMENT_TYPES as readonly string[]).includes(value);

/**
 * A current announcement as its banner and Read More modal show it, with its core attributes; the content is sanitized
 * here, whoever wrote it.
 */
export function presentAnnouncement(row: AnnouncementRow, coreAttributes: AnnouncementCoreAttribute[] = []): Announcement {
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
    meeting: meetingOf(row),
    thumbnail_url: safeLink(row.thumbnail_url),
    community_callout_settings: calloutSettings(row.community_callout_settings),
    core_attributes: coreAttributes.map((a) => ({ id: a.id, type_id: a.type_id, type_key: a.type_key, type_name: a.type_name, name: a.name })),
  };
}

/** The meeting details, when both are stored and the link is an https Zoom link (as the write checked). */
function meetingOf(row: Pick<AnnouncementRow, "meeting_zoom_id" | "meeting_join_url">): Announcement["meeting"] {
  if (!row.meeting_zoom_id || !row.meeting_join_url || !isZoomJoinUrl(row.meeting_join_url)) return null;
  return { zoom_id: row.meeting_zoom_id, join_url: row.meeting_join_url };
}

/** Where an announcement stands at `now` (ISO): ended once its end has passed, to come before its start, else shown. */
export function announcementState(row: Pick<AnnouncementRow, "start_time" | "end_time">, now: string): AnnouncementState {
  if (row.end_time && row.end_time <= now) return "ended";
  if (row.start_time && row.start_time > now) return "scheduled";
  return "current";
}

/** An announcement as its administrators see it at `now`: the banner, who may see it (its item's visibility), its state. */
export function presentManagedAnnouncement(row: ManagedAnnouncementRow, now: string, coreAttributes: AnnouncementCoreAttribute[] = []): ManagedAnnouncement {
  return { ...presentAnnouncement(row, coreAttributes), audience: row.visibility, state: announcementState(row, now), updated_at: row.updated_at };
}
