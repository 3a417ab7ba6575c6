import { useEffect, useRef, useState, type RefObject } from "react";
import { READ_MORE_LINES, type Comment } from "../../../contract/index.js";
import { discussionFailureText, reportComment, useCommentSubscription, useDeleteComment, useEditComment } from "../../api/discussions.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { AttachmentList } from "../attachments/AttachmentList.js";
import { ReadMore } from "../carousel/ReadMore.js";
import { FlagDialog } from "../content/FlagDialog.js";
import { showToast } from "../toastStore.js";
import { CommentForm } from "./CommentForm.js";
import { MeetingCard } from "../zoom/MeetingCard.js";
import { CommentHeader } from "./CommentHeader.js";
import { CommentHistoryDialog } from "./CommentHistoryDialog.js";
import { CommentReactions } from "./CommentReactions.js";
import { useDiscussion } from "./DiscussionContext.js";
import { ReplyList } from "./ReplyList.js";

/**
 * Moves focus to `target` once the change that removed the focused control has been drawn; a timer, because a dialog
 * closing in the same change hands focus back (to its opener, gone by then) after the effects have run. The target
 * stays pending until the timer fires: another render before it (the saved comment arriving, a list read again)
 * clears that timer and sets a new one, where taking it at once left focus on the dialog's frame.
 */
function useFocusAfterRender() {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      const target = pending.current;
      pending.current = null;
      target?.current?.focus();
    }, 0);
    return () => clearTimeout(timer);
  });
  return (target: RefObject<HTMLElement | null>) => {
    pending.current = target;
  };
}

type Confirming = "delete" | "unsubscribe" | null;

/**
 * One comment (top-level, with its replies and reply form, or a reply): author link, M/D/YYYY date, Edited and
 * Deleted markers, the text (plain text as text; HTML only as the server sanitized it), reactions, and the actions
 * the server's abilities allow: Edit and Delete (author or admin), Report as Inappropriate (everyone else), History (admins),
 * Subscribe (top-level, for those the thread lets subscribe).
 * A reply gets its top-level comment as `parent`, and `onReply` opens that comment's reply form (one level of nesting).
 */
