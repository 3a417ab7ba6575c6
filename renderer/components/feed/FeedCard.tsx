import { useCallback, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { FEED_ATTACHMENTS_FEATURE } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { flattenFeed, useFeed, usePostToFeed, type FeedOwner } from "../../api/feeds.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { AttachmentPicker } from "../attachments/AttachmentPicker.js";
import { useAttachmentUploads } from "../attachments/useAttachmentUploads.js";
import { signInPath } from "../../routes/paths.js";
import { PageCard } from "../PageCard.js";
import { CommentForm } from "../discussions/CommentForm.js";
import { FeedPostItem } from "./FeedPostItem.js";
import { GROUP_JOIN_OFFER_ID } from "./GroupJoinOffer.js";

/**
 * A group's feed on its page (second document: "Feed with post form and posts"): the post form for members (guests
 * get a sign-in link; readers who may join the group, ask to join it, or have asked, a note pointing up to its way in
 * beside its name, GroupPageJoinOffer, with a button that moves the keyboard there; other readers a note), then the posts newest first,
 * with "View more posts" while the server has an older page. A new post goes first, a deleted one leaves the list.
 * Leaving the group is the Members card's, beside the line that says one is a member (GroupMembersCard).
 */
export function FeedCard({ owner }: { owner: FeedOwner }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const location = useLocation();
  const profile = useCurrentProfile();
  const feed = useFeed(owner);
  const post = usePostToFeed(owner);
  const config = useAppConfig();
  const [status, setStatus] = useState("");
  const posts = flattenFeed(feed.data);
  const abilities = feed.data?.pages[0]?.abilities;
  const canPost = abilities?.post ?? false;

  // The same message twice in a row still changes the region's text (a trailing no-break space), so it is said again.
  const announce = useCallback((message: string) => setStatus((previous) => (previous === message ? `${message}\u00a0` : message)), []);
  // After the confirmation dialog has handed focus back (to a button that is gone).
  const focusHeading = useCallback(() => setTimeout(() => headingRef.current?.focus(), 0), []);
  const uploads = useAttachmentUploads("feed", announce);
  // Feed attachments depend on the feature feed-discussions.attachments (second document, section 6).
  const attachmentsOn = config.data?.features[FEED_ATTACHMENTS_FEATURE] === true;

  const handleSubmit = async (text: string) => {
    try {
      await post.mutateAsync({ content: text, attachments: attachmentsOn ? uploads.ids : [] });
      uploads.clear();
      announce("Post published.");
      return true;
    } catch {
      return false;
    }
  };
  // The way in is at the top of the group's page (GroupPageJoinOffer), one place for it: the card points there, and
  // its button takes the keyboard there (to the offer's own button, where it has one).
  const handleGoToJoin = () => {
    const offer = document.getElementById(GROUP_JOIN_OFFER_ID);
    const target = offer?.querySelector<HTMLElement>("button") ?? offer;
    if (target && !target.matches("button")) target.setAttribute("tabindex", "-1");
    target?.focus();
  };
  const handleLoadMore = async () => {
    if (feed.isFetchingNextPage) return;
    const shown = posts.length;
    await feed.fetchNextPage();
    // Reading on from the first new post is what the person asked for (the button may be gone after the last page).
    setTimeout(() => listRef.current?.querySelectorAll<HTMLLIElement>(":scope > li")[shown]?.querySelector<HTMLElement>("button")?.focus(), 0);
  };

  // A signed-in reader who may not post but may get in (join at once, ask its leaders, or wait on their request) is
  // told how, and pointed up to the way in. Moderators and admins post without being members: the top of the page
  // offers them joining all the same.
  const requestedAt = feed.data?.pages[0]?.join_requested_at ?? null;
  let joinNote = null;
  if (profile && !canPost && (abilities?.join || abilities?.request_join || requestedAt)) {
    const [text, goTo] = abilities?.join
      ? ["Join this group to post here.", "Go to Join group"]
      : requestedAt
        ? ["Only members of this group can post here. Your request to join is waiting for its leaders.", "Go to your request"]
        : ["Only members of this group can post here. Its leaders approve new members.", "Go to Request to join"];
    joinNote = (
      <p className="discuss-card__note">
        {text}{" "}
        <button type="button" className="link-button" onClick={handleGoToJoin}>
          {goTo}
        </button>
      </p>
    );
  }
  let form = null;
  if (canPost) {
    form = (
      <CommentForm
        label="Write a post"
        placeholder="Share something with the group..."
        submitLabel="Post"
        busyLabel="Posting…"
        busy={post.isPending}
        failure={post.error ? discussionFailureText(post.error) : null}
        onSubmit={handleSubmit}
        attachments={attachmentsOn ? <AttachmentPicker uploads={uploads} /> : undefined}
        holdSubmit={attachmentsOn && uploads.busy}
      />
    );
  } else if (profile === null && feed.data) {
    form = (
      <p className="discuss-card__note">
        <Link to={signInPath(location.pathname)}>Sign in</Link> to post to this group's feed.
      </p>
    );
  } else if (profile && feed.data && !joinNote) {
    form = <p className="discuss-card__note">Only members of this group can post here.</p>;
  }

  return (
    <PageCard title="Feed" className="feed-card" headingRef={headingRef}>
      {joinNote}
      {form}
      {feed.isPending ? (
        <p className="page-status">Loading posts…</p>
      ) : feed.error ? (
        // Feed load failures are not reported as errors (second document); the card only offers another try.
        <p className="feed-card__empty">
          Posts could not be loaded.{" "}
          <button type="button" className="link-button" onClick={() => void feed.refetch()}>
            Try again
          </button>
        </p>
      ) : posts.length === 0 ? (
        <p className="feed-card__empty">No posts yet.</p>
      ) : (
        <>
          <ol ref={listRef} className="comment-list" aria-label="Posts">
            {posts.map((p) => (
              <li key={p.id} className="comment-list__item">
                <FeedPostItem owner={owner} post={p} onAnnounce={announce} onDeleted={focusHeading} />
              </li>
            ))}
          </ol>
          {feed.hasNextPage && (
            <button type="button" className="button button--small button--secondary comment-list__more" aria-disabled={feed.isFetchingNextPage || undefined} onClick={() => void handleLoadMore()}>
              {feed.isFetchingNextPage ? "Loading posts…" : "View more posts"}
            </button>
          )}
        </>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </PageCard>
  );
}
