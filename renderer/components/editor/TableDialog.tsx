import { useId, useState, type FormEvent } from "react";
import { Field, fieldErrorProps } from "../Field.js";
import { FormDialog } from "../ModalFrame.js";

/** The most rows and columns a table may be inserted with (more are added in the table afterwards). */
export const TABLE_MAX = 20;

/** The table an author asks for. */
export interface TableShape {
  rows: number;
  columns: number;
  headerRow: boolean;
}

/** Why a rows or columns value is refused, or null: a whole number from 1 to TABLE_MAX. */
export function tableSizeError(value: string, what: "rows" | "columns"): string | null {
  const text = value.trim();
  const number = Number(text);
  if (text !== "" && /^\d+$/.test(text) && number >= 1 && number <= TABLE_MAX) return null;
  return `Enter a whole number of ${what} from 1 to ${TABLE_MAX}.`;
}

/**
 * Insert table: its rows and columns (1 to 20) and whether its first row is a header row (on by default, so a screen
 * reader announces each cell's column by its header). The header row counts among the rows.
 */
export function TableDialog({ onInsert, onCancel, onCloseAutoFocus }: { onInsert(shape: TableShape): void; onCancel(): void; onCloseAutoFocus?(event: Event): void }) {
  const id = useId();
  const [rows, setRows] = useState("3");
  const [columns, setColumns] = useState("3");
  const [headerRow, setHeaderRow] = useState(true);
  const [errors, setErrors] = useState<{ rows: string | null; columns: string | null }>({ rows: null, columns: null });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { rows: tableSizeError(rows, "rows"), columns: tableSizeError(columns, "columns") };
    setErrors(found);
    if (found.rows || found.columns) {
      document.getElementById(found.rows ? `${id}-rows` : `${id}-columns`)?.focus();
      return;
    }
    onInsert({ rows: Number(rows), columns: Number(columns), headerRow });
  };

  return (
    <FormDialog title="Insert table" onClose={onCancel} onSubmit={handleSubmit} formClassName="stack" submitLabel="Insert" contentProps={{ onCloseAutoFocus }}>
      <div className="table-dialog__sizes">
        <Field id={`${id}-rows`} label="Rows" error={errors.rows}>
          <input id={`${id}-rows`} className="input" type="number" inputMode="numeric" min={1} max={TABLE_MAX} value={rows} onChange={(e) => setRows(e.target.value)} {...fieldErrorProps(`${id}-rows`, errors.rows)} />
        </Field>
        <Field id={`${id}-columns`} label="Columns" error={errors.columns}>
          <input
            id={`${id}-columns`}
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={TABLE_MAX}
            value={columns}
            onChange={(e) => setColumns(e.target.value)}
            {...fieldErrorProps(`${id}-columns`, errors.columns)}
          />
        </Field>
      </div>
      <p className="field__hint">From 1 to {TABLE_MAX} each; the header row counts as a row.</p>
      <label className="check" htmlFor={`${id}-header`}>
        <input id={`${id}-header`} type="checkbox" checked={headerRow} onChange={(e) => setHeaderRow(e.target.checked)} />
        <span className="check__label">First row is a header row</span>
      </label>
    </FormDialog>
  );
}
