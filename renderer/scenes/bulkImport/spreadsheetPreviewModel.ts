import Papa from "papaparse";
import {
  IMPORT_FIELDS,
  IMPORT_MAX_COLUMNS,
  duplicateRowError,
  importField,
  importRowErrors,
  importRowIdentity,
  isBlankRow,
  mapColumns,
  rowFromCells,
  type BULK_IMPORT_MESSAGES,
  type ImportError,
} from "../../../contract/index.js";

/**
 * The local preview of a bulk import file, computed the way the server's preprocessing does (server/jobs/
 * preprocessImport.ts): the same header mapping, the same row rules, rows numbered as a spreadsheet numbers them
 * (the header is row 1, blank rows are skipped). Pure, so the worker and the tests share it.
 */

/** Rows shown in the preview table; the rest are only counted and checked. */
export const PREVIEW_SAMPLE_ROWS = 50;
/** Errors listed, as many as the server lists (the count covers every row). */
export const PREVIEW_MAX_ERRORS = 1000;
/** Fields whose cells can be corrected in the preview (the free-text ones the row rules check). */
export const EDITABLE_FIELDS = ["title", "description", "url", "keywords"] as const;

export type SpreadsheetType = "csv" | "xls" | "xlsx";

/** The import file type of a file name, or null when the importer does not take it. */
export function spreadsheetType(name: string): SpreadsheetType | null {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return ext === "csv" || ext === "xls" || ext === "xlsx" ? ext : null;
}

export interface PreviewColumn {
  index: number;
  header: string;
  /** The import field the column fills, or null when the import ignores it. */
  field: string | null;
}

export interface PreviewRow {
  rowNumber: number;
  cells: string[];
}

export interface SpreadsheetPreviewData {
  columns: PreviewColumn[];
  /** The first rows, for the table. */
  sample: PreviewRow[];
  /** Data rows (without the header). */
  total: number;
  rowsWithErrors: number;
  /** The first PREVIEW_MAX_ERRORS errors, in the server's shape. */
  errors: ImportError[];
  errorsTruncated: boolean;
  /** The rows the listed errors belong to, so a correction can be checked again. */
  errorRows: PreviewRow[];
  /** An import-level failure the server would report (a BULK_IMPORT_MESSAGES key), or null. */
  failure: keyof typeof BULK_IMPORT_MESSAGES | null;
  /** The first row of each identity (its title and URL, hashed) among the rows without errors: what a corrected row may repeat. */
  firstRowOf: Map<number, number>;
}

/**
 * A 53-bit hash of a row's identity (cyrb53): the preview remembers each row by a number, not by its title and URL,
 * so a file of a million rows needs a few megabytes for it rather than its text again.
 */
function identityHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const cellText = (cell: unknown): string => (cell === null || cell === undefined ? "" : String(cell));

/** Collects the preview while rows stream in: header first, then rows in chunks. */
export class PreviewCollector {
  private columns: PreviewColumn[] = [];
  private fields: (string | null)[] = [];
  private sawHeader = false;
  private rowNumber = 1; // the header's number in the spreadsheet (blank rows above it count)
  private readonly data: SpreadsheetPreviewData = { columns: [], sample: [], total: 0, rowsWithErrors: 0, errors: [], errorsTruncated: false, errorRows: [], failure: null, firstRowOf: new Map() };

  constructor(private readonly options: { categoryRequired: boolean; sampleRows?: number; maxErrors?: number }) {}

  /** The header row: maps the columns; a file without a title column cannot be imported. */
  header(cells: readonly unknown[], rowNumber = 1): void {
    this.sawHeader = true;
    this.rowNumber = rowNumber;
    const headers = cells.slice(0, IMPORT_MAX_COLUMNS).map((c) => cellText(c).trim());
    this.fields = mapColumns(headers);
    this.columns = headers.map((header, index) => ({ index, header, field: this.fields[index] ?? null }));
    if (!this.fields.includes("title")) this.data.failure = "noTitleColumn";
  }

