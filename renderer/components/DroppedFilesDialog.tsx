import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { RESOURCE_MESSAGES, fileErrors, resourceFieldErrors, type AttributeTreeNode } from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useCreateResourceMutation, useResourceAttributeTrees, useShareOptions } from "../api/authoring.js";
import { useAppConfig } from "../api/queries.js";
import { formatFileSize, titleFromFileName } from "./AddResourceForm.js";
import { ModalFrame } from "./ModalFrame.js";

type Outcome = { state: "ready" } | { state: "rejected"; message: string } | { state: "adding" } | { state: "added"; title: string };

interface Item {
  file: File;
  title: string;
  outcome: Outcome;
}

/** The files as the form would see them: title from the name, checked with the single-resource rules before sending. */
export function checkDroppedFiles(files: readonly File[]): Item[] {
  return files.map((file) => {
    const title = titleFromFileName(file.name);
    // The category is chosen once for all files in the dialog, so it is not a file's own error here.
    const error = fileErrors(file)[0] ?? resourceFieldErrors({ title }, { mode: "show-file", categoryRequired: false })[0];
    return { file, title, outcome: error ? { state: "rejected", message: error.message } : { state: "ready" } };
  });
}

const OUTCOME_TEXT: Record<Outcome["state"], string> = { ready: "Ready to add", adding: "Adding…", added: "Added", rejected: "Not added" };

/**
 * Several files dropped on the window: each becomes a file resource (POST /resources/create-fetch, title from the file
 * name), one after another, and the list shows each file's outcome with the server's message for a refused one.
 */
export function DroppedFilesDialog({ files, onClose, onShowResults }: { files: readonly File[]; onClose(): void; onShowResults(): void }) {
  const id = useId();
  const config = useAppConfig();
  const categoryRequired = config.data?.resourceCategoryRequired ?? false;
  const trees = useResourceAttributeTrees();
  const shareOptions = useShareOptions();
  const mutation = useCreateResourceMutation();
  const [items, setItems] = useState<Item[]>(() => checkDroppedFiles(files));
  const [category, setCategory] = useState("");
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [phase, setPhase] = useState<"choosing" | "adding" | "done">("choosing");

  const categories: AttributeTreeNode[] = trees.data?.arrObjResponse.resource_categories ?? [];
  const contexts = shareOptions.data?.contexts ?? [];
  const ready = items.filter((i) => i.outcome.state === "ready").length;
  const added = items.filter((i) => i.outcome.state === "added").length;
  const rejected = items.filter((i) => i.outcome.state === "rejected").length;

  const setOutcome = (index: number, outcome: Outcome) => setItems((list) => list.map((item, i) => (i === index ? { ...item, outcome } : item)));

  const handleAdd = async () => {
    if (categoryRequired && !category) {
      setCategoryError(RESOURCE_MESSAGES.categoryRequired);
      document.getElementById(`${id}-category`)?.focus();
      return;
    }
    setPhase("adding");
    // Everyone is the form's default audience when the author may share with everyone.
    const shareWith = contexts.some((c) => c.value === "global") ? "global" : "";
    for (const [index, item] of items.entries()) {
      if (item.outcome.state !== "ready") continue;
      setOutcome(index, { state: "adding" });
      const form = new FormData();
      form.append("title", item.title);
      form.append("add_resource_type", "show-file");
      form.append("file", item.file, item.file.name);
      if (shareWith) form.append("share_with", shareWith);
      if (category) form.append("resource_category", category);
      try {
        const answer = await mutation.mutateAsync(form);
        setOutcome(index, { state: "added", title: answer.response.title });
      } catch (error) {
        setOutcome(index, { state: "rejected", message: error instanceof ApiError && error.status === 422 ? error.displayMessage : RESOURCE_MESSAGES.generic });
      }
    }
    setPhase("done");
  };

  return (
    <ModalFrame
      title={`Add ${files.length} files as resources`}
      description="Each file becomes a resource titled after its name. You can change the details later."
      onClose={() => phase !== "adding" && onClose()}
      contentProps={{ onEscapeKeyDown: (event) => phase === "adding" && event.preventDefault() }}
    >

      <ul className="dropped-files" aria-label="Dropped files">
        {items.map((item, index) => (
          <li key={index} className="dropped-files__item">
            <span className="dropped-files__name">{item.file.name}</span>
            <span>{formatFileSize(item.file.size)}</span>
            <span className={`dropped-files__outcome dropped-files__outcome--${item.outcome.state}`}>
              {OUTCOME_TEXT[item.outcome.state]}
              {item.outcome.state === "rejected" && `: ${item.outcome.message}`}
              {item.outcome.state === "added" && `: “${item.outcome.title}”`}
            </span>
          </li>
        ))}
      </ul>

      {categoryRequired && phase === "choosing" && ready > 0 && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-category`}>
            Resource category for these files
          </label>
          <select
            id={`${id}-category`}
            className="select"
            value={category}
            onChange={(e) => {
              setCategory(e.target.value);
              setCategoryError(null);
            }}
            aria-invalid={categoryError ? true : undefined}
            aria-describedby={categoryError ? `${id}-category-error` : undefined}
          >
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.attr_item_id} value={c.attr_item_id}>
                {c.name}
              </option>
            ))}
          </select>
          {categoryError && (
            <p id={`${id}-category-error`} className="field__error">
              {categoryError}
            </p>
          )}
        </div>
      )}

      <p role="status" aria-live="polite" className="dialog__text">
        {phase === "done" ? `${added} added, ${rejected} not added.` : phase === "adding" ? "Adding files…" : ready < items.length ? `${items.length - ready} of ${items.length} files cannot be added.` : ""}
      </p>

      <div className="dialog__actions">
        {phase !== "done" ? (
          <button type="button" className="button button--primary" disabled={ready === 0 || phase === "adding"} aria-busy={phase === "adding" || undefined} onClick={() => void handleAdd()}>
            {ready === 1 ? "Add 1 resource" : `Add ${ready} resources`}
          </button>
        ) : (
          added > 0 && (
            <button type="button" className="button button--primary" onClick={onShowResults}>
              Show in search
            </button>
          )
        )}
        <Dialog.Close className="button button--ghost" disabled={phase === "adding"}>
          {phase === "done" ? "Close" : "Cancel"}
        </Dialog.Close>
      </div>
    </ModalFrame>
  );
}
