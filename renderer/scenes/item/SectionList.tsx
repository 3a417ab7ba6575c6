import type { LexicalEditor } from "lexical";
import { useEffect, useRef, type MutableRefObject, type ReactNode } from "react";
import { SectionEditor } from "../../components/editor/SectionEditor.js";
import { Field, fieldErrorProps } from "../../components/Field.js";

/** One section on an edit page; `json`/`html` are only its starting content (the editor holds the live one). */
export interface DraftSection {
  key: string;
  /** The stored section's uid (none until first saved): sent back on save so its comments follow it. */
  uid?: string;
  title: string;
  json: Record<string, unknown> | null;
  html: string;
}

/** The list with the section of `key` swapped with its neighbour above (-1) or below (1); the same list at either end. */
export function moveSection<T extends { key: string }>(list: T[], key: string, by: -1 | 1): T[] {
  const from = list.findIndex((s) => s.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The sections of an edit page (items and templates): each with its title field, its tools and its editor.
 * Up and Down show only with `onMove`; each section's live editor is kept in `editors` under its key.
 */
export function SectionList({
  idBase,
  sections,
  editable = true,
  editors,
  onTitle,
  onRemove,
  onMove,
  onAddItem,
  onChange,
  renderComments,
  removedItemUids,
}: {
  idBase: string;
  sections: DraftSection[];
  editable?: boolean;
  editors: MutableRefObject<Map<string, LexicalEditor>>;
  onTitle(key: string, title: string): void;
  onRemove(key: string): void;
  onMove?(key: string, by: -1 | 1): void;
  /** Add item shows only with it: picks an item of the catalogue to link from the section (curriculum items). */
  onAddItem?(key: string): void;
  onChange(): void;
  /** What follows a section's editor (an item's section comments); none on template pages. */
  renderComments?(section: DraftSection, name: string): ReactNode;
  /** Items the sections link to that were deleted since (the editors mark those links). */
  removedItemUids?: ReadonlySet<string>;
}) {
  // The move button just pressed, by id: its section may be moved in the DOM, which drops the keyboard's focus to
  // <body>, so once the sections show the new order it takes focus again (at either end it stays, aria-disabled).
  const focusAfterMove = useRef<string | null>(null);
  useEffect(() => {
    if (!focusAfterMove.current) return;
    document.getElementById(focusAfterMove.current)?.focus();
    focusAfterMove.current = null;
  }, [sections]);

  const handleMove = (key: string, by: -1 | 1, at: number) => {
    const to = at + by;
    if (!onMove || to < 0 || to >= sections.length) return;
    focusAfterMove.current = `${idBase}-${key}-move-${by < 0 ? "up" : "down"}`;
    onMove(key, by);
  };

  return (
    <ol className="sections" aria-label="Sections">
      {sections.map((section, index) => {
        const name = section.title.trim() || `Section ${index + 1}`;
        return (
          <li key={section.key} className="section-card">
            <section aria-label={name}>
              <div className="section-card__header">
                <div className="field field--compact section-card__title">
                  <label className="field__label" htmlFor={`${idBase}-${section.key}-title`}>
                    Section {index + 1} title
                  </label>
                  <input id={`${idBase}-${section.key}-title`} className="input" value={section.title} maxLength={255} readOnly={!editable} onChange={(e) => onTitle(section.key, e.target.value)} />
                </div>
                <div className="section-card__tools">
                  {onMove && (
                    <>
                      {/* aria-disabled at either end, not disabled: the button that just moved its section there keeps the keyboard's focus. */}
                      <button
                        type="button"
                        id={`${idBase}-${section.key}-move-up`}
                        className="button button--ghost button--small"
                        aria-label={`Move ${name} up`}
                        disabled={!editable}
                        aria-disabled={index === 0 || undefined}
                        onClick={() => handleMove(section.key, -1, index)}
                      >
                        ↑ Up
                      </button>
                      <button
                        type="button"
                        id={`${idBase}-${section.key}-move-down`}
                        className="button button--ghost button--small"
                        aria-label={`Move ${name} down`}
                        disabled={!editable}
                        aria-disabled={index === sections.length - 1 || undefined}
                        onClick={() => handleMove(section.key, 1, index)}
                      >
                        ↓ Down
                      </button>
                    </>
                  )}
                  {onAddItem && (
                    <button type="button" className="button button--ghost button--small" aria-label={`Add item to ${name}`} disabled={!editable} onClick={() => onAddItem(section.key)}>
                      + Add item
                    </button>
                  )}
                  <button type="button" className="button button--ghost button--small button--danger-text" aria-label={`Remove ${name}`} disabled={!editable} onClick={() => onRemove(section.key)}>
                    Remove
                  </button>
                </div>
              </div>
              <SectionEditor
                label={`${name} content`}
                json={section.json}
                html={section.html}
                editable={editable}
                removedItemUids={removedItemUids}
                onChange={onChange}
                editorRef={(editor) => {
                  if (editor) editors.current.set(section.key, editor);
                  else editors.current.delete(section.key);
                }}
              />
              {renderComments?.(section, name)}
            </section>
          </li>
        );
      })}
    </ol>
  );
}

/** The title (with its error) and description fields above the sections of an edit page. */
export function TitleFields({
  idBase,
  title,
  description,
  titleError,
  titleLabel = "Title",
  descriptionLabel = "Description",
  descriptionError = null,
  editable = true,
  onTitle,
  onDescription,
}: {
  idBase: string;
  title: string;
  description: string;
  titleError: string | null;
  /** What the title is called: "Name" on a group's page, where it is the group's name. */
  titleLabel?: string;
  /** What the description is called: "About" on a group's page, where it is the group's About text. */
  descriptionLabel?: string;
  descriptionError?: string | null;
  editable?: boolean;
  onTitle(value: string): void;
  onDescription(value: string): void;
}) {
  return (
    <div className="editor-page__fields">
      <Field id={`${idBase}-title`} label={titleLabel} error={titleError}>
        <input id={`${idBase}-title`} className="input" value={title} maxLength={255} readOnly={!editable} onChange={(e) => onTitle(e.target.value)} {...fieldErrorProps(`${idBase}-title`, titleError)} />
      </Field>
      <Field id={`${idBase}-description`} label={descriptionLabel} error={descriptionError}>
        <textarea
          id={`${idBase}-description`}
          className="input"
          rows={3}
          value={description}
          readOnly={!editable}
          onChange={(e) => onDescription(e.target.value)}
          {...fieldErrorProps(`${idBase}-description`, descriptionError)}
        />
      </Field>
    </div>
  );
}
