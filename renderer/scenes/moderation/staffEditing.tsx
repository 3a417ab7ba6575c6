import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { toApiError } from "../../api/ApiError.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { fieldErrorProps } from "../../components/Field.js";
import { FormDialog } from "../../components/ModalFrame.js";
import { shortDate } from "../../components/dates.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { showToast } from "../../components/toastStore.js";
import { StaffList, StaffPage, type StaffPermission } from "./StaffPage.js";

/** What a staff page's form dialog is given: closing it, and what follows a save (the toast, the list read again). */
export interface StaffFormProps {
  onClose(): void;
  onSaved(message: string): Promise<void>;
}

/**
 * An action on an entry that is asked first (Delete, End now): the question's title and words, its confirming
 * button, and the call. `removes`: the entry and its buttons are gone afterwards, so focus goes to New.
 */
export interface StaffConfirmedAction<E> {
  title: string;
  confirmLabel: string;
  question(entry: E): string;
  run(entry: E): Promise<{ message: string }>;
  removes?: boolean;
}

/** The name of a card's asked action: "delete", or one of the page's own `actions` (A), so a misspelt one fails the typecheck. */
export type StaffActionName<A extends string = never> = "delete" | A;

/** What a card is given: Edit opens the form; `ask` asks the page's question for one of its actions ("delete" or another). */
export interface StaffCardHandlers<A extends string = never> {
  edit(): void;
  ask(action: StaffActionName<A>): void;
}

/**
 * A staff page of entries administrators write (interceptors, announcements, news, products): the frame, the New button
 * (`newId`, where focus goes once an entry is deleted), the list as its query stands (with "N {nouns}" when
 * `counted`), a card per entry, and `form` while one is added (null) or edited. `deletion`: the words of Delete's
 * question and its call; the page asks it ("Delete {noun}", Delete or Cancel), then runs it. `actions`: the other
 * questions the cards may ask, by name. `dueTimes`: the moments an entry's state changes (a start, an end); once one
 * passes while the page is open the list is read again (`afterSave`), so a card says "Shown now" when its start has
 * come, as the server decides, not as the browser's clock had it when the page drew. `paging`: the list comes a page
 * at a time (the answer's `total` and `per`): the count is of them all, Previous and Next follow the list (named
 * `label`), and a page past the end offers the first.
 */
