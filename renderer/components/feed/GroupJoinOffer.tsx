import { Link, useLocation } from "react-router";
import type { GroupJoiningResponse } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { useGroupJoining, useGroupMembership, type FeedOwner, type GroupLink } from "../../api/feeds.js";
import { useCurrentProfile } from "../../api/queries.js";
import { signInPath } from "../../routes/paths.js";
import { showToast } from "../toastStore.js";
import { JoinRequestNote } from "./JoinRequestNote.js";

/** The element at the top of a group's page that holds its way in: the Feed card's pointer moves the keyboard there. */
export const GROUP_JOIN_OFFER_ID = "group-join-offer";

/** What a person not in a group is offered to get in: join at once, ask (or their waiting request), be told it is invitation only, or nothing. */
export type GroupJoinOfferKind = "join" | "request" | "invitation" | null;

/**
 * The way in a joining answer (GET /groups/{id}/joining) offers its asker: none to its members and leaders; Join group
 * where the server says they may join, Request to join where they may ask or have asked (a request stays theirs to
 * withdraw when asking has closed since), and for a group that takes members only by invitation a sentence saying so.
 */
export function groupJoinOfferOf(joining: GroupJoiningResponse): GroupJoinOfferKind {
  if (joining.role !== null) return null;
  if (joining.abilities.join) return "join";
  if (joining.abilities.request_join || joining.join_requested_at) return "request";
  return joining.join_mode === "invitation" ? "invitation" : null;
}

/**
 * A group's way in for a signed-in person not in it, from where the server says they stand (`joining`): "Anyone can
 * join this group." with Join group, the request note (Request to join, or their request with Withdraw request), or
 * that the group is invitation only. `onDone` runs once a join or request landed (the button pressed is gone, so the
 * caller moves focus on). Nothing for its members and leaders.
 */
export function GroupJoinOffer({ group, joining, onDone }: { group: FeedOwner | GroupLink; joining: GroupJoiningResponse; onDone: () => void }) {
  const membership = useGroupMembership(group);
  const offer = groupJoinOfferOf(joining);

  const handleJoin = async () => {
    if (membership.isPending) return;
    try {
      showToast((await membership.mutateAsync(true)).message, "info");
      onDone();
    } catch (error) {
      showToast(discussionFailureText(error));
    }
  };

  if (offer === "join")
    return (
      <p className="discuss-card__note">
        Anyone can join this group.{" "}
        <button type="button" className="button button--small button--primary" aria-disabled={membership.isPending || undefined} onClick={() => void handleJoin()}>
          {membership.isPending ? "Joining…" : "Join group"}
        </button>
      </p>
    );
  if (offer === "request") return <JoinRequestNote owner={group} requestedAt={joining.join_requested_at} onDone={onDone} />;
  if (offer === "invitation") return <p className="discuss-card__note">This group is invitation only: a leader adds its members.</p>;
  return null;
}

/**
 * What a guest is told at the top of a group's page, from its join mode: that anyone may join, or that its leaders
 * approve members, with a Sign in link that comes back to the page. Nothing for a group that takes members only by
 * invitation (a guest could not get in by signing in; its members are told no more either).
 */
function GuestJoinHint({ mode }: { mode: "anyone" | "request" }) {
  const location = useLocation();
  const signIn = <Link to={signInPath(location.pathname + location.search)}>Sign in</Link>;
  return (
    <p className="discuss-card__note">
      {mode === "anyone" ? <>Anyone can join this group: {signIn} to join it.</> : <>This group's leaders approve new members: {signIn} to ask to join.</>}
    </p>
  );
}

/**
 * The way into a group at the top of its page, beside its name, for a signed-in reader not in it (GroupJoinOffer, from
 * the joining answer asked for by the page's uid), and for a guest a hint to sign in (GuestJoinHint) where signing in
 * would let them join or ask; nothing for members and leaders. Where a reader first looks, rather than inside the Feed
 * card lower down, which points here.
 */
export function GroupPageJoinOffer({ page, onDone }: { page: FeedOwner & { uid: string }; onDone: () => void }) {
  const profile = useCurrentProfile();
  const joining = useGroupJoining(page.uid, profile !== undefined);
  if (profile === undefined || !joining.data) return null;
  if (profile === null) {
    const { join_mode } = joining.data;
    if (join_mode !== "anyone" && join_mode !== "request") return null;
    return (
      <div id={GROUP_JOIN_OFFER_ID} className="item-page__join">
        <GuestJoinHint mode={join_mode} />
      </div>
    );
  }
  if (groupJoinOfferOf(joining.data) === null) return null;
  return (
    <div id={GROUP_JOIN_OFFER_ID} className="item-page__join">
      <GroupJoinOffer group={page} joining={joining.data} onDone={onDone} />
    </div>
  );
}
