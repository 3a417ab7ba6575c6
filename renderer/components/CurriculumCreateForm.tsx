import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import {
  CURRICULUM_INTRODUCTION_MAX,
  CURRICULUM_MESSAGES,
  CURRICULUM_TITLE_MAX,
  CurriculumStartRequest,
  curriculumType,
  type CurriculumModelKey,
  type CurriculumTemplate,
} from "../../contract/index.js";
import { useCurriculumTemplates, useStartCurriculumMutation } from "../api/authoring.js";
import { Alert } from "./Alert.js";
import { Field, fieldErrorProps } from "./Field.js";

/** The template used when the list is empty or cannot be loaded: an empty item with no sections. */
const DEFAULT_TEMPLATE = { title: "Default template", description: "Start from a blank page and add your own sections." };

type FieldName = "title" | "introduction";

/**
 * The curriculum create form (second document): the template chooser, then title and introduction.
 * On success the caller gets the new item's link (and goes to link + "/edit").
 */
export function CurriculumCreateForm({ modelKey, onCreated, onLeave, actions }: { modelKey: CurriculumModelKey; onCreated(link: string): void; onLeave?: () => void; actions?: ReactNode }) {
  const id = useId();
  const label = curriculumType(modelKey)!.label;
  const templates = useCurriculumTemplates(modelKey);
  const mutation = useStartCurriculumMutation(modelKey);
  const [selected, setSelected] = useState<CurriculumTemplate | null>(null);
  const [values, setValues] = useState({ title: "", introduction: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = (field: FieldName) => `${id}-${field}`;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = CurriculumStartRequest.safeParse({ ...values, ...(selected ? { template_id: selected.id } : {}) });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      const first = (["title", "introduction"] as const).find((f) => next[f]);
      if (first) document.getElementById(inputId(first))?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      onCreated(answer.data.link);
    } catch {
      // Second document, error catalogue: one message for every failure.
      setFailure(CURRICULUM_MESSAGES.createFailed);
    }
  };

  return (
    <form className="create-form" onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`New ${label.toLowerCase()}`}>
      {failure && (
        <Alert tone="danger" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <TemplateChooser state={templates} selected={selected} onSelect={setSelected} onLeave={onLeave} />
      <Field id={inputId("title")} label="Title" error={errors.title}>
        <input id={inputId("title")} className="input" type="text" required maxLength={CURRICULUM_TITLE_MAX} value={values.title} onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))} {...fieldErrorProps(inputId("title"), errors.title)} />
      </Field>
      <Field id={inputId("introduction")} label="Introduction" error={errors.introduction}>
        <textarea
          id={inputId("introduction")}
          className="input textarea"
          rows={4}
          required
          maxLength={CURRICULUM_INTRODUCTION_MAX}
          value={values.introduction}
          onChange={(e) => setValues((v) => ({ ...v, introduction: e.target.value }))}
          {...fieldErrorProps(inputId("introduction"), errors.introduction)}
        />
      </Field>
      <div className="dialog__actions">
        <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
          Create {label}
        </button>
        {actions}
      </div>
    </form>
  );
}

/**
 * The template grid: 'Select' on each card, 'Manage selected' for a selected template the user may edit
 * (abilities from the server); the default template while loading fails or the list is empty.
 */
function TemplateChooser({
  state,
  selected,
  onSelect,
  onLeave,
}: {
  state: ReturnType<typeof useCurriculumTemplates>;
  selected: CurriculumTemplate | null;
  onSelect(template: CurriculumTemplate | null): void;
  /** Called when 'Manage selected' leaves for the template's edit page (the modal closes). */
  onLeave?: () => void;
}) {
  const headingId = useId();
  const templates = state.data?.data ?? [];
  const useDefault = state.isError || (state.isSuccess && templates.length === 0);
  return (
    <section className="template-chooser" aria-labelledby={headingId} aria-busy={state.isPending || undefined}>
      <div className="template-chooser__header">
        <h3 id={headingId} className="template-chooser__title">
          Template
        </h3>
        {selected?.abilities.edit && (
          <Link className="button button--secondary button--small" to={`${selected.link}/edit`} onClick={onLeave}>
            Manage selected
          </Link>
        )}
      </div>
      {state.isPending && <p className="dialog__text">Loading templates…</p>}
      {useDefault ? (
        <ul className="template-grid">
          <li className="template-card template-card--selected">
            <span className="template-card__title">{DEFAULT_TEMPLATE.title}</span>
            <span className="template-card__text">{DEFAULT_TEMPLATE.description}</span>
            <span className="template-card__state">Selected</span>
          </li>
        </ul>
      ) : (
        <ul className="template-grid">
          {templates.map((t) => {
            const isSelected = selected?.id === t.id;
            return (
              <li key={t.id} className={`template-card${isSelected ? " template-card--selected" : ""}`}>
                <span className="template-card__title">{t.title}</span>
                {t.description && <span className="template-card__text">{t.description}</span>}
                {t.sections.length > 0 && <span className="template-card__sections">{t.sections.join(" · ")}</span>}
                <button type="button" className="button button--small button--secondary" aria-pressed={isSelected} aria-label={`Select ${t.title}`} onClick={() => onSelect(isSelected ? null : t)}>
                  {isSelected ? "Selected" : "Select"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