  /** A chunk of data rows. */
  rows(chunk: readonly (readonly unknown[])[]): void {
    if (this.data.failure) return;
    const sampleRows = this.options.sampleRows ?? PREVIEW_SAMPLE_ROWS;
    const maxErrors = this.options.maxErrors ?? PREVIEW_MAX_ERRORS;
    for (const raw of chunk) {
      this.rowNumber += 1;
      // A blank row is not imported, but counts: the next rows keep the spreadsheet's numbers.
      if (isBlankRow(raw)) continue;
      this.data.total += 1;
      const row: PreviewRow = { rowNumber: this.rowNumber, cells: raw.slice(0, IMPORT_MAX_COLUMNS).map(cellText) };
      if (this.data.sample.length < sampleRows) this.data.sample.push(row);
      const errors = errorsOfRow(this.fields, row, this.options.categoryRequired);
      if (!errors.length) {
        const values = rowFromCells(this.fields, row.cells);
        const key = identityHash(importRowIdentity(values));
        const first = this.data.firstRowOf.get(key);
        if (first === undefined) this.data.firstRowOf.set(key, row.rowNumber);
        else errors.push(duplicateRowError(row.rowNumber, first, values));
      }
      if (errors.length) {
        this.data.rowsWithErrors += 1;
        let listed = false;
        for (const error of errors) {
          if (this.data.errors.length < maxErrors) {
            this.data.errors.push(error);
            listed = true;
          } else this.data.errorsTruncated = true;
        }
        if (listed) this.data.errorRows.push(row);
      }
    }
  }

  /** True when the header already decided the file cannot be imported (the rest need not be read). */
  get refused(): boolean {
    return this.data.failure !== null;
  }

  /** Data rows read so far (blank rows are not counted): the dialog's "N rows read", never above the final total. */
  get dataRows(): number {
    return this.data.total;
  }

  /** The preview so far (call after the last chunk). */
  result(): SpreadsheetPreviewData {
    const failure = this.data.failure ?? (!this.sawHeader || this.data.total === 0 ? "emptyFile" : null);
    return { ...this.data, columns: this.columns, failure };
  }
}

/** A row's errors in the server's shape ('Row N [field]: message' with the provided value). */
export function errorsOfRow(fields: readonly (string | null)[], row: PreviewRow, categoryRequired: boolean): ImportError[] {
  const values = rowFromCells(fields, row.cells);
  return importRowErrors(values, { categoryRequired }).map((e) => ({ row_number: row.rowNumber, field: e.field, message: e.message, value: values[e.field] ?? "" }));
}

/** The user's corrections, keyed by editKey(rowNumber, field). */
export type CellEdits = Readonly<Record<string, string>>;

/** The key of one corrected cell. */
export const editKey = (rowNumber: number, field: string): string => `${rowNumber}:${field}`;

/** Whether the preview lets the user correct this field's cells. */
export const isEditableField = (field: string): boolean => (EDITABLE_FIELDS as readonly string[]).includes(field);

/** Corrected fields that have no column in the file: they are added as new columns, in import order. */
export function addedFields(columns: readonly PreviewColumn[], edits: CellEdits): string[] {
  const edited = new Set(Object.keys(edits).map((key) => key.slice(key.indexOf(":") + 1)));
  return IMPORT_FIELDS.map((f) => f.key).filter((key) => edited.has(key) && !columns.some((c) => c.field === key));
}

/** The column layout after corrections: the file's columns, then one per added field. */
export function correctedFields(columns: readonly PreviewColumn[], edits: CellEdits): (string | null)[] {
  return [...columns.map((c) => c.field), ...addedFields(columns, edits)];
}

/** The header row of the corrected file (added columns get the field's label, which maps back to it). */
export function correctedHeader(columns: readonly PreviewColumn[], edits: CellEdits): string[] {
  return [...columns.map((c) => c.header), ...addedFields(columns, edits).map((key) => importField(key)!.label)];
}

