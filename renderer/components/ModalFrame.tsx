import * as Dialog from "@radix-ui/react-dialog";
import { useId, useLayoutEffect, useRef, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from "react";
import { rescueFocusFromBody } from "../hooks/useFocusHeadingOnNavigate.js";
import { Alert } from "./Alert.js";
import { TourButton } from "./tour/TourButton.js";

/** How a frame opens and closes: always open until `onClose`, or held open by its owner (with an optional trigger). */
type Openness = { onClose(): void } | { open: boolean; onOpenChange(open: boolean): void; trigger?: ReactNode };

type ContentProps = Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, "id" | "className" | "children">;

export type ModalFrameProps = Openness & {
  /** The dialog's id, where tests or links find it (copy-modal, flagging-modal…). */
  id?: string;
  title: ReactNode;
  /** The text the dialog is described by; without it the dialog has no description. */
  description?: ReactNode;
  /** The name of the dialog's guided tour (by convention its id): a tour button in its header runs it. */
  tour?: string;
  /** The content's classes: "dialog" and its modifiers. */
  className?: string;
  /** More props for the Radix content (a role, focus or escape handlers, another aria-describedby). */
  contentProps?: ContentProps;
  children: ReactNode;
};

/**
 * Gives focus back, when the dialog closes, to the element that had it when the dialog opened. Radix returns focus
 * only to a `Dialog.Trigger`; most of our dialogs open from code (a button's click handler), and without this focus
 * would fall to <body>. Returns the handler for the content's `onCloseAutoFocus`.
 */
function useReturnFocus(open: boolean, onCloseAutoFocus: ContentProps["onCloseAutoFocus"]) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog's focus scope moves focus into it (that happens in a passive effect).
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    // A dialog that places focus itself keeps it; one with no opener on the page (it opened by itself, or its opener
    // went away, e.g. after a reload) keeps Radix's way, which leaves focus on <body>: the page's heading then takes it.
    if (event.defaultPrevented) return;
    if (!opener.current?.isConnected) return rescueFocusFromBody();
    event.preventDefault();
    opener.current.focus();
  };
}

/**
 * The frame every modal shares: a Radix dialog with its overlay, a titled content box and an optional description.
 * Focus is trapped while it is open and, without a trigger, given back to whatever opened it when it closes. With a
 * `tour`, its header has the guided-tour button (first document: "A guided-tour button appears in modal headers").
 */
export function ModalFrame(props: ModalFrameProps) {
  const { id, title, description, tour, className = "dialog", contentProps, children } = props;
  const frameId = useId();
  const textId = `${frameId}-text`;
  const root = "onClose" in props ? { open: true, onOpenChange: (open: boolean) => !open && props.onClose() } : { open: props.open, onOpenChange: props.onOpenChange };
  const hasTrigger = "trigger" in props && props.trigger !== undefined;
  const handleCloseAutoFocus = useReturnFocus(root.open && !hasTrigger, contentProps?.onCloseAutoFocus);
  return (
    <Dialog.Root {...root}>
      {"trigger" in props && props.trigger}
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          id={id}
          className={className}
          aria-describedby={description === undefined ? undefined : textId}
          {...contentProps}
          onCloseAutoFocus={hasTrigger ? contentProps?.onCloseAutoFocus : handleCloseAutoFocus}
          onEscapeKeyDown={(event) => {
            contentProps?.onEscapeKeyDown?.(event);
            // Escape pressed in a dialog opened over this one (a guided tour, a confirmation) is that dialog's alone: under
            // load this layer may still listen as the top one for a moment after the other opened, and both closed.
            const target = event.target instanceof Element ? event.target : null;
            if (target?.closest('[role="dialog"], [role="alertdialog"]') && !target.closest(`[data-modal-frame="${frameId}"]`)) event.preventDefault();
            // A form that answers Escape itself (a comment form cancelling its edit, or asking before a draft is lost)
            // has it: Radix hears keys before the form does, and would close the dialog with the draft in it.
            if (target?.closest("[data-handles-escape]")) event.preventDefault();
          }}
          data-modal-frame={frameId}
        >
          {tour ? (
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{title}</Dialog.Title>
              <TourButton name={tour} />
            </div>
          ) : (
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          )}
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
 * and disabled while `busy` (or while `disabled`: nothing to act on yet), any other actions (`children`), then Cancel, which closes the dialog.
 */
export function DialogActions({ label, busyLabel, busy = false, disabled = false, onAction, children }: { label: ReactNode; busyLabel?: ReactNode; busy?: boolean; disabled?: boolean; onAction?(): void; children?: ReactNode }) {
  return (
    <div className="dialog__actions">
      <button type={onAction ? "button" : "submit"} className="button button--primary" onClick={onAction} disabled={busy || disabled}>
        {busy && busyLabel !== undefined ? busyLabel : label}
      </button>
      {children}
      <Dialog.Close className="button button--ghost">Cancel</Dialog.Close>
    </div>
  );
}

/**
 * A dialog's row with only a Close button, which closes it as Escape would (read-only dialogs). `variant` is the
 * button's look: ghost by default; primary where closing is the dialog's main way out (About Short Codes, View All),
 * secondary beside content with its own buttons (a section's comments).
 */
export function CloseActions({ variant = "ghost" }: { variant?: "ghost" | "primary" | "secondary" }) {
  return (
    <div className="dialog__actions">
      <Dialog.Close className={`button button--${variant}`}>Close</Dialog.Close>
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
      <form
        className={formClassName}
        onSubmit={(event) => {
          // React passes events up through portals: a dialog opened from inside another form (Add meeting in a comment
          // form) would otherwise submit that form too, sending the comment without the meeting.
          event.stopPropagation();
          void onSubmit(event);
        }}
        noValidate={!browserValidation}
      >
        {children}
        {failure && <Alert tone="danger">{failure}</Alert>}
        <DialogActions label={submitLabel} busyLabel={busyLabel} busy={submitting} />
      </form>
    </ModalFrame>
  );
}
