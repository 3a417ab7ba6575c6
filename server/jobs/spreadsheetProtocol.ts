/** Messages between the spreadsheet worker and the job that started it. */
export interface WorkerInput {
  filePath: string;
  fileType: "csv" | "xls" | "xlsx";
  maxRows: number;
  maxColumns: number;
  maxUncompressedBytes: number;
  chunkRows: number;
}

/** A failure code names a BULK_IMPORT_MESSAGES entry. */
export type WorkerFailure = "tooManyRows" | "tooLarge" | "unreadable" | "emptyFile" | "timedOut";

export type WorkerMessage =
  | { type: "header"; cells: unknown[]; rowNumber: number }
  | { type: "rows"; rows: unknown[][] }
  | { type: "end"; rows: number }
  | { type: "fail"; code: WorkerFailure | string };
