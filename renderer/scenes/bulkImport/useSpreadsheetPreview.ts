import { useCallback, useEffect, useMemo, useState } from "react";
import { BULK_IMPORT_MESSAGES, DUPLICATE_ROW_FIELD, type ImportError } from "../../../contract/index.js";
import { useAppConfig } from "../../api/queries.js";
import { correctedRepeats, editKey, remainingErrors, type CellEdits, type PreviewRow, type SpreadsheetPreviewData } from "./spreadsheetPreviewModel.js";
import type { WorkerRequest, WorkerResponse } from "./spreadsheetWorkerProtocol.js";

export type SpreadsheetPreviewStatus = "reading" | "ready" | "failed";

/** One listed error with what the user's corrections made of it. */
export interface PreviewErrorState {
  error: ImportError;
  /** The cell's current text (the correction, or the provided value). */
  value: string;
  /** The field's error after the corrections, or null when corrected. */
  current: ImportError | null;
}

export interface SpreadsheetPreviewState {
  file: File;
  status: SpreadsheetPreviewStatus;
  /** Rows read so far (a large file takes a while). */
  rowsRead: number;
  preview: SpreadsheetPreviewData | null;
  /** Why the file cannot be imported (the server's message), when it cannot. */
  failure: string | null;
  edits: CellEdits;
  errors: PreviewErrorState[];
  /** Rows with errors after the corrections (rows past the listed errors count as before). */
  rowsWithErrors: number;
  /** Corrects one cell; the original text removes the correction. */
  setCell(rowNumber: number, field: string, value: string): void;
  /** The file to upload: the original when nothing was corrected, else the corrected CSV (built in the worker). */
  fileToUpload(): Promise<File>;
}

/** Runs one request in a fresh worker; `onProgress` sees the row count while a file is read. */
function runWorker(request: WorkerRequest, onProgress?: (rows: number) => void): { result: Promise<WorkerResponse>; stop(): void } {
  const worker = new Worker(new URL("./spreadsheet.worker.ts", import.meta.url), { type: "module" });
  const result = new Promise<WorkerResponse>((resolve) => {
    worker.addEventListener("message", (event: MessageEvent<WorkerResponse>) => {
      if (event.data.type === "progress") return onProgress?.(event.data.rows);
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener("error", () => {
      worker.terminate();
      resolve({ type: "failed", code: "unreadable" });
    });
  });
  worker.postMessage(request);
  return { result, stop: () => worker.terminate() };
}

const failureMessage = (code: keyof typeof BULK_IMPORT_MESSAGES): string => BULK_IMPORT_MESSAGES[code] ?? BULK_IMPORT_MESSAGES.unreadable;

/**
 * Reads a bulk import file in a Web Worker (papaparse / SheetJS) and checks it with the server's rules, then keeps the
 * user's corrections and builds the file to upload. Pass null while no file is chosen.
 */
export function useSpreadsheetPreview(file: File | null): SpreadsheetPreviewState | null {
  const config = useAppConfig();
  // Wait for the site's settings: they decide whether a category is required on every row.
  const categoryRequired = config.isPending ? null : (config.data?.resourceCategoryRequired ?? false);
  const [read, setRead] = useState<{ file: File; status: SpreadsheetPreviewStatus; rowsRead: number; preview: SpreadsheetPreviewData | null; failure: string | null } | null>(null);
  // Corrections belong to one file: choosing another starts with none.
  const [correction, setCorrection] = useState<{ file: File | null; edits: CellEdits }>({ file: null, edits: {} });
  const edits = useMemo(() => (correction.file === file ? correction.edits : {}), [correction, file]);

  useEffect(() => {
    if (!file || categoryRequired === null) return;
    const run = runWorker({ type: "preview", file, categoryRequired }, (rowsRead) => setRead({ file, status: "reading", rowsRead, preview: null, failure: null }));
    let live = true;
    void run.result.then((answer) => {
      if (!live) return;
      if (answer.type === "preview") {
        const { preview } = answer;
        setRead({ file, status: preview.failure ? "failed" : "ready", rowsRead: preview.total, preview, failure: preview.failure ? failureMessage(preview.failure) : null });
      } else setRead({ file, status: "failed", rowsRead: 0, preview: null, failure: failureMessage(answer.type === "failed" ? answer.code : "unreadable") });
    });
    return () => {
      live = false;
      run.stop();
    };
  }, [file, categoryRequired]);

  const current = read && read.file === file ? read : null;
  const preview = current?.preview ?? null;
  const rowsByNumber = useMemo(() => new Map<number, PreviewRow>((preview?.errorRows ?? []).map((r) => [r.rowNumber, r])), [preview]);

  const { errors, rowsWithErrors } = useMemo(() => {
    if (!preview) return { errors: [], rowsWithErrors: 0 };
    // A repeated row has no cell to correct here: it stays listed, and skipped, as the server will skip it.
    const repeats = new Map(preview.errors.filter((e) => e.field === DUPLICATE_ROW_FIELD).map((e) => [e.row_number, e]));
    const remaining = new Map<number, ImportError[]>();
    for (const row of preview.errorRows) {
      const repeat = repeats.get(row.rowNumber);
      remaining.set(row.rowNumber, [...remainingErrors(preview.columns, edits, row, categoryRequired ?? false), ...(repeat ? [repeat] : [])]);
    }
    // A row its corrections cleared may now repeat an earlier one: the server would skip it, so each of its fields says so.
    const clearedRows = preview.errorRows.filter((row) => remaining.get(row.rowNumber)?.length === 0 && !repeats.has(row.rowNumber));
    for (const [rowNumber, repeat] of correctedRepeats(preview, edits, clearedRows)) {
      const fields = new Set(preview.errors.filter((e) => e.row_number === rowNumber).map((e) => e.field));
      remaining.set(rowNumber, [...fields].map((field) => ({ ...repeat, field })));
    }
    const list = preview.errors.map((error) => ({
      error,
      value: edits[editKey(error.row_number, error.field)] ?? error.value,
      current: remaining.get(error.row_number)?.find((e) => e.field === error.field) ?? null,
    }));
    const cleared = [...remaining.values()].filter((e) => e.length === 0).length;
    return { errors: list, rowsWithErrors: preview.rowsWithErrors - cleared };
  }, [preview, edits, categoryRequired]);

  const setCell = useCallback(
    (rowNumber: number, field: string, value: string) => {
      const original = rowsByNumber.get(rowNumber);
      const column = preview?.columns.find((c) => c.field === field);
      const originalValue = original && column ? (original.cells[column.index] ?? "") : "";
      setCorrection((previous) => {
        const next = { ...(previous.file === file ? previous.edits : {}) };
        if (value === originalValue) delete next[editKey(rowNumber, field)];
        else next[editKey(rowNumber, field)] = value;
        return { file, edits: next };
      });
    },
    [rowsByNumber, preview, file],
  );

  const fileToUpload = useCallback(async (): Promise<File> => {
    if (!file || !preview) throw new Error("No file has been read");
    if (Object.keys(edits).length === 0) return file;
    const answer = await runWorker({ type: "correct", file, columns: preview.columns, edits }).result;
    if (answer.type !== "corrected") throw new Error(BULK_IMPORT_MESSAGES.unreadable);
    return answer.file;
  }, [file, preview, edits]);

  if (!file) return null;
  const base = current ?? { file, status: "reading" as const, rowsRead: 0, preview: null, failure: null };
  return { ...base, edits, errors, rowsWithErrors, setCell, fileToUpload };
}
