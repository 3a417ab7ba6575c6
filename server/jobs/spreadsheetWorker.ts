/**
 * Runs in a worker thread: reads one uploaded spreadsheet and streams its rows to the parent in
 * chunks, waiting for an acknowledgement before the next (so memory stays bounded on any size).
 * It holds no database handle; whatever a hostile file does here is cut off by the parent's
 * resource limits and timer, and fails only its own import.
 */
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import Papa from "papaparse";
import * as XLSX from "xlsx";
import { CSV_SAMPLE_CHARS, WORKBOOK_READ_OPTIONS, csvDelimiter, csvNewline, csvRowCells, importSheet, inspectZip, isBlankRow, withoutByteOrderMark, zipExpandsTooFar } from "../../contract/index.js";
import type { WorkerInput, WorkerMessage } from "./spreadsheetProtocol.js";

const input = workerData as WorkerInput;
const port = parentPort!;
let waiting: (() => void) | null = null;
port.on("message", (m: { type: string }) => {
  if (m.type === "ack" && waiting) {
    const resume = waiting;
    waiting = null;
    resume();
  }
});

const send = (message: WorkerMessage) => port.postMessage(message);
const fail = (code: string) => send({ type: "fail", code });
const sendRows = (rows: unknown[][]) => new Promise<void>((resolve) => {
  waiting = resolve;
  send({ type: "rows", rows });
});

/** The file's first `chars` characters (UTF-8 read as far as `chars` bytes; a character cut at the end does not matter to csvDelimiter). */
function readStart(filePath: string, chars: number): string {
  const buffer = Buffer.alloc(chars);
  const fd = fs.openSync(filePath, "r");
  try {
    return buffer.toString("utf8", 0, fs.readSync(fd, buffer, 0, chars, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Papaparse's duplex stream mode, iterated: Node's own backpressure holds the file's reading while
 * the job stores a chunk, so memory stays flat however long the file is.
 */
async function parseCsv(): Promise<void> {
  // Blank lines are read, not skipped: after the header they go on as empty rows, so rows keep the spreadsheet's numbers.
  const sample = readStart(input.filePath, CSV_SAMPLE_CHARS);
  const rows = fs.createReadStream(input.filePath, { highWaterMark: 256 * 1024 }).pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: false, delimiter: csvDelimiter(sample), newline: csvNewline(sample) }));
  let header = true;
  let headerRow = 1; // blank lines above the header count, as the spreadsheet numbers its rows
  let count = 0;
  let batch: unknown[][] = [];
  for await (const cells of rows as AsyncIterable<unknown[]>) {
    const row = csvRowCells(cells);
    const blank = isBlankRow(row);
    if (header) {
      if (blank) {
        headerRow += 1;
        continue;
      }
      send({ type: "header", cells: withoutByteOrderMark(row).slice(0, input.maxColumns), rowNumber: headerRow });
      header = false;
      continue;
    }
    if (blank) batch.push([]);
    else if (++count > input.maxRows) return fail("tooManyRows");
    else batch.push(row.slice(0, input.maxColumns));
    if (batch.length >= input.chunkRows) {
      await sendRows(batch);
      batch = [];
    }
  }
  if (header) return fail("emptyFile");
  if (batch.length) await sendRows(batch);
  send({ type: "end", rows: count });
}

async function parseWorkbook(): Promise<void> {
  const buf = fs.readFileSync(input.filePath);
  if (input.fileType === "xlsx") {
    const zip = inspectZip(buf);
    if (!zip) return fail("unreadable");
    if (zipExpandsTooFar(zip, input.maxUncompressedBytes)) return fail("tooLarge");
  }
  let workbook: XLSX.WorkBook;
  try {
    // No sheetRows clamp: it counts physical rows, blank ones included, so a sheet with blank rows in the middle lost its
    // last data rows silently. The data rows are counted below instead; a hostile <dimension> costs nothing, as
    // importSheetRows walks only the rows the sheet stores, and the expansion bound and the worker's heap hold the rest.
    workbook = XLSX.read(buf, { ...WORKBOOK_READ_OPTIONS, type: "buffer" });
  } catch {
    return fail("unreadable");
  }
  const { rows, headerRow } = importSheet(workbook, input.maxColumns);
  if (!rows.length) return fail("emptyFile");
  // Blank rows (empty arrays) are sent for their numbers but are not data.
  const count = rows.reduce((n, row, i) => (i > 0 && row.length ? n + 1 : n), 0);
  if (count > input.maxRows) return fail("tooManyRows");
  send({ type: "header", cells: rows[0]!, rowNumber: headerRow });
  for (let i = 1; i < rows.length; i += input.chunkRows) await sendRows(rows.slice(i, i + input.chunkRows));
  send({ type: "end", rows: count });
}

void (input.fileType === "csv" ? parseCsv() : parseWorkbook()).catch(() => fail("unreadable"));
