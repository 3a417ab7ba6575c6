import type { ReactNode } from "react";

/**
 * A labelled form field; its error is rendered with id `${id}-error`, which the control names in
 * aria-describedby (see fieldErrorProps).
 */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string | null; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The ARIA attributes that tie a control to its Field error. */
export function fieldErrorProps(id: string, error: string | null | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}
