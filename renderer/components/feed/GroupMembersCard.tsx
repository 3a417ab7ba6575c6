import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { GROUP_JOIN_INVITATION_ONLY, GROUP_JOIN_PERMISSIONS, type GroupMember } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { useGroupMemberCandidates, useGroupMemberChange, useGroupMembers, useGroupMembership, type FeedOwner, type GroupMemberChange } from "../../api/feeds.js";
import { useCurrentProfile } from "../../api/queries.js";
import { signInPath } from "../../routes/paths.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { Pager } from "../Pager.js";
import { ProfileSearchField } from "../content/ProfileSearchField.js";
import { shortDate } from "../dates.js";
import { showToast } from "../toastStore.js";

const ROLE_LABELS: Record<GroupMember["role"], string> = { leader: "Leader", member: "Member" };
const VIEWER_LINES: Record<GroupMember["role"], string> = { leader: "You lead this group", member: "You are a member of this group" };

/** The item page's query parameters that keep the Members card's page of people and of requests to join (the item page has other cards and parameters). */
export const MEMBERS_PAGE_PARAM = "members_page";
export const REQUESTS_PAGE_PARAM = "requests_page";
const pageIn = (params: URLSearchParams, name: string) => Math.max(1, Math.floor(Number(params.get(name)) || 1));

/** Whether focus was lost: on nothing, or on a button that went disabled. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
};

/**
 * A group's people on its page: leaders first, then members, each name leading to their profile with a role label,
 * and a line telling the viewer its own place in the group. The first ones are listed; the heading's count says how
 * many there are in all; past 50 people, Previous / Page N of M / Next (the Pager, the page kept in the address as
 * `members_page`, as the orders lists keep theirs) go through them. The group's leaders and administrators also add a person by name (people only), make a
 * member a leader or a leader a member, and remove a person after a question; the server keeps one leader at least.
 * They also see the pending requests to join, above the people, each with Approve and Decline, paged the same way
 * (`requests_page`). A member who is not a
 * leader may Leave group beside the line that says they are a member, after a question (a leader stays). A guest is
 * asked to sign in to see who is in the group (the server lists a group's people to signed-in readers only).
 */
