import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { RESOURCE_FILE_EXTENSIONS, RESOURCE_MESSAGES, fileErrors, resourceUrlProblem, type EditableItem } from "../../contract/index.js";
import { messageOf } from "../api/ApiError.js";
import { changeResourceSource } from "../api/authoring.js";
import { itemQueryKey } from "../api/editor.js";
import { isModalOpen, useClaimWindowDrop } from "../hooks/windowDropClaims.js";
import { formatFileSize } from "./AddResourceForm.js";
import { DropZone } from "./DropZone.js";
import { Field, fieldErrorProps } from "./Field.js";
import { showToast } from "./toastStore.js";

const ACCEPT = RESOURCE_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

/**
 * "Link or file" on a resource's edit page: shows what the resource points at and lets its editor change the link or
 * replace the file (picked, or dropped anywhere on the window while the section is editable). Saved at once, apart
 * from the page's Save; the item's cached copy takes the answer, so its view page shows the new link or file.
 */
export function ResourceSourceSection({ item, typePath, editable }: { item: EditableItem; typePath: string; editable: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const view = item.resource_view;
  const [url, setUrl] = useState(view?.resource_type === "url" ? view.file_url : "");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"url" | "file" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // While the section can take a file, a drop on the window replaces it (not "add as a new resource").
  useClaimWindowDrop(editable);

  const send = async (kind: "url" | "file", source: { url: string } | { file: File }, showError: (message: string) => void) => {
    setBusy(kind);
    try {
      const answer = await changeResourceSource(item.uid, source);
      queryClient.setQueryData<EditableItem>(itemQueryKey(typePath, item.uid), (old) => (old ? { ...old, resource_view: answer.resource_view, updated_at: answer.updated_at } : old));
      if (answer.resource_view.resource_type === "url") setUrl(answer.resource_view.file_url);
      if (fileInput.current) fileInput.current.value = "";
      showToast(answer.message, "info");
    } catch (error) {
      showError(messageOf(error, RESOURCE_MESSAGES.generic));
    } finally {
      setBusy(null);
    }
  };

  const handleChangeLink = (event: FormEvent) => {
    event.preventDefault();
    const value = url.trim();
    const problem = resourceUrlProblem(value);
    setUrlError(problem);
    if (problem) return document.getElementById(`${id}-url`)?.focus();
    void send("url", { url: value }, setUrlError);
  };

  const replaceWith = (file: File | undefined) => {
    const problem = fileErrors(file ?? null)[0]?.message ?? null;
    setFileError(problem);
    if (problem || !file) return document.getElementById(`${id}-file`)?.focus();
    void send("file", { file }, setFileError);
  };

  const handleReplaceFile = (event: FormEvent) => {
    event.preventDefault();
    replaceWith(fileInput.current?.files?.[0]);
  };

  return (
    <section className="card resource-source" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="resource-source__title">
        Link or file
      </h2>
      <p className="resource-source__current" data-testid="resource-source-current">
        {!view ? (
          "This resource has no link or file yet."
        ) : view.resource_type === "url" ? (
          <>
            Link:{" "}
            <a href={view.file_url} target="_blank" rel="noopener noreferrer">
              {view.file_url}
            </a>
          </>
        ) : (
          <>
            File:{" "}
            <a href={view.download_url ?? view.file_url}>
              {view.file_name}
            </a>
            {view.file_size !== null && ` (${formatFileSize(view.file_size)})`}
          </>
        )}
      </p>
      <div className="resource-source__forms">
        <form className="resource-source__form" onSubmit={handleChangeLink} noValidate>
          <Field id={`${id}-url`} label="New link" error={urlError}>
            <input id={`${id}-url`} className="input" type="url" inputMode="url" placeholder="https://" value={url} readOnly={!editable} onChange={(e) => setUrl(e.target.value)} {...fieldErrorProps(`${id}-url`, urlError)} />
          </Field>
          <button type="submit" className="button button--secondary" disabled={!editable || busy !== null}>
            {busy === "url" ? "Changing…" : "Change link"}
          </button>
        </form>
        <form className="resource-source__form" onSubmit={handleReplaceFile} noValidate>
          <Field id={`${id}-file`} label="New file" error={fileError}>
            <input
              ref={fileInput}
              id={`${id}-file`}
              className="input input--file"
              type="file"
              accept={ACCEPT}
              disabled={!editable}
              onChange={() => setFileError(null)}
              aria-invalid={fileError ? true : undefined}
              aria-describedby={[`${id}-file-hint`, fileError ? `${id}-file-error` : ""].filter(Boolean).join(" ")}
            />
            <p id={`${id}-file-hint`} className="field__hint">
              doc, docx, pdf, rtf, gif, jpeg, jpg or png; at most 2048 KB. You can also drop a file on the page.
            </p>
          </Field>
          <button type="submit" className="button button--secondary" disabled={!editable || busy !== null}>
            {busy === "file" ? "Uploading…" : "Replace file"}
          </button>
        </form>
      </div>
      <DropZone onFiles={(files) => replaceWith(files[0])} label="Drop a file to replace this resource's file" hint="One file: doc, docx, pdf, rtf, gif, jpeg, jpg or png; at most 2048 KB." enabled={editable && busy === null} ignoreWhile={isModalOpen} />
    </section>
  );
}
