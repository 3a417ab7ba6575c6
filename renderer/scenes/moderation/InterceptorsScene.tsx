import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { INTERCEPTOR_CONTENT_MAX, INTERCEPTOR_TEXTS, type ManagedInterceptor } from "../../../contract/index.js";
import { deleteInterceptor, managedInterceptorsKey, saveInterceptor, useManagedInterceptors } from "../../api/interceptors.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Field } from "../../components/Field.js";
import { shortDate } from "../../components/dates.js";
import { fromLocalInput, shownInWords, StaffCard, StaffEntriesPage, StaffFormDialog, toLocalInput, useStaffForm, type StaffFormProps } from "./staffEditing.js";

/** The administrators' list of interceptors (the notices signed-in people go through), at /moderation/interceptors. */
export function InterceptorsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_interceptors);
  const interceptors = useManagedInterceptors(allowed);
  const queryClient = useQueryClient();

  /** After a change: the list. (The administrator's own dialog, like everyone's, shows a new notice on the next page load, not over this page.) */
  const refresh = () => queryClient.invalidateQueries({ queryKey: managedInterceptorsKey });

  return (
    <StaffEntriesPage
      title="Interceptors"
      intro="Notices every signed-in person goes through one after another, in this order, when they next load a page. Each is dismissed for good, or put off for a day with Remind me later."
      permission="manage_interceptors"
      noun="interceptor"
      nouns="interceptors"
      newId="new-interceptor"
      counted
      query={interceptors}
      card={(interceptor, { edit, ask }) => <InterceptorCard key={interceptor.id} interceptor={interceptor} onEdit={edit} onDelete={() => ask("delete")} />}
      form={(interceptor, props) => <InterceptorDialog interceptor={interceptor} {...props} />}
      afterSave={refresh}
      dueTimes={(interceptor) => [interceptor.starts_at, interceptor.ends_at]}
      deletion={{ question: (interceptor) => `Are you sure you want to delete "${interceptor.title}"? No one will be shown it again.`, run: (interceptor) => deleteInterceptor(interceptor.id) }}
    />
  );
}

function InterceptorCard({ interceptor, onEdit, onDelete }: { interceptor: ManagedInterceptor; onEdit(): void; onDelete(): void }) {
  return (
    <StaffCard className="interceptor-card" state={shownInWords(interceptor.state, interceptor.starts_at, interceptor.ends_at)} shown={interceptor.is_current} title={interceptor.title} onEdit={onEdit} onDelete={onDelete}>
      {/* Sanitized on the server (the "simple" profile). */}
      <div className="rich-content interceptor-card__content" dangerouslySetInnerHTML={{ __html: interceptor.content }} />
      <p className="report__meta">
        Order {interceptor.sort_order} · changed on <time dateTime={interceptor.updated_at}>{shortDate(interceptor.updated_at)}</time>
      </p>
    </StaffCard>
  );
}

/**
 * Stored content as the form shows it: what was written as plain text (only paragraphs and line breaks, as the server
 * stores plain text) reads as plain text again; anything richer stays HTML.
 */
function editableContent(html: string): string {
  const paragraphs = html.match(/^(?:<p>(?:(?!<\/?p>)[\s\S])*<\/p>)+$/) ? html.slice(3, -4).split("</p><p>") : null;
  if (!paragraphs || paragraphs.some((p) => /<(?!br ?\/?>)|&lt;[a-z/!]/i.test(p))) return html;
  const unescape = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return paragraphs.map((p) => unescape(p.replace(/<br ?\/?>/g, "\n"))).join("\n\n");
}

const FIELDS = ["title", "content", "sort_order", "starts_at", "ends_at"] as const;

/** Adding (no interceptor) or editing one: title, content, order, the switch and the window. */
function InterceptorDialog({ interceptor, onClose, onSaved }: { interceptor: ManagedInterceptor | null } & StaffFormProps) {
  const form = useStaffForm(FIELDS);
  const { errors, control, edit, fieldId } = form;
  const [title, setTitle] = useState(interceptor?.title ?? "");
  const [content, setContent] = useState(interceptor ? editableContent(interceptor.content) : "");
  const [order, setOrder] = useState(String(interceptor?.sort_order ?? 0));
  const [active, setActive] = useState(interceptor?.is_active ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(interceptor?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(interceptor?.ends_at ?? null));

  const check = () => {
    const found: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (!title.trim()) found.title = INTERCEPTOR_TEXTS.titleRequired;
    if (!content.trim()) found.content = INTERCEPTOR_TEXTS.contentRequired;
    const n = Number(order);
    if (order.trim() === "" || !Number.isInteger(n) || Math.abs(n) > 1_000_000) found.sort_order = INTERCEPTOR_TEXTS.badOrder;
    if (startsAt && endsAt && endsAt <= startsAt) found.ends_at = INTERCEPTOR_TEXTS.endBeforeStart;
    return found;
  };
  const handleSubmit = form.submit(check, async () => {
    const answer = await saveInterceptor(interceptor?.id ?? null, { title, content, sort_order: Number(order), is_active: active, starts_at: fromLocalInput(startsAt), ends_at: fromLocalInput(endsAt) });
    await onSaved(answer.message);
  });

  return (
    <StaffFormDialog id="interceptor-form-modal" noun="interceptor" editing={interceptor !== null} failure={form.failure} saving={form.saving} onClose={onClose} onSubmit={handleSubmit}>
      <Field id={fieldId("title")} label="Title" error={errors.title}>
        <input {...control("title")} className="input" maxLength={255} value={title} onChange={(e) => edit("title", setTitle)(e.target.value)} />
      </Field>
      <Field id={fieldId("content")} label="Content" error={errors.content}>
        <p id={`${fieldId("content")}-hint`} className="field__hint">
          Plain text (a blank line starts a paragraph), or HTML with paragraphs, bold, italic, links, lists and quotes.
        </p>
        <textarea
          {...control("content")}
          aria-describedby={[`${fieldId("content")}-hint`, errors.content ? `${fieldId("content")}-error` : ""].filter(Boolean).join(" ")}
          className="input"
          rows={7}
          maxLength={INTERCEPTOR_CONTENT_MAX}
          value={content}
          onChange={(e) => edit("content", setContent)(e.target.value)}
        />
      </Field>
      <div className="interceptor-form__row">
        <Field id={fieldId("sort_order")} label="Order (lower first)" error={errors.sort_order}>
          <input {...control("sort_order")} className="input" type="number" step={1} inputMode="numeric" value={order} onChange={(e) => edit("sort_order", setOrder)(e.target.value)} />
        </Field>
        <Field id={fieldId("starts_at")} label="Shown from (optional)" error={errors.starts_at}>
          <input {...control("starts_at")} className="input" type="datetime-local" value={startsAt} onChange={(e) => edit("starts_at", setStartsAt)(e.target.value)} />
        </Field>
        <Field id={fieldId("ends_at")} label="Shown until (optional)" error={errors.ends_at}>
          <input {...control("ends_at")} className="input" type="datetime-local" value={endsAt} onChange={(e) => edit("ends_at", setEndsAt)(e.target.value)} />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <span className="check__label">Switched on (shown to signed-in people inside its dates)</span>
      </label>
    </StaffFormDialog>
  );
}
