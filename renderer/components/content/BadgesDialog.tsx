import { useState, type FormEvent } from "react";
import type { BadgesResponse } from "../../../contract/index.js";
import { badgesQueryKey, saveBadges, useBadges } from "../../api/badges.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { Alert } from "../Alert.js";
import { ManageDialog, useSaveAndClose } from "../ManageDialog.js";
import { DialogActions } from "../ModalFrame.js";

/**
 * The manage-badges dialog (second document, id manage-badges-modal), for moderators and administrators: every badge
 * as a checkbox, ticked when the item holds it. Saving sends the ticked ones; the server's message is a toast on
 * success and a danger alert on failure.
 */
export function BadgesDialog({ item, onClose }: { item: { uid: string; title: string }; onClose(): void }) {
  return (
    <ManageDialog id="manage-badges-modal" title="Badges" description={<>The badges “{item.title}” shows under its title.</>} onClose={onClose} query={useBadges(item.uid)}>
      {(data) => <BadgesForm uid={item.uid} data={data} onClose={onClose} />}
    </ManageDialog>
  );
}

function BadgesForm({ uid, data, onClose }: { uid: string; data: BadgesResponse; onClose(): void }) {
  const [held, setHeld] = useState(() => new Set(data.profileBadges.map((b) => b.id)));
  const { failure, submitting, save } = useSaveAndClose(onClose, [badgesQueryKey(uid), itemQueryKeyAll]);

  const toggle = (id: number, on: boolean) =>
    setHeld((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(() => saveBadges(uid, [...held]));
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
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
