import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { BULK_IMPORT_MESSAGES, IMPORT_FILE_EXTENSIONS, fileExtension } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { sampleFileUrl, uploadImportFile } from "../../api/bulkImport.js";
import { Alert } from "../../components/Alert.js";
import { DropZone } from "../../components/DropZone.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { useClaimWindowDrop } from "../../hooks/windowDropClaims.js";
import { ProgressBar } from "./ProgressBar.js";
import { SpreadsheetPreview } from "./SpreadsheetPreview.js";
import { useSpreadsheetPreview } from "./useSpreadsheetPreview.js";

const ACCEPT = IMPORT_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

/** Checks the chosen file's extension the way the server will. */
export function importFileError(file: File | null): string | null {
  if (!file) return null;
  return (IMPORT_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)) ? null : BULK_IMPORT_MESSAGES.fileType;
}

/**
 * The Bulk Import button and its dialog (id bulk-import-resources): choose a .csv, .xls or .xlsx
 * file (Upload stays disabled until one is chosen), see the upload's progress, then go to the
 * import's page, which follows the server's data.redirect.
 */
export function BulkImportDialog({ initialFile = null, open: controlledOpen, onOpenChange }: { initialFile?: File | null; open?: boolean; onOpenChange?(open: boolean): void }) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;
  const [file, setFile] = useState<File | null>(initialFile);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const inputId = useId();
  const fileError = importFileError(file);
  // The chosen spreadsheet is read and checked locally before anything is sent; corrections go up as a CSV.
  const preview = useSpreadsheetPreview(file && !fileError ? file : null);
  // While the dialog is open, files dropped on the window are its spreadsheet, not new resources.
  useClaimWindowDrop(open);

  const handleOpenChange = (next: boolean) => {
    if (progress !== null) return; // an upload in flight finishes first
    setOpen(next);
    if (!next) {
      setFile(null);
      setError(null);
    }
  };

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || fileError) return;
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadImportFile(preview ? await preview.fileToUpload() : file, setProgress);
      setProgress(null);
      setOpen(false);
      setFile(null);
      void navigate(answer.data.redirect);
    } catch (err) {
      setProgress(null);
      setError(messageOf(err, BULK_IMPORT_MESSAGES.unreadable));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={handleOpenChange}>
      {controlledOpen === undefined && (
        <Dialog.Trigger className="button button--secondary button--small" type="button">
          Bulk Import
        </Dialog.Trigger>
      )}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* Full width for the preview's table; a file refused outright is one message, at the usual width. */}
        <Dialog.Content id="bulk-import-resources" className={preview && preview.status !== "failed" ? "dialog dialog--full" : "dialog"} aria-describedby={`${inputId}-help`}>
          <DropZone
            label="Drop a spreadsheet to import it"
            hint=".csv, .xls or .xlsx"
            enabled={progress === null}
            onFiles={(files) => {
              setError(null);
              setFile(files[0]!);
            }}
          />
          <Dialog.Title className="dialog__title">Bulk Import Resources</Dialog.Title>
          <form className="import-form" onSubmit={(e) => void handleSubmit(e)}>
            <p id={`${inputId}-help`} className="field__hint">
              Import many resources at once from a spreadsheet (.csv, .xls or .xlsx) with one resource per row. Start from the sample file:{" "}
              <a href={sampleFileUrl("csv")} download>
                CSV sample
              </a>{" "}
              or{" "}
              <a href={sampleFileUrl("xlsx")} download>
                Excel sample
              </a>
              .
            </p>
            <Field id={inputId} label="Spreadsheet file" error={fileError}>
              <input
                id={inputId}
                className="input input--file"
                type="file"
                accept={ACCEPT}
                disabled={progress !== null}
                {...fieldErrorProps(inputId, fileError)}
                onChange={(e) => {
                  setError(null);
                  setFile(e.target.files?.[0] ?? null);
                }}
              />
            </Field>
            {preview && <SpreadsheetPreview state={preview} />}
            {progress !== null && <ProgressBar label="Uploading" value={progress} />}
            {error && <Alert tone="danger">{error}</Alert>}
            {/* Upload first, then Cancel, as in the other dialogs (DialogActions); Cancel waits for an upload in flight. */}
            <div className="dialog__actions">
              <button className="button button--primary" type="submit" disabled={!file || !!fileError || progress !== null || (preview !== null && preview.status !== "ready")}>
                {progress !== null ? "Uploading…" : "Upload"}
              </button>
              <Dialog.Close className="button button--ghost" type="button" disabled={progress !== null}>
                Cancel
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
