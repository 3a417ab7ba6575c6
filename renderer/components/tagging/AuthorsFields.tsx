import { useEffect, useRef } from "react";
import { AUTHOR_NAME_MAX, AUTHORS_MAX, RESOURCE_URL_MAX } from "../../../contract/index.js";

/** One author row as the editor holds it (key: stable across removals, for React and focus). */
export type AuthorRow = { key: number; name: string; url: string };

/** Field errors by the save's field names: `authors_list.0.name`, `authors_list.0.url`, `original_author`. */
export type AuthorErrors = Record<string, string>;

/**
 * The resource editor's Authors section (first document: "Resource edit attributes form: authors, ..."): a row per
 * author with a name and an optional link (an input of type url, second document: "Author url input is of type url"),
 * added and removed, and the original author. Each field shows its own error under it.
 */
export function AuthorsFields({
  idBase,
  rows,
  originalAuthor,
  errors,
  onRows,
  onOriginalAuthor,
}: {
  idBase: string;
  rows: AuthorRow[];
  originalAuthor: string;
  errors: AuthorErrors;
  onRows(rows: AuthorRow[]): void;
  onOriginalAuthor(value: string): void;
}) {
  // Where focus goes once the rows have rendered: after Add the new row's name; after Remove the Add button (the row and its button are gone).
  const focusNext = useRef<number | "add" | null>(null);
  const rowsRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === "add") addRef.current?.focus();
    else rowsRef.current?.querySelector<HTMLInputElement>(`[data-author-key="${target}"]`)?.focus();
  });

  const handleAdd = () => {
    const key = Math.max(0, ...rows.map((r) => r.key)) + 1;
    onRows([...rows, { key, name: "", url: "" }]);
    focusNext.current = key;
  };
  const handleRemove = (key: number) => {
    onRows(rows.filter((r) => r.key !== key));
    focusNext.current = "add";
  };
  const change = (key: number, field: "name" | "url", value: string) => onRows(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const fieldError = (field: string) => {
    const message = errors[field];
    return message ? (
      <p id={`${idBase}-${field}-error`} className="field__error">
        {message}
      </p>
    ) : null;
  };
  const described = (field: string) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${idBase}-${field}-error` } : {});

  return (
    <fieldset className="authors-fields">
      <legend className="authors-fields__legend">Authors</legend>
      {rows.length === 0 && <p className="empty-note">No authors listed.</p>}
      <ul className="authors-fields__rows" ref={rowsRef}>
        {rows.map((row, i) => {
          const number = i + 1;
          const nameField = `authors_list.${i}.name`;
          const urlField = `authors_list.${i}.url`;
          return (
            <li key={row.key} className="authors-fields__row">
              <div className="field">
                <label className="field__label" htmlFor={`${idBase}-author-${row.key}-name`}>
                  <span className="visually-hidden">Author {number} </span>Name
                </label>
                <input
                  id={`${idBase}-author-${row.key}-name`}
                  data-author-key={row.key}
                  className="input"
                  value={row.name}
                  maxLength={AUTHOR_NAME_MAX}
                  autoComplete="off"
                  required
                  {...described(nameField)}
                  onChange={(e) => change(row.key, "name", e.target.value)}
                />
                {fieldError(nameField)}
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${idBase}-author-${row.key}-url`}>
                  <span className="visually-hidden">Author {number} </span>Link (optional)
                </label>
                <input
                  id={`${idBase}-author-${row.key}-url`}
                  className="input"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  value={row.url}
                  maxLength={RESOURCE_URL_MAX}
                  {...described(urlField)}
                  onChange={(e) => change(row.key, "url", e.target.value)}
                />
                {fieldError(urlField)}
              </div>
              <button type="button" className="button button--small button--ghost authors-fields__remove" aria-label={`Remove author ${number}${row.name.trim() ? ` (${row.name.trim()})` : ""}`} onClick={() => handleRemove(row.key)}>
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" ref={addRef} className="button button--small button--secondary" disabled={rows.length >= AUTHORS_MAX} onClick={handleAdd}>
        Add author
      </button>
      <div className="field">
        <label className="field__label" htmlFor={`${idBase}-original-author`}>
          Original author (optional)
        </label>
        <input id={`${idBase}-original-author`} className="input" value={originalAuthor} maxLength={AUTHOR_NAME_MAX} {...described("original_author")} onChange={(e) => onOriginalAuthor(e.target.value)} />
        {fieldError("original_author")}
      </div>
    </fieldset>
  );
}
