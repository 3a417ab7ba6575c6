import * as Dialog from "@radix-ui/react-dialog";
import { useRef } from "react";
import { ModalFrame } from "./ModalFrame.js";

/**
 * A yes/no question in a modal alert dialog; Cancel has focus first so Enter never confirms by accident. `cancelLabel`
 * renames Cancel where the question is itself about cancelling ("Are you sure you want to cancel?"); `tone` "primary"
 * for a confirmation that loses nothing (the default paints the confirming button as a destructive one).
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = "Cancel", tone = "danger", onConfirm, onCancel }: { title: string; message: string; confirmLabel: string; cancelLabel?: string; tone?: "danger" | "primary"; onConfirm(): void; onCancel(): void }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Radix focuses the first control (the confirming one) on open, and a plain autoFocus lost that race at times:
  // Cancel is focused here instead of letting it.
  const handleOpenAutoFocus = (event: Event) => {
    event.preventDefault();
    cancelRef.current?.focus();
  };
  return (
    <ModalFrame title={title} description={message} onClose={onCancel} contentProps={{ role: "alertdialog", onOpenAutoFocus: handleOpenAutoFocus }}>
      <div className="dialog__actions">
        <button type="button" className={`button button--${tone}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <Dialog.Close ref={cancelRef} className="button button--ghost">
          {cancelLabel}
        </Dialog.Close>
      </div>
    </ModalFrame>
  );
}
