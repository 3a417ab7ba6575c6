import type { MeetingDetails } from "../../contract/index.js";
import type { ZoomMeetingRow } from "../db/schema.js";

/** A stored meeting as the spec's meeting details (owner.name, zoom_id, join_url) with its kind, topic and start. */
export function presentZoomMeeting(row: ZoomMeetingRow): MeetingDetails {
  return { id: row.id, owner: { name: row.owner_name }, zoom_id: row.zoom_id, join_url: row.join_url, type: row.type, topic: row.topic, start_time: row.start_time };
}
