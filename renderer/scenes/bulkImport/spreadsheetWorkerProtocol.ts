import type { CellEdits, PreviewColumn, SpreadsheetPreviewData } from "./spreadsheetPreviewModel.js";

/** What the page asks the spreadsheet worker. */
export type WorkerRequest =
  | { type: "preview"; file: File; categoryRequired: boolean }
  | { type: "correct"; file: File; columns: PreviewColumn[]; edits: CellEdits };

/** What the spreadsheet worker answers. */
export type WorkerResponse =
  | { type: "progress"; rows: number }
  | { type: "preview"; preview: SpreadsheetPreviewData }
  | { type: "corrected"; file: File }
  | { type: "failed"; code: "unreadable" | "emptyFile" | "tooLarge" };
