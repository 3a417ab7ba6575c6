import { useId, useState } from "react";
import { ANNOUNCEMENT_TEXTS, formatZoomId, isZoomJoinUrl, type Announcement, type AnnouncementType } from "../../contract/index.js";
import { useAnnouncements } from "../api/announcements.js";
import { useHiddenAnnouncements } from "../hooks/useHiddenAnnouncements.js";
import { AppLink } from "./AppLink.js";
import { calloutStyle } from "./carousel/NewsCarousel.js";
import { shortDateRange } from "./dates.js";
import { Icon, type IconName } from "./Icon.js";
import { CloseActions, ModalFrame } from "./ModalFrame.js";

const TYPES: Record<AnnouncementType, { icon: IconName; label: string }> = {
  information: { icon: "info", label: "Information" },
  error: { icon: "alertCircle", label: "Alert" },
  question: { icon: "helpCircle", label: "Question" },
  event: { icon: "calendar", label: "Event" },
  others: { icon: "megaphone", label: "Announcement" },
};

/** The id of a banner's Read More button, where focus goes when the banner before it is hidden. */
const readMoreId = (id: number) => `announcement-${id}-more`;

/**
 * The system announcements under the site header, one compact banner each: type icon, title, short description,
 * Read More (the full text in a modal), and Snooze and Dismiss when the announcement offers them (kept in this browser).
 */
export function AnnouncementBanners() {
  const { data } = useAnnouncements();
  const current = data?.data ?? [];
  const hidden = useHiddenAnnouncements(current.map((a) => a.id));
  const shown = current.filter((a) => !hidden.isHidden(a.id));
  if (shown.length === 0) return null;

  const handleHide = (announcement: Announcement, how: "snooze" | "dismiss") => {
    // The button goes with its banner: focus moves to the next banner, or to the page when none is left.
    const index = shown.indexOf(announcement);
    const next = shown[index + 1] ?? shown[index - 1];
    if (how === "snooze") hidden.snooze(announcement.id);
    else hidden.dismiss(announcement.id);
    requestAnimationFrame(() => (next ? document.getElementById(readMoreId(next.id)) : document.getElementById("main"))?.focus());
  };

  return (
    <section className="announcements" aria-label={ANNOUNCEMENT_TEXTS.region}>
      <ul className="announcements__list">
        {shown.map((a) => (
          <AnnouncementBanner key={a.id} announcement={a} onSnooze={() => handleHide(a, "snooze")} onDismiss={() => handleHide(a, "dismiss")} />
        ))}
      </ul>
    </section>
  );
}

function AnnouncementBanner({ announcement: a, onSnooze, onDismiss }: { announcement: Announcement; onSnooze(): void; onDismiss(): void }) {
  const titleId = useId();
  const [reading, setReading] = useState(false);
  const type = TYPES[a.type];
  return (
    <li className={`announcement announcement--${a.type}`} data-announcement-id={a.id}>
      <span className="announcement__icon">
        <Icon name={type.icon} size={20} />
      </span>
      {/* Beside the title it only decorates; Read More shows it whole, with its alternative text. */}
      {a.thumbnail_url && <img className="announcement__thumbnail" src={a.thumbnail_url} alt="" />}
      <p className="announcement__text">
        <span className="visually-hidden">{type.label}: </span>
        <strong id={titleId} className="announcement__title">
          {a.title}
        </strong>
        {a.description && <span className="announcement__description">{a.description}</span>}
      </p>
      <div className="announcement__actions">
        <button type="button" id={readMoreId(a.id)} className="button button--small button--secondary" aria-describedby={titleId} onClick={() => setReading(true)}>
          {ANNOUNCEMENT_TEXTS.readMore}
        </button>
        {a.show_snooze && (
          <button type="button" className="button button--small button--ghost announcement__action" aria-describedby={titleId} onClick={onSnooze}>
            <Icon name="clock" size={18} />
            <span className="visually-hidden-on-phone">{ANNOUNCEMENT_TEXTS.snooze}</span>
          </button>
        )}
        {a.show_dismiss && (
          <button type="button" className="button button--small button--ghost announcement__action" aria-describedby={titleId} onClick={onDismiss}>
            <Icon name="close" size={18} />
            <span className="visually-hidden-on-phone">{ANNOUNCEMENT_TEXTS.dismiss}</span>
          </button>
        )}
      </div>
      {reading && <AnnouncementDialog announcement={a} onClose={() => setReading(false)} />}
    </li>
  );
}

