import { useId, useMemo, useState, type FormEvent } from "react";
import { EDITOR_MESSAGES, EQUATION_SIZE, equationSize } from "../../../contract/index.js";
import { FormDialog } from "../ModalFrame.js";
import { latexProblem, renderLatex } from "./EquationNode.js";

/** The 'Configure Equation' dialog: Equation (LaTeX) and Size/Zoom (0.5 to 5, step 0.1), with a live preview. */
export function EquationDialog({
  initial,
  onSave,
  onCancel,
  onCloseAutoFocus,
}: {
  initial: { equation: string; size: number };
  onSave(value: { equation: string; size: number }): void;
  onCancel(): void;
  /** Where focus goes when the dialog closes (call preventDefault to place it); by default back to the opener. */
  onCloseAutoFocus?(event: Event): void;
}) {
  const id = useId();
  const [equation, setEquation] = useState(initial.equation);
  const [size, setSize] = useState(String(initial.size));
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => renderLatex(equation), [equation]);
  const problem = useMemo(() => (equation.trim() ? latexProblem(equation) : null), [equation]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A blank equation would be an empty, invisible node in the text (and on the page), so it is refused.
    if (!equation.trim()) {
      setError(EDITOR_MESSAGES.equationRequired);
      document.getElementById(`${id}-equation`)?.focus();
      return;
    }
    // KaTeX would show broken LaTeX as its source in red, on the page too: it is refused with KaTeX's reason.
    if (problem) {
      setError(EDITOR_MESSAGES.equationInvalid(problem));
      document.getElementById(`${id}-equation`)?.focus();
      return;
    }
    // A size that is not a number falls back to 1 (first document, section 5).
    onSave({ equation, size: equationSize(size) });
  };

  return (
    <FormDialog className="dialog dialog--wide" title={EDITOR_MESSAGES.configureEquation} onClose={onCancel} onSubmit={handleSubmit} formClassName="stack" browserValidation submitLabel="Save" contentProps={{ onCloseAutoFocus }}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-equation`}>
          Equation
        </label>
        <textarea
          id={`${id}-equation`}
          className="input input--mono"
          rows={3}
          value={equation}
          onChange={(e) => {
            setEquation(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-equation-error ${id}-hint` : `${id}-hint`}
        />
        {error && (
          <p id={`${id}-equation-error`} className="field__error">
            {error}
          </p>
        )}
        <p id={`${id}-hint`} className="field__hint">
          Write the equation in LaTeX, e.g. <code>{"\\frac{a}{b}"}</code>.
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-size`}>
          Size/Zoom
        </label>
        <input id={`${id}-size`} className="input input--short" type="number" min={EQUATION_SIZE.min} max={EQUATION_SIZE.max} step={EQUATION_SIZE.step} value={size} onChange={(e) => setSize(e.target.value)} />
      </div>
      <div className="equation-preview" aria-label="Preview" role="img" style={{ fontSize: `${equationSize(size)}em` }}>
        <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: preview }} />
      </div>
      {/* Said as it is typed, quietly (a half-typed \frac is wrong until it is finished); Save then refuses it. */}
      <p className="field__hint" role="status">
        {problem && !error ? EDITOR_MESSAGES.equationInvalid(problem) : ""}
      </p>
    </FormDialog>
  );
}
