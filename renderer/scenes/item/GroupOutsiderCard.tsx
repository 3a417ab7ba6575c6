import type { ReactNode } from "react";
import { useGroupJoining } from "../../api/feeds.js";
import { GroupJoinOffer } from "../../components/feed/GroupJoinOffer.js";
import { PreviewFrame } from "../../components/PreviewFrame.js";
import { GuestPreviewCard } from "./RequestAccessCard.js";

/** Moves focus to the card's heading once the button pressed is gone (replaced by the next step's). */
function focusTitle(): void {
  const title = document.getElementById("preview-card-title");
  title?.setAttribute("tabindex", "-1");
  title?.focus();
}

/**
 * What a signed-in outsider meets who followed the link of an "Only members" group (its page answers 404 to them):
 * the group's name, that its page is its members', and the way in it offers (GroupJoinOffer, as at the top of a group's
 * page: Join group, Request to join, or their request waiting with Withdraw request). Its About, people, feed and
 * discussions stay hidden. A group that takes no one but the invited answers 404 here too, and the page shows
 * `fallback` (not found), as for any hidden item.
 */
export function GroupOutsiderCard({ uid, fallback }: { uid: string; fallback: ReactNode }) {
  const joining = useGroupJoining(uid);

  if (joining.isPending) return <p className="page-status">Loading…</p>;
  if (!joining.data || joining.data.reads_page) return <>{fallback}</>;
  // Joining reads every query again: the page itself then opens.
  return (
    <PreviewFrame title={joining.data.name}>
      <p>This group&apos;s page, its people and its conversations are for its members only.</p>
      <GroupJoinOffer group={{ linkUid: uid }} joining={joining.data} onDone={focusTitle} />
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
