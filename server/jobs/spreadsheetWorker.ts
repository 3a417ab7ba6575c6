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
import { inspectZip } from "./zipInspect.js";
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
let failed = false;
const fail = (code: string) => {
  failed = true;
  send({ type: "fail", code });
};
const sendRows = (rows: unknown[][]) => new Promise<void>((resolve) => {
  waiting = resolve;
  send({ type: "rows", rows });
});

function parseCsv(): void {
  let header = true;
  let count = 0;
  const stream = fs.createReadStream(input.filePath, { highWaterMark: 256 * 1024 });
  Papa.parse<unknown[]>(stream, {
    skipEmptyLines: "greedy",
    chunk(results, parser) {
      let rows = results.data;
      if (header && rows.length) {
        const cells = rows[0]!.map((c, i) => (i === 0 ? String(c).replace(/^\ufeff/, "") : c));
        send({ type: "header", cells: cells.slice(0, input.maxColumns) });
        rows = rows.slice(1);
        header = false;
      }
      count += rows.length;
      if (count > input.maxRows) {
        fail("tooManyRows"); // before abort(), which calls complete() at once
        parser.abort();
        return;
      }
      if (!rows.length) return;
      parser.pause();
      void sendRows(rows.map((r) => r.slice(0, input.maxColumns))).then(() => parser.resume());
    },
    complete() {
      if (failed) return;
      if (header) return fail("emptyFile");
      send({ type: "end", rows: count });
    },
    error() {
      fail("unreadable");
    },
  });
}

async function parseWorkbook(): Promise<void> {
  const buf = fs.readFileSync(input.filePath);
  if (input.fileType === "xlsx") {
    const zip = inspectZip(buf);
    if (!zip) return fail("unreadable");
    if (zip.uncompressedBytes > input.maxUncompressedBytes || zip.entries > 10000) return fail("tooLarge");
  }
  let workbook: XLSX.WorkBook;
  try {
    // sheetRows clamps a hostile <dimension> to what we accept; dense keeps rows as arrays.
    workbook = XLSX.read(buf, { type: "buffer", dense: true, sheetRows: input.maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false });
  } catch {
    return fail("unreadable");
  }
  const sheet = workbook.SheetNames.length ? workbook.Sheets[workbook.SheetNames[0]!] : undefined;
  // Walk the cells that exist (never the declared range, which a hostile file can make enormous).
  const data = ((sheet as { "!data"?: (XLSX.CellObject | undefined)[][] } | undefined)?.["!data"] ?? []).filter(Boolean);
  const toCells = (row: (XLSX.CellObject | undefined)[]) => {
    const cells: unknown[] = [];
    for (let c = 0; c < Math.min(row.length, input.maxColumns); c++) cells.push(row[c] ? (row[c]!.w ?? row[c]!.v ?? "") : "");
    return cells;
  };
  const rows = data.map(toCells).filter((r) => r.some((c) => String(c).trim() !== ""));
  if (!rows.length) return fail("emptyFile");
  if (rows.length - 1 > input.maxRows) return fail("tooManyRows");
  send({ type: "header", cells: rows[0]! });
  for (let i = 1; i < rows.length; i += input.chunkRows) await sendRows(rows.slice(i, i + input.chunkRows));
  send({ type: "end", rows: rows.length - 1 });
}

if (input.fileType === "csv") parseCsv();
else void parseWorkbook().catch(() => fail("unreadable"));
