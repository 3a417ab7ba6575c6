import { useState, type RefObject } from "react";
import { commentAttachmentsFeatureOf, MESSAGES, type Comment, type MeetingDetails } from "../../../contract/index.js";
import { discussionFailureText, useLoadReplies, usePostComment } from "../../api/discussions.js";
import { useAppConfig } from "../../api/queries.js";
import { AttachmentPicker } from "../attachments/AttachmentPicker.js";
import { useAttachmentUploads } from "../attachments/useAttachmentUploads.js";
import { showToast } from "../toastStore.js";
import { CommentForm } from "./CommentForm.js";
import { MeetingAttacher } from "../zoom/MeetingAttacher.js";
import { CommentItem } from "./CommentItem.js";
import { useDiscussion } from "./DiscussionContext.js";

/**
 * A top-level comment's replies (oldest first): the latest few come with the thread, "View N more replies" loads the
 * rest through the replies call; the reply form, when open, goes last.
 */
export function ReplyList({ parent, replying, formBox, onReply, onReplyClosed }: { parent: Comment; replying: boolean; formBox: RefObject<HTMLDivElement | null>; onReply(): void; onReplyClosed(): void }) {
  const { opaqueId, context, announce } = useDiscussion();
  const loadReplies = useLoadReplies(opaqueId, context);
  const post = usePostComment(opaqueId, context);
  // A reply takes files as a comment of its discussion does, under the same feature (an item's comments:
  // model-discussions.attachments; a group's discussions: group-discussions.attachments).
  const attachmentsOn = useAppConfig().data?.features[commentAttachmentsFeatureOf(context)] === true;
  const uploads = useAttachmentUploads("comment", announce, context);
  const hidden = Math.max(0, parent.replies_count - parent.replies.length);
  const [meeting, setMeeting] = useState<MeetingDetails | null>(null);
  const { subjectTitle } = useDiscussion();

  const handleViewMore = () => {
    if (loadReplies.isPending) return;
    loadReplies.mutate(parent.id, {
      onSuccess: ({ data }) => announce(`${data.length} ${data.length === 1 ? "reply" : "replies"} shown.`),
      onError: (error) => showToast(discussionFailureText(error, MESSAGES.genericLoad)),
    });
  };
  const handleSubmit = async (text: string) => {
    try {
      await post.mutateAsync({ comment: text, is_html: false, reply_to: parent.id, attachments: attachmentsOn ? uploads.ids : [], meeting_id: meeting?.id ?? null });
      uploads.clear();
      setMeeting(null);
      announce("Reply posted.");
      onReplyClosed();
      return true;
    } catch {
      return false;
    }
  };

  return (
    <div className="replies">
      {hidden > 0 && (
        <button type="button" className="link-button replies__more" aria-disabled={loadReplies.isPending || undefined} onClick={handleViewMore}>
          {loadReplies.isPending ? "Loading replies…" : `View ${hidden} more ${hidden === 1 ? "reply" : "replies"}`}
        </button>
      )}
      {parent.replies.length > 0 && (
        <ul className="replies__list" aria-label={`Replies to ${parent.creator.name}`}>
          {parent.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} parent={parent} onReply={onReply} />
            </li>
          ))}
        </ul>
      )}
      {replying && (
        <div ref={formBox} className="replies__form">
          <CommentForm
            label={`Reply to ${parent.creator.name}`}
            placeholder="Write a reply..."
            submitLabel="Send reply"
            busyLabel="Sending…"
            busy={post.isPending}
            failure={post.error ? discussionFailureText(post.error) : null}
            onSubmit={handleSubmit}
            onCancel={() => {
              post.reset();
              // Files uploaded for a reply never sent are swept by the server a day later.
              uploads.clear();
              setMeeting(null);
              onReplyClosed();
            }}
            attachments={
              <>
                {attachmentsOn && <AttachmentPicker uploads={uploads} />}
                <MeetingAttacher meeting={meeting} defaultTopic={parent.title ?? subjectTitle ?? ""} onChange={setMeeting} />
              </>
            }
            holdSubmit={attachmentsOn && uploads.busy}
            autoFocus
          />
        </div>
      )}
    </div>
  );
}
