import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { TOUR_MESSAGES, type GuidedTour, type TourStop } from "../../../contract/index.js";
import { saveTour } from "../../api/guidedTours.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { Field, fieldErrorProps } from "../Field.js";
import { useSaveAndClose } from "../ManageDialog.js";
import { FormDialog } from "../ModalFrame.js";

type Row = TourStop & { key: number };
type RowErrors = { title?: string; content?: string };

/** A stop's missing fields, with the messages the server would answer (second document: title and description required). */
function errorsOf(row: Row): RowErrors | null {
  const errors: RowErrors = {};
  if (!row.title.trim()) errors.title = TOUR_MESSAGES.titleRequired;
  if (!row.content.trim()) errors.content = TOUR_MESSAGES.contentRequired;
  return errors.title || errors.content ? errors : null;
}

/**
 * The 'Guided Tour Configuration' dialog (second document), for those the tour's abilities allow: each stop's title
 * and description edited, its selector read-only, stops moved up or down and removed after the spec's confirmation;
 * Save sends the whole tour (PUT /system/guided-tour/{id}). Add a stop enters select-target mode (TargetPicker), which
 * comes back here with the new stop last; a stop for the whole dialog is added here, with no selector, and such stops
 * carry the spec's warning where the selector would be.
 */
export function TourEditor({
  tour,
  draft,
  focusLast,
  onClose,
  onPickTarget,
  returnFocus,
}: {
  tour: GuidedTour;
  /** The stops as last edited (the tour's own, or a draft kept through select-target mode). */
  draft: TourStop[];
  /** Focus the last stop's title on opening (a stop just added). */
  focusLast: boolean;
  onClose(): void;
  /** Enters select-target mode with the stops as they are now. */
  onPickTarget(draft: TourStop[]): void;
  returnFocus(): void;
}) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => draft.map((stop, key) => ({ ...stop, key })));
  const picking = useRef(false);
  const [errors, setErrors] = useState<Map<number, RowErrors>>(new Map());
  const [removing, setRemoving] = useState<Row | null>(null);
  const { failure, submitting, save } = useSaveAndClose(onClose);
  // A stop added here for the whole dialog: its title takes focus once it is on the screen (an object each time, so
  // a stop added under the key of one just removed is focused too).
  const [added, setAdded] = useState<{ key: number } | null>(null);
  useEffect(() => {
    if (added) document.getElementById(`${id}-${added.key}-title`)?.focus();
  }, [added, id]);

  const update = (row: Row, change: Partial<TourStop>) => setRows((all) => all.map((r) => (r.key === row.key ? { ...r, ...change } : r)));
  const move = (index: number, step: number) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(index, 1);
      next.splice(index + step, 0, row!);
      return next;
    });
  const handleAddGeneral = () => {
    const key = Math.max(-1, ...rows.map((r) => r.key)) + 1;
    setRows((all) => [...all, { key, selector: "", title: "", content: "" }]);
    setAdded({ key });
  };
  const handleRemove = (row: Row) => {
    setRows((all) => all.filter((r) => r.key !== row.key));
    setRemoving(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = new Map(rows.flatMap((row) => (errorsOf(row) ? [[row.key, errorsOf(row)!] as const] : [])));
    setErrors(found);
    if (found.size) {
      const [key, first] = [...found][0]!;
      document.getElementById(`${id}-${key}-${first.title ? "title" : "content"}`)?.focus();
      return;
    }
    await save(async () => {
      await saveTour(tour.id, { name: tour.name, configuration: rows.map(({ selector, title, content }) => ({ selector, title, content })) });
      return { message: TOUR_MESSAGES.saved };
    });
  };

  return (
    <>
      <FormDialog
        id="guided-tour-config-modal"
        title={TOUR_MESSAGES.editTitle}
        description="Each stop points at a part of the dialog; its title and description are what the tour shows there."
        className="dialog dialog--wide"
        formClassName="stack"
        onClose={onClose}
        contentProps={{
          // The first title, not the read-only selector Radix would pick.
          onOpenAutoFocus: (event) => {
            const row = focusLast ? rows.at(-1) : rows[0];
            const first = row && document.getElementById(`${id}-${row.key}-title`);
            if (!first) return;
            event.preventDefault();
            first.focus();
          },
          onCloseAutoFocus: (event) => {
            event.preventDefault();
            // Into select-target mode, focus stays in the toured dialog (where Radix's trap puts it).
            if (!picking.current) returnFocus();
          },
        }}
        onSubmit={handleSubmit}
        failure={failure}
        submitLabel="Save"
        busyLabel="Saving…"
        submitting={submitting}
      >
        {rows.length === 0 && <p className="empty-note">This tour has no stops.</p>}
        {rows.map((row, index) => {
          const rowId = `${id}-${row.key}`;
          const rowErrors = errors.get(row.key);
          return (
            <fieldset key={row.key} className="tour-stop">
              <legend className="tour-stop__legend">Stop {index + 1}</legend>
              {row.selector ? (
                <Field id={`${rowId}-selector`} label="Selector">
                  <input id={`${rowId}-selector`} className="input" value={row.selector} readOnly />
                </Field>
              ) : (
                <p className="tour-stop__general">
                  <strong>{TOUR_MESSAGES.noSelector}</strong> This stop points at no part of the dialog: the tour shows it in the middle of the screen.
                </p>
              )}
              <Field id={`${rowId}-title`} label="Title" error={rowErrors?.title}>
                <input id={`${rowId}-title`} className="input" maxLength={200} value={row.title} onChange={(e) => update(row, { title: e.target.value })} {...fieldErrorProps(`${rowId}-title`, rowErrors?.title)} />
              </Field>
              <Field id={`${rowId}-content`} label="Description" error={rowErrors?.content}>
                <textarea id={`${rowId}-content`} className="input" rows={3} maxLength={2000} value={row.content} onChange={(e) => update(row, { content: e.target.value })} {...fieldErrorProps(`${rowId}-content`, rowErrors?.content)} />
              </Field>
              <div className="tour-stop__actions">
                <button type="button" className="button button--ghost button--small" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move stop ${index + 1} up`}>
                  Move up
                </button>
                <button type="button" className="button button--ghost button--small" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={`Move stop ${index + 1} down`}>
                  Move down
                </button>
                <button type="button" className="button button--ghost button--small" onClick={() => setRemoving(row)} aria-label={`Remove stop ${index + 1}`}>
                  Remove
                </button>
              </div>
            </fieldset>
          );
        })}
        <div className="tour-editor__add">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              picking.current = true;
              onPickTarget(rows.map(({ selector, title, content }) => ({ selector, title, content })));
            }}
          >
            Add a stop
          </button>
          <button type="button" className="button button--ghost" onClick={handleAddGeneral}>
            Add a stop for the whole dialog
          </button>
        </div>
      </FormDialog>
      {removing && <ConfirmDialog title="Remove stop" message={TOUR_MESSAGES.removeConfirm} confirmLabel="Remove" onConfirm={() => handleRemove(removing)} onCancel={() => setRemoving(null)} />}
    </>
  );
}
