import Papa from "papaparse";
import * as XLSX from "xlsx";
import { CSV_SAMPLE_CHARS, WORKBOOK_READ_OPTIONS, csvDelimiter, csvNewline, csvRowCells, importSheet, inspectZip, isBlankRow, withoutByteOrderMark, zipExpandsTooFar } from "../../../contract/index.js";
import type { SpreadsheetType } from "./spreadsheetPreviewModel.js";

/** Workbooks larger than this are not opened locally (SheetJS holds the whole sheet in memory); CSV streams at any size. */
export const PREVIEW_MAX_WORKBOOK_BYTES = 50 * 1024 * 1024;
/**
 * Workbooks whose ZIP declares more uncompressed data than this are refused before SheetJS inflates them: the server's
 * default bound (IMPORT_MAX_EXPANDED_MB, server/config.ts), so a zip bomb neither exhausts the worker (and with it the
 * page's renderer process) nor previews a file the server would refuse as too large.
 */
export const PREVIEW_MAX_EXPANDED_BYTES = 300 * 1024 * 1024;
/** Rows handed over per chunk. */
const CHUNK_ROWS = 1000;

export interface SpreadsheetHandlers {
  /** The header row and its number in the spreadsheet (blank rows above it count, as the server counts them). */
  header(cells: unknown[], rowNumber: number): void;
  /** A chunk of data rows; answering false stops the reading (nothing more is needed). */
  rows(rows: unknown[][]): boolean | void;
}

/** Why a file could not be read (a BULK_IMPORT_MESSAGES key), as the server's worker reports it. */
export class SpreadsheetReadError extends Error {
  constructor(public code: "unreadable" | "emptyFile" | "tooLarge") {
    super(code);
  }
}

/**
 * Reads a spreadsheet the way the server's worker does (server/jobs/spreadsheetWorker.ts): CSV streamed by papaparse
 * with a leading BOM dropped, blank lines after the header handed on (a reader skips them but counts them: isBlankRow); XLS/XLSX through SheetJS, the first sheet with a title column (else the first), formatted cell text,
 * blank rows handed on as empty ones. A CSV source may be a File (streamed in chunks) or a string; a workbook a File or bytes.
 */
export async function readSpreadsheetSource(source: Blob | string | ArrayBuffer, type: SpreadsheetType, handlers: SpreadsheetHandlers): Promise<void> {
  if (type === "csv") return readCsv(source, handlers);
  // Judged by the file's size before its bytes are read: a huge workbook must not be loaded whole just to be refused.
  if (source instanceof Blob && source.size > PREVIEW_MAX_WORKBOOK_BYTES) throw new SpreadsheetReadError("tooLarge");
  const bytes = source instanceof ArrayBuffer ? source : typeof source === "string" ? new TextEncoder().encode(source).buffer : await source.arrayBuffer();
  // An .xlsx is a zip; the server refuses anything else under that name before SheetJS sees it (which would read text).
  if (type === "xlsx" && !isZip(bytes)) throw new SpreadsheetReadError("unreadable");
  if (type === "xlsx") {
    const zip = inspectZip(new Uint8Array(bytes));
    if (!zip) throw new SpreadsheetReadError("unreadable");
    if (zipExpandsTooFar(zip, PREVIEW_MAX_EXPANDED_BYTES)) throw new SpreadsheetReadError("tooLarge");
  }
  readWorkbook(bytes, handlers);
}

const isZip = (bytes: ArrayBuffer): boolean => {
  const head = new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength));
  return head.length === 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
};

async function readCsv(source: Blob | string | ArrayBuffer, handlers: SpreadsheetHandlers): Promise<void> {
  const input = source instanceof ArrayBuffer ? new TextDecoder().decode(source) : source;
  const sample = typeof input === "string" ? input.slice(0, CSV_SAMPLE_CHARS) : await input.slice(0, CSV_SAMPLE_CHARS).text();
  return new Promise((resolve, reject) => {
    let header = true;
    let headerRow = 1;
    let stopped = false;
    const config: Papa.ParseLocalConfig<unknown[], Papa.LocalFile> = {
      // Blank lines are read, as the server reads them: after the header they count in the rows' numbers.
      skipEmptyLines: false,
      delimiter: csvDelimiter(sample),
      newline: csvNewline(sample),
      chunkSize: 512 * 1024,
      chunk(results, parser) {
        if (stopped) return;
        let rows = results.data.map(csvRowCells);
        if (header) {
          const first = rows.findIndex((row) => !isBlankRow(row));
          if (first < 0) {
            headerRow += rows.length;
            return;
          }
          handlers.header(withoutByteOrderMark(rows[first]!), headerRow + first);
          rows = rows.slice(first + 1);
          header = false;
        }
        if (rows.length && handlers.rows(rows) === false) {
          stopped = true;
          parser.abort();
        }
      },
      complete() {
        if (header && !stopped) reject(new SpreadsheetReadError("emptyFile"));
        else resolve();
      },
      error() {
        reject(new SpreadsheetReadError("unreadable"));
      },
    };
    // A string streams through `chunk` just as a File does; the typings only describe files for that.
    Papa.parse(input as Papa.LocalFile, config);
  });
}

function readWorkbook(bytes: ArrayBuffer, handlers: SpreadsheetHandlers): void {
  if (bytes.byteLength > PREVIEW_MAX_WORKBOOK_BYTES) throw new SpreadsheetReadError("tooLarge");
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(new Uint8Array(bytes), { ...WORKBOOK_READ_OPTIONS, type: "array" });
  } catch {
    throw new SpreadsheetReadError("unreadable");
  }
  const { rows, headerRow } = importSheet(workbook);
  if (!rows.length) throw new SpreadsheetReadError("emptyFile");
  handlers.header(rows[0]!, headerRow);
  for (let i = 1; i < rows.length; i += CHUNK_ROWS) if (handlers.rows(rows.slice(i, i + CHUNK_ROWS)) === false) return;
}
