import { useId, useState, type FormEvent } from "react";
import { ENDORSEMENT_TYPE_LABELS, ENDORSEMENT_TYPES, type EndorsementType, type EndorsementsResponse } from "../../../contract/index.js";
import { useOwnerCandidates } from "../../api/contentActions.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { endorsementsQueryKey, saveEndorsements, useEndorsements } from "../../api/endorsements.js";
import { Alert } from "../Alert.js";
import { ManageDialog, useSaveAndClose } from "../ManageDialog.js";
import { DialogActions } from "../ModalFrame.js";
import { ProfileSearchField } from "./ProfileSearchField.js";

/** A row of the dialog: a stored endorsement (with its id) or one added here, possibly marked deleted. */
type Row = { id?: number; profileId: number; name: string; isGroup: boolean; type: EndorsementType; publishToPublic: boolean; deleted: boolean; canChange: boolean };

const rowsOf = (data: EndorsementsResponse): Row[] =>
  data.endorsements.map((e) => ({ id: e.id, profileId: e.endorser.profile_id, name: e.endorser.name, isGroup: e.endorser.is_group, type: e.type, publishToPublic: e.publish_to_public, deleted: false, canChange: e.can_change }));

/** The id of a row's Type select, where focus goes once the row is added. */
const typeSelectId = (formId: string, profileId: number) => `${formId}-type-${profileId}`;

/**
 * The manage-content-endorsements dialog (second document, id manage-content-endorsements-modal): each endorsement's
 * type and whether the item's page shows it (when the asker may change it: otherwise it can only be removed), removal
 * that can be undone until saving, and adding endorsers (moderators any profile or group through the profile search,
 * others a publisher they act for). Saving sends the rows; the server's message is a toast on success and a danger alert
 * on failure.
 */
export function EndorsementsDialog({ item, onClose }: { item: { opaque_id: string; title: string }; onClose(): void }) {
  return (
    <ManageDialog id="manage-content-endorsements-modal" tour="manage-content-endorsements-modal" title="Endorsements" description={<>Who endorses “{item.title}”.</>} className="dialog dialog--wide" onClose={onClose} query={useEndorsements(item.opaque_id)}>
      {(data) => <EndorsementsForm opaqueId={item.opaque_id} data={data} onClose={onClose} />}
    </ManageDialog>
  );
}

function EndorsementsForm({ opaqueId, data, onClose }: { opaqueId: string; data: EndorsementsResponse; onClose(): void }) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(data));
  const [term, setTerm] = useState("");
  const [publisherId, setPublisherId] = useState("");
  const { failure, submitting, save } = useSaveAndClose(onClose, [endorsementsQueryKey(opaqueId), itemQueryKeyAll]);
  const candidates = useOwnerCandidates(data.is_moderator ? term.trim() : "");

  const endorses = (profileId: number) => rows.some((r) => r.profileId === profileId);
  const update = (row: Row, change: Partial<Row>) => setRows((all) => all.map((r) => (r === row ? { ...r, ...change } : r)));
  const add = (profile: { profile_id: number; name: string; is_group: boolean }) => {
    if (!endorses(profile.profile_id)) setRows((all) => [...all, { profileId: profile.profile_id, name: profile.name, isGroup: profile.is_group, type: "endorsed_by", publishToPublic: true, deleted: false, canChange: true }]);
    // The control that added it may go (the picker empties, the match leaves the list): focus moves to the new row.
    requestAnimationFrame(() => document.getElementById(typeSelectId(id, profile.profile_id))?.focus());
  };
  const publishers = data.endorsement_publisher_profiles.filter((p) => !endorses(p.profile_id));
  const handleAddPublisher = () => {
    const chosen = publishers.find((p) => String(p.profile_id) === publisherId);
    if (chosen) add(chosen);
    setPublisherId("");
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const endorsements = rows.map((r) => ({ ...(r.id !== undefined ? { id: r.id } : {}), type: r.type, profile_id: r.profileId, publish_to_public: r.publishToPublic, deleted: r.deleted }));
    void save(() => saveEndorsements({ opaque_id: opaqueId, endorsements }));
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      {rows.length === 0 ? (
        <p className="empty-note" data-tour="endorsements-list">
          No endorsements yet.
        </p>
      ) : (
        // Only the table scrolls sideways on a narrow screen, not the whole form.
        <div className="table-scroll" data-tour="endorsements-list">
          <table className="permissions-table">
            <caption className="visually-hidden">Endorsements</caption>
            <thead>
              <tr>
                <th scope="col">Endorser</th>
                <th scope="col">Type</th>
                <th scope="col">Shown publicly</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.profileId} className={row.deleted ? "permissions-table__removed" : row.id === undefined ? "permissions-table__new" : undefined}>
                  <th scope="row">
                    {row.deleted ? <s>{row.name}</s> : row.name}
                    {row.isGroup && <span className="permissions-table__note"> (group)</span>}
                    {row.deleted ? <span className="permissions-table__note"> removed when you save</span> : row.id === undefined && <span className="permissions-table__note"> new</span>}
                  </th>
                  <td>
                    <select
                      id={typeSelectId(id, row.profileId)}
                      className="input"
                      aria-label={`Type of ${row.name}'s endorsement`}
                      aria-describedby={row.canChange ? undefined : `${id}-only-remove`}
                      value={row.type}
                      disabled={row.deleted || !row.canChange}
                      onChange={(e) => update(row, { type: e.target.value as EndorsementType })}
                    >
                      {ENDORSEMENT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {ENDORSEMENT_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`Show ${row.name}'s endorsement on the item's page`} checked={row.publishToPublic} disabled={row.deleted || !row.canChange} onChange={(e) => update(row, { publishToPublic: e.target.checked })} />
                  </td>
                  <td>
                    <button type="button" className="button button--small button--ghost" aria-label={`${row.deleted ? "Restore" : "Remove"} ${row.name}'s endorsement`} onClick={() => update(row, { deleted: !row.deleted })}>
                      {row.deleted ? "Restore" : "Remove"}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {rows.some((r) => !r.canChange) && (
        <p id={`${id}-only-remove`} className="field__hint">
          Endorsements you could not have added yourself can be removed, not changed: only a moderator or the endorser may.
        </p>
      )}

      <div data-tour="endorsements-add">
        {data.is_moderator ? (
          <ProfileSearchField
            id={`${id}-add`}
            label="Add an endorser (any person or group)"
            listLabel="Matching people and groups"
            term={term}
            onTermChange={setTerm}
            candidates={candidates.data?.data}
            exclude={(p) => endorses(p.profile_id)}
            verb="Add"
            onPick={(p) => {
              add(p);
              setTerm("");
            }}
          />
        ) : publishers.length === 0 ? (
          <p className="field__hint">You may add yourself, or a group you lead, when it is an endorsement publisher; ask a moderator to add others.</p>
        ) : (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-publisher`}>
              Add an endorsement publisher
            </label>
            <div className="inline-fields">
              <select id={`${id}-publisher`} className="input" value={publisherId} onChange={(e) => setPublisherId(e.target.value)}>
                <option value="">Choose a publisher…</option>
                {publishers.map((p) => (
                  <option key={p.profile_id} value={p.profile_id}>
                    {p.name}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--secondary" disabled={!publisherId} onClick={handleAddPublisher}>
                Add
              </button>
            </div>
          </div>
        )}
      </div>

      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Save" busyLabel="Saving…" busy={submitting} />
    </form>
  );
}
