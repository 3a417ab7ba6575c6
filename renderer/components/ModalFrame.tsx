import * as Dialog from "@radix-ui/react-dialog";
import { useId, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from "react";
import { Alert } from "./Alert.js";

/** How a frame opens and closes: always open until `onClose`, or held open by its owner (with an optional trigger). */
type Openness = { onClose(): void } | { open: boolean; onOpenChange(open: boolean): void; trigger?: ReactNode };

type ContentProps = Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, "id" | "className" | "children">;

export type ModalFrameProps = Openness & {
  /** The dialog's id, where tests or links find it (copy-modal, flagging-modal…). */
  id?: string;
  title: ReactNode;
  /** The text the dialog is described by; without it the dialog has no description. */
  description?: ReactNode;
  /** The content's classes: "dialog" and its modifiers. */
  className?: string;
  /** More props for the Radix content (a role, focus or escape handlers, another aria-describedby). */
  contentProps?: ContentProps;
  children: ReactNode;
};

/** The frame every modal shares: a Radix dialog with its overlay, a titled content box and an optional description. */
export function ModalFrame(props: ModalFrameProps) {
  const { id, title, description, className = "dialog", contentProps, children } = props;
  const textId = `${useId()}-text`;
  const root = "onClose" in props ? { open: true, onOpenChange: (open: boolean) => !open && props.onClose() } : { open: props.open, onOpenChange: props.onOpenChange };
  return (
    <Dialog.Root {...root}>
      {"trigger" in props && props.trigger}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content id={id} className={className} aria-describedby={description === undefined ? undefined : textId} {...contentProps}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          {description !== undefined && (
            <Dialog.Description id={textId} className="dialog__text">
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog's action row: the primary button (a submit, or a plain button with `onAction`) showing `busyLabel`
 * and disabled while `busy`, any other actions (`children`), then Cancel, which closes the dialog.
 */
export function DialogActions({ label, busyLabel, busy = false, onAction, children }: { label: ReactNode; busyLabel?: ReactNode; busy?: boolean; onAction?(): void; children?: ReactNode }) {
  return (
    <div className="dialog__actions">
      <button type={onAction ? "button" : "submit"} className="button button--primary" onClick={onAction} disabled={busy}>
        {busy && busyLabel !== undefined ? busyLabel : label}
      </button>
      {children}
      <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>
    </div>
  );
}

/** A dialog with only a Close button (read-only dialogs). */
export function CloseActions() {
  return (
    <div className="dialog__actions">
      <Dialog.Close className="button button--ghost">Close</Dialog.Close>
    </div>
  );
}

export type FormDialogProps = ModalFrameProps & {
  onSubmit(event: FormEvent<HTMLFormElement>): void | Promise<void>;
  /** The form's classes ("stack" in the editor's dialogs). */
  formClassName?: string;
  /** Leaves the browser's own checks on (the default turns them off: the dialog checks and says why). */
  browserValidation?: boolean;
  /** The server's refusal, shown in a danger alert above the actions. */
  failure?: string | null;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  submitting?: boolean;
};

/** A form in a modal frame: the fields, then the failure alert, then submit and Cancel. */
export function FormDialog({ onSubmit, formClassName, browserValidation = false, failure, submitLabel, busyLabel, submitting, children, ...frame }: FormDialogProps) {
  return (
    <ModalFrame {...frame}>
      <form className={formClassName} onSubmit={(event) => void onSubmit(event)} noValidate={!browserValidation}>
        {children}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <DialogActions label={submitLabel} busyLabel={busyLabel} busy={submitting} />
      </form>
    </ModalFrame>
  );
}
