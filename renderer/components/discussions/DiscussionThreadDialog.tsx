import { useCallback, useMemo, useRef, useState } from "react";
import { GROUP_DISCUSSION_CONTEXT, GROUP_DISCUSSION_FEATURES, MESSAGES, type DiscussionThread, type MeetingDetails } from "../../../contract/index.js";
import { discussionFailureText, flattenThread, useGroupDiscussion, usePostComment } from "../../api/discussions.js";
import { useAppConfig } from "../../api/queries.js";
import { Alert } from "../Alert.js";
import { AttachmentPicker } from "../attachments/AttachmentPicker.js";
import { useAttachmentUploads } from "../attachments/useAttachmentUploads.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { CommentForm } from "./CommentForm.js";
import { MeetingAttacher } from "../zoom/MeetingAttacher.js";
import { CommentItem } from "./CommentItem.js";
import { DiscussionContext, type DiscussionContextValue } from "./DiscussionContext.js";

/**
 * A group's discussion modal (second document: "discussion and search modals"): the thread's opening comment with all
 * its replies, reactions and actions (the Discuss card's own CommentItem and ReplyList, sending the group context), and
 * at the end the form that replies to the thread, for those who may take part. What it announces is also handed to
 * `onAnnounce`, so the widget's own status line tells what last happened once the modal is closed. It needs only the
 * thread's id (its address names no more): the title and "Started by" come from the loaded opening comment, or, without
 * it (loading, failed, deleted), from the thread list's `preview` when it was opened from there.
 */
export function DiscussionThreadDialog({
  opaqueId,
  threadId,
  preview,
  onAnnounce,
  onClose,
}: {
  opaqueId: string;
  threadId: number;
  preview?: DiscussionThread;
  onAnnounce?(message: string): void;
  onClose(): void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState("");
  const query = useGroupDiscussion(opaqueId, threadId);
  const post = usePostComment(opaqueId, GROUP_DISCUSSION_CONTEXT);
  const page = query.data?.pages[0];
  const opening = flattenThread(query.data)[0];
  const transient = page?.transient;
  // Until it loads (or once it is deleted here), what the list showed: nothing, when the address opened it.
  const shown = opening ?? preview;
  const title = shown?.title ?? "Discussion";

  const announce = useCallback(
    (message: string) => {
      setStatus((previous) => (previous === message ? `${message}\u00a0` : message));
      onAnnounce?.(message);
    },
    [onAnnounce],
  );
  const focusCard = useCallback(() => setTimeout(() => headingRef.current?.focus(), 0), []);
  const context = useMemo<DiscussionContextValue>(
    () => ({
      opaqueId,
      context: GROUP_DISCUSSION_CONTEXT,
      canComment: Boolean(transient?.can_comment),
      canReact: Boolean(transient?.can_react),
      canSubscribe: Boolean(transient?.can_subscribe),
      announce,
      focusCard,
    }),
    [opaqueId, transient, announce, focusCard],
  );

  const [meeting, setMeeting] = useState<MeetingDetails | null>(null);
  // A reply takes files while the site offers them in a group's discussions (group-discussions.attachments).
  const attachmentsOn = useAppConfig().data?.features[GROUP_DISCUSSION_FEATURES.attachments] === true;
  const uploads = useAttachmentUploads("comment", announce, GROUP_DISCUSSION_CONTEXT);
  const handleReply = async (text: string) => {
    try {
      await post.mutateAsync({ comment: text, is_html: false, reply_to: threadId, attachments: attachmentsOn ? uploads.ids : [], meeting_id: meeting?.id ?? null });
      uploads.clear();
      setMeeting(null);
      announce("Reply posted.");
      return true;
    } catch {
      return false;
    }
  };

  let body;
  if (query.isPending) {
    body = <p className="page-status">Loading the discussion…</p>;
  } else if (query.error || !page) {
    body = (
      <div className="discuss-card__problem">
        <Alert tone="danger">{discussionFailureText(query.error, MESSAGES.genericLoad)}</Alert>
        <button type="button" className="button button--small button--secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!opening) {
    body = <p className="empty-note">This discussion has been deleted.</p>;
  } else {
    const gone = Boolean(opening.deleted_with_replies_at);
    body = (
      <>
        <div className="discussion-modal__thread">
          <CommentItem comment={opening} />
        </div>
        {Boolean(transient?.can_comment) && !gone && (
          <CommentForm
            label={`Reply to ${title}`}
            placeholder="Join the discussion..."
            submitLabel="Send reply"
            busyLabel="Sending…"
            busy={post.isPending}
            failure={post.error ? discussionFailureText(post.error) : null}
            onSubmit={handleReply}
            attachments={
              <>
                {attachmentsOn && <AttachmentPicker uploads={uploads} />}
                <MeetingAttacher meeting={meeting} defaultTopic={opening.title ?? ""} onChange={setMeeting} />
              </>
            }
            holdSubmit={attachmentsOn && uploads.busy}
          />
        )}
      </>
    );
  }

  return (
    <ModalFrame id="discussion-modal" title={title} description={shown ? `Started by ${shown.creator.name}` : undefined} className="dialog dialog--wide discussion-modal" onClose={onClose}>
      <DiscussionContext.Provider value={context}>
        {/* Where focus goes when the control that had it leaves (the opening comment deleted). */}
        <h3 ref={headingRef} tabIndex={-1} className="visually-hidden">
          Discussion
        </h3>
        {body}
        <p className="visually-hidden" role="status">
          {status}
        </p>
      </DiscussionContext.Provider>
      <CloseActions />
    </ModalFrame>
  );
}
