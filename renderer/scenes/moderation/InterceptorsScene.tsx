import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { INTERCEPTOR_CONTENT_MAX, INTERCEPTOR_TEXTS, type ManagedInterceptor } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { deleteInterceptor, managedInterceptorsKey, saveInterceptor, useManagedInterceptors } from "../../api/interceptors.js";
import { useCurrentProfile } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { FormDialog } from "../../components/ModalFrame.js";
import { shortDate } from "../../components/dates.js";
import { showToast } from "../../components/toastStore.js";
import { StaffList, StaffPage } from "./StaffPage.js";

/** The administrators' list of interceptors (the notices signed-in people go through), at /moderation/interceptors. */
export function InterceptorsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_interceptors);
  const interceptors = useManagedInterceptors(allowed);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ManagedInterceptor | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedInterceptor | null>(null);

  /** After a change: the list. (The administrator's own dialog, like everyone's, shows a new notice on the next page load, not over this page.) */
  const refresh = () => queryClient.invalidateQueries({ queryKey: managedInterceptorsKey });

  const handleDelete = async (interceptor: ManagedInterceptor) => {
    setDeleting(null);
    try {
      showToast((await deleteInterceptor(interceptor.id)).message, "info");
      await refresh();
      document.getElementById("new-interceptor")?.focus();
    } catch (error) {
      showToast((await toApiError(error)).displayMessage);
    }
  };

  const list = (
    <StaffList query={interceptors} noun="interceptors" empty="No interceptors yet.">
      {(data) => (
        <>
          <p className="staff-page__count" role="status">
            {data.data.length === 1 ? "1 interceptor" : `${data.data.length} interceptors`}
          </p>
          <ol className="report-list" aria-label="Interceptors">
            {data.data.map((interceptor) => (
              <InterceptorCard key={interceptor.id} interceptor={interceptor} onEdit={() => setEditing(interceptor)} onDelete={() => setDeleting(interceptor)} />
            ))}
          </ol>
        </>
      )}
    </StaffList>
  );

  return (
    <StaffPage
      title="Interceptors"
      intro="Notices every signed-in person goes through one after another, in this order, when they next load a page. Each is dismissed for good, or put off for a day with Remind me later."
      permission="manage_interceptors"
    >
      <p>
        <button type="button" id="new-interceptor" className="button button--primary" onClick={() => setEditing("new")}>
          New interceptor
        </button>
      </p>
      {list}
      {editing && (
        <InterceptorDialog
          interceptor={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (message) => {
            setEditing(null);
            showToast(message, "info");
            await refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete interceptor"
          message={`Are you sure you want to delete "${deleting.title}"? No one will be shown it again.`}
          confirmLabel="Delete"
          onConfirm={() => void handleDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </StaffPage>
  );
}

/** When an interceptor is shown, in words. */
function schedule(interceptor: ManagedInterceptor): string {
  if (!interceptor.is_active) return "Switched off";
  const now = new Date().toISOString();
  if (interceptor.starts_at && interceptor.starts_at > now) return `Scheduled from ${shortDate(interceptor.starts_at)}${interceptor.ends_at ? ` to ${shortDate(interceptor.ends_at)}` : ""}`;
  if (!interceptor.is_current) return `Ended on ${shortDate(interceptor.ends_at!)}`;
  return interceptor.ends_at ? `Shown now, until ${shortDate(interceptor.ends_at)}` : "Shown now";
}

function InterceptorCard({ interceptor, onEdit, onDelete }: { interceptor: ManagedInterceptor; onEdit(): void; onDelete(): void }) {
  return (
    <li className="report card interceptor-card">
      <h2 className="report__title">
        <span className={`report__kind${interceptor.is_current ? "" : " interceptor-card__off"}`}>{schedule(interceptor)}</span> {interceptor.title}
      </h2>
      {/* Sanitized on the server (the "simple" profile). */}
      <div className="rich-content interceptor-card__content" dangerouslySetInnerHTML={{ __html: interceptor.content }} />
      <p className="report__meta">
        Order {interceptor.sort_order} · changed on <time dateTime={interceptor.updated_at}>{shortDate(interceptor.updated_at)}</time>
      </p>
      <div className="interceptor-card__actions">
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {interceptor.title}</span>
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDelete}>
          Delete<span className="visually-hidden"> {interceptor.title}</span>
        </button>
      </div>
    </li>
  );
}

/** An ISO moment as a datetime-local control shows it (the reader's time), and back. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

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

type FieldName = "title" | "content" | "sort_order" | "starts_at" | "ends_at";

/** Adding (no interceptor) or editing one: title, content, order, the switch and the window. */
function InterceptorDialog({ interceptor, onClose, onSaved }: { interceptor: ManagedInterceptor | null; onClose(): void; onSaved(message: string): Promise<void> }) {
  const id = useId();
  const [title, setTitle] = useState(interceptor?.title ?? "");
  const [content, setContent] = useState(interceptor ? editableContent(interceptor.content) : "");
  const [order, setOrder] = useState(String(interceptor?.sort_order ?? 0));
  const [active, setActive] = useState(interceptor?.is_active ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(interceptor?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(interceptor?.ends_at ?? null));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!title.trim()) found.title = INTERCEPTOR_TEXTS.titleRequired;
    if (!content.trim()) found.content = INTERCEPTOR_TEXTS.contentRequired;
    const n = Number(order);
    if (order.trim() === "" || !Number.isInteger(n) || Math.abs(n) > 1_000_000) found.sort_order = INTERCEPTOR_TEXTS.badOrder;
    if (startsAt && endsAt && endsAt <= startsAt) found.ends_at = INTERCEPTOR_TEXTS.endBeforeStart;
    return found;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await saveInterceptor(interceptor?.id ?? null, { title, content, sort_order: Number(order), is_active: active, starts_at: fromLocalInput(startsAt), ends_at: fromLocalInput(endsAt) });
      await onSaved(answer.message);
    } catch (error) {
      setFailure((await toApiError(error)).displayMessage);
      setSaving(false);
    }
  };

  const control = (name: FieldName) => ({ id: `${id}-${name}`, ...fieldErrorProps(`${id}-${name}`, errors[name]) });
  /** A field's setter that also takes back its error once it is changed. */
  const edit = (name: FieldName, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  return (
    <FormDialog
      id="interceptor-form-modal"
      title={interceptor ? "Edit interceptor" : "New interceptor"}
      className="dialog dialog--interceptor-form"
      formClassName="stack"
      onClose={onClose}
      onSubmit={handleSubmit}
      failure={failure}
      submitLabel={interceptor ? "Save" : "Create"}
      busyLabel="Saving…"
      submitting={saving}
    >
      <Field id={`${id}-title`} label="Title" error={errors.title}>
        <input {...control("title")} className="input" maxLength={255} value={title} onChange={(e) => edit("title", setTitle)(e.target.value)} />
      </Field>
      <Field id={`${id}-content`} label="Content" error={errors.content}>
        <p id={`${id}-content-hint`} className="field__hint">
          Plain text (a blank line starts a paragraph), or HTML with paragraphs, bold, italic, links, lists and quotes.
        </p>
        <textarea
          {...control("content")}
          aria-describedby={[`${id}-content-hint`, errors.content ? `${id}-content-error` : ""].filter(Boolean).join(" ")}
          className="input"
          rows={7}
          maxLength={INTERCEPTOR_CONTENT_MAX}
          value={content}
          onChange={(e) => edit("content", setContent)(e.target.value)}
        />
      </Field>
      <div className="interceptor-form__row">
        <Field id={`${id}-sort_order`} label="Order (lower first)" error={errors.sort_order}>
          <input {...control("sort_order")} className="input" type="number" step={1} inputMode="numeric" value={order} onChange={(e) => edit("sort_order", setOrder)(e.target.value)} />
        </Field>
        <Field id={`${id}-starts_at`} label="Shown from (optional)" error={errors.starts_at}>
          <input {...control("starts_at")} className="input" type="datetime-local" value={startsAt} onChange={(e) => edit("starts_at", setStartsAt)(e.target.value)} />
        </Field>
        <Field id={`${id}-ends_at`} label="Shown until (optional)" error={errors.ends_at}>
          <input {...control("ends_at")} className="input" type="datetime-local" value={endsAt} onChange={(e) => edit("ends_at", setEndsAt)(e.target.value)} />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <span className="check__label">Switched on (shown to signed-in people inside its dates)</span>
      </label>
    </FormDialog>
  );
}
