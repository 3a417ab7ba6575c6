import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { WorkerFailure, WorkerInput, WorkerMessage } from "./spreadsheetProtocol.js";

/**
 * The worker's code. The compiled server (npm run build:server) has the worker as its own file beside
 * it; run from the sources (dev, tests), the worker is TypeScript and its bootstrap registers tsx's
 * loader first.
 */
function workerScript(): { script: string | URL; eval: boolean } {
  if (!import.meta.url.endsWith(".ts")) return { script: new URL("./spreadsheetWorker.js", import.meta.url), eval: false };
  const require = createRequire(import.meta.url);
  const tsxEsmApi = pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const worker = new URL("./spreadsheetWorker.ts", import.meta.url).href;
  return { script: `import(${JSON.stringify(tsxEsmApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`, eval: true };
}
const WORKER = workerScript();

/** Heap of a worker reading a CSV (streamed chunk by chunk). */
const CSV_WORKER_MEMORY_MB = 96;

export interface SpreadsheetLimits {
  maxRows: number;
  maxColumns: number;
  /** What an XLSX may declare it expands to. */
  maxUncompressedBytes: number;
  /** Wall-clock limit for reading the whole file. */
  timeoutMs: number;
  /** Heap of the worker: a file that needs more fails its import, not the server. */
  workerMemoryMb: number;
  chunkRows?: number;
}

/** Raised when a file cannot be imported; `code` names a BULK_IMPORT_MESSAGES entry. */
export class SpreadsheetError extends Error {
  constructor(public code: WorkerFailure) {
    super(code);
  }
}

export interface SpreadsheetHandlers {
  /** The header row and its number in the spreadsheet (blank rows above it count). */
  header(cells: unknown[], rowNumber: number): void | Promise<void>;
  /** Called per chunk; the worker reads on only after it resolves (backpressure). */
  rows(rows: unknown[][]): Promise<void>;
}

/**
 * Reads a CSV, XLS or XLSX file in a worker thread with limits on rows, expansion, memory and
 * time, handing rows over chunk by chunk. Resolves with the number of data rows.
 */
export function readSpreadsheet(filePath: string, fileType: WorkerInput["fileType"], limits: SpreadsheetLimits, handlers: SpreadsheetHandlers): Promise<number> {
  const workerData: WorkerInput = {
    filePath,
    fileType,
    maxRows: limits.maxRows,
    maxColumns: limits.maxColumns,
    maxUncompressedBytes: limits.maxUncompressedBytes,
    chunkRows: limits.chunkRows ?? 1000,
  };
  const worker = new Worker(WORKER.script, {
    eval: WORKER.eval,
    workerData,
    // A CSV is streamed and needs little; a small heap also makes the worker collect its garbage early
    // instead of growing toward the limit (the process's peak memory). Workbooks are read whole.
    resourceLimits: { maxOldGenerationSizeMb: fileType === "csv" ? Math.min(CSV_WORKER_MEMORY_MB, limits.workerMemoryMb) : limits.workerMemoryMb, maxYoungGenerationSizeMb: 16 },
    stdout: true,
    stderr: true,
  });
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    let sawHeader = false;
    const finish = (error: SpreadsheetError | null, rows = 0) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(rows);
    };
    const timer = setTimeout(() => finish(new SpreadsheetError("timedOut")), limits.timeoutMs);
    let queue = Promise.resolve();
    worker.on("message", (message: WorkerMessage) => {
      // Messages are handled strictly in order, each after the previous one's handler finished.
      queue = queue.then(async () => {
        if (settled) return;
        try {
          if (message.type === "header") {
            sawHeader = true;
            await handlers.header(message.cells, message.rowNumber);
          } else if (message.type === "rows") {
            await handlers.rows(message.rows);
            worker.postMessage({ type: "ack" });
          } else if (message.type === "end") finish(sawHeader ? null : new SpreadsheetError("emptyFile"), message.rows);
          else finish(new SpreadsheetError(message.code as WorkerFailure));
        } catch (err) {
          if (!settled) {
            settled = true;
            clearTimeout(timer);
            void worker.terminate();
            reject(err);
          }
        }
      });
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any crash inside the worker: the file is at fault.
    worker.on("error", () => finish(new SpreadsheetError("tooLarge")));
    worker.on("exit", () => void queue.then(() => finish(new SpreadsheetError("unreadable"))));
  });
}
