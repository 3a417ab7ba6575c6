import Papa from "papaparse";
import type { CellObject, ParsingOptions, WorkBook } from "xlsx";
import { resourceSheet } from "./bulkImport.js";

/**
 * How an import spreadsheet is read, written once for the two readers: the server's worker
 * (server/jobs/spreadsheetWorker.ts) and the local preview (renderer/scenes/bulkImport/readSpreadsheetSource.ts),
 * so the preview shows the rows the import will read. Each reader opens the file its own way (a stream, bytes).
 */

/** SheetJS options for an import: rows as arrays (dense), and no formulas, HTML, styles or macros. */
export const WORKBOOK_READ_OPTIONS = { dense: true, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false } as const satisfies ParsingOptions;

/** How many characters from a CSV's start are handed to csvDelimiter (enough for its first lines). */
export const CSV_SAMPLE_CHARS = 64 * 1024;

/** The delimiters a CSV may use: Excel writes ";" where the decimal separator is a comma. */
const CSV_DELIMITERS = [",", ";", "\t", "|"] as const;

/**
 * The delimiter a CSV uses (",", ";", a tab or "|"): the one that splits its header row (its first line that is not
 * blank; `sample` is the file's first CSV_SAMPLE_CHARS characters) into the most cells, "," on a tie. Judged by the
 * header alone, whose cells are column names: the rows' cells hold the delimiters of lists ("Grade 6; Grade 7"), and
 * papaparse's guess from the first rows took ";" for a comma-separated file with four such rows, the header then one
 * cell ("no title column"). Papaparse's guess while the file streams also misjudged a short file ending in a newline.
 */
export function csvDelimiter(sample: string): string {
  let best: string = ",";
  let most = 1;
  for (const delimiter of CSV_DELIMITERS) {
    const header = Papa.parse<string[]>(sample, { preview: 1, skipEmptyLines: "greedy", delimiter }).data[0] ?? [];
    if (header.length > most) [best, most] = [delimiter, header.length];
  }
  return best;
}

/**
 * The line end to split a CSV at: "\n" whenever a line of `sample` ends so, else "\r" (old Mac files), else "\n".
 * Papaparse's own guess takes the first line end it meets for the whole file, so a file whose lines end both ways
 * (rows added in an editor to Excel's "\r\n" file) ran the added rows into one. Split at "\n", a row ending "\r\n"
 * keeps the "\r" in its last cell, unless quoted: csvRowCells drops it.
 */
export const csvNewline = (sample: string): "\n" | "\r" => (!sample.includes("\n") && sample.includes("\r") ? "\r" : "\n");

/** A CSV row as its cells: the "\r" of a "\r\n" line end left on the last cell by splitting at "\n" (csvNewline) taken off. */
export function csvRowCells(row: unknown[]): unknown[] {
  const last = row[row.length - 1];
  return typeof last === "string" && last.endsWith("\r") ? [...row.slice(0, -1), last.slice(0, -1)] : row;
}

/** A CSV header row without the byte-order mark Excel writes before the first cell. */
export const withoutByteOrderMark = (cells: readonly unknown[]): unknown[] => cells.map((c, i) => (i === 0 ? String(c).replace(/^\ufeff/, "") : c));

/**
 * Whether a row holds nothing but blank cells. An import skips such a row but still counts it, so every later row keeps
 * the number the spreadsheet shows it under (a blank row 3 leaves the next row row 4, as in Excel).
 */
export const isBlankRow = (cells: readonly unknown[]): boolean => cells.every((c) => c === null || c === undefined || String(c).trim() === "");

/**
 * The rows of the workbook's sheet an import reads (`resourceSheet`), as the text each cell shows, at most `maxColumns`
 * cells a row, from its first non-blank row (the header) to its last non-blank one. A blank row between them is kept as
 * an empty array, so a reader numbers the rows after it as the spreadsheet does (see isBlankRow). Walks the rows the
 * sheet stores, never the declared range, which a hostile file can make enormous. The workbook must have been read
 * with WORKBOOK_READ_OPTIONS (dense).
 */
const BLANK_ROW: unknown[] = [];

/** The rows importSheetRows read, and the sheet's own number of the first (the header): blank rows above it count. */
export interface ImportSheet {
  rows: unknown[][];
  headerRow: number;
}

export function importSheetRows(workbook: WorkBook, maxColumns = Number.POSITIVE_INFINITY): unknown[][] {
  return importSheet(workbook, maxColumns).rows;
}

/** importSheetRows with the header's row number, so readers number every row as the spreadsheet does. */
export function importSheet(workbook: WorkBook, maxColumns = Number.POSITIVE_INFINITY): ImportSheet {
  const headerRows = new WeakMap<unknown[][], number>();
  const toCells = (row: (CellObject | undefined)[] | undefined) => (row ? Array.from({ length: Math.min(row.length, maxColumns) }, (_, c) => (row[c] ? (row[c]!.w ?? row[c]!.v ?? "") : "")) : []);
  const rowsOf = (name: string) => {
    const data = (workbook.Sheets[name] as { "!data"?: ((CellObject | undefined)[] | undefined)[] } | undefined)?.["!data"] ?? [];
    const rows: unknown[][] = [];
    let kept = 0; // rows up to the last non-blank one
    for (let r = 0; r < data.length; r++) {
      const cells = toCells(data[r]);
      if (isBlankRow(cells)) {
        if (rows.length) rows.push(BLANK_ROW);
      } else {
        if (!rows.length) headerRows.set(rows, r + 1);
        rows.push(cells);
        kept = rows.length;
      }
    }
    rows.length = kept;
    return rows;
  };
  const rows = resourceSheet(workbook.SheetNames, rowsOf);
  return { rows, headerRow: headerRows.get(rows) ?? 1 };
}

/** What a ZIP file's central directory declares: its entries and their total uncompressed size. */
export interface ZipDeclaration {
  entries: number;
  uncompressedBytes: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/**
 * Reads a ZIP's central directory without inflating anything, so an XLSX can be refused before SheetJS expands it
 * (zip bombs). Null when the bytes are not a readable ZIP. ZIP64 archives (sizes of 0xFFFFFFFF) count as too large:
 * a spreadsheet an import accepts never needs them.
 */
export function inspectZip(bytes: Uint8Array): ZipDeclaration | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  let uncompressedBytes = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== CENTRAL_SIGNATURE) return null;
    const size = view.getUint32(offset + 24, true);
    uncompressedBytes += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return { entries, uncompressedBytes };
}

/** Whether a declared ZIP expands past `maxUncompressedBytes`, or holds more entries than a workbook ever needs. */
export const zipExpandsTooFar = (zip: ZipDeclaration, maxUncompressedBytes: number): boolean => zip.uncompressedBytes > maxUncompressedBytes || zip.entries > 10_000;
