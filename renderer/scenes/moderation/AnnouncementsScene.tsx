import { useQueryClient } from "@tanstack/react-query";
import type { LexicalEditor } from "lexical";
import { useCallback, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import {
  ANNOUNCEMENT_MANAGE_TEXTS as T,
  ANNOUNCEMENT_PRIORITY_MAX,
  ANNOUNCEMENT_TYPES,
  CommunityCalloutSettings,
  formatZoomId,
  isZoomJoinUrl,
  NEWS_MESSAGES,
  type AnnouncementAudience,
  type AnnouncementType,
  type AttributeTypeConfig,
  type ManagedAnnouncement,
} from "../../../contract/index.js";
import { deleteAnnouncement, endAnnouncement, saveAnnouncement, useManagedAnnouncements } from "../../api/announcements.js";
import { useCurrentProfile } from "../../api/queries.js";
import { AnnouncementCallout } from "../../components/AnnouncementBanners.js";
import { shortDate, shortDateRange } from "../../components/dates.js";
import { readSectionContent, SectionEditor } from "../../components/editor/SectionEditor.js";
import { Field } from "../../components/Field.js";
import { AttributeTree, type Selection } from "../../components/tagging/AttributeTree.js";
import { fromLocalInput, shownInWords, StaffCard, StaffEntriesPage, StaffFormDialog, toLocalInput, useStaffForm, type StaffFormProps } from "./staffEditing.js";

const TYPE_LABELS: Record<AnnouncementType, string> = { information: "Information", error: "Error", question: "Question", event: "Event", others: "Others" };
const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = { public: "Everyone", authed: "Signed-in users", restricted: "Only people it is shared with on its page" };

/** The administrators' system announcements (the banners under the header), at /moderation/announcements, 25 a page (`?page=`). */
export function AnnouncementsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_announcements);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const announcements = useManagedAnnouncements(page, allowed);
  const queryClient = useQueryClient();

  /** After a change: the list and the banners (the administrator's own included). */
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["announcements"] });

  return (
    <StaffEntriesPage
      title="Announcements"
      intro="The banners shown under the header, to everyone or to signed-in users, inside their dates: sticky ones first, then by priority. Read More opens the whole text, with the meeting's Zoom ID and Join link when it has one."
      permission="manage_announcements"
      noun="announcement"
      nouns="announcements"
      newId="new-announcement"
      counted
      query={announcements}
      paging={{ page, label: "Pages of announcements", onPage: (p) => setParams(p > 1 ? { page: String(p) } : {}) }}
      card={(announcement, { edit, ask }) => <AnnouncementCard key={announcement.id} announcement={announcement} onEdit={edit} onEnd={() => ask("end")} onDelete={() => ask("delete")} />}
      form={(announcement, props) => <AnnouncementDialog announcement={announcement} coreTypes={announcements.data?.core_attribute_types ?? []} {...props} />}
      afterSave={refresh}
      dueTimes={(a) => [a.start_time, a.end_time]}
      deletion={{ question: deleteQuestion, run: (a) => deleteAnnouncement(a.id) }}
      actions={{
        end: {
          title: "End announcement",
          confirmLabel: "End now",
          question: (a) => `End "${a.title}" now? Its banner is taken down for everyone; it stays listed here as ended.`,
          run: (a) => endAnnouncement(a.id),
        },
      }}
    />
  );
}

/** Delete's question: it takes the announcement's page and the comments on it, not only the banner (End now does that). */
function deleteQuestion(a: ManagedAnnouncement): string {
  const instead = a.state === "current" ? " To take down only the banner and keep the page, choose End now instead." : "";
  return `Delete "${a.title}"? This deletes its page and all the comments on it for good, not only its banner.${instead}`;
}