/** When an event takes place, in the reader's time zone ("2/10/2027, 5:00 – 6:00 PM"); an all-day one, its days as stored. */
const eventWhen = (a: Announcement): string | null => (a.event_start_time ? shortDateRange(a.event_start_time, a.event_end_time, a.all_day) : null);

/** The announcement's meeting details: the Zoom ID grouped 3-4-rest digits (second document) and Join in a new tab (only an https Zoom link). */
function AnnouncementMeeting({ meeting }: { meeting: NonNullable<Announcement["meeting"]> }) {
  return (
    <section className="meeting-card" aria-label="Meeting details">
      <p className="meeting-card__kind">Zoom meeting</p>
      <p className="meeting-card__meta">
        <span>Zoom ID: {formatZoomId(meeting.zoom_id)}</span>
      </p>
      {isZoomJoinUrl(meeting.join_url) && (
        <div className="meeting-card__actions">
          <a className="button button--small button--primary" href={meeting.join_url} target="_blank" rel="noopener noreferrer">
            Join<span className="visually-hidden"> the Zoom meeting (opens in a new tab)</span>
          </a>
        </div>
      )}
    </section>
  );
}

/**
 * The announcement's community callout, as a news slide's: its thumbnail (with its alternative text) under a panel in
 * the callout's colours, holding the callout's title (else the announcement's) and description. None without a
 * thumbnail or a callout text of its own.
 */
export function AnnouncementCallout({ announcement: a }: { announcement: Pick<Announcement, "title" | "thumbnail_url" | "community_callout_settings"> }) {
  const s = a.community_callout_settings;
  if (!a.thumbnail_url && !s.title && !s.description) return null;
  return (
    <div className="news-slide announcement-callout">
      {a.thumbnail_url && <img className="news-slide__banner" src={a.thumbnail_url} alt={s.background_alt_text} />}
      <div className="news-slide__callout" style={calloutStyle(s)}>
        <p className="news-slide__title">{s.title || a.title}</p>
        {s.description && <p className="news-slide__description">{s.description}</p>}
      </div>
    </div>
  );
}

/** Read More: the callout, the whole announcement (its sanitized HTML) and its call to action. */
function AnnouncementDialog({ announcement: a, onClose }: { announcement: Announcement; onClose(): void }) {
  const when = eventWhen(a);
  const external = a.link !== null && /^https?:/i.test(a.link);
  return (
    <ModalFrame id="announcement-modal" title={a.title} description={a.description || undefined} className="dialog dialog--announcement" onClose={onClose}>
      <AnnouncementCallout announcement={a} />
      {when && (
        <p className="announcement-modal__when">
          <Icon name="calendar" size={18} /> {when}
        </p>
      )}
      {/* Sanitized on the server (the "simple" profile, server/presenters/announcement.ts). */}
      <div className="rich-content announcement-modal__content" dangerouslySetInnerHTML={{ __html: a.content }} />
      {a.meeting && <AnnouncementMeeting meeting={a.meeting} />}
      {a.link && (
        <p>
          <AppLink className="button button--primary" href={a.link} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : { onClick: onClose })}>
            {a.cta_text || ANNOUNCEMENT_TEXTS.defaultCta}
            {external && <span className="visually-hidden"> (opens in a new tab)</span>}
          </AppLink>
        </p>
      )}
      <CloseActions />
    </ModalFrame>
  );
}
