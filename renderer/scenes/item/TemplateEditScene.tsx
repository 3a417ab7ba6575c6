import "katex/dist/katex.min.css";
import type { LexicalEditor } from "lexical";
import { useId, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { EDITOR_MESSAGES, type TemplateDetail } from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { useSaveTemplateMutation, useTemplate } from "../../api/authoring.js";
import { Alert } from "../../components/Alert.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { LeaveGuard } from "../../components/LeaveGuard.js";
import { readSectionContent } from "../../components/editor/SectionEditor.js";
import { PageTitle } from "../../components/PageTitle.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS } from "../../routes/paths.js";
import { EditRefused, ItemLoadProblem } from "./ItemViewScene.js";
import { SectionList, TitleFields, moveSection, type DraftSection } from "./SectionList.js";
import { nextSectionTitle } from "./sectionTitles.js";

/**
 * The edit page of a curriculum template (the chooser's 'Manage selected'): title, description and
 * sections written with the same section editor as items. Templates have no locks, tags or autosave;
 * items started from a template copy its sections as they are when the item starts.
 */
export function TemplateEditScene() {
  const { uid = "" } = useParams();
  const { data: template, error, isPending, refetch } = useTemplate(uid);
  if (isPending) return <p className="page-status">Loading…</p>;
  if (error || !template) return <ItemLoadProblem error={error} onRetry={() => void refetch()} />;
  if (!template.abilities.edit) {
    return <EditRefused title={template.title}>Only the template&apos;s owner or an administrator may manage this template.</EditRefused>;
  }
  return <TemplateForm key={template.id} template={template} />;
}

let keyCounter = 0;
const newKey = () => `t${(keyCounter += 1)}`;

function TemplateForm({ template }: { template: TemplateDetail }) {
  const id = useId();
  const [title, setTitle] = useState(template.title);
  const [description, setDescription] = useState(template.description);
  const [sections, setSections] = useState<DraftSection[]>(() => template.sections.map((s) => ({ key: newKey(), title: s.title, json: null, html: s.html })));
  const [titleError, setTitleError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The section whose Remove was pressed: removing asks first, as on an item's edit page (a section's text has no other copy).
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const editors = useRef(new Map<string, LexicalEditor>());
  const mutation = useSaveTemplateMutation(template.uid);
  // A counter of edits, as on an item's edit page: a save clears "unsaved" only if nothing changed while it ran.
  const [version, setVersion] = useState(0);
  const [savedVersion, setSavedVersion] = useState(0);
  const dirty = version !== savedVersion;
  const touch = () => setVersion((v) => v + 1);


  const handleSave = async () => {
    setFailure(null);
    setTitleError(null);
    const started = version;
    try {
      const body = {
        title,
        description,
        sections: sections.map((s) => {
          const editor = editors.current.get(s.key);
          return { title: s.title, html: editor ? readSectionContent(editor).html : s.html };
        }),
      };
      const answer = await mutation.mutateAsync(body);
      setSavedVersion(started);
      showToast(answer.message, "info");
    } catch (error) {
      const message = messageOf(error, "Your changes could not be saved. They are still here; please try again.");
      if (error instanceof ApiError && error.status === 422 && !title.trim()) setTitleError(message);
      else setFailure(message);
    }
  };

  return (
    <div className="editor-page">
      <PageTitle title={`Edit ${template.title}`} />
      <header className="editor-page__header">
        <div>
          <p className="editor-page__kicker">Edit {template.type_name_singular} template</p>
          <h1 className="page-title">{title.trim() || template.title}</h1>
        </div>
        <div className="editor-page__actions">
          <Link className="button button--ghost" to={PATHS.search}>
            Back to search
          </Link>
          <button type="button" className="button button--primary" onClick={() => void handleSave()} disabled={mutation.isPending}>
            {mutation.isPending ? "Saving…" : "Save template"}
          </button>
        </div>
      </header>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <TitleFields
        idBase={id}
        title={title}
        description={description}
        titleError={titleError}
        onTitle={(value) => {
          setTitle(value);
          touch();
        }}
        onDescription={(value) => {
          setDescription(value);
          touch();
        }}
      />
      <SectionList
        idBase={id}
        sections={sections}
        editors={editors}
        onTitle={(key, value) => {
          setSections((list) => list.map((s) => (s.key === key ? { ...s, title: value } : s)));
          touch();
        }}
        onMove={(key, by) => {
          // Items started from the template get its sections in this order.
          setSections((list) => moveSection(list, key, by));
          touch();
        }}
        onRemove={setConfirmRemove}
        onChange={touch}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          setSections((list) => [...list, { key: newKey(), title: nextSectionTitle(list), json: null, html: "" }]);
          touch();
        }}
      >
        + Add section
      </button>
      {confirmRemove && (
        <ConfirmDialog
          title="Remove section"
          message={EDITOR_MESSAGES.removeSectionConfirm}
          confirmLabel="Remove"
          onConfirm={() => {
            setSections((list) => list.filter((s) => s.key !== confirmRemove));
            setConfirmRemove(null);
            touch();
          }}
          onCancel={() => setConfirmRemove(null)}
        />
      )}
      <LeaveGuard dirty={dirty} />
    </div>
  );
}