/** A card: End now only while its banner is shown (one to come has no banner to take down: its dates are edited, or it is deleted). */
function AnnouncementCard({ announcement: a, onEdit, onEnd, onDelete }: { announcement: ManagedAnnouncement; onEdit(): void; onEnd(): void; onDelete(): void }) {
  const details = [
    TYPE_LABELS[a.type],
    AUDIENCE_LABELS[a.audience],
    a.is_sticky ? "sticky" : null,
    `priority ${a.priority}`,
    a.show_snooze ? "Snooze" : null,
    a.show_dismiss ? "Dismiss" : null,
    a.core_attributes.length ? a.core_attributes.map((c) => c.name).join(", ") : null,
    a.thumbnail_url ? (a.community_callout_settings.background_alt_text ? "thumbnail" : "thumbnail without alternative text") : null,
    a.thumbnail_url && (a.community_callout_settings.title || a.community_callout_settings.description) ? "callout with its own words" : null,
    `changed on ${shortDate(a.updated_at)}`,
  ].filter(Boolean);
  return (
    <StaffCard
      className="announcement-card"
      state={shownInWords(a.state, a.start_time, a.end_time)}
      shown={a.state === "current"}
      title={a.title}
      onEdit={onEdit}
      onDelete={onDelete}
      actions={
        a.state === "current" && (
          <button type="button" className="button button--secondary button--small" onClick={onEnd}>
            End now<span className="visually-hidden"> {a.title}</span>
          </button>
        )
      }
    >
      {a.description && <p className="announcement-card__description">{a.description}</p>}
      {a.event_start_time && <p className="report__meta">Event: {shortDateRange(a.event_start_time, a.event_end_time, a.all_day)}</p>}
      {a.meeting && <p className="report__meta">Meeting: Zoom ID {formatZoomId(a.meeting.zoom_id)}</p>}
      <p className="report__meta">{details.join(" · ")}</p>
    </StaffCard>
  );
}

const FIELDS = [
  "title",
  "type",
  "description",
  "content",
  "link",
  "cta_text",
  "start_time",
  "end_time",
  "event_start_time",
  "event_end_time",
  "priority",
  "audience",
  "meeting_zoom_id",
  "meeting_join_url",
  "thumbnail_url",
  "community_callout_settings.background_alt_text",
  "community_callout_settings.title",
  "community_callout_settings.description",
  "community_callout_settings.background_color",
  "community_callout_settings.text_color",
  "community_callout_settings.background_opacity",
  "attribute_ids",
] as const;
type FieldName = (typeof FIELDS)[number];

/** A link the server keeps: http(s), or a path on this site (not // or /\, which browsers read as another host). */
const isSafeLink = (value: string) => /^(https?:\/\/\S+|\/(?![/\\])[^\s\\]*)$/i.test(value);
/** An all-day value (stored as midnight UTC) as a date control shows it, and a timed one as a datetime-local control does. */
const eventInput = (iso: string | null, allDay: boolean) => (iso ? (allDay ? iso.slice(0, 10) : toLocalInput(iso)) : "");

