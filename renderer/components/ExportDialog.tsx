import { useId, useState, type MouseEvent } from "react";
import { EXPORT_FORMATS, EXPORT_MESSAGES, MESSAGES, exportHref, type EditableItem, type ExportFormat } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { downloadExport } from "../api/exports.js";
import { platform } from "../platform/index.js";
import { Alert } from "./Alert.js";
import { ModalFrame } from "./ModalFrame.js";

/** A download name from the title (what the server names it too). */
const fileBase = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 80) || "export";

/**
 * The export/download dialog (id export-modal; formats pdf, word, html). Each format is a link to the item's export
 * with the chosen option switches, which opens in a new tab (second document: "the content's link plus /export/pdf,
 * /export/Word2007 or /export/HTML (opens in a new tab, option switches as query parameters)"): the browser shows the
 * HTML and saves the PDF and Word files. Choosing one closes the dialog, focus going back to its opener. Where a new
 * tab would not be signed in (the desktop: its token is no cookie a new tab could send), the file is fetched with the
 * token and saved instead, then the dialog closes.
 */
export function ExportDialog({ item, onClose }: { item: EditableItem; onClose(): void }) {
  const id = useId();
  const [includeDescription, setIncludeDescription] = useState(true);
  const [includeSectionTitles, setIncludeSectionTitles] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = { includeDescription, includeSectionTitles };

  const handleChoice = (event: MouseEvent<HTMLAnchorElement>, format: ExportFormat) => {
    // The web: the link opens the export in a new tab by itself, signed in as this tab is; the dialog's work is done.
    if (platform.popupsShareSignIn) return onClose();
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    downloadExport(item.link, format, options, fileBase(item.title))
      .then(onClose)
      .catch((error: unknown) => {
        setFailure(error instanceof ApiError ? error.message : MESSAGES.genericLoad);
        setBusy(false);
      });
  };

  return (
    <ModalFrame id="export-modal" title={EXPORT_MESSAGES.dialogTitle} description={<>Export “{item.title}” with its sections, equations, tables and images.</>} onClose={onClose}>
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
      <div role="group" aria-labelledby={`${id}-formats`} className="export-choices">
        <p id={`${id}-formats`} className="field__label">
          Export as
        </p>
        <ul className="export-choices__list">
          {EXPORT_FORMATS.map((f) => (
            <li key={f.format}>
              <a
                className="button button--secondary"
                href={exportHref(item.link, f.format, options)}
                target="_blank"
                rel="noopener"
                aria-disabled={busy || undefined}
                onClick={(event) => handleChoice(event, f.format)}
              >
                {f.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      {busy && <p role="status">Preparing the file…</p>}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </ModalFrame>
  );
}