export function CommentItem({ comment, parent, onReply }: { comment: Comment; parent?: Comment; onReply?(): void }) {
  const { opaqueId, context, canComment, canSubscribe, announce, focusCard } = useDiscussion();
  const isReply = parent !== undefined;
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const replyFormBox = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const edit = useEditComment(opaqueId, context);
  const remove = useDeleteComment(opaqueId, context);
  const subscription = useCommentSubscription(opaqueId, context);
  const deleted = Boolean(comment.deleted_with_replies_at ?? comment.deleted_at);
  const name = comment.creator.name;
  // The server takes replies only to a top-level comment that is not deleted.
  const canReply = canComment && !deleted && !(parent && (parent.deleted_with_replies_at ?? parent.deleted_at));
  // A group's thread is a titled discussion: its opening comment is the discussion, and its title is edited with it.
  const opensDiscussion = !isReply && context !== null;
  const editsTitle = !isReply && (opensDiscussion || Boolean(comment.title));
  const what = opensDiscussion ? "Discussion" : "Comment";

  const handleReply = () => {
    if (onReply) return onReply();
    if (replying) replyFormBox.current?.querySelector("textarea")?.focus();
    setReplying(true);
  };
  const handleReplyClosed = () => {
    setReplying(false);
    focusAfterRender(replyButton);
  };
  const handleEditSubmit = async (text: string, title?: string) => {
    try {
      // Edited titles are sent as null when empty (second document, section 5).
      await edit.mutateAsync({ comment_id: comment.id, comment: text, is_html: comment.is_html, title: (editsTitle ? title : comment.title) || null });
      announce(`${what} updated.`);
      setEditing(false);
      focusAfterRender(editButton);
      return true;
    } catch {
      return false;
    }
  };
  const handleEditCancel = () => {
    edit.reset();
    setEditing(false);
    focusAfterRender(editButton);
  };
  const handleDelete = () => {
    setConfirming(null);
    remove.mutate(comment.id, {
      onSuccess: (answer) => {
        announce(`${what} deleted.`);
        // A comment without replies leaves the page, and its buttons with it.
        if (!answer.deleted_with_replies_at) focusCard();
      },
      onError: (error) => showToast(discussionFailureText(error)),
    });
  };
  const handleSubscription = (action: "subscribe" | "unsubscribe") => {
    setConfirming(null);
    subscription.mutate(
      { comment_id: comment.id, action },
      {
        onSuccess: ({ subscribed }) => announce(subscribed ? "Subscribed to replies." : "Unsubscribed from replies."),
        onError: (error) => showToast(discussionFailureText(error)),
      },
    );
  };

  return (
    <article className={`comment${isReply ? " comment--reply" : ""}`} aria-label={`${isReply ? "Reply" : "Comment"} by ${name}`}>
      <CommentHeader name={name} link={comment.creator.link} photo={comment.creator.thumbnail_small} date={comment.created_at}>
        {comment.edited_at && !deleted && <span className="comment__marker">Edited</span>}
        {comment.deleted_with_replies_at && <span className="comment__marker comment__marker--deleted">Deleted</span>}
      </CommentHeader>
      {comment.title && !editing && <p className="comment__title">{comment.title}</p>}
      {editing ? (
        <CommentForm
          label={editsTitle ? "Message" : "Edit your comment"}
          initialValue={comment.content}
          title={editsTitle ? { initialValue: comment.title ?? "", required: opensDiscussion } : undefined}
          submitLabel="Save"
          busyLabel="Saving…"
          busy={edit.isPending}
          failure={edit.error ? discussionFailureText(edit.error) : null}
          onSubmit={handleEditSubmit}
          onCancel={handleEditCancel}
          autoFocus
        />
      ) : comment.is_html ? (
        // Sanitized on the server with the comment profile on every save (server/lib/sanitize.ts). A long one collapses
        // after 8 lines with More/Less (second document: "Read-more collapses after 8 lines by default").
        <ReadMore key={comment.content} html={comment.content} lines={READ_MORE_LINES} className="comment__body rich-content" />
      ) : (
        // Plain text stays text: React escapes it, and CSS keeps its line breaks.
        <ReadMore key={comment.content} text={comment.content} lines={READ_MORE_LINES} className="comment__body comment__body--text" />
      )}
      {!deleted && <AttachmentList attachments={comment.attachments} />}
      {!deleted && comment.meeting && <MeetingCard meeting={comment.meeting} />}
      {!editing && (
        <div className="comment__actions">
          {!deleted && <CommentReactions comment={comment} />}
          {canReply && (
            <button ref={replyButton} type="button" className="link-button" aria-expanded={isReply ? undefined : replying} onClick={handleReply}>
              Reply
            </button>
          )}
          {comment.abilities.edit && !deleted && (
            <button ref={editButton} type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {comment.abilities.delete && !deleted && (
            <button type="button" className="link-button link-button--danger" aria-disabled={remove.isPending || undefined} onClick={() => !remove.isPending && setConfirming("delete")}>
              Delete
            </button>
          )}
          {!isReply && !deleted && canSubscribe && (
            <button
              type="button"
              className="link-button"
              aria-disabled={subscription.isPending || undefined}
              onClick={() => !subscription.isPending && (comment.subscribed ? setConfirming("unsubscribe") : handleSubscription("subscribe"))}
            >
              {comment.subscribed ? "Unsubscribe" : "Subscribe"}
            </button>
          )}
          {comment.abilities.history && (
            <button type="button" className="link-button" onClick={() => setHistoryOpen(true)}>
              History
            </button>
          )}
          {comment.abilities.report && (
            <button type="button" className="link-button" onClick={() => setReporting(true)}>
              Report as Inappropriate
            </button>
          )}
        </div>
      )}
      {!isReply && (comment.replies.length > 0 || comment.replies_count > 0 || replying) && (
        <ReplyList parent={comment} replying={replying} formBox={replyFormBox} onReply={handleReply} onReplyClosed={handleReplyClosed} />
      )}
      {reporting && <FlagDialog title="Report as Inappropriate" subject={`${name}'s comment`} send={(report) => reportComment(opaqueId, { comment_id: comment.id, ...report }, context)} onClose={() => setReporting(false)} />}
      {confirming === "delete" && (
        <ConfirmDialog
          title="Delete comment"
          message={comment.replies_count > 0 ? "Are you sure you want to delete this comment? Its replies stay, under a deleted comment." : "Are you sure you want to delete this comment?"}
          confirmLabel="Delete"
          onConfirm={handleDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming === "unsubscribe" && (
        <ConfirmDialog
          title="Unsubscribe"
          message="Are you sure you want to unsubscribe? You will no longer be notified of replies to this comment."
          confirmLabel="Unsubscribe"
          onConfirm={() => handleSubscription("unsubscribe")}
          onCancel={() => setConfirming(null)}
        />
      )}
      {historyOpen && <CommentHistoryDialog comment={comment} onClose={() => setHistoryOpen(false)} />}
    </article>
  );
}
