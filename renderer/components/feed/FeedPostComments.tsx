import { useMemo, useState } from "react";
import { FEED_COMMENT_AUTOLOAD_THRESHOLD } from "../../../contract/index.js";
import { useDiscussionSummary } from "../../api/discussions.js";
import { useCurrentProfile } from "../../api/queries.js";
import { DiscussionBody, type DiscussionBodyWording } from "../discussions/DiscussCard.js";
import { DiscussionContext, type DiscussionContextValue } from "../discussions/DiscussionContext.js";
import { useGuestModal } from "../GuestModal.js";

/** What the guest modal says when a guest reaches for a post's comments. */
const GUEST_DESCRIPTION = "Sign in or register to read the comments and join the conversation.";

/** A post's comments read as a post's: the feed's threshold 2, "View 3 comments", the comments then "Write a comment...", no meetings. */
const FEED_POST_WORDING: DiscussionBodyWording = {
  autoloadThreshold: FEED_COMMENT_AUTOLOAD_THRESHOLD,
  viewLabel: (count) => `View ${count} ${count === 1 ? "comment" : "comments"}`,
  formLabel: () => "Comment on this post",
  placeholder: () => "Write a comment...",
  formLast: true,
};

/**
 * The comments under one feed post, by the Discuss card's machinery keyed by the post's opaque_id (the server reads
 * them as the feed's: its readers read, its members comment): the summary loads first (batched with the page's other
 * posts'), the comments by themselves when there are 1 or 2 (the feed's threshold), else on "View N comments". A guest
 * gets the sign-in prompt in place of the form and of the comments, as on the Discuss card.
 */
export function FeedPostComments({ opaqueId, posterName, onAnnounce, onFocusLost }: { opaqueId: string; posterName: string; onAnnounce(message: string): void; onFocusLost(): void }) {
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const summary = useDiscussionSummary(opaqueId);
  const [asked, setAsked] = useState(false);
  const transient = summary.data?.transient;
  const context = useMemo<DiscussionContextValue>(
    () => ({
      opaqueId,
      context: null,
      canComment: Boolean(profile) && Boolean(transient?.can_comment),
      canReact: Boolean(profile) && Boolean(transient?.can_react),
      canSubscribe: Boolean(profile) && Boolean(transient?.can_subscribe),
      announce: onAnnounce,
      focusCard: onFocusLost,
    }),
    [opaqueId, profile, transient, onAnnounce, onFocusLost],
  );

  // Nothing until the session and the count are known (a post's comments are a footnote to it), nor if they cannot load.
  if (summary.isPending || profile === undefined || !summary.data || !summary.data.transient.can_view) return null;
  return (
    <DiscussionContext.Provider value={context}>
      <section className="feed-post__comments" aria-label={`Comments on ${posterName}'s post`}>
        <DiscussionBody
          summary={summary.data}
          signedIn={Boolean(profile)}
          asked={asked}
          onAsk={() => setAsked(true)}
          onGuest={() => openGuestModal(GUEST_DESCRIPTION)}
          wording={FEED_POST_WORDING}
        />
      </section>
    </DiscussionContext.Provider>
  );
}
