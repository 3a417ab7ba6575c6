import { useId, useState } from "react";
import { EXPORT_FORMATS, EXPORT_MESSAGES, MESSAGES, exportHref, type EditableItem, type ExportFormat } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { downloadExport } from "../api/exports.js";
import { Alert } from "./Alert.js";
import { DialogActions, ModalFrame } from "./ModalFrame.js";

/** A download name from the title (what the server names it too). */
const fileBase = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 80) || "export";

/**
 * The export/download dialog (id export-modal; formats pdf, word, html): downloads the item's export with the
 * chosen option switches, or opens the HTML export in a new tab.
 */
export function ExportDialog({ item, onClose }: { item: EditableItem; onClose(): void }) {
  const id = useId();
  const [format, setFormat] = useState<ExportFormat>("pdf");
  const [includeDescription, setIncludeDescription] = useState(true);
  const [includeSectionTitles, setIncludeSectionTitles] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = { includeDescription, includeSectionTitles };

  const handleDownload = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadExport(item.link, format, options, fileBase(item.title));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : MESSAGES.genericLoad);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame id="export-modal" title={EXPORT_MESSAGES.dialogTitle} description={<>Download “{item.title}” with its sections, equations, tables and images.</>} onClose={onClose}>
      <fieldset className="choice-group">
        <legend className="field__label">Format</legend>
        {EXPORT_FORMATS.map((f) => (
          <label key={f.format} className="choice">
            <input type="radio" name={`${id}-format`} value={f.format} checked={format === f.format} onChange={() => setFormat(f.format)} />
            {f.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend className="field__label">Include</legend>
        <label className="choice">
          <input type="checkbox" checked={includeDescription} onChange={(e) => setIncludeDescription(e.target.checked)} />
          Description
        </label>
        <label className="choice">
          <input type="checkbox" checked={includeSectionTitles} onChange={(e) => setIncludeSectionTitles(e.target.checked)} />
          Section titles
        </label>
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Download" busyLabel="Preparing…" busy={busy} onAction={() => void handleDownload()}>
        {format === "html" && (
          <a className="button button--secondary" href={exportHref(item.link, "html", options)} target="_blank" rel="noopener">
            Open in new tab
          </a>
        )}
      </DialogActions>
    </ModalFrame>
  );
}