/** A row's cells with the corrections applied, laid out as correctedFields. */
export function correctedCells(columns: readonly PreviewColumn[], edits: CellEdits, row: PreviewRow): string[] {
  const fields = correctedFields(columns, edits);
  const cells = fields.map((_, i) => row.cells[i] ?? "");
  // Cells past the mapped columns are kept as they were.
  if (row.cells.length > fields.length) cells.push(...row.cells.slice(fields.length));
  fields.forEach((field, i) => {
    if (!field) return;
    const edit = edits[editKey(row.rowNumber, field)];
    if (edit !== undefined) cells[i] = edit;
  });
  return cells;
}

/** The errors a row still has after the corrections. */
export function remainingErrors(columns: readonly PreviewColumn[], edits: CellEdits, row: PreviewRow, categoryRequired: boolean): ImportError[] {
  return errorsOfRow(correctedFields(columns, edits), { rowNumber: row.rowNumber, cells: correctedCells(columns, edits, row) }, categoryRequired);
}

/**
 * The rows whose corrections leave them free of errors but the same resource (title and URL) as an earlier row: the
 * server imports the earlier one and skips these, so they are told now with the server's message. Rows are taken in
 * order, against the rows without errors and the corrected rows before them. (A corrected row that an unlisted later
 * row repeats is imported, and that later row is skipped: the preview does not list it.)
 */
export function correctedRepeats(preview: Pick<SpreadsheetPreviewData, "columns" | "firstRowOf">, edits: CellEdits, cleared: readonly PreviewRow[]): Map<number, ImportError> {
  const fields = correctedFields(preview.columns, edits);
  const correctedBefore = new Map<number, number>();
  const repeats = new Map<number, ImportError>();
  for (const row of [...cleared].sort((a, b) => a.rowNumber - b.rowNumber)) {
    const values = rowFromCells(fields, correctedCells(preview.columns, edits, row));
    const key = identityHash(importRowIdentity(values));
    const original = preview.firstRowOf.get(key);
    const first = original !== undefined && original < row.rowNumber ? original : correctedBefore.get(key);
    if (first !== undefined) repeats.set(row.rowNumber, duplicateRowError(row.rowNumber, first, values));
    else correctedBefore.set(key, row.rowNumber);
  }
  return repeats;
}

/** CSV text of rows, each line ended with CRLF, quoted where needed (Papa.unparse). */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (!rows.length) return "";
  return `${Papa.unparse(rows as string[][], { newline: "\r\n" })}\r\n`;
}

/** Builds the corrected CSV chunk by chunk, as the worker reads the original file again. */
export class CorrectedCsvWriter {
  private readonly parts: string[] = [];
  private rowNumber = 1;
  /** Blank rows read since the last written one. */
  private blankLines = 0;

  constructor(
    private readonly columns: readonly PreviewColumn[],
    private readonly edits: CellEdits,
  ) {}

  /** The header row (the original file's, plus added columns). */
  header(rowNumber = 1): void {
    // Blank lines above the header are kept, so the server numbers the corrected file's rows as the preview did.
    this.rowNumber = rowNumber;
    this.parts.push(csvLines([...Array.from({ length: rowNumber - 1 }, () => []), correctedHeader(this.columns, this.edits)]));
  }

  /** A chunk of data rows, numbered on from the previous chunk. */
  rows(chunk: readonly (readonly unknown[])[]): void {
    const lines: string[][] = [];
    for (const raw of chunk) {
      this.rowNumber += 1;
      // A blank row stays a blank line, so the server numbers the rows after it as the preview did (blank lines at the
      // end of the file are left out: they are written only once a row follows them).
      if (isBlankRow(raw)) {
        this.blankLines += 1;
        continue;
      }
      for (; this.blankLines > 0; this.blankLines--) lines.push([]);
      lines.push(correctedCells(this.columns, this.edits, { rowNumber: this.rowNumber, cells: raw.slice(0, IMPORT_MAX_COLUMNS).map(cellText) }));
    }
    this.parts.push(csvLines(lines));
  }

  /** The CSV text parts (for a Blob or File, so a large file is never one string). */
  result(): string[] {
    return this.parts;
  }
}

/** The corrected file's name: the original's with .csv (an XLSX is uploaded as CSV after corrections). */
export const correctedFileName = (name: string): string => `${name.replace(/\.[^.]+$/, "")}.csv`;
