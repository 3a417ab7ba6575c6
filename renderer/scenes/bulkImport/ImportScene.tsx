import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { IMPORT_FILE_EXTENSIONS, type BulkImport } from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { importKeys, uploadNewImportFile, useImport, useImportActions } from "../../api/bulkImport.js";
import { Alert } from "../../components/Alert.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { PageTitle } from "../../components/PageTitle.js";
import { DataResolution } from "./DataResolution.js";
import { importFileError } from "./BulkImportDialog.js";
import { ImportFileDrop } from "./ImportFileDrop.js";
import { ImportedContent } from "./ImportedContent.js";
import { ImportSettingsSection } from "./ImportSettingsSection.js";
import { ProgressBar } from "./ProgressBar.js";
import { shownValue } from "./shownValue.js";
import { SpreadsheetPreview } from "./SpreadsheetPreview.js";
import { useSpreadsheetPreview } from "./useSpreadsheetPreview.js";

/** The bulk import detail view: status, totals, Configure, Errors, Data Resolution, Imported Content and Start Import. */
export function ImportScene() {
  const { id = "" } = useParams();
  const query = useImport(id);
  const data = query.data;
  if (query.isPending) return <div className="import-page"><p role="status">Loading the import…</p></div>;
  if (!data) {
    const message = query.error instanceof ApiError && query.error.status === 404 ? "This import was not found." : "Oops! Something went wrong, try again after sometime";
    return (
      <div className="import-page">
        <PageTitle title="Bulk Import" />
        <h1 className="page-title">Bulk Import</h1>
        <Alert tone="danger">{message}</Alert>
      </div>
    );
  }
  return <ImportView data={data} />;
}

function ImportView({ data }: { data: BulkImport }) {
  const summary = data.import_results_summary;
  const actions = useImportActions(data.id);
  const failed = !!summary.error;
  const working = !failed && (data.status === "created" || data.status === "processing");
  return (
    <div className="import-page">
      <PageTitle title={`Bulk Import: ${data.file_name}`} />
      <h1 className="page-title">Bulk Import</h1>
      <ImportFileDrop />
      <p className="import-page__file">
        <span className="import-status" data-status={failed ? "failed" : data.status}>
          {failed ? "Failed" : data.status_label}
        </span>{" "}
        {data.file_name}
      </p>

      {failed && (
        <Alert tone="danger">
          <p className="import-error-line">{summary.error}</p>
          {data.abilities.retry && (
            <button type="button" className="button button--secondary button--small" disabled={actions.retry.isPending} onClick={() => actions.retry.mutate()}>
              Retry
            </button>
          )}
        </Alert>
      )}

      {working && data.status === "created" && <ProgressBar label="Reading the file" value={0} detail="Reading rows…" />}
      {working && data.status === "processing" && (
        <ProgressBar label="Importing" value={data.progress.total ? data.progress.done / data.progress.total : 0} detail={`${data.progress.done.toLocaleString()} of ${data.progress.total.toLocaleString()} rows`} />
      )}

      {(data.status === "preprocessed" || data.status === "completed" || data.status === "processing") && (
        <dl className="import-totals" aria-label="Summary">
          <Total label="Total rows" value={summary.total} />
          <Total label="Rows with errors" value={summary.rows_with_errors} tone={summary.rows_with_errors ? "danger" : undefined} />
          <Total label="Rows requiring input" value={summary.rows_requiring_input} tone={summary.rows_requiring_input ? "warning" : undefined} />
          {summary.already_imported > 0 && <Total label="Already imported" value={summary.already_imported} />}
          {data.status === "completed" && <Total label="Imported" value={summary.imported} tone="success" />}
        </dl>
      )}

      {data.status === "preprocessed" && !failed && <ImportSettingsSection data={data} />}
      {summary.errors.length > 0 && <ErrorsSection data={data} />}
      {!summary.errors.length && data.abilities.upload_new_file && <NewFileUpload data={data} />}
      {Object.keys(summary.required_input).length > 0 && data.status === "preprocessed" && <DataResolution data={data} />}

      {data.status === "preprocessed" && !failed && (
        <div className="import-start">
          {data.unresolved_values > 0 && <p className="field__hint">Choose items for every value under Data Resolution before starting ({data.unresolved_values} left).</p>}
          {summary.rows_with_errors > 0 && (
            <p className="field__hint">
              {summary.rows_with_errors === 1 ? "1 row with errors is" : `${summary.rows_with_errors.toLocaleString()} rows with errors are`} skipped; upload a corrected file later to import {summary.rows_with_errors === 1 ? "it" : "them"} (rows already imported are never imported twice).
            </p>
          )}
          {actions.start.error && <Alert tone="danger">{messageOf(actions.start.error, "Oops! Something went wrong, try again after sometime")}</Alert>}
          <button type="button" className="button button--primary" disabled={!data.abilities.start || actions.start.isPending} onClick={() => actions.start.mutate()}>
            Start Import
          </button>
        </div>
      )}

      {data.status === "completed" && <ImportedContent id={data.id} />}
    </div>
  );
}

