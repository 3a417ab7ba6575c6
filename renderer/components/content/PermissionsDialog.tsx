import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { PERMISSION_MESSAGES, PermissionInviteEntry, type PermissionsResponse } from "../../../contract/index.js";
import { useProfileCandidates } from "../../api/profiles.js";
import { itemQueryKeyAll } from "../../api/editor.js";
import { permissionsQueryKey, savePermissions, usePermissions } from "../../api/permissions.js";
import { Alert } from "../Alert.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { shortDate, shortDateTime } from "../dates.js";
import { Field, fieldErrorProps } from "../Field.js";
import { ManageDialog, useSaveAndClose } from "../ManageDialog.js";
import { DialogActions } from "../ModalFrame.js";
import { NewLinkButton } from "./NewLinkButton.js";
import { ProfileSearchField } from "./ProfileSearchField.js";

type Row = { id: number; name: string; edit: boolean; isGroup: boolean; newAdd: boolean };
type Decision = "accepted" | "rejected";
/** An e-mail invite row: `sentAt` and `expiresAt` for one already sent (null for one mailed on save), `resend` when the owner sends it again. */
type Invite = { email: string; edit: boolean; newAdd: boolean; sentAt: string | null; expiresAt: string | null; expired: boolean; resend: boolean };

/** The form's state from the server's permission set. */
function rowsOf(data: PermissionsResponse): Row[] {
  return [
    ...data.permissions.profiles.map((p) => ({ id: p.id, name: p.display_name, edit: p.permissions.includes("edit"), isGroup: false, newAdd: false })),
    ...data.permissions.groups.map((g) => ({ id: g.id, name: g.display_name, edit: g.group_leader.includes("edit"), isGroup: true, newAdd: false })),
  ];
}

/**
 * The manage-permissions dialog (second document, id manage-permissions-modal): everybody and signed-in rows (read),
 * people and groups (read, or edit, which forces read on; a group's edit goes to its leaders, its members read),
 * adding them through the profile autocomplete, invites by e-mail (when the config offers them: mailed on save, taken
 * by whoever opens the mailed link signed in, within INVITE_VALID_DAYS; an expired one says so, with Resend and
 * Remove), and the table of access requests to accept, reject or undo.
 * Saving sends the whole set; the server's message is a toast on success and a danger alert on failure.
 * New link (an item not open to everybody) gives the item a new address after a question: the old link, sent to the
 * wrong people, opens nothing any more; the page moves to the new one.
 * Opened on one request (`requestId`, from an access request's notification), it shows that request's row and puts
 * the keyboard on its Accept button; a request answered since is said to be so.
 */
export function PermissionsDialog({ item, requestId = null, onClose }: { item: { opaque_id: string; title: string }; requestId?: number | null; onClose(): void }) {
  return (
    <ManageDialog id="manage-permissions-modal" tour="manage-permissions-modal" title="Permissions" description={<>Who may see and edit “{item.title}”.</>} className="dialog dialog--wide" onClose={onClose} query={usePermissions(item.opaque_id)}>
      {(data) => <PermissionsForm opaqueId={item.opaque_id} data={data} requestId={requestId} onClose={onClose} />}
    </ManageDialog>
  );
}

