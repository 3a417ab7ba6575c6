import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { COMMENT_ATTACHMENTS_FEATURE, DISCUSSION_AUTOLOAD_THRESHOLD, DISCUSSION_MESSAGES, MESSAGES, type MeetingDetails, type ThreadSummary } from "../../../contract/index.js";
import { discussionFailureText, flattenThread, useDiscussionSummary, useDiscussionThread, usePostComment, useSetViewPermission } from "../../api/discussions.js";
import { useAppConfig, useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../Alert.js";
import { AttachmentPicker } from "../attachments/AttachmentPicker.js";
import { useAttachmentUploads } from "../attachments/useAttachmentUploads.js";
import { useGuestModal } from "../GuestModal.js";
import { ManageNotificationsButton } from "../notifications/ManageNotificationsDialog.js";
import { PageCard } from "../PageCard.js";
import { showToast } from "../toastStore.js";
import { CommentForm } from "./CommentForm.js";
import { CommentList } from "./CommentList.js";
import { DiscussionContext, useDiscussion, type DiscussionContextValue } from "./DiscussionContext.js";
import { ManageDiscussionMenu } from "./ManageDiscussionMenu.js";
import { SummaryProblem, summaryHidden } from "./SummaryProblem.js";
import { MeetingAttacher } from "../zoom/MeetingAttacher.js";

/** What the guest modal says when a guest reaches for the discussion. */
const GUEST_DESCRIPTION = "Sign in or register to read the comments and join the discussion.";
/** What it says to a guest who holds the item's link only: signing in lets them read, not join. */
const GUEST_LINK_DESCRIPTION = "Sign in or register to read the comments.";

/** "No comments yet", "1 comment", "12 comments". */
const countText = (count: number) => (count === 0 ? "No comments yet" : `${count} ${count === 1 ? "comment" : "comments"}`);

/**
 * The model discussion card titled Discuss (second document), below an item's body: the summary loads first (guests
 * too, for the count); comments load by themselves when there are 1 to 3 (section 9), else on "View comments". Guests
 * get the guest modal from any control instead of comments; signed-in profiles who may comment get the form;
 * managers the Manage discussion menu; others see "Discussions are disabled" while it is closed. Whoever views the
 * item only by its link share (transient.viewed_by_link) reads it only: no form, no invitation, reactions as counts.
 */
export function DiscussCard({ opaqueId, title }: { opaqueId: string; /** The item's title (a new meeting's topic starts from it). */ title?: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const profile = useCurrentProfile();
  const { openGuestModal } = useGuestModal();
  const summary = useDiscussionSummary(opaqueId);
  const [asked, setAsked] = useState(false);
  const [status, setStatus] = useState("");

  // The same message twice in a row still changes the region's text (a trailing no-break space), so it is said again.
  const announce = useCallback((message: string) => setStatus((previous) => (previous === message ? `${message}\u00a0` : message)), []);
  const focusCard = useCallback(() => {
    // After the confirmation dialog has finished handing focus back (to a button that is gone).
    setTimeout(() => headingRef.current?.focus(), 0);
  }, []);
  const canComment = Boolean(profile) && Boolean(summary.data?.transient.can_comment);
  const canReact = Boolean(profile) && Boolean(summary.data?.transient.can_react);
  const canSubscribe = Boolean(profile) && Boolean(summary.data?.transient.can_subscribe);
  const context = useMemo<DiscussionContextValue>(
    () => ({ opaqueId, context: null, canComment, canReact, canSubscribe, announce, focusCard, subjectTitle: title }),
    [opaqueId, canComment, canReact, canSubscribe, announce, focusCard, title],
  );

  let body: ReactNode;
  let count: number | undefined;
  let menu: ReactNode = null;
  if (summary.isPending || profile === undefined) {
    // Until the session is known too: a guest's card and a member's differ.
    body = <p className="page-status">Loading the discussion…</p>;
  } else if (summary.error || !summary.data) {
    // A 404 (or a guest's 401) means the actor may not see the item's discussion: no card, as for the item itself.
    if (summaryHidden(summary.error)) return null;
    body = <SummaryProblem onRetry={() => void summary.refetch()} />;
  } else if (!summary.data.transient.can_view && !summary.data.transient.can_manage) {
    body = summary.data.view_permission === "closed" ? <p className="discuss-card__disabled">{DISCUSSION_MESSAGES.disabled}</p> : null;
  } else {
    const data = summary.data;
    count = data.comments_count;
    if (data.transient.can_manage && profile) menu = <ManageControl opaqueId={opaqueId} summary={data} />;
    const guestDescription = data.transient.viewed_by_link ? GUEST_LINK_DESCRIPTION : GUEST_DESCRIPTION;
    body = <DiscussionBody summary={data} signedIn={Boolean(profile)} asked={asked} onAsk={() => setAsked(true)} onGuest={() => openGuestModal(guestDescription)} />;
  }

  // One tree whatever the state, so the live region and focus survive a change of state (disabling, say).
  return (
    <DiscussionContext.Provider value={context}>
      <PageCard
        title="Discuss"
        headingRef={headingRef}
        header={
          <>
            {count !== undefined && <p className="discuss-card__count">{countText(count)}</p>}
            {count !== undefined && profile && <ManageNotificationsButton />}
            {menu}
          </>
        }
      >
        {body}
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </PageCard>
    </DiscussionContext.Provider>
  );
}

/** The menu wired to PUT /comment/thread. */
function ManageControl({ opaqueId, summary }: { opaqueId: string; summary: ThreadSummary }) {
  const setViewPermission = useSetViewPermission(opaqueId);
  const { announce } = useDiscussion();
  const handleChange = (next: ThreadSummary["view_permission"]) =>
    setViewPermission.mutate(next, {
      onSuccess: () => announce(next === "closed" ? "Discussion disabled." : "Discussion enabled."),
      onError: (error) => showToast(discussionFailureText(error)),
    });
  return <ManageDiscussionMenu viewPermission={summary.view_permission} busy={setViewPermission.isPending} onChange={handleChange} />;
}

/** How a discussion's body reads where it is not the Discuss card (a feed post's comments). */
export interface DiscussionBodyWording {
  /** Comments load by themselves when 0 < count <= this. */
  autoloadThreshold: number;
  /** The button that loads them past that ("View comments"). */
  viewLabel(count: number): string;
  /** The form's label and placeholder, by whether there are comments yet. */
  formLabel(count: number): string;
  placeholder(count: number): string;
  /** Whether the form comes after the comments (a feed post's) rather than before them (the Discuss card's). */
  formLast?: boolean;
  /** Whether the form offers Add meeting (the Discuss card's; a feed post's comments are short replies to it). */
  meetings?: boolean;
}

/** The Discuss card's wording: the spec's threshold 3 for the model discussion card. */
const DISCUSS_CARD_WORDING: DiscussionBodyWording = {
  autoloadThreshold: DISCUSSION_AUTOLOAD_THRESHOLD,
  viewLabel: () => "View comments",
  formLabel: (count) => (count === 0 ? "Start the discussion" : "Join the discussion"),
  placeholder: (count) => (count === 0 ? "Start the discussion..." : "Join the discussion..."),
  meetings: true,
};

/**
 * The form (or a guest's invitation), then the comments or the button that loads them; inside a DiscussionContext. The
 * Discuss card's, and a feed post's comments with their own wording and threshold.
 */
export function DiscussionBody({
  summary,
  signedIn,
  asked,
  onAsk,
  onGuest,
  wording = DISCUSS_CARD_WORDING,
}: {
  summary: ThreadSummary;
  signedIn: boolean;
  asked: boolean;
  onAsk(): void;
  onGuest(): void;
  wording?: DiscussionBodyWording;
}) {
  const { opaqueId, canComment, announce, subjectTitle } = useDiscussion();
  const [meeting, setMeeting] = useState<MeetingDetails | null>(null);
  const config = useAppConfig();
  const uploads = useAttachmentUploads("comment", announce);
  // Comment attachments depend on the feature model-discussions.attachments (second document, section 6).
  const attachmentsOn = config.data?.features[COMMENT_ATTACHMENTS_FEATURE] === true;
  const count = summary.comments_count;
  const autoload = count > 0 && count <= wording.autoloadThreshold;
  const thread = useDiscussionThread(opaqueId, signedIn && summary.transient.can_view && (asked || autoload));
  const post = usePostComment(opaqueId);
  const comments = flattenThread(thread.data);
  const placeholder = wording.placeholder(count);
  const open = summary.view_permission === "open";
  const byLink = summary.transient.viewed_by_link;

  const handleSubmit = async (text: string) => {
    try {
      await post.mutateAsync({ comment: text, is_html: false, attachments: attachmentsOn ? uploads.ids : [], meeting_id: meeting?.id ?? null });
      uploads.clear();
      setMeeting(null);
      announce("Comment posted.");
      // Not loaded yet (none before, or more than the card loads by itself): load them now, the new one first.
      onAsk();
      return true;
    } catch {
      return false;
    }
  };

  // The Discuss card puts its form first; a feed post its comments first, the form after them, as a reply list reads.
  const formPart = (
    <>
      {canComment ? (
        <CommentForm
          label={wording.formLabel(count)}
          placeholder={placeholder}
          submitLabel="Send"
          busyLabel="Sending…"
          busy={post.isPending}
          failure={post.error ? discussionFailureText(post.error) : null}
          onSubmit={handleSubmit}
          attachments={
            <>
              {attachmentsOn && <AttachmentPicker uploads={uploads} />}
              {wording.meetings && <MeetingAttacher meeting={meeting} defaultTopic={subjectTitle ?? ""} onChange={setMeeting} />}
            </>
          }
          holdSubmit={attachmentsOn && uploads.busy}
        />
      ) : (
        !signedIn &&
        open &&
        // A guest who holds only the link could not join after signing in either: no invitation.
        !byLink && (
          // Only signed-in users get the comment form (second document, section 6): this stands in for it.
          <button type="button" className="comment-form__guest" onClick={onGuest}>
            {placeholder}
          </button>
        )
      )}
    </>
  );
  const listPart = (
    <>
      {!signedIn ? (
        count > 0 && (
          <button type="button" className="button button--small button--secondary discuss-card__view" onClick={onGuest}>
            {wording.viewLabel(count)}
          </button>
        )
      ) : thread.isPending && thread.fetchStatus === "idle" ? (
        count > 0 && (
          <button type="button" className="button button--small button--secondary discuss-card__view" onClick={onAsk}>
            {wording.viewLabel(count)}
          </button>
        )
      ) : thread.isPending ? (
        <p className="page-status">Loading comments…</p>
      ) : thread.error ? (
        <div className="discuss-card__problem">
          <Alert tone="danger">{discussionFailureText(thread.error, MESSAGES.genericLoad)}</Alert>
          <button type="button" className="button button--small button--secondary" onClick={() => void thread.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        comments.length > 0 && <CommentList comments={comments} hasMore={thread.hasNextPage} loadingMore={thread.isFetchingNextPage} onLoadMore={() => thread.fetchNextPage()} />
      )}
    </>
  );
  return (
    <>
      {!open && <p className="discuss-card__note">This discussion is disabled: only those who manage this item can see it and post.</p>}
      {byLink && open && <p className="discuss-card__note">You are viewing this item by its link: you may read the discussion but not take part.</p>}
      {wording.formLast ? listPart : formPart}
      {wording.formLast ? formPart : listPart}
    </>
  );
}
