import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { MESSAGES, PERMISSION_MESSAGES } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { makeNewItemLink } from "../../api/permissions.js";
import { Alert } from "../Alert.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { showToast } from "../toastStore.js";

/**
 * New link, for those who may manage an item that is not open to everybody: after a question, the item gets a new
 * address (POST /permissions/new-link), so the old link, sent to the wrong people, no longer lets anyone in by the link
 * share (whoever may view the item another way still opens it there). On success the server's message is a toast,
 * `onDone` runs (the dialog holding the button closes: it named the item by its old ids) and the page moves to the new
 * address; a failure is said under the button. Ghost in a table row, secondary in a notice. `dropsChanges`: the
 * dialog holding it has changes of its own that closing drops, and the question says so.
 */
export function NewLinkButton({ opaqueId, onDone, variant = "ghost", dropsChanges = false }: { opaqueId: string; onDone(): void; variant?: "ghost" | "secondary"; dropsChanges?: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const handleConfirm = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      const answer = await makeNewItemLink(opaqueId);
      showToast(answer.message, "info");
      onDone();
      await navigate(answer.link, { replace: true });
      await queryClient.invalidateQueries({ queryKey: itemQueryKeyAll });
    } catch (err) {
      setFailure(messageOf(err, MESSAGES.unexpected));
    }
  };

  return (
    <>
      <button type="button" className={`button button--small button--${variant}`} aria-label="Make a new link: the old one stops working" onClick={() => setConfirming(true)}>
        New link
      </button>
      {failure && <Alert tone="danger">{failure}</Alert>}
      {confirming && <ConfirmDialog title="Make a new link" message={dropsChanges ? `${PERMISSION_MESSAGES.newLinkConfirm} ${PERMISSION_MESSAGES.newLinkDropsChanges}` : PERMISSION_MESSAGES.newLinkConfirm} confirmLabel="Make a new link" onConfirm={() => void handleConfirm()} onCancel={() => setConfirming(false)} />}
    </>
  );
}
