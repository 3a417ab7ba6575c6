import "katex/dist/katex.min.css";
import { useQueryClient } from "@tanstack/react-query";
import { $createLinkNode } from "@lexical/link";
import { $createParagraphNode, $createTextNode, $getRoot, $isParagraphNode, type LexicalEditor } from "lexical";
import { useCallback, useId, useRef, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { COLLECTIBLE_MODEL_KEYS, CURRICULUM_MODEL_KEYS, EDITOR_MESSAGES, STANDARDS_TYPE, type EditableItem, type SearchResultItem, type SearchTypeConfig } from "../../../contract/index.js";
import { ApiError, messageOf } from "../../api/ApiError.js";
import { setCsrfToken } from "../../api/client.js";
import { saveItem, useItem } from "../../api/editor.js";
import { useCurrentItemAddress } from "./useCurrentItemAddress.js";
import { refreshSectionThreads, useSectionThreads } from "../../api/sectionComments.js";
import { useAppConfig } from "../../api/queries.js";
import { useAttributeConfig, useContentTags } from "../../api/tagging.js";
import { Alert } from "../../components/Alert.js";
import { ItemTags } from "../../components/content/ItemTags.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { ItemSelectorDialog } from "../../components/ItemSelectorDialog.js";
import { LeaveGuard } from "../../components/LeaveGuard.js";
import { readSectionContent, snapshotJson } from "../../components/editor/SectionEditor.js";
import { PageTitle } from "../../components/PageTitle.js";
import { ResourceSourceSection } from "../../components/ResourceSourceSection.js";
import { shortDateTime } from "../../components/dates.js";
import { DeletedThreadsCard } from "../../components/sectionComments/DeletedThreadsCard.js";
import { SectionComments } from "../../components/sectionComments/SectionComments.js";
import { AttributeEditorDialog } from "../../components/tagging/AttributeEditorDialog.js";
import { ThumbnailDesignerDialog } from "../../components/thumbnail/ThumbnailDesignerDialog.js";
import { StandardsSelectorDialog } from "../../components/standards/StandardsSelectorDialog.js";
import { showToast } from "../../components/toastStore.js";
import { AUTOSAVE_STEPS, useAutosave } from "../../hooks/useAutosave.js";
import { useEditLock } from "../../hooks/useEditLock.js";
import { signInPath } from "../../routes/paths.js";
import { CollectionItems } from "./CollectionItems.js";
import { EditRefused, ItemLoadProblem } from "./ItemViewScene.js";
import { SectionList, TitleFields, moveSection, type DraftSection } from "./SectionList.js";
import { nextSectionTitle } from "./sectionTitles.js";

/**
 * What a curriculum item's section may link to with Add item: the search types whose items all are content one opens
 * (resources first, then lesson plans, collections, outlines, projects, pathways), not groups or announcements.
 */
const linkableTypes = (types: SearchTypeConfig[]) =>
  types.filter((t) => !t.admin_only && t.model_types.length > 0 && t.model_types.every((m) => (COLLECTIBLE_MODEL_KEYS as readonly string[]).includes(m)));

/**
 * Appends a paragraph linking to the item (its title, its page on this site) at the end of a section's text; an empty
 * last paragraph (a new section's) takes the link, so the section does not start with a blank line.
 */
function appendItemLink(editor: LexicalEditor, item: Pick<SearchResultItem, "title" | "link">) {
  editor.update(() => {
    const link = $createLinkNode(item.link);
    link.append($createTextNode(item.title));
    const last = $getRoot().getLastChild();
    if ($isParagraphNode(last) && last.isEmpty()) last.append(link);
    else $getRoot().append($createParagraphNode().append(link));
  });
}

let keySeed = 0;
const newKey = () => `s${++keySeed}`;

type SaveState = { status: "idle" } | { status: "saving" } | { status: "saved"; at: Date } | { status: "failed"; message: string; signIn: boolean };

/** The edit page of any content type: link + "/edit". */
export function ItemEditScene({ typePath }: { typePath: string }) {
  const { uid = "" } = useParams();
  const { data: item, error, isPending, refetch } = useItem(typePath, uid);
  useCurrentItemAddress(item, typePath, uid, "/edit");
  const location = useLocation();

  if (isPending) return <p className="page-status">Loading…</p>;
  if (error || !item) return <ItemLoadProblem error={error} onRetry={() => void refetch()} />;
  if (!item.abilities.edit) {
    return (
      <EditRefused title={item.title}>
        You do not have permission to edit this {item.type_name_singular.toLowerCase()}. <Link to={item.link}>View it</Link> or{" "}
        <Link to={signInPath(location.pathname)}>sign in as someone who may edit it</Link>.
      </EditRefused>
    );
  }
  return <EditorForm key={item.id} item={item} typePath={typePath} />;
}

/** The editor for an item the actor may edit. */
function EditorForm({ item, typePath }: { item: EditableItem; typePath: string }) {
  const id = useId();
  const { data: config } = useAppConfig();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item.title);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [description, setDescription] = useState(item.description);
  // A group's page: its description is the group's About text, which the group must have; a curriculum item's is its
  // introduction, which it must have too (second document: "Curriculum title and introduction required").
  const isGroup = item.model_key === "profile" && item.sub_type === "group";
  const isCurriculum = (CURRICULUM_MODEL_KEYS as readonly string[]).includes(item.model_key);
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [sections, setSections] = useState<DraftSection[]>(() => item.sections.map((s) => ({ key: newKey(), uid: s.uid, title: s.title, json: s.json, html: s.html })));
  const threads = useSectionThreads(item, item.sections.length > 0 || sections.some((s) => s.uid));
  // Items the sections link to that were deleted since (the editors mark those links), as of the last load or save.
  const [removedLinks, setRemovedLinks] = useState<ReadonlySet<string>>(() => new Set(item.removed_links));
  const threadByUid = new Map(threads.data?.threads.map((t) => [t.module_id, t]));
  const [isNew, setIsNew] = useState(item.is_new);
  const [save, setSave] = useState<SaveState>({ status: "idle" });
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  // The section whose Add item opened the item selector (curriculum items: a pathway's steps, a project's parts...).
  const [addingTo, setAddingTo] = useState<string | null>(null);
  const linksItems = isCurriculum;
  const [tagsOpen, setTagsOpen] = useState(false);
  const [standardsOpen, setStandardsOpen] = useState(false);
  // Standards are an attribute type some kinds of item lack (collections, groups): no button that leads to "do not apply".
  const attributeTypes = useAttributeConfig(item.model_key);
  const standardsApply = !attributeTypes.data || attributeTypes.data.some((t) => t.key === STANDARDS_TYPE);
  // The item's current tags, shown on the page: as loaded with the item, then as read again after each Tags or Standards save.
  const currentTags = useContentTags(item.link);
  const tags = currentTags.data ? { attributes: currentTags.data.groups, keywords: currentTags.data.keywords } : item.tags;
  const [thumbnailOpen, setThumbnailOpen] = useState(false);
  const [removed, setRemoved] = useState<{ section: DraftSection; index: number } | null>(null);
  // A counter of edits: a save clears "unsaved" only if nothing changed while it ran.
  const [version, setVersion] = useState(0);
  const [savedVersion, setSavedVersion] = useState(0);
  const dirty = version !== savedVersion;
  const editors = useRef(new Map<string, LexicalEditor>());
  const undoButton = useRef<HTMLButtonElement>(null);
  const lock = useEditLock(item, true);
  const editable = lock.state.status === "held";

  const { markActivity } = lock;
  const handleChange = useCallback(() => {
    setVersion((v) => v + 1);
    markActivity();
  }, [markActivity]);

  const runSave = useCallback(async () => {
    const missingTitle = !title.trim();
    const missingAbout = (isGroup || isCurriculum) && !description.trim();
    setTitleError(missingTitle ? (isGroup ? EDITOR_MESSAGES.nameRequired : EDITOR_MESSAGES.titleRequired) : null);
    setDescriptionError(missingAbout ? (isGroup ? EDITOR_MESSAGES.aboutRequired : EDITOR_MESSAGES.introductionRequired) : null);
    if (missingTitle || missingAbout) {
      document.getElementById(missingTitle ? `${id}-title` : `${id}-description`)?.focus();
      return;
    }
    const started = version;
    setSave({ status: "saving" });
    try {
      const saving = sections;
      const body = {
        title,
        description,
        sections: saving.map((s) => {
          const editor = editors.current.get(s.key);
          return { uid: s.uid, title: s.title, ...(editor ? readSectionContent(editor) : { json: s.json, html: s.html }) };
        }),
      };
      const answer = await saveItem(item.link, body);
      // New sections learn the uid the server gave them, so the next save keeps it (and their comments).
      const uidByKey = new Map(saving.map((s, i) => [s.key, answer.item.sections[i]?.uid]));
      setSections((now) => now.map((s) => (s.uid ? s : { ...s, uid: uidByKey.get(s.key) })));
      setSavedVersion(started);
      setIsNew(answer.item.is_new);
      setRemovedLinks((before) => (answer.item.removed_links.join() === [...before].join() ? before : new Set(answer.item.removed_links)));
      setSave({ status: "saved", at: new Date() });
      // A removed section's thread now shows in Deleted Comment Threads; one brought back by Undo, under its section.
      void refreshSectionThreads(queryClient, item);
    } catch (error) {
      // The text stays in the editors; the person is told, with the server's reason.
      const reason = messageOf(error, "");
      // A refusal that names the description (a group's About, a curriculum item's Introduction) is shown under that field too.
      setDescriptionError((error instanceof ApiError && error.fieldErrors.description?.[0]) || null);
      const sessionEnded = error instanceof ApiError && (error.status === 401 || error.status === 403);
      // After signing in again (in another tab) the next try needs that session's CSRF token.
      if (sessionEnded) setCsrfToken(null);
      setSave({ status: "failed", message: reason, signIn: sessionEnded });
    }
  }, [id, title, description, isGroup, isCurriculum, sections, item, version, queryClient]);

  // Why autosave is forced off, if it is: the site, a new item (no save yet), or no edit lock held (still being taken, or lost).
  const autosaveBlocked = !config
    ? "Autosave is waiting for the site's settings."
    : !config.auto_save_enabled
      ? "Autosave is turned off for this site."
      : isNew
        ? "Autosave starts after the first save."
        : !editable
          ? "Autosave waits until this page may edit the item."
          : null;
  const autosave = useAutosave({
    allowed: autosaveBlocked === null,
    initiallyOn: !item.is_new,
    intervalSeconds: config?.auto_save_time ?? 60,
    dirty,
    canSave: editable && save.status !== "saving",
    save: () => void runSave(),
  });


  const edit = (change: () => void) => {
    change();
    handleChange();
  };

  const handleAddSection = () => edit(() => setSections((list) => [...list, { key: newKey(), title: nextSectionTitle(list), json: null, html: "" }]));

  const handleMove = (key: string, by: -1 | 1) => edit(() => setSections((list) => moveSection(list, key, by)));

  const handleRemove = (key: string) => {
    const index = sections.findIndex((s) => s.key === key);
    const section = sections[index];
    if (!section) return;
    const editor = editors.current.get(key);
    // Keep what was written, so Undo brings the section back as it was.
    setRemoved({ section: { ...section, key: newKey(), json: editor ? snapshotJson(editor) : section.json }, index });
    edit(() => setSections((list) => list.filter((s) => s.key !== key)));
    setConfirmRemove(null);
    // The confirmation hands focus back to the section's Remove button, which is gone: Undo takes it instead, once the
    // dialog has closed, so a keyboard user is neither dropped to the page's start nor a Tab away from taking it back.
    setTimeout(() => undoButton.current?.focus(), 0);
  };

  const handleItemChosen = (chosen: SearchResultItem) => {
    const key = addingTo;
    setAddingTo(null);
    const editor = key ? editors.current.get(key) : undefined;
    if (!key || !editor) return;
    appendItemLink(editor, chosen);
    const index = sections.findIndex((s) => s.key === key);
    const name = sections[index]?.title.trim() || `Section ${index + 1}`;
    showToast(`“${chosen.title}” added to ${name}.`, "info");
  };

  const handleUndo = () => {
    if (!removed) return;
    const { section, index } = removed;
    edit(() => setSections((list) => [...list.slice(0, index), section, ...list.slice(index)]));
    setRemoved(null);
    // The bar and its button go; the section brought back takes focus, at its title.
    setTimeout(() => document.getElementById(`${id}-${section.key}-title`)?.focus(), 0);
  };

  const saving = save.status === "saving";
  const typeName = item.type_name_singular;

  return (
    <div className="editor-page">
      <PageTitle title={`Edit ${item.title}`} />
      <header className="editor-page__header">
        <div>
          <p className="editor-page__kicker">Edit {typeName}</p>
          <h1 className="page-title">{title.trim() || item.title}</h1>
        </div>
        <div className="editor-page__actions">
          {/* Outlined like the buttons beside it: as a ghost it read as plain text, not as the way to the item's page. */}
          <Link className="button button--secondary" to={item.link}>
            View
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setTagsOpen(true)} disabled={!editable}>
            Tags
          </button>
          {standardsApply && (
            <button type="button" className="button button--secondary" onClick={() => setStandardsOpen(true)} disabled={!editable}>
              Standards
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={() => setThumbnailOpen(true)} disabled={!editable}>
            Design Thumbnail
          </button>
          <button type="button" className="button button--primary" onClick={() => void runSave()} disabled={saving || lock.state.status === "locked"}>
            {saving ? "Saving…" : "Save"}
          </button>
        </div>
      </header>

      <LockNotice state={lock.state} />

      <div className="editor-page__status">
        <div className="autosave">
          <label className="autosave__toggle">
            <input
              type="checkbox"
              checked={autosave.on}
              disabled={autosaveBlocked !== null}
              aria-describedby={autosave.on ? undefined : `${id}-autosave-note`}
              onChange={(e) => autosave.setOn(e.target.checked)}
            />
            Autosave
          </label>
          {autosave.on ? (
            <progress className="autosave__progress" max={AUTOSAVE_STEPS} value={autosave.progress} aria-label="Time until the next autosave" />
          ) : (
            <span className="autosave__note" id={`${id}-autosave-note`}>
              {autosaveBlocked ?? "Off"}
            </span>
          )}
        </div>
        <p className="editor-page__save-state" role="status">
          {save.status === "saving" ? "Saving…" : save.status === "saved" && !dirty ? `All changes saved at ${shortDateTime(save.at)}.` : dirty ? "Unsaved changes" : ""}
        </p>
      </div>

      {save.status === "failed" && (
        <Alert tone="danger" onDismiss={() => setSave({ status: "idle" })}>
          {EDITOR_MESSAGES.saveFailed}
          {save.message && <> ({save.message})</>}
          {save.signIn && (
            <>
              {" "}
              <a href={signInPath(window.location.pathname)} target="_blank" rel="noopener">
                Sign in again in a new tab
              </a>
              , then save here once more.
            </>
          )}
        </Alert>
      )}

      <ItemTags tags={tags} editing />

      <TitleFields
        idBase={id}
        title={title}
        description={description}
        titleError={titleError}
        titleLabel={isGroup ? "Name" : "Title"}
        descriptionLabel={isGroup ? "About" : isCurriculum ? "Introduction" : "Description"}
        descriptionError={descriptionError}
        editable={editable}
        onTitle={(value) => edit(() => setTitle(value))}
        onDescription={(value) => edit(() => setDescription(value))}
      />

      {item.model_key === "resource" && <ResourceSourceSection item={item} typePath={typePath} editable={editable} />}
      {/* A collection's items, managed as on its page (each change is saved at once, not with Save); its sections, which
          every kind of item may have, follow. */}
      {item.model_key === "collection" && <CollectionItems collection={item} manageable={lock.state.status !== "locked"} />}

      <SectionList
        idBase={id}
        sections={sections}
        editable={editable}
        editors={editors}
        onTitle={(key, value) => edit(() => setSections((list) => list.map((s) => (s.key === key ? { ...s, title: value } : s))))}
        onMove={handleMove}
        onAddItem={linksItems ? setAddingTo : undefined}
        onRemove={setConfirmRemove}
        onChange={handleChange}
        removedItemUids={removedLinks}
        renderComments={(section, name) =>
          // A section gets its comments once saved (a uid); the same threads the item's page shows.
          section.uid && <SectionComments item={item} sectionUid={section.uid} sectionName={name} summary={threadByUid.get(section.uid)} />
        }
      />
      {sections.length === 0 && (
        <p className="empty-note">
          This {typeName.toLowerCase()} has no sections yet.{item.model_key === "collection" && " Sections are optional: text its page shows above the items."}
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={handleAddSection} disabled={!editable}>
        + Add section
      </button>

      {removed && (
        <div className="undo-bar" role="status">
          <span>Section “{removed.section.title || "Untitled"}” removed.</span>
          <button ref={undoButton} type="button" className="button button--small button--secondary" onClick={handleUndo}>
            Undo
          </button>
          <button type="button" className="icon-button undo-bar__close" aria-label="Dismiss" onClick={() => setRemoved(null)}>
            ×
          </button>
        </div>
      )}

      <DeletedThreadsCard item={item} enabled={!item.viewed_by_link} />

      {tagsOpen && (
        <AttributeEditorDialog
          link={item.link}
          modelKey={item.model_key}
          onClose={() => setTagsOpen(false)}
          onSaved={(message) => {
            setTagsOpen(false);
            showToast(message, "info");
          }}
        />
      )}
      {standardsOpen && (
        <StandardsSelectorDialog
          link={item.link}
          modelKey={item.model_key}
          onClose={() => setStandardsOpen(false)}
          onSaved={(message) => {
            setStandardsOpen(false);
            showToast(message, "info");
          }}
        />
      )}
      {thumbnailOpen && <ThumbnailDesignerDialog item={item} typePath={typePath} onClose={() => setThumbnailOpen(false)} />}
      {addingTo && (
        <ItemSelectorDialog
          types={linkableTypes(config?.searchTypes ?? [])}
          purpose="The item you select is added at the end of the section, as a link to its page."
          onSelect={handleItemChosen}
          onClose={() => setAddingTo(null)}
        />
      )}
      {confirmRemove && (
        <ConfirmDialog title="Remove section" message={EDITOR_MESSAGES.removeSectionConfirm} confirmLabel="Remove" onConfirm={() => handleRemove(confirmRemove)} onCancel={() => setConfirmRemove(null)} />
      )}
      <LeaveGuard dirty={dirty} />
    </div>
  );
}

/** The lock's state as a person reads it. */
function LockNotice({ state }: { state: ReturnType<typeof useEditLock>["state"] }) {
  if (state.status === "locked") return <Alert tone="danger">{state.message} You can read it, but not change it until they finish.</Alert>;
  if (state.status === "error") return <Alert tone="danger">The edit lock could not be taken: {state.message}</Alert>;
  if (state.status === "expired")
    return (
      <Alert tone="danger">
        <strong>{EDITOR_MESSAGES.editExpired}</strong>{" "}
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          {EDITOR_MESSAGES.refreshToContinue}
        </button>
      </Alert>
    );
  return null;
}
