import { useId, useState, type FormEvent } from "react";
import { fieldErrorProps } from "../Field.js";
import { FormDialog } from "../ModalFrame.js";

/** One text field of a FieldsDialog. */
export interface DialogField {
  name: string;
  label: string;
  type?: "text" | "url" | "number";
  initial?: string;
  hint?: string;
}

/**
 * A small form in a dialog (insert link, image, frame). `validate` answers an error for the first
 * field or null; Insert is refused until it passes.
 */
export function FieldsDialog({
  title,
  fields,
  submitLabel = "Insert",
  validate,
  onSubmit,
  onCancel,
  onCloseAutoFocus,
}: {
  title: string;
  fields: DialogField[];
  submitLabel?: string;
  validate(values: Record<string, string>): string | null;
  onSubmit(values: Record<string, string>): void;
  onCancel(): void;
  /** Where focus goes when the dialog closes (call preventDefault to place it); by default back to the opener. */
  onCloseAutoFocus?(event: Event): void;
}) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ""])));
  const [error, setError] = useState<string | null>(null);
  const firstId = `${id}-${fields[0]!.name}`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(values);
    setError(problem);
    if (problem) {
      document.getElementById(firstId)?.focus();
      return;
    }
    onSubmit(values);
  };

  return (
    <FormDialog title={title} onClose={onCancel} onSubmit={handleSubmit} formClassName="stack" submitLabel={submitLabel} contentProps={{ onCloseAutoFocus }}>
      {fields.map((f, index) => {
        const inputId = `${id}-${f.name}`;
        const fieldError = index === 0 ? error : null;
        return (
          <div className="field" key={f.name}>
            <label className="field__label" htmlFor={inputId}>
              {f.label}
            </label>
            <input
              id={inputId}
              className="input"
              type={f.type ?? "text"}
              value={values[f.name]}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
              {...fieldErrorProps(inputId, fieldError)}
            />
            {f.hint && <p className="field__hint">{f.hint}</p>}
            {fieldError && (
              <p id={`${inputId}-error`} className="field__error">
                {fieldError}
              </p>
            )}
          </div>
        );
      })}
    </FormDialog>
  );
}