export function GroupMembersCard({ owner }: { owner: FeedOwner }) {
  const headingId = useId();
  const requestsId = useId();
  const addId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const profile = useCurrentProfile();
  const guest = profile === null;
  const [params, setParams] = useSearchParams();
  const page = pageIn(params, MEMBERS_PAGE_PARAM);
  const requestsPage = pageIn(params, REQUESTS_PAGE_PARAM);
  const members = useGroupMembers(owner, { page, requestsPage }, profile != null);
  const change = useGroupMemberChange(owner);
  const [term, setTerm] = useState("");
  const [removing, setRemoving] = useState<GroupMember | null>(null);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const membership = useGroupMembership(owner);
  const [status, setStatus] = useState("");
  // A guest's card says only how to see the people (a roll read before signing out is not shown).
  const data = guest ? undefined : members.data;
  const manage = data?.abilities.manage ?? false;
  const candidates = useGroupMemberCandidates(owner, manage ? term.trim() : "");

  const goToPage = (param: string, next: number, replace = false) =>
    setParams(
      (current) => {
        if (next > 1) current.set(param, String(next));
        else current.delete(param);
        return current;
      },
      { replace, preventScrollReset: true },
    );
  // A page past the end (its last people were removed or made leaders, its last requests answered, or the address
  // asks too far): the last page.
  const settled = data != null && !members.isPlaceholderData;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.per)) : 1;
  const pastTheEnd = settled && data.data.length === 0 && page > lastPage;
  const lastRequestsPage = data ? Math.max(1, Math.ceil(data.requests_total / data.per)) : 1;
  const requestsPastTheEnd = settled && data.requests.length === 0 && requestsPage > lastRequestsPage;
  useEffect(() => {
    if (pastTheEnd) goToPage(MEMBERS_PAGE_PARAM, lastPage, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- goToPage is a new function each render; the page to go to is all that matters.
  }, [pastTheEnd, lastPage]);
  useEffect(() => {
    if (requestsPastTheEnd) goToPage(REQUESTS_PAGE_PARAM, lastRequestsPage, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above.
  }, [requestsPastTheEnd, lastRequestsPage]);

  const handleChange = async (next: GroupMemberChange, done: string) => {
    setRemoving(null);
    if (change.isPending) return;
    try {
      await change.mutateAsync(next);
      setStatus(done);
      // A removed person's buttons are gone (and the question gave focus back to one of them), as are an answered
      // request's: reading goes on from the heading. A role change keeps its button, in the same row, under its new words.
      if (next.kind === "remove" || next.kind === "approve" || next.kind === "decline") setTimeout(() => headingRef.current?.focus(), 0);
      // A person made a leader or a member may move to another page, their row and its button with them.
      else if (next.kind === "role") setTimeout(() => focusLost() && headingRef.current?.focus(), 0);
    } catch (error) {
      showToast(discussionFailureText(error));
    }
  };
  const handleLeave = async () => {
    setConfirmingLeave(false);
    if (membership.isPending) return;
    try {
      const answer = await membership.mutateAsync(false);
      showToast(answer.message, "info");
      // Leave group is gone with the membership: reading goes on from the card's heading.
      setTimeout(() => headingRef.current?.focus(), 0);
    } catch (error) {
      showToast(discussionFailureText(error));
    }
  };
  const handleAdd = (candidate: { profile_id: number; name: string }) => {
    setTerm("");
    void handleChange({ kind: "add", profileId: candidate.profile_id }, `${candidate.name} was added to this group.`);
  };

  return (
    <section className="discuss-card members-card" aria-labelledby={headingId}>
      <div className="discuss-card__header">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="discuss-card__title">
          Members
        </h2>
        {data && <p className="discuss-card__count">{data.total === 1 ? "1 person" : `${data.total} people`}</p>}
      </div>
      {data?.viewer_role && (
        <p className="members-card__you">
          {VIEWER_LINES[data.viewer_role]}
          {/* The server lets members leave; a leader stays (a group acts through its leaders). */}
          {data.viewer_role === "member" && (
            <button type="button" className="button button--small button--secondary members-card__leave" aria-disabled={membership.isPending || undefined} onClick={() => !membership.isPending && setConfirmingLeave(true)}>
              Leave group
            </button>
          )}
        </p>
      )}
      {confirmingLeave && (
        <ConfirmDialog title="Leave group" message="Are you sure you want to leave this group? You will no longer post to its feed." confirmLabel="Leave" onConfirm={() => void handleLeave()} onCancel={() => setConfirmingLeave(false)} />
      )}
      {guest ? (
        <p className="feed-card__empty">
          <Link to={signInPath(location.pathname + location.search)}>Sign in</Link> to see who is in this group.
        </p>
      ) : members.isPending ? (
        <p className="page-status">Loading members…</p>
      ) : members.error || !data ? (
        <p className="feed-card__empty">
          Members could not be loaded.{" "}
          <button type="button" className="link-button" onClick={() => void members.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          {data.requests.length > 0 && (
            <section className="members-card__requests" aria-labelledby={requestsId}>
              <h3 id={requestsId} className="members-card__subtitle">
                Requests to join ({data.requests_total})
              </h3>
              <ul className="members-card__list members-card__list--managed">
                {data.requests.map((r) => (
                  <li key={r.id} className="members-card__person">
                    <Link to={r.link}>{r.name}</Link>
                    <span className="members-card__asked">asked {shortDate(r.created_at)}</span>
                    <span className="members-card__actions">
                      <button
                        type="button"
                        className="button button--small button--primary"
                        aria-disabled={change.isPending || undefined}
                        onClick={() => void handleChange({ kind: "approve", profileId: r.id }, `${r.name} is now a member of this group.`)}
                      >
                        Approve<span className="visually-hidden"> {r.name}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--small button--ghost"
                        aria-disabled={change.isPending || undefined}
                        onClick={() => void handleChange({ kind: "decline", profileId: r.id }, `${r.name}'s request was declined.`)}
                      >
                        Decline<span className="visually-hidden"> {r.name}</span>
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
              <Pager
                label="Pages of requests to join"
                page={requestsPage}
                total={data.requests_total}
                per={data.per}
                onPage={(next) => goToPage(REQUESTS_PAGE_PARAM, next)}
              />
            </section>
          )}
          <ul className={manage ? "members-card__list members-card__list--managed" : "members-card__list"} aria-label="Members">
            {data.data.map((m) => (
              <li key={m.id} className="members-card__person">
                <Link to={m.link}>{m.name}</Link>
                <span className={`members-card__role members-card__role--${m.role}`}>{ROLE_LABELS[m.role]}</span>
                {/* The sole leader stays one: the server refuses to make them a member or remove them. */}
                {manage && m.id !== data.sole_leader_id && (
                  <span className="members-card__actions">
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      aria-disabled={change.isPending || undefined}
                      onClick={() => void handleChange({ kind: "role", profileId: m.id, role: m.role === "leader" ? "member" : "leader" }, m.role === "leader" ? `${m.name} is now a member.` : `${m.name} is now a leader.`)}
                    >
                      {m.role === "leader" ? "Make member" : "Make leader"}
                      <span className="visually-hidden"> {m.name}</span>
                    </button>
                    <button type="button" className="button button--small button--ghost" aria-disabled={change.isPending || undefined} onClick={() => !change.isPending && setRemoving(m)}>
                      Remove<span className="visually-hidden"> {m.name}</span>
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          <Pager
            label="Pages of members"
            page={page}
            total={data.total}
            per={data.per}
            onPage={(next) => goToPage(MEMBERS_PAGE_PARAM, next)}
          />
          {manage && (
            <JoinPermissionForm
              current={data.join_permission}
              takesRequests={data.can_request_join}
              busy={change.isPending}
              onSave={(joinPermission, canRequestJoin, label) => void handleChange({ kind: "joinPermission", joinPermission, canRequestJoin }, `Who can join is now: ${label}.`)}
            />
          )}
          {manage && (
            <ProfileSearchField
              id={addId}
              label="Add a member"
              listLabel="Matching people"
              term={term}
              onTermChange={setTerm}
              candidates={candidates.data?.data}
              verb="Add"
              onPick={handleAdd}
            />
          )}
        </>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {removing && (
        <ConfirmDialog
          title="Remove member"
          message={`Remove ${removing.name} from this group? They will no longer post to its feed.`}
          confirmLabel="Remove"
          onConfirm={() => void handleChange({ kind: "remove", profileId: removing.id }, `${removing.name} was removed from this group.`)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

/**
 * How people join the group, for its leaders and administrators: a choice and Save (no save on each arrow key in the
 * list). A group with none set is joined by invitation only; an invitation-only group may also take requests to join
 * (can_request_join), a box shown with that choice only (the other two ignore it).
 */
function JoinPermissionForm({ current, takesRequests, busy, onSave }: { current: number | null; takesRequests: boolean; busy: boolean; onSave(joinPermission: number, canRequestJoin: boolean, label: string): void }) {
  const id = useId();
  const saved = current ?? GROUP_JOIN_PERMISSIONS[0].id;
  const [choice, setChoice] = useState(saved);
  const [asks, setAsks] = useState(takesRequests);
  const invitationOnly = choice === GROUP_JOIN_INVITATION_ONLY;
  const unchanged = choice === saved && (!invitationOnly || asks === takesRequests);
  const label = GROUP_JOIN_PERMISSIONS.find((p) => p.id === choice)!.label + (invitationOnly && asks ? ", taking requests to join" : "");
  return (
    <form
      className="members-card__join"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !unchanged) onSave(choice, invitationOnly ? asks : takesRequests, label);
      }}
    >
      <label className="field__label" htmlFor={id}>
        Who can join
      </label>
      <select id={id} className="input" value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
        {GROUP_JOIN_PERMISSIONS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      {invitationOnly && (
        <label className="check">
          <input type="checkbox" checked={asks} onChange={(e) => setAsks(e.target.checked)} />
          <span className="check__label">Also take requests to join</span>
        </label>
      )}
      <button type="submit" className="button button--small button--secondary" aria-disabled={busy || unchanged || undefined}>
        Save<span className="visually-hidden"> who can join</span>
      </button>
    </form>
  );
}
