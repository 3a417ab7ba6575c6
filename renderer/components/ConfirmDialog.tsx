import * as Dialog from "@radix-ui/react-dialog";

/** A yes/no question in a modal alert dialog; Cancel has focus first so Enter never confirms by accident. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel }: { title: string; message: string; confirmLabel: string; onConfirm(): void; onCancel(): void }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__text">{message}</Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button button--danger" onClick={onConfirm}>
              {confirmLabel}
            </button>
            <Dialog.Close className="button button--ghost" autoFocus>
              Cancel
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
