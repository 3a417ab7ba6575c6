/**
 * Reads a bulk import file off the main thread: the preview (mapping, first rows, every row checked) and, after the
 * user's corrections, the corrected CSV. One request per worker; the page terminates it when done or abandoned.
 */
import { readSpreadsheetSource, SpreadsheetReadError } from "./readSpreadsheetSource.js";
import { CorrectedCsvWriter, PreviewCollector, correctedFileName, spreadsheetType } from "./spreadsheetPreviewModel.js";
import type { WorkerRequest, WorkerResponse } from "./spreadsheetWorkerProtocol.js";

// The renderer is typed with the DOM library; a worker's global needs only these two members here.
interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;
const send = (message: WorkerResponse) => scope.postMessage(message);

async function handle(request: WorkerRequest): Promise<void> {
  const type = spreadsheetType(request.file.name);
  if (!type) return send({ type: "failed", code: "unreadable" });
  if (request.type === "preview") {
    const collector = new PreviewCollector({ categoryRequired: request.categoryRequired });
    await readSpreadsheetSource(request.file, type, {
      header: (cells, rowNumber) => collector.header(cells, rowNumber),
      rows: (chunk) => {
        collector.rows(chunk);
        // Data rows only: counting the blank ones made the counter run ahead of the final total.
        send({ type: "progress", rows: collector.dataRows });
        // A file the server would refuse outright needs no more reading.
        return !collector.refused;
      },
    });
    send({ type: "preview", preview: collector.result() });
    return;
  }
  const writer = new CorrectedCsvWriter(request.columns, request.edits);
  await readSpreadsheetSource(request.file, type, { header: (_cells, rowNumber) => writer.header(rowNumber), rows: (chunk) => writer.rows(chunk) });
  send({ type: "corrected", file: new File(writer.result(), correctedFileName(request.file.name), { type: "text/csv" }) });
}

scope.addEventListener("message", (event) => {
  handle(event.data).catch((error: unknown) => send({ type: "failed", code: error instanceof SpreadsheetReadError ? error.code : "unreadable" }));
});