/** Adding (no announcement) or editing one: the banner, its Read More text, its dates, who sees it and its meeting. */
function AnnouncementDialog({ announcement: a, coreTypes, onClose, onSaved }: { announcement: ManagedAnnouncement | null; coreTypes: AttributeTypeConfig[] } & StaffFormProps) {
  const form = useStaffForm(FIELDS);
  const { errors, control, edit, fieldId } = form;
  const editor = useRef<LexicalEditor | null>(null);
  const [title, setTitle] = useState(a?.title ?? "");
  const [type, setType] = useState<AnnouncementType>(a?.type ?? "information");
  const [description, setDescription] = useState(a?.description ?? "");
  const [link, setLink] = useState(a?.link ?? "");
  const [cta, setCta] = useState(a?.cta_text ?? "");
  const [start, setStart] = useState(toLocalInput(a?.start_time ?? null));
  const [end, setEnd] = useState(toLocalInput(a?.end_time ?? null));
  const [allDay, setAllDay] = useState(a?.all_day ?? false);
  const [eventStart, setEventStart] = useState(eventInput(a?.event_start_time ?? null, a?.all_day ?? false));
  const [eventEnd, setEventEnd] = useState(eventInput(a?.event_end_time ?? null, a?.all_day ?? false));
  const [sticky, setSticky] = useState(a?.is_sticky ?? false);
  const [priority, setPriority] = useState(String(a?.priority ?? 0));
  const [snooze, setSnooze] = useState(a?.show_snooze ?? true);
  const [dismiss, setDismiss] = useState(a?.show_dismiss ?? true);
  const [audience, setAudience] = useState<AnnouncementAudience>(a?.audience ?? "public");
  const [zoomId, setZoomId] = useState(a?.meeting?.zoom_id ?? "");
  const [joinUrl, setJoinUrl] = useState(a?.meeting?.join_url ?? "");
  const [thumbnail, setThumbnail] = useState(a?.thumbnail_url ?? "");
  // PUT replaces the whole announcement: the callout's settings the form does not show (blur, shadow, button) go back as they were.
  const [callout, setCallout] = useState<CommunityCalloutSettings>(a?.community_callout_settings ?? CommunityCalloutSettings.parse({}));
  const [opacity, setOpacity] = useState(String(callout.background_opacity));
  const [core, setCore] = useState<CoreChoice>(() => new Map((a?.core_attributes ?? []).map((c) => [c.id, { id: c.id, type_id: c.type_id, name: c.name }])));
  const isEvent = type === "event";
  const handleEditor = useCallback((instance: LexicalEditor | null) => {
    editor.current = instance;
  }, []);

  const check = () => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!title.trim()) found.title = T.titleRequired;
    if (link.trim() && !isSafeLink(link.trim())) found.link = T.badLink;
    else if (cta.trim() && !link.trim()) found.link = T.ctaWithoutLink;
    if (start && end && end <= start) found.end_time = T.endBeforeStart;
    if (isEvent && !eventStart) found.event_start_time = T.eventStartRequired;
    if (isEvent && eventStart && eventEnd && (allDay ? eventEnd < eventStart : eventEnd <= eventStart)) found.event_end_time = T.endBeforeStart;
    const n = Number(priority);
    if (priority.trim() === "" || !Number.isInteger(n) || Math.abs(n) > ANNOUNCEMENT_PRIORITY_MAX) found.priority = T.badPriority;
    const digits = zoomId.replace(/[\s-]/g, "");
    if (digits && !/^\d{9,11}$/.test(digits)) found.meeting_zoom_id = T.badZoomId;
    if (joinUrl.trim() && !isZoomJoinUrl(joinUrl.trim())) found.meeting_join_url = T.badJoinUrl;
    if (thumbnail.trim() && !isSafeLink(thumbnail.trim())) found.thumbnail_url = T.badThumbnail;
    const alpha = Number(opacity);
    if (opacity.trim() === "" || !(alpha >= 0 && alpha <= 1)) found["community_callout_settings.background_opacity"] = NEWS_MESSAGES.badOpacity;
    if (!found.meeting_zoom_id && !found.meeting_join_url && Boolean(digits) !== Boolean(joinUrl.trim())) found[digits ? "meeting_join_url" : "meeting_zoom_id"] = T.meetingIncomplete;
    return found;
  };

  const save = async () => {
    const content = editor.current ? readSectionContent(editor.current).html : (a?.content ?? "");
    const answer = await saveAnnouncement(a?.id ?? null, {
      title,
      type,
      description,
      content,
      link,
      cta_text: cta,
      start_time: fromLocalInput(start),
      end_time: fromLocalInput(end),
      all_day: isEvent && allDay,
      event_start_time: !isEvent || !eventStart ? null : allDay ? eventStart : fromLocalInput(eventStart),
      event_end_time: !isEvent || !eventEnd ? null : allDay ? eventEnd : fromLocalInput(eventEnd),
      is_sticky: sticky,
      priority: Number(priority),
      show_snooze: snooze,
      show_dismiss: dismiss,
      audience,
      meeting_zoom_id: zoomId,
      meeting_join_url: joinUrl,
      thumbnail_url: thumbnail,
      community_callout_settings: { ...callout, background_opacity: Number(opacity) },
      attribute_ids: [...core.keys()],
    });
    await onSaved(answer.message);
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => form.submit(check, save)(event);

  /** All day switches the event's controls between dates and date-times, keeping the days chosen. */
  const handleAllDay = (on: boolean) => {
    setAllDay(on);
    const convert = (value: string) => (!value ? "" : on ? value.slice(0, 10) : `${value}T09:00`);
    setEventStart(convert);
    setEventEnd(convert);
  };

  const text = (name: FieldName, label: string, value: string, set: (value: string) => void, props: Record<string, unknown> = {}) => (
    <Field id={fieldId(name)} label={label} error={errors[name]}>
      <input {...control(name)} className="input" value={value} onChange={(e) => edit(name, set)(e.target.value)} {...props} />
    </Field>
  );
  /** A callout setting's control, its error under it; `setting` names it in the API. */
  const calloutField = (setting: "background_alt_text" | "title" | "description" | "background_color" | "text_color", label: string, props: Record<string, unknown> = {}) => {
    const name = `community_callout_settings.${setting}` as const;
    return (
      <Field id={fieldId(name)} label={label} error={errors[name]}>
        <input {...control(name)} className="input" value={callout[setting]} onChange={(e) => edit(name, (value: string) => setCallout((c) => ({ ...c, [setting]: value })))(e.target.value)} {...props} />
      </Field>
    );
  };
  const checkbox = (label: string, checked: boolean, set: (value: boolean) => void) => (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(e) => set(e.target.checked)} />
      <span className="check__label">{label}</span>
    </label>
  );

  return (
    <StaffFormDialog id="announcement-form-modal" noun="announcement" editing={a !== null} failure={form.failure} saving={form.saving} onClose={onClose} onSubmit={handleSubmit}>
      <div className="staff-form__row">
        {text("title", "Title", title, setTitle, { maxLength: 255 })}
        <Field id={fieldId("type")} label="Type" error={errors.type}>
          <select {...control("type")} className="input" value={type} onChange={(e) => edit("type", setType)(e.target.value as AnnouncementType)}>
            {ANNOUNCEMENT_TYPES.map((t) => <option key={t} value={t} label={TYPE_LABELS[t]} />)}
          </select>
        </Field>
      </div>
      <Field id={fieldId("description")} label="Description (the banner's line)" error={errors.description}>
        <textarea {...control("description")} className="input" rows={2} maxLength={1000} value={description} onChange={(e) => edit("description", setDescription)(e.target.value)} />
      </Field>
      <div className="field" id={fieldId("content")} tabIndex={-1}>
        <span className="field__label">Content (Read More)</span>
        <SectionEditor label="Content" tools="simple" placeholder="The whole announcement, shown by Read More…" json={null} html={a?.content ?? ""} editable onChange={() => undefined} editorRef={handleEditor} />
        {errors.content && (
          <p id={`${fieldId("content")}-error`} className="field__error">
            {errors.content}
          </p>
        )}
      </div>
      <div className="staff-form__row">
        {text("link", "Link (optional)", link, setLink, { type: "url", placeholder: "https://… or /a/page" })}
        {text("cta_text", "Call-to-action text", cta, setCta, { maxLength: 255, placeholder: "Learn more" })}
      </div>
      <fieldset className="announcement-form__group">
        <legend className="field__label">Banner shown</legend>
        <div className="staff-form__row">
          {text("start_time", "From (empty: now)", start, setStart, { type: "datetime-local" })}
          {text("end_time", "Until (empty: no end)", end, setEnd, { type: "datetime-local" })}
        </div>
      </fieldset>
      {isEvent && (
        <fieldset className="announcement-form__group">
          <legend className="field__label">When the event takes place</legend>
          {checkbox("All day", allDay, handleAllDay)}
          <div className="staff-form__row">
            {text("event_start_time", allDay ? "First day" : "Starts", eventStart, setEventStart, { type: allDay ? "date" : "datetime-local" })}
            {text("event_end_time", allDay ? "Last day (optional)" : "Ends (optional)", eventEnd, setEventEnd, { type: allDay ? "date" : "datetime-local" })}
          </div>
        </fieldset>
      )}
      <div className="staff-form__row">
        <Field id={fieldId("audience")} label="Who may see it" error={errors.audience}>
          <select {...control("audience")} className="input" value={audience} onChange={(e) => edit("audience", setAudience)(e.target.value as AnnouncementAudience)}>
            {(["public", "authed", ...(a?.audience === "restricted" ? (["restricted"] as const) : [])] as const).map((value) => <option key={value} value={value} label={AUDIENCE_LABELS[value]} />)}
          </select>
        </Field>
        {text("priority", "Priority (highest first)", priority, setPriority, { type: "number", step: 1, inputMode: "numeric" })}
      </div>
      <div className="announcement-form__checks">
        {checkbox("Sticky (shown before the others)", sticky, setSticky)}
        {checkbox("Show Snooze", snooze, setSnooze)}
        {checkbox("Show Dismiss", dismiss, setDismiss)}
      </div>
      <fieldset className="announcement-form__group">
        <legend className="field__label">Thumbnail and callout (optional)</legend>
        <p className="field__hint">The thumbnail shows small in the banner, and at the top of Read More under the callout.</p>
        {text("thumbnail_url", "Thumbnail image address (http(s), or a path on this site)", thumbnail, setThumbnail, { placeholder: "/news/spring-planning.svg" })}
        {calloutField("background_alt_text", "The thumbnail's alternative text (empty if it only decorates)", { maxLength: 500 })}
        <div className="staff-form__row">
          {calloutField("title", "Callout heading", { maxLength: 255, placeholder: "The announcement's title" })}
          {calloutField("description", "Callout text (optional)", { maxLength: 2000 })}
        </div>
        <div className="staff-form__row announcement-form__colours">
          {calloutField("background_color", "Panel colour", { type: "color", className: "input news-form__colour" })}
          {calloutField("text_color", "Text colour", { type: "color", className: "input news-form__colour" })}
          {text("community_callout_settings.background_opacity", "Panel opacity (0 to 1)", opacity, setOpacity, { type: "number", min: 0, max: 1, step: 0.05, inputMode: "decimal" })}
        </div>
        <section className="announcement-form__preview" aria-labelledby={fieldId("thumbnail_url") + "-preview"}>
          <h3 id={fieldId("thumbnail_url") + "-preview"} className="field__label">
            Preview of Read More's callout
          </h3>
          {/* As Read More will show it. */}
          {thumbnail.trim() || callout.title || callout.description ? (
            <AnnouncementCallout announcement={{ title: title.trim() || "(no title yet)", thumbnail_url: isSafeLink(thumbnail.trim()) ? thumbnail.trim() : null, community_callout_settings: { ...callout, background_opacity: Number(opacity) || 0 } }} />
          ) : (
            <p className="field__hint">No thumbnail or callout text: Read More starts with the content.</p>
          )}
        </section>
      </fieldset>
      <CoreAttributesField id={fieldId("attribute_ids")} error={errors.attribute_ids} types={coreTypes} chosen={core} onChange={edit("attribute_ids", setCore)} />
      <fieldset className="announcement-form__group">
        <legend className="field__label">Meeting details (optional)</legend>
        <div className="staff-form__row">
          {text("meeting_zoom_id", "Zoom ID", zoomId, setZoomId, { inputMode: "numeric", autoComplete: "off", placeholder: "857 4635 2311" })}
          {text("meeting_join_url", "Join URL", joinUrl, setJoinUrl, { type: "url", placeholder: "https://zoom.us/j/…" })}
        </div>
      </fieldset>
    </StaffFormDialog>
  );
}

