import type { Ref } from "react";
import { formatZoomId, isZoomJoinUrl, type MeetingDetails } from "../../../contract/index.js";
import { shortDateTime } from "../dates.js";

/** "Zoom meeting" or "Zoom webinar". */
export const meetingKind = (meeting: Pick<MeetingDetails, "type">): string => (meeting.type === "webinar" ? "Zoom webinar" : "Zoom meeting");

/** A start time in the reader's own time zone, as the app writes dates (M/D/YYYY, h:mm AM/PM), or null without one (an instant meeting). */
function startsAt(startTime: string | null): string | null {
  if (!startTime) return null;
  const date = new Date(startTime);
  return Number.isNaN(date.getTime()) ? null : shortDateTime(date);
}

/**
 * A Zoom meeting or webinar a comment carries (the spec's meeting details): its kind, topic, host, start, the Zoom ID
 * grouped 3-4-rest, and Join (a new tab). The link is shown only when it is an https Zoom link, as the server checked.
 * `onRemove`: in a comment being written, takes the meeting off it (`ref` and tabIndex -1 let the form put focus on the
 * card once the meeting is added, its dialog gone).
 */
export function MeetingCard({ meeting, onRemove, ref }: { meeting: MeetingDetails; onRemove?(): void; ref?: Ref<HTMLElement> }) {
  const kind = meetingKind(meeting);
  const start = startsAt(meeting.start_time);
  return (
    <section ref={ref} tabIndex={ref ? -1 : undefined} className="meeting-card" aria-label={`${kind}: ${meeting.topic}`}>
      <p className="meeting-card__kind">{kind}</p>
      <p className="meeting-card__topic">{meeting.topic}</p>
      <p className="meeting-card__meta">
        <span>Host: {meeting.owner.name}</span>
        {start && <span>Starts: {start}</span>}
        <span>Zoom ID: {formatZoomId(meeting.zoom_id)}</span>
      </p>
      <div className="meeting-card__actions">
        {isZoomJoinUrl(meeting.join_url) && (
          <a className="button button--small button--primary" href={meeting.join_url} target="_blank" rel="noopener noreferrer">
            Join<span className="visually-hidden"> the {kind.toLowerCase()} “{meeting.topic}” (opens in a new tab)</span>
          </a>
        )}
        {onRemove && (
          <button type="button" className="button button--small button--ghost" onClick={onRemove}>
            Remove {meeting.type}
          </button>
        )}
      </div>
    </section>
  );
}
