import { useId, useState } from "react";
import { IMPORT_SAVE_DEBOUNCE_MS, type BulkImport } from "../../../contract/index.js";
import { useImportActions, useOwnerSearch } from "../../api/bulkImport.js";
import { useDebouncedCallback } from "../../hooks/useDebouncedCallback.js";

/**
 * The collapsible Configure section: the content owner (a profile or group found by name; blank
 * means the importer), saved 2 seconds after the last change, and how the file's columns were read.
 */
export function ImportSettingsSection({ data }: { data: BulkImport }) {
  const { saveSettings } = useImportActions(data.id);
  const save = useDebouncedCallback((owner: number | null) => saveSettings.mutate({ owner }), IMPORT_SAVE_DEBOUNCE_MS);
  const [term, setTerm] = useState("");
  const [owner, setOwner] = useState<{ id: number; name: string } | null>(data.import_settings.owner ? { id: data.import_settings.owner, name: data.import_settings.owner_name ?? "" } : null);
  const results = useOwnerSearch(term);
  const inputId = useId();
  const pick = (next: { id: number; name: string } | null) => {
    setOwner(next);
    setTerm("");
    save(next?.id ?? null);
  };
  return (
    <details className="import-section import-configure">
      <summary className="section-title">Configure</summary>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Content owner
        </label>
        <p className="field__hint">
          {owner ? (
            <>
              Imported resources will belong to <strong>{owner.name}</strong>.{" "}
              <button type="button" className="link-button" onClick={() => pick(null)}>
                Use me instead
              </button>
            </>
          ) : (
            "Blank: the resources will belong to you."
          )}
        </p>
        {/* aria-controls names the list only while it is there: an id that names nothing is an ARIA error. */}
        <input id={inputId} className="input" type="search" placeholder="Search people and groups" value={term} autoComplete="off" onChange={(e) => setTerm(e.target.value)} aria-controls={term.trim() ? `${inputId}-results` : undefined} />
        {term.trim() && (
          <ul id={`${inputId}-results`} className="owner-results" aria-label="Matching profiles">
            {(results.data?.data ?? []).map((p) => (
              <li key={p.profile_id}>
                <button type="button" className="link-button" onClick={() => pick({ id: p.profile_id, name: p.name })}>
                  {p.name}
                  {p.is_group ? " (group)" : ""}
                </button>
              </li>
            ))}
            {results.data && !results.data.data.length && <li>No results found.</li>}
          </ul>
        )}
        {saveSettings.isError && <p className="field__error">The owner could not be saved; choose again to retry.</p>}
      </div>
      <table className="import-columns">
        <caption>How the file’s columns were read</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Column in the file</th>
          </tr>
        </thead>
        <tbody>
          {data.fields.map((f) => (
            <tr key={f.key}>
              <td>{f.label}</td>
              <td>{f.column ?? <em>not in the file</em>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
