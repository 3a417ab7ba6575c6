import type { ReactNode } from "react";
import { discussionFailureText } from "../../api/discussions.js";
import { useGroupJoining, useGroupMembership } from "../../api/feeds.js";
import { JoinRequestNote } from "../../components/feed/JoinRequestNote.js";
import { PreviewFrame } from "../../components/PreviewFrame.js";
import { showToast } from "../../components/toastStore.js";
import { GuestPreviewCard } from "./RequestAccessCard.js";

/** Moves focus to the card's heading once the button pressed is gone (replaced by the next step's). */
function focusTitle(): void {
  const title = document.getElementById("preview-card-title");
  title?.setAttribute("tabindex", "-1");
  title?.focus();
}

/**
 * What a signed-in outsider meets who followed the link of an "Only members" group (its page answers 404 to them):
 * the group's name, that its page is its members', and the way in it offers (Join group, Request to join, or their
 * request waiting with Withdraw request). Its About, people, feed and discussions stay hidden. A group that takes no
 * one but the invited answers 404 here too, and the page shows `fallback` (not found), as for any hidden item.
 */
export function GroupOutsiderCard({ uid, fallback }: { uid: string; fallback: ReactNode }) {
  const joining = useGroupJoining(uid);
  const membership = useGroupMembership({ linkUid: uid });

  if (joining.isPending) return <p className="page-status">Loading…</p>;
  if (!joining.data || joining.data.reads_page) return <>{fallback}</>;
  const { name, abilities, join_requested_at: requestedAt } = joining.data;

  // Joining reads every query again: the page itself then opens.
  const handleJoin = async () => {
    if (membership.isPending) return;
    try {
      showToast((await membership.mutateAsync(true)).message, "info");
    } catch (error) {
      showToast(discussionFailureText(error));
    }
  };

  return (
    <PreviewFrame title={name}>
      <p>This group&apos;s page, its people and its conversations are for its members only.</p>
      {abilities.join ? (
        <p className="discuss-card__note">
          Anyone may join it.{" "}
          <button type="button" className="button button--small button--primary" aria-disabled={membership.isPending || undefined} onClick={() => void handleJoin()}>
            {membership.isPending ? "Joining…" : "Join group"}
          </button>
        </p>
      ) : abilities.request_join || requestedAt ? (
        <JoinRequestNote owner={{ linkUid: uid }} requestedAt={requestedAt} onDone={focusTitle} />
      ) : null}
    </PreviewFrame>
  );
}

/**
 * What a guest meets who followed the link of a group whose page is for signed-in people or its members (401): sign in
 * or register to see it or to join it, where the item's card would speak of asking an owner for access to an item.
 */
export function GroupGuestCard() {
  return <GuestPreviewCard title="Sign in to see this group">This group&apos;s page is not open to guests. Sign in, or create an account, to see it or to ask to join it.</GuestPreviewCard>;
}