type CoreChoice = Map<number, { id: number; type_id: number; name: string }>;

/**
 * The announcement's core attributes (grades and subjects): those chosen, each removable, and a tree per type to tick
 * more in (children load when a node is opened).
 */
function CoreAttributesField({ id, error, types, chosen, onChange }: { id: string; error?: string; types: AttributeTypeConfig[]; chosen: CoreChoice; onChange(next: CoreChoice): void }) {
  const selection = (config: AttributeTypeConfig): Selection => ({
    isChosen: (itemId) => chosen.has(itemId),
    set: (item, on) => {
      const next = new Map(chosen);
      // Radio types keep one attribute per type.
      if (config.single) for (const [key, c] of next) if (c.type_id === config.type_id) next.delete(key);
      if (on) next.set(item.id, { id: item.id, type_id: item.type_id, name: item.name });
      else next.delete(item.id);
      onChange(next);
    },
  });
  const remove = (itemId: number) => {
    const next = new Map(chosen);
    next.delete(itemId);
    onChange(next);
  };
  return (
    <fieldset className="announcement-form__group" id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Core attributes (optional)</legend>
      <p className="field__hint">The grades and subjects the announcement is about.</p>
      {chosen.size ? (
        <ul className="keyword-list" aria-label="Core attributes chosen">
          {[...chosen.values()].map((c) => (
            <li key={c.id} className="keyword-chip">
              {types.find((t) => t.type_id === c.type_id)?.type_name ?? "Attribute"}: {c.name}
              <button type="button" className="keyword-chip__remove" aria-label={`Remove ${c.name}`} onClick={() => remove(c.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">None chosen.</p>
      )}
      {types.map((config) => (
        <details key={config.type_id} className="announcement-form__attributes">
          <summary>Choose {config.type_name.toLowerCase()}</summary>
          <AttributeTree config={config} selection={selection(config)} />
        </details>
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