export function StaffEntriesPage<E, A extends string = never>({
  title,
  intro,
  permission,
  noun,
  nouns,
  newId,
  counted = false,
  query,
  card,
  form,
  afterSave,
  deletion,
  actions,
  dueTimes,
  paging,
}: {
  title: string;
  intro: string;
  permission: StaffPermission;
  noun: string;
  nouns: string;
  newId: string;
  counted?: boolean;
  query: UseQueryResult<{ data: E[]; total?: number; per?: number }>;
  card(entry: E, handlers: StaffCardHandlers<NoInfer<A>>): ReactNode;
  form(entry: E | null, props: StaffFormProps): ReactNode;
  afterSave(): Promise<unknown>;
  deletion?: Pick<StaffConfirmedAction<E>, "question" | "run">;
  actions?: Record<A, StaffConfirmedAction<E>>;
  dueTimes?(entry: E): (string | null)[];
  paging?: { page: number; label: string; onPage(page: number): void };
}) {
  const [editing, setEditing] = useState<{ entry: E | null } | null>(null);
  const [asking, setAsking] = useState<{ entry: E; action: StaffConfirmedAction<E> } | null>(null);
  useRefreshWhenDue(dueTimes ? (query.data?.data ?? []).flatMap(dueTimes) : [], afterSave);
  const questionOf = (name: StaffActionName<A>): StaffConfirmedAction<E> | undefined =>
    name === "delete" ? deletion && { title: `Delete ${noun}`, confirmLabel: "Delete", removes: true, ...deletion } : actions?.[name as A];
  const formProps: StaffFormProps = {
    onClose: () => setEditing(null),
    onSaved: async (message) => {
      setEditing(null);
      showToast(message, "info");
      await afterSave();
    },
  };
  const handleConfirm = async ({ entry, action }: { entry: E; action: StaffConfirmedAction<E> }) => {
    setAsking(null);
    await runStaffAction(() => action.run(entry), afterSave, action.removes ? newId : undefined);
  };
  const handlersOf = (entry: E): StaffCardHandlers<A> => ({
    edit: () => setEditing({ entry }),
    ask: (name) => {
      const action = questionOf(name);
      if (action) setAsking({ entry, action });
    },
  });
  return (
    <StaffPage title={title} intro={intro} permission={permission}>
      <p>
        <button type="button" id={newId} className="button button--primary" onClick={() => setEditing({ entry: null })}>
          New {noun}
        </button>
      </p>
      <StaffList query={query} noun={nouns} empty={paging && paging.page > 1 ? <EmptyPage onFirstPage={() => paging.onPage(1)} /> : `No ${nouns} yet.`}>
        {(data) => {
          const total = data.total ?? data.data.length;
          return (
            <>
              {counted && (
                <p className="staff-page__count" role="status">
                  {total === 1 ? `1 ${noun}` : `${total} ${nouns}`}
                </p>
              )}
              <ol className="report-list" aria-label={title}>
                {data.data.map((entry) => card(entry, handlersOf(entry)))}
              </ol>
              {paging && data.per !== undefined && <Pager label={paging.label} page={paging.page} total={total} per={data.per} onPage={paging.onPage} />}
            </>
          );
        }}
      </StaffList>
      {editing && form(editing.entry, formProps)}
      {asking && (
        <ConfirmDialog
          title={asking.action.title}
          message={asking.action.question(asking.entry)}
          confirmLabel={asking.action.confirmLabel}
          onConfirm={() => void handleConfirm(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </StaffPage>
  );
}

/** The longest a timer waits (setTimeout's limit is about 24.8 days); a later moment is waited for in steps. */
const LONGEST_WAIT_MS = 86_400_000;

/**
 * Calls `refresh` once the next of `times` (ISO moments; past ones and nulls are passed over) comes, a second after it
 * (the server decides where an entry stands), and again at the next one: a list whose states follow the clock (a
 * scheduled banner becomes shown, a shown one ended) while its page stays open.
 */
function useRefreshWhenDue(times: readonly (string | null)[], refresh: () => unknown): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  const [step, setStep] = useState(0);
  const key = times.filter((t): t is string => Boolean(t)).join(" ");
  useEffect(() => {
    const now = Date.now();
    const next = Math.min(...(key ? key.split(" ") : []).map((t) => Date.parse(t)).filter((t) => t > now));
    if (!Number.isFinite(next)) return;
    const wait = next - now + 1000;
    const timer = setTimeout(() => {
      if (wait <= LONGEST_WAIT_MS) void refreshRef.current();
      setStep((n) => n + 1);
    }, Math.min(wait, LONGEST_WAIT_MS));
    return () => clearTimeout(timer);
  }, [key, step]);
}

/** An ISO moment as a datetime-local control shows it (the reader's time); empty for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local control's value as an ISO moment, or null when empty. */
export const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

/** Where something the staff schedule stands: switched off, shown now, still to come, or over. */
export type ShownState = "off" | "current" | "scheduled" | "ended";

/** When a scheduled notice or banner is shown, in words: "Shown now, until 3/1/2030", "Scheduled from … to …", "Ended on …". */
export function shownInWords(state: ShownState, start: string | null, end: string | null): string {
  if (state === "off") return "Switched off";
  if (state === "scheduled") return `Scheduled from ${shortDate(start!)}${end ? ` to ${shortDate(end)}` : ""}`;
  if (state === "ended") return `Ended on ${shortDate(end!)}`;
  return end ? `Shown now, until ${shortDate(end)}` : "Shown now";
}

/**
 * One entry of a staff page's list: its state (dimmed unless shown now) and title as the heading, what it holds, and
 * Edit, any other `actions`, then Delete (when it may be deleted), each naming the entry to a screen reader.
 */
export function StaffCard({ className, state, shown, title, children, actions, onEdit, onDelete }: { className: string; state: string; shown: boolean; title: string; children: ReactNode; actions?: ReactNode; onEdit(): void; onDelete?: () => void }) {
  return (
    <li className={`report card ${className}`}>
      <h2 className="report__title">
        <span className={`report__kind${shown ? "" : " interceptor-card__off"}`}>{state}</span> {title}
      </h2>
      {children}
      <div className="interceptor-card__actions">
        <button type="button" className="button button--secondary button--small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {title}</span>
        </button>
        {actions}
        {onDelete && (
          <button type="button" className="button button--ghost button--small" onClick={onDelete}>
            Delete<span className="visually-hidden"> {title}</span>
          </button>
        )}
      </div>
    </li>
  );
}

type Errors<F extends string> = Partial<Record<F, string>>;

/** A field the API names otherwise than the form (price_cents for a Price typed as an amount): the form's field, and the words to show there instead of the API's. */
export type StaffServerField<F extends string> = { field: F; message?: string };

/**
 * The state of a staff page's form dialog: each field's error (shown under it and tied to it by aria-describedby),
 * the server's other refusal, and saving. `submit` checks the fields in the browser, then saves; the first bad field
 * (in `order`, the form's order), found by the check or named by the server's 422, takes focus. `serverFields`: the
 * API's names of fields the form names otherwise.
 */
export function useStaffForm<F extends string>(order: readonly F[], serverFields: Partial<Record<string, StaffServerField<F>>> = {}) {
  const id = useId();
  const [errors, setErrors] = useState<Errors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fieldId = (name: F) => `${id}-${name}`;

  /** Shows `found`, focusing its first field; false when there is none. */
  const show = (found: Errors<F>): boolean => {
    setErrors(found);
    const first = order.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
    return first !== undefined;
  };

  const submit = (check: () => Errors<F>, save: () => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    if (show(check())) return;
    setSaving(true);
    try {
      await save();
    } catch (error) {
      const apiError = await toApiError(error);
      const named: Errors<F> = {};
      for (const [apiName, messages] of Object.entries(apiError.fieldErrors)) {
        const mapped = serverFields[apiName] ?? ((order as readonly string[]).includes(apiName) ? { field: apiName as F } : undefined);
        if (mapped && messages?.length && !named[mapped.field]) named[mapped.field] = mapped.message ?? messages[0];
      }
      if (!show(named)) setFailure(apiError.displayMessage);
      setSaving(false);
    }
  };

  return {
    errors,
    failure,
    saving,
    fieldId,
    submit,
    /** A field's control props: its id and error ARIA. */
    control: (name: F) => ({ id: fieldId(name), ...fieldErrorProps(fieldId(name), errors[name]) }),
    /** A field's setter that also takes back its error once it is changed. */
    edit:
      <V,>(name: F, set: (value: V) => void) =>
      (value: V) => {
        set(value);
        if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest as Errors<F>);
      },
  };
}

/**
 * A staff page's form dialog: "New {noun}" with Create, or "Edit {noun}" with Save; the server's refusal above the
 * buttons, which stay at its foot while the fields scroll (a sheet filling the screen on a phone: dialog--sheet).
 */
export function StaffFormDialog({ id, noun, editing, failure, saving, onClose, onSubmit, children }: { id: string; noun: string; editing: boolean; failure: string | null; saving: boolean; onClose(): void; onSubmit(event: FormEvent<HTMLFormElement>): void | Promise<void>; children: ReactNode }) {
  return (
    <FormDialog
      id={id}
      title={`${editing ? "Edit" : "New"} ${noun}`}
      className="dialog dialog--interceptor-form dialog--sheet"
      formClassName="stack"
      onClose={onClose}
      onSubmit={onSubmit}
      failure={failure}
      submitLabel={editing ? "Save" : "Create"}
      busyLabel="Saving…"
      submitting={saving}
    >
      {children}
    </FormDialog>
  );
}

/**
 * Runs a staff page's action on an entry (End now, Delete): its message as a toast, then `after` (the list read again)
 * and focus on `focusId` (New, when the entry and its buttons are gone); a refusal as a toast.
 */
export async function runStaffAction(action: () => Promise<{ message: string }>, after: () => Promise<unknown>, focusId?: string): Promise<void> {
  try {
    showToast((await action()).message, "info");
    await after();
    if (focusId) document.getElementById(focusId)?.focus();
  } catch (error) {
    showToast((await toApiError(error)).displayMessage);
  }
}
