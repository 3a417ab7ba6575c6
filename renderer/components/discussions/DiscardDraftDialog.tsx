import { DISCUSSION_MESSAGES } from "../../../contract/index.js";
import { ConfirmDialog } from "../ConfirmDialog.js";

/** The question before a comment, reply or new discussion being written is dropped: Discard, or Keep writing. */
export function DiscardDraftDialog({ onDiscard, onKeep }: { onDiscard(): void; onKeep(): void }) {
  return <ConfirmDialog title="Discard your message?" message={DISCUSSION_MESSAGES.cancelConfirm} confirmLabel="Discard" cancelLabel="Keep writing" onConfirm={onDiscard} onCancel={onKeep} />;
}
