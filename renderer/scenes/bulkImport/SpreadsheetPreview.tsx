import { useId } from "react";
import { importField } from "../../../contract/index.js";
import { Alert } from "../../components/Alert.js";
import { correctedFileName, editKey, isEditableField, PREVIEW_SAMPLE_ROWS } from "./spreadsheetPreviewModel.js";
import { shownValue } from "./shownValue.js";
import type { PreviewErrorState, SpreadsheetPreviewState } from "./useSpreadsheetPreview.js";

const fieldLabel = (key: string | null): string => (key ? (importField(key)?.label ?? key) : "Ignored");
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * The local preview of a bulk import file (state from useSpreadsheetPreview): the column mapping, the first rows and
 * the errors the server will report, each correctable in place. The caller uploads `state.fileToUpload()`.
 */
export function SpreadsheetPreview({ state }: { state: SpreadsheetPreviewState }) {
  const id = useId();
  const { preview } = state;

  if (state.status === "reading") {
    return (
      <p className="sheet-preview__status" role="status" aria-live="polite">
        Reading {state.file.name}… {state.rowsRead > 0 ? `${plural(state.rowsRead, "row")} read.` : ""}
      </p>
    );
  }
  if (state.status === "failed" || !preview) {
    return <Alert tone="danger">{state.failure}</Alert>;
  }

  const fixed = state.errors.filter((e) => !e.current).length;
  const editedCell = (rowNumber: number, field: string | null) => (field ? state.edits[editKey(rowNumber, field)] : undefined);
  const hasError = new Set(state.errors.filter((e) => e.current).map((e) => editKey(e.error.row_number, e.error.field)));

  return (
    <div className="sheet-preview">
      <p className="sheet-preview__summary" role="status" aria-live="polite">
        {plural(preview.total, "row")} in {state.file.name}.{" "}
        {state.rowsWithErrors === 0 ? "No errors: every row can be imported." : `${plural(state.rowsWithErrors, "row")} with errors.`}
        {fixed > 0 ? ` ${plural(fixed, "error")} corrected here.` : ""}
      </p>
      {Object.keys(state.edits).length > 0 && <p className="field__hint">Upload sends a corrected copy as {correctedFileName(state.file.name)}; your own file is not changed.</p>}

      <section aria-labelledby={`${id}-mapping`}>
        <h3 id={`${id}-mapping`} className="sheet-preview__heading">
          Column mapping
        </h3>
        <ul className="sheet-preview__mapping">
          {preview.columns.map((c) => (
            <li key={c.index} className={c.field ? undefined : "sheet-preview__ignored"}>
              <span className="sheet-preview__header">{c.header || `Column ${c.index + 1}`}</span>
              <span aria-hidden="true"> → </span>
              {c.field ? (
                <>
                  <span className="visually-hidden">imported as </span>
                  {fieldLabel(c.field)}
                </>
              ) : (
                <>
                  Ignored<span className="visually-hidden"> (not imported)</span>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>

      <div>
        <h3 id={`${id}-rows`} className="sheet-preview__heading">
          {preview.total > preview.sample.length ? `First ${preview.sample.length} of ${plural(preview.total, "row")}` : "Rows"}
        </h3>
        {/* Focusable so a keyboard can scroll a wide sheet. */}
        <div className="sheet-preview__scroll" tabIndex={0} role="region" aria-labelledby={`${id}-rows`}>
          <table className="sheet-preview__table">
            <thead>
              <tr>
                <th scope="col">Row</th>
                {preview.columns.map((c) => (
                  <th key={c.index} scope="col" className={c.field ? undefined : "sheet-preview__ignored"}>
                    {c.header || `Column ${c.index + 1}`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row) => (
                <tr key={row.rowNumber}>
                  <th scope="row">{row.rowNumber}</th>
                  {preview.columns.map((c) => {
                    const edited = editedCell(row.rowNumber, c.field);
                    const invalid = c.field !== null && hasError.has(editKey(row.rowNumber, c.field));
                    return (
                      <td key={c.index} className={[invalid ? "sheet-preview__cell--error" : "", edited !== undefined ? "sheet-preview__cell--edited" : ""].filter(Boolean).join(" ") || undefined}>
                        {edited ?? row.cells[c.index] ?? ""}
                        {invalid && <span className="visually-hidden"> (error)</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {preview.total > PREVIEW_SAMPLE_ROWS && <p className="field__hint">Every row was checked; only the first {PREVIEW_SAMPLE_ROWS} are shown.</p>}
      </div>

      {state.errors.length > 0 && (
        <section aria-labelledby={`${id}-errors`}>
          <h3 id={`${id}-errors`} className="sheet-preview__heading">
            {state.rowsWithErrors === 0 ? "Errors (all corrected)" : `Errors in ${plural(state.rowsWithErrors, "row")}`}
            {fixed > 0 && state.rowsWithErrors > 0 ? ` (${fixed.toLocaleString()} corrected)` : ""}
          </h3>
          {preview.errorsTruncated && <p className="field__hint">Only the first {state.errors.length.toLocaleString()} errors are listed.</p>}
          <ol className="sheet-preview__errors" aria-labelledby={`${id}-errors`}>
            {state.errors.map((e) => (
              <ErrorLine key={`${e.error.row_number}-${e.error.field}`} item={e} inputId={`${id}-fix-${e.error.row_number}-${e.error.field}`} onChange={(value) => state.setCell(e.error.row_number, e.error.field, value)} />
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** One error: 'Row N [field]: message', the provided value, and a field to correct it. */
function ErrorLine({ item, inputId, onChange }: { item: PreviewErrorState; inputId: string; onChange(value: string): void }) {
  const { error, current, value } = item;
  const editable = isEditableField(error.field);
  const statusId = `${inputId}-status`;
  return (
    <li className={current ? "sheet-preview__error" : "sheet-preview__error sheet-preview__error--fixed"}>
      <p>
        Row {error.row_number} [{error.field}]: {error.message}
      </p>
      <p className="sheet-preview__provided">Provided value: {error.value === "" ? <em>(blank)</em> : `“${shownValue(error.value)}”`}</p>
      {editable && (
        <div className="sheet-preview__fix">
          <label htmlFor={inputId}>
            Correct the {error.field === "url" ? "URL" : fieldLabel(error.field).toLowerCase()} of row {error.row_number}
          </label>
          <input id={inputId} className="input" type="text" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={current ? true : undefined} aria-describedby={statusId} />
          <span id={statusId} className={current ? "field__error" : "sheet-preview__fixed"}>
            {current ? (current.message === error.message ? "" : current.message) : "Corrected"}
          </span>
        </div>
      )}
    </li>
  );
}
