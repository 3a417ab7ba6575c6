import * as Dialog from "@radix-ui/react-dialog";
import { ModalFrame } from "./ModalFrame.js";

/** A yes/no question in a modal alert dialog; Cancel has focus first so Enter never confirms by accident. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: { title: string; message: string; confirmLabel: string; onConfirm(): void; onCancel(): void }) {
  return (
    <ModalFrame title={title} description={message} onClose={onCancel} contentProps={{ role: "alertdialog" }}>
      <div className="dialog__actions">
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <Dialog.Close className="button button--ghost" autoFocus>
          Cancel
        </Dialog.Close>
      </div>
    </ModalFrame>
  );
}