function Total({ label, value, tone }: { label: string; value: number; tone?: "danger" | "warning" | "success" }) {
  return (
    <div className="import-total" data-tone={tone}>
      <dt>{label}</dt>
      <dd>{value.toLocaleString()}</dd>
    </div>
  );
}

/** Row errors as 'Row N [field]: message' with the provided value, and the corrected-file upload. */
function ErrorsSection({ data }: { data: BulkImport }) {
  const summary = data.import_results_summary;
  return (
    <section className="import-section" aria-labelledby="import-errors-title">
      <h2 id="import-errors-title" className="section-title">
        Errors
      </h2>
      {/* The list scrolls inside its box (max 24rem): focusable, so a keyboard can scroll it too. */}
      <ul className="import-errors" tabIndex={0} aria-labelledby="import-errors-title">
        {summary.errors.map((e) => (
          <li key={`${e.row_number}-${e.field}`}>
            <span className="import-errors__where">
              Row {e.row_number} [{e.field}]:
            </span>{" "}
            {e.message}
            <div className="import-errors__value">Provided value: {e.value === "" ? <em>(empty)</em> : shownValue(e.value)}</div>
          </li>
        ))}
      </ul>
      {summary.errors_truncated && <p className="field__hint">Only the first {summary.errors.length.toLocaleString()} errors are listed.</p>}
      {data.abilities.upload_new_file && <NewFileUpload data={data} />}
    </section>
  );
}

/**
 * Upload a corrected file (rows already imported are not imported again). The file is read and checked locally first,
 * as in the Bulk Import dialog, so the errors the server would report show here and can be fixed before uploading.
 */
function NewFileUpload({ data }: { data: BulkImport }) {
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the native input after an upload.
  const [inputKey, setInputKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const fileError = importFileError(file);
  const preview = useSpreadsheetPreview(file && !fileError ? file : null);
  const handleUpload = async () => {
    if (!file || fileError) return;
    setError(null);
    setProgress(0);
    try {
      const upload = preview ? await preview.fileToUpload() : file;
      client.setQueryData(importKeys.one(data.id), await uploadNewImportFile(data.id, upload, setProgress));
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (err) {
      setError(messageOf(err, "Oops! Something went wrong, try again after sometime"));
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="import-new-file">
      <Field id="import-new-file" label="Upload a corrected file" error={fileError}>
        <div className="import-new-file__row">
          <input
            key={inputKey}
            id="import-new-file"
            className="input input--file"
            type="file"
            accept={IMPORT_FILE_EXTENSIONS.map((e) => `.${e}`).join(",")}
            disabled={progress !== null}
            {...fieldErrorProps("import-new-file", fileError)}
            onChange={(e) => {
              setError(null);
              setFile(e.target.files?.[0] ?? null);
            }}
          />
          <button type="button" className="button button--secondary" disabled={!file || !!fileError || progress !== null || (preview !== null && preview.status !== "ready")} onClick={() => void handleUpload()}>
            Upload New File
          </button>
        </div>
      </Field>
      {preview && <SpreadsheetPreview state={preview} />}
      {progress !== null && <ProgressBar label="Uploading" value={progress} />}
      {error && <Alert tone="danger">{error}</Alert>}
    </div>
  );
}