function PermissionsForm({ opaqueId, data, requestId, onClose }: { opaqueId: string; data: PermissionsResponse; requestId: number | null; onClose(): void }) {
  const id = useId();
  const askedFor = requestId === null ? undefined : data.permission_requests.find((r) => r.id === requestId);
  const askedForRef = useRef<HTMLElement | null>(null);
  const holdAskedFor = (element: HTMLElement | null) => {
    askedForRef.current = element;
  };
  // Once, when the form first shows: the request's row in view, and the keyboard on its first answer (or the note that it was answered).
  useEffect(() => {
    askedForRef.current?.scrollIntoView({ block: "center" });
    askedForRef.current?.focus();
  }, []);
  const [everybody, setEverybody] = useState(data.permissions.global.includes("read"));
  const [signedIn, setSignedIn] = useState(data.permissions.authed.includes("read"));
  const [byLink, setByLink] = useState(data.permissions.link.includes("read"));
  // The link row is editable only when the server's config offers it (second document: each row is read-only unless its flag allows it).
  const linkEditable = data.config.link && data.config.link_permissions.includes("read");
  const [rows, setRows] = useState<Row[]>(() => rowsOf(data));
  const [decisions, setDecisions] = useState<Map<number, Decision>>(new Map());
  const [term, setTerm] = useState("");
  const [revoking, setRevoking] = useState<Row | null>(null);
  const [invites, setInvites] = useState<Invite[]>(() =>
    data.permission_invites.map((i) => ({ email: i.email, edit: i.permissions.includes("edit"), newAdd: false, sentAt: i.sent_at, expiresAt: i.expires_at, expired: i.expired, resend: false })),
  );
  const [inviteEmail, setInviteEmail] = useState("");
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [revokingInvite, setRevokingInvite] = useState<Invite | null>(null);
  const { failure, submitting, save } = useSaveAndClose(onClose, [permissionsQueryKey(opaqueId), itemQueryKeyAll]);
  // A new link is for an item whose link is a secret (not open to everybody, as saved).
  const canMakeNewLink = !data.permissions.global.includes("read");
  const candidates = useProfileCandidates(term.trim());
  const { owner } = data.config;

  const has = (row: { id: number }) => rows.some((r) => r.id === row.id);
  // What the last add did, read out (the row appears above the field, out of the keyboard's way).
  const [added, setAdded] = useState("");
  /**
   * The picked result's button goes with the results, which would drop the keyboard on the page's start: the field takes
   * it back, ready for the next name, and the new row is announced.
   */
  const handleAdd = (profile: { profile_id: number; name: string; is_group: boolean }) => {
    if (!has({ id: profile.profile_id })) setRows((all) => [...all, { id: profile.profile_id, name: profile.name, edit: false, isGroup: profile.is_group, newAdd: true }]);
    setTerm("");
    setAdded(`${profile.name} added: they may read once you save. Tick Edit in their row to let them edit.`);
    setTimeout(() => document.getElementById(`${id}-add`)?.focus(), 0);
  };
  // Set when unticking Everybody left signed-in members reading: the row says so, so the author is not left guessing.
  const [stillSignedIn, setStillSignedIn] = useState(false);
  // Whether the author set the link row in this dialog (before ticking Everybody, which locks it): unticking Everybody gives that choice back.
  const [linkChosen, setLinkChosen] = useState(false);
  // Set when unticking Everybody left anyone with the link reading: the link row says so too.
  const [stillByLink, setStillByLink] = useState(false);
  const openedPublic = data.permissions.global.includes("read");
  /**
   * Unticking Everybody leaves signed-in members reading (they were, through it, and the box showed it): one step
   * narrower, not two, so one click never hides a public item from every member; the row then says how to go further.
   * The link row keeps what it showed too: the author's own choice if they set it here, else what the item had, and an
   * item that was public opened to anyone with its link (the box showed it ticked), so it stays ticked and says so.
   */
  const handleEverybody = (checked: boolean) => {
    const narrowing = !checked && everybody;
    if (narrowing) setSignedIn(true);
    setStillSignedIn(narrowing);
    const keepsLink = byLink || (openedPublic && !linkChosen && linkEditable);
    if (narrowing && keepsLink) setByLink(true);
    setStillByLink(narrowing && keepsLink);
    setEverybody(checked);
  };
  const handleByLink = (checked: boolean) => {
    setByLink(checked);
    setLinkChosen(true);
    setStillByLink(false);
  };
  const handleEdit = (row: Row, edit: boolean) => setRows((all) => all.map((r) => (r.id === row.id ? { ...r, edit } : r)));
  /** Revoking a person whose request was just accepted here takes the acceptance back too: saved, it would grant them read again. */
  const handleRevoke = (row: Row) => {
    setRows((all) => all.filter((r) => r.id !== row.id));
    const acceptedFor = data.permission_requests.filter((r) => r.requesterDetails.profile_id === row.id && decisions.get(r.id) === "accepted");
    if (acceptedFor.length) {
      const next = new Map(decisions);
      for (const r of acceptedFor) next.delete(r.id);
      setDecisions(next);
    }
    setRevoking(null);
  };
  /** The invite field's entry: empty is ignored, else it must look like an address ('Invalid email address'); an address already listed is not added twice. */
  const handleInvite = () => {
    const parsed = PermissionInviteEntry.shape.email.safeParse(inviteEmail);
    if (!parsed.success) {
      setInviteError(PERMISSION_MESSAGES.invalidEmail);
      return;
    }
    setInviteError(null);
    const email = parsed.data.toLowerCase();
    if (email && !invites.some((i) => i.email === email)) setInvites((all) => [...all, { email, edit: false, newAdd: true, sentAt: null, expiresAt: null, expired: false, resend: false }]);
    setInviteEmail("");
  };
  const handleInviteEdit = (invite: Invite, edit: boolean) => setInvites((all) => all.map((i) => (i.email === invite.email ? { ...i, edit } : i)));
  const handleRevokeInvite = (invite: Invite) => {
    setInvites((all) => all.filter((i) => i.email !== invite.email));
    setRevokingInvite(null);
  };
  /** Resend (an expired invite): a fresh link is mailed on save; Undo keeps it as it was. */
  const handleResend = (invite: Invite, resend: boolean) => setInvites((all) => all.map((i) => (i.email === invite.email ? { ...i, resend } : i)));
  /** Accepting adds the requester as a person who may read (highlighted as new); undoing takes that back. */
  const handleDecide = (request: PermissionsResponse["permission_requests"][number], decision: Decision | null) => {
    const next = new Map(decisions);
    if (decision) next.set(request.id, decision);
    else next.delete(request.id);
    setDecisions(next);
    const requester = { id: request.requesterDetails.profile_id, name: request.requesterDetails.name, edit: false, isGroup: false, newAdd: true };
    if (decision === "accepted" && !has(requester)) setRows((all) => [...all, requester]);
    if (decision !== "accepted") setRows((all) => all.filter((r) => !(r.id === requester.id && r.newAdd)));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const permissions = (r: Row) => (r.edit ? ["read", "edit"] : ["read"]);
    void save(() =>
      savePermissions({
        opaque_id: opaqueId,
        global: everybody ? ["read"] : [],
        authed: signedIn ? ["read"] : [],
        link: byLink ? ["read"] : [],
        profiles: rows.filter((r) => !r.isGroup).map((r) => ({ id: r.id, permissions: permissions(r) })),
        groups: rows.filter((r) => r.isGroup).map((r) => ({ id: r.id, group_leader: permissions(r), group_member: ["read"] })),
        accepted_requests: [...decisions].filter(([, d]) => d === "accepted").map(([requestId]) => requestId),
        rejected_requests: [...decisions].filter(([, d]) => d === "rejected").map(([requestId]) => requestId),
        permission_invites: invites.map((i) => ({ email: i.email, permissions: i.edit ? ["read", "edit"] : ["read"], ...(i.resend ? { resend: true } : {}) })),
      }),
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <table className="permissions-table" data-tour="permissions-table">
        <caption className="visually-hidden">Sharing</caption>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">Read</th>
            <th scope="col">Edit</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              {owner.name} <span className="permissions-table__note">(owner{owner.is_group ? ", group" : ""})</span>
            </th>
            <td colSpan={3}>All permissions</td>
          </tr>
          <tr>
            <th scope="row">Everybody (public)</th>
            <td>
              <input type="checkbox" aria-label="Everybody may read" checked={everybody} onChange={(e) => handleEverybody(e.target.checked)} />
            </td>
            <td colSpan={2} />
          </tr>
          <tr>
            <th scope="row">Signed-in members</th>
            <td>
              {/* Public includes signed-in members: the dependent row is forced on. */}
              <input
                type="checkbox"
                aria-label="Signed-in members may read"
                aria-describedby={`${id}-signed-in-note`}
                checked={signedIn || everybody}
                disabled={everybody}
                onChange={(e) => {
                  setSignedIn(e.target.checked);
                  setStillSignedIn(false);
                }}
              />
            </td>
            <td colSpan={2}>
              <span id={`${id}-signed-in-note`} className="permissions-table__note" role="status">
                {stillSignedIn && signedIn && !everybody ? "Still readable by everyone signed in: untick this too to share only with the people below." : ""}
              </span>
            </td>
          </tr>
          <tr>
            <th scope="row">
              Anyone with the link <span className="permissions-table__note">(view only; not listed in search)</span>
            </th>
            <td>
              {/* Public includes anyone with the link: the dependent row is forced on. */}
              <input
                type="checkbox"
                aria-label="Anyone with the link may read"
                aria-describedby={`${id}-link-note`}
                checked={byLink || everybody}
                disabled={everybody || !linkEditable}
                onChange={(e) => handleByLink(e.target.checked)}
              />
            </td>
            {/* The note takes the Actions column too when there is no New link button to keep in it (as the signed-in row's does). */}
            <td colSpan={canMakeNewLink ? 1 : 2}>
              <span id={`${id}-link-note`} className="permissions-table__note" role="status">
                {stillByLink && byLink && !everybody ? "Still open to anyone with the link: untick this too to share only with the people below." : ""}
              </span>
            </td>
            {canMakeNewLink && (
              <td>
                <NewLinkButton opaqueId={opaqueId} onDone={onClose} dropsChanges />
              </td>
            )}
          </tr>
          {rows.map((row) => (
            <tr key={row.id} className={row.newAdd ? "permissions-table__new" : undefined}>
              <th scope="row">
                {row.name}
                {row.isGroup && <span className="permissions-table__note"> (group: edit goes to its leaders, members read)</span>}
                {row.newAdd && <span className="permissions-table__note"> new</span>}
              </th>
              <td>
                {/* Read is forced on: every entry reads, and edit depends on it. */}
                <input type="checkbox" aria-label={`${row.name} may read`} checked disabled />
              </td>
              <td>
                <input type="checkbox" aria-label={`${row.name} may edit`} checked={row.edit} onChange={(e) => handleEdit(row, e.target.checked)} />
              </td>
              <td>
                <button type="button" className="button button--small button--ghost" aria-label={`Revoke permissions for ${row.name}`} onClick={() => setRevoking(row)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
          {invites.map((invite) => (
            <tr key={invite.email} className={invite.newAdd || invite.resend ? "permissions-table__new" : invite.expired ? "permissions-table__expired" : undefined}>
              <th scope="row">
                <span className="permissions-table__address">{invite.email}</span>
                <span className="permissions-table__note"> {inviteNote(invite)}</span>
              </th>
              <td>
                <input type="checkbox" aria-label={`${invite.email} may read`} checked disabled />
              </td>
              <td>
                <input type="checkbox" aria-label={`${invite.email} may edit`} checked={invite.edit} onChange={(e) => handleInviteEdit(invite, e.target.checked)} />
              </td>
              <td>
                {invite.expired ? (
                  <div className="permissions-table__decision">
                    {invite.resend ? (
                      <button type="button" className="button button--small button--ghost" aria-label={`Do not send the invite for ${invite.email} again`} onClick={() => handleResend(invite, false)}>
                        Undo
                      </button>
                    ) : (
                      <button type="button" className="button button--small button--secondary" aria-label={`Send the invite for ${invite.email} again`} onClick={() => handleResend(invite, true)}>
                        Resend
                      </button>
                    )}
                    <button type="button" className="button button--small button--ghost" aria-label={`Remove the expired invite for ${invite.email}`} onClick={() => handleRevokeInvite(invite)}>
                      Remove
                    </button>
                  </div>
                ) : (
                  <button type="button" className="button button--small button--ghost" aria-label={`Revoke the invite for ${invite.email}`} onClick={() => setRevokingInvite(invite)}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <div data-tour="permissions-add">
        <ProfileSearchField
          id={`${id}-add`}
          label="Add people or groups"
          listLabel="Matching people and groups"
          term={term}
          onTermChange={setTerm}
          candidates={candidates.data?.data}
          exclude={(p) => p.profile_id === owner.profile_id || has({ id: p.profile_id })}
          verb="Add"
          onPick={handleAdd}
        />
        <p className="visually-hidden" role="status">
          {added}
        </p>
      </div>

      {data.config.email && (
        <Field id={`${id}-invite`} label="Invite by e-mail" error={inviteError}>
          <div className="inline-fields">
            <input
              id={`${id}-invite`}
              className="input"
              type="email"
              autoComplete="off"
              value={inviteEmail}
              onChange={(e) => {
                setInviteEmail(e.target.value);
                setInviteError(null);
              }}
              onKeyDown={(e) => {
                // Enter adds the address; it does not save the whole dialog.
                if (e.key !== "Enter") return;
                e.preventDefault();
                handleInvite();
              }}
              {...fieldErrorProps(`${id}-invite`, inviteError)}
            />
            <button type="button" className="button button--secondary" onClick={handleInvite}>
              Invite
            </button>
          </div>
        </Field>
      )}

      <h3 className="dialog__subtitle">Permission requests</h3>
      {requestId !== null && !askedFor && (
        <p className="empty-note" tabIndex={-1} ref={holdAskedFor}>
          {PERMISSION_MESSAGES.requestAnswered}
        </p>
      )}
      {data.permission_requests.length === 0 ? (
        <p className="empty-note">No permission requests.</p>
      ) : (
        <table className="permissions-table permissions-table--requests">
          <caption className="visually-hidden">Permission requests</caption>
          <thead>
            <tr>
              <th scope="col">Requester</th>
              <th scope="col">Reason</th>
              <th scope="col">
                <span className="visually-hidden">Decision</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.permission_requests.map((request) => {
              const decision = decisions.get(request.id) ?? (request.rejected ? "rejected" : null);
              const name = request.requesterDetails.name;
              return (
                <tr
                  key={request.id}
                  className={[decision === "rejected" ? "permissions-table__rejected" : decision === "accepted" ? "permissions-table__new" : "", request === askedFor ? "permissions-table__asked" : ""].filter(Boolean).join(" ") || undefined}
                  aria-current={request === askedFor ? "true" : undefined}
                >
                  <th scope="row">
                    {/* Who is asking: the requester's profile, in a new tab so the form's unsaved decisions stay. */}
                    <Link to={request.requesterDetails.link} target="_blank" rel="noopener noreferrer">
                      {name}
                      <span className="visually-hidden"> (profile, opens in a new tab)</span>
                    </Link>
                    <span className="permissions-table__note permissions-table__when">
                      <time dateTime={request.created_at}>{shortDateTime(request.created_at)}</time>
                    </span>
                  </th>
                  <td>{request.request_reason || "—"}</td>
                  <td>
                    <div className="permissions-table__decision">
                    {decisions.has(request.id) ? (
                      <>
                        <span className="permissions-table__note">{decision === "accepted" ? "Accepted" : "Rejected"} </span>
                        <button type="button" className="button button--small button--ghost" aria-label={`Undo the decision on ${name}'s request`} onClick={() => handleDecide(request, null)}>
                          Undo
                        </button>
                      </>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button--small button--secondary"
                          aria-label={`Accept ${name}'s request`}
                          ref={request === askedFor ? holdAskedFor : undefined}
                          onClick={() => handleDecide(request, "accepted")}
                        >
                          Accept
                        </button>
                        {!request.rejected && (
                          <button type="button" className="button button--small button--ghost" aria-label={`Reject ${name}'s request`} onClick={() => handleDecide(request, "rejected")}>
                            Reject
                          </button>
                        )}
                      </>
                    )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {failure && <Alert tone="danger">{failure}</Alert>}
      <DialogActions label="Save permissions" busyLabel="Saving…" busy={submitting} />
      {revokingInvite && <ConfirmDialog title="Revoke permissions" message={PERMISSION_MESSAGES.revokeConfirm(revokingInvite.email)} confirmLabel="Revoke" onConfirm={() => handleRevokeInvite(revokingInvite)} onCancel={() => setRevokingInvite(null)} />}
      {revoking && <ConfirmDialog title="Revoke permissions" message={PERMISSION_MESSAGES.revokeConfirm(revoking.name)} confirmLabel="Revoke" onConfirm={() => handleRevoke(revoking)} onCancel={() => setRevoking(null)} />}
    </form>
  );
}

/** What an invite row says beside its address: mailed on save, sent (and until when it works), or expired since when. */
function inviteNote(invite: Invite): string {
  if (invite.newAdd) return "(invited by e-mail: mailed when you save)";
  if (invite.resend) return "(invite expired: sent again with a new link when you save)";
  if (invite.expired && invite.expiresAt) return `(e-mail invite expired ${shortDate(invite.expiresAt)})`;
  return invite.sentAt && invite.expiresAt ? `(e-mail invite sent ${shortDate(invite.sentAt)}, works until ${shortDate(invite.expiresAt)})` : "(invited by e-mail)";
}
