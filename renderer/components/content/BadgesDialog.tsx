import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { MESSAGES, type BadgesResponse } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { badgesQueryKey, saveBadges, useBadges } from "../../api/badges.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { Alert } from "../Alert.js";
import { DialogActions, ModalFrame } from "../ModalFrame.js";
import { showToast } from "../toastStore.js";

/**
 * The manage-badges dialog (second document, id manage-badges-modal), for moderators and administrators: every badge
 * as a checkbox, ticked when the item holds it. Saving sends the ticked ones; the server's message is a toast on
 * success and a danger alert on failure.
 */
export function BadgesDialog({ item, onClose }: { item: { uid: string; title: string }; onClose(): void }) {
  const { data, error, isPending } = useBadges(item.uid);
  return (
    <ModalFrame id="manage-badges-modal" title="Badges" description={<>The badges “{item.title}” shows under its title.</>} onClose={onClose}>
      {isPending ? (
        <p className="page-status">Loading…</p>
      ) : error || !data ? (
        <Alert tone="danger">{error instanceof ApiError ? error.displayMessage : MESSAGES.unexpected}</Alert>
      ) : (
        <BadgesForm uid={item.uid} data={data} onClose={onClose} />
      )}
    </ModalFrame>
  );
}

function BadgesForm({ uid, data, onClose }: { uid: string; data: BadgesResponse; onClose(): void }) {
  const queryClient = useQueryClient();
  const [held, setHeld] = useState(() => new Set(data.profileBadges.map((b) => b.id)));
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const toggle = (id: number, on: boolean) =>
    setHeld((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await saveBadges(uid, [...held]);
      showToast(answer.message, "info");
      await Promise.all([queryClient.invalidateQueries({ queryKey: badgesQueryKey(uid) }), queryClient.invalidateQueries({ queryKey: itemQueryKeyAll })]);
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.displayMessage : MESSAGES.unexpected);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate>
      <fieldset className="choice-group">
        <legend className="field__label">Badges</legend>
        {data.allBadges.map((badge) => (
          <label key={badge.id} className="choice choice--described">
            <input type="checkbox" checked={held.has(badge.id)} onChange={(e) => toggle(badge.id, e.target.checked)} />
            <span>
              {badge.name}
              <span className="choice__hint">{badge.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Save" busyLabel="Saving…" busy={submitting} />
    </form>
  );
}
