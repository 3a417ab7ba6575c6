import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import {
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_FILE_EXTENSIONS,
  RESOURCE_MESSAGES,
  RESOURCE_TITLE_MAX,
  fileErrors,
  resourceFieldErrors,
  type AddResourceType,
  type AttributeTreeNode,
  type ResourceCreateResponse,
} from "../../contract/index.js";
import { ApiError } from "../api/ApiError.js";
import { useCreateResourceMutation, useResourceAttributeTrees, useShareOptions } from "../api/authoring.js";
import { useAppConfig } from "../api/queries.js";
import { Alert } from "./Alert.js";
import { Field, fieldErrorProps } from "./Field.js";

/** What a caller may prefill, e.g. a file dropped on the desktop window. */
export interface AddResourceInitialValues {
  title?: string;
  description?: string;
  url?: string;
  file?: File | null;
}

type FieldName = "title" | "description" | "url" | "file" | "resource_category" | "resource_subcategories" | "content_pricing" | "share_with";
type Errors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ["title", "description", "url", "file", "resource_category", "resource_subcategories", "content_pricing", "share_with"];

/** Human file sizes in the units of the first document (B, KB, MB, GB). */
export function formatFileSize(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A title from a file name ("field-notes_2024.pdf" becomes "field notes 2024"), for a dropped file. */
export const titleFromFileName = (name: string): string =>
  name
    .replace(/\.[^.]+$/, "")
    .replace(/[_-]+/g, " ")
    .trim();

/**
 * The resource form: title, description, link or file, category (when required), pricing and sharing.
 * Checks run with the contract's rules before sending; a 422 shows the server's message, anything else
 * the generic one. Reusable with initial values (a file chosen elsewhere opens it in file mode).
 */
export function AddResourceForm({ initial, onCreated, actions }: { initial?: AddResourceInitialValues; onCreated(answer: ResourceCreateResponse): void; actions?: ReactNode }) {
  const id = useId();
  const inputId = (field: FieldName) => `${id}-${field}`;
  const config = useAppConfig();
  const categoryRequired = config.data?.resourceCategoryRequired ?? false;
  const trees = useResourceAttributeTrees();
  const shareOptions = useShareOptions();
  const mutation = useCreateResourceMutation();
  const failureRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);

  // A prefilled file gives the title only when the form would take it (not "pond.exe"); otherwise its error shows at once.
  const initialFileError = initial?.file ? fileErrors(initial.file)[0]?.message : undefined;
  const [title, setTitle] = useState(initial?.title ?? (initial?.file && !initialFileError ? titleFromFileName(initial.file.name) : ""));
  const [description, setDescription] = useState(initial?.description ?? "");
  const [mode, setMode] = useState<AddResourceType>(initial?.file ? "show-file" : "show-url");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [file, setFile] = useState<File | null>(initial?.file ?? null);
  const [category, setCategory] = useState<number | null>(null);
  const [subcategories, setSubcategories] = useState<number[]>([]);
  const [pricing, setPricing] = useState("");
  const [shareWith, setShareWith] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>(initialFileError ? { file: initialFileError } : {});
  const [failure, setFailure] = useState<string | null>(null);

  const categories: AttributeTreeNode[] = trees.data?.arrObjResponse.resource_categories ?? [];
  const pricingOptions: AttributeTreeNode[] = trees.data?.arrObjResponse.content_pricing ?? [];
  const contexts = shareOptions.data?.contexts ?? [];
  // Everyone is the default until the author picks.
  const chosenShare = shareWith ?? (contexts.some((c) => c.value === "global") ? ["global"] : []);
  const selectedCategory = categories.find((c) => c.attr_item_id === category) ?? null;

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: "nearest" });
  }, [failure]);

  // A prefilled file (dropped on the window) is put in the native input too, so it reads as chosen, not "No file chosen".
  const initialFile = initial?.file;
  useEffect(() => {
    const input = fileInputRef.current;
    if (!input || !initialFile) return;
    const transfer = new DataTransfer();
    transfer.items.add(initialFile);
    input.files = transfer.files;
  }, [initialFile]);

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) document.getElementById(inputId(first))?.focus();
  };

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    // Choosing a file switches to file mode (second document, section 4).
    if (chosen) setMode("show-file");
    const fileError = chosen ? fileErrors(chosen)[0]?.message : undefined;
    // Only a file the form would take names the resource; a refused one (pond.exe) leaves the title alone.
    if (chosen && !fileError && !title.trim()) setTitle(titleFromFileName(chosen.name));
    setErrors((e) => ({ ...e, file: fileError }));
  };

  const handleCategoryChange = (next: number) => {
    setCategory(next);
    // Only the chosen category's children stay selected.
    const children = new Set((categories.find((c) => c.attr_item_id === next)?.children ?? []).map((c) => c.attr_item_id));
    setSubcategories((subs) => subs.filter((s) => children.has(s)));
  };

  const toggle = (list: number[] | string[], value: number | string) => ((list as (number | string)[]).includes(value) ? (list as (number | string)[]).filter((v) => v !== value) : [...list, value]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    for (const e of resourceFieldErrors({ title, description, url, resource_category: category }, { mode, categoryRequired })) found[e.field as FieldName] ??= e.message;
    if (mode === "show-file") {
      const fileError = fileErrors(file)[0];
      if (fileError) found.file = fileError.message;
    }
    showErrors(found);
    if (Object.keys(found).length) return;

    const form = new FormData();
    form.append("title", title.trim());
    form.append("description", description.trim());
    form.append("add_resource_type", mode);
    if (mode === "show-url") form.append("url", url.trim());
    else if (file) form.append("file", file, file.name);
    if (chosenShare.length) form.append("share_with", chosenShare.join(","));
    if (category !== null) form.append("resource_category", String(category));
    if (subcategories.length) form.append("resource_subcategories", subcategories.join(","));
    if (pricing) form.append("content_pricing", pricing);
    setFailure(null);
    try {
      onCreated(await mutation.mutateAsync(form));
    } catch (error) {
      // First document, error catalogue: a 422 shows the server's message, other failures the generic one.
      setFailure(error instanceof ApiError && error.status === 422 ? error.displayMessage : RESOURCE_MESSAGES.generic);
    }
  };

  const accept = RESOURCE_FILE_EXTENSIONS.map((e) => `.${e}`).join(",");

  return (
    <form className="create-form resource-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="New resource">
      <Field id={inputId("title")} label="Title" error={errors.title}>
        <input id={inputId("title")} className="input" type="text" required maxLength={RESOURCE_TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} {...fieldErrorProps(inputId("title"), errors.title)} />
      </Field>
      <Field id={inputId("description")} label="Description" error={errors.description}>
        <textarea id={inputId("description")} className="input textarea" rows={3} maxLength={RESOURCE_DESCRIPTION_MAX} value={description} onChange={(e) => setDescription(e.target.value)} {...fieldErrorProps(inputId("description"), errors.description)} />
      </Field>

      <fieldset className="choice-group">
        <legend className="field__label">Add by</legend>
        <div className="mode-toggle">
          <label className="mode-toggle__option">
            <input type="radio" name={`${id}-mode`} value="show-url" checked={mode === "show-url"} onChange={() => setMode("show-url")} />
            Link
          </label>
          <label className="mode-toggle__option">
            <input type="radio" name={`${id}-mode`} value="show-file" checked={mode === "show-file"} onChange={() => setMode("show-file")} />
            File
          </label>
        </div>
      </fieldset>

      {mode === "show-url" && (
        <Field id={inputId("url")} label="URL" error={errors.url}>
          <input id={inputId("url")} className="input" type="url" inputMode="url" placeholder="https://" required value={url} onChange={(e) => setUrl(e.target.value)} {...fieldErrorProps(inputId("url"), errors.url)} />
        </Field>
      )}
      <Field id={inputId("file")} label="Choose a file" error={errors.file}>
        <input
          ref={fileInputRef}
          id={inputId("file")}
          className="input input--file"
          type="file"
          accept={accept}
          onChange={handleFileChange}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={[`${id}-file-hint`, errors.file ? `${inputId("file")}-error` : ""].filter(Boolean).join(" ")}
        />
        <p id={`${id}-file-hint`} className="field__hint">
          {file && mode === "show-file" ? `Chosen: ${file.name} (${formatFileSize(file.size)}). ` : ""}
          doc, docx, pdf, rtf, gif, jpeg, jpg or png; at most 2048 KB.
        </p>
      </Field>

      {categoryRequired && (
        <fieldset className="choice-group" aria-describedby={errors.resource_category ? `${inputId("resource_category")}-error` : undefined}>
          <legend className="field__label">Resource category</legend>
          <div className="choice-grid">
            {categories.map((c, i) => (
              <label key={c.attr_item_id} className="choice">
                <input
                  id={i === 0 ? inputId("resource_category") : undefined}
                  type="radio"
                  name={`${id}-category`}
                  value={c.attr_item_id}
                  checked={category === c.attr_item_id}
                  onChange={() => handleCategoryChange(c.attr_item_id)}
                  aria-invalid={errors.resource_category ? true : undefined}
                />
                {c.name}
              </label>
            ))}
          </div>
          {selectedCategory && selectedCategory.children.length > 0 && (
            <fieldset className="choice-group choice-group--nested">
              <legend className="field__label">{selectedCategory.name} subcategories</legend>
              <div className="choice-grid">
                {selectedCategory.children.map((s) => (
                  <label key={s.attr_item_id} className="choice">
                    <input type="checkbox" checked={subcategories.includes(s.attr_item_id)} onChange={() => setSubcategories((subs) => toggle(subs, s.attr_item_id) as number[])} />
                    {s.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {errors.resource_category && (
            <p id={`${inputId("resource_category")}-error`} className="field__error">
              {errors.resource_category}
            </p>
          )}
        </fieldset>
      )}

      {pricingOptions.length > 0 && (
        <Field id={inputId("content_pricing")} label="Content pricing" error={errors.content_pricing}>
          <select id={inputId("content_pricing")} className="select" value={pricing} onChange={(e) => setPricing(e.target.value)}>
            <option value="">Not specified</option>
            {pricingOptions.map((p) => (
              <option key={p.attr_item_id} value={p.attr_item_id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      )}

      {contexts.length > 0 && (
        <fieldset className="choice-group">
          <legend className="field__label">Share with</legend>
          <div className="choice-grid">
            {contexts.map((c) => (
              <label key={c.value} className="choice">
                <input type="checkbox" checked={chosenShare.includes(c.value)} onChange={() => setShareWith(toggle(chosenShare, c.value) as string[])} />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {/* Beside the button, so the answer is seen where the author clicked (the form scrolls). */}
      <div ref={failureRef}>
        {failure && (
          <Alert tone="danger" onDismiss={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
      </div>
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          Add Resource
        </button>
        {actions}
      </div>
    </form>
  );
}
