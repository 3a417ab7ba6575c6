import { MESSAGES, type Comment, type CommentHistoryEntry } from "../../../contract/index.js";
import { discussionFailureText, useCommentHistory } from "../../api/discussions.js";
import { Alert } from "../Alert.js";
import { AppLink } from "../AppLink.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { useDiscussion } from "./DiscussionContext.js";
import { shortDate } from "../dates.js";

const EVENT_LABELS: Record<CommentHistoryEntry["event"], string> = { created: "Created", edited: "Edited", deleted: "Deleted" };

/** The entries in the order they happened, whatever order the call lists them in. */
const oldestFirst = (entries: CommentHistoryEntry[]) => [...entries].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);

/** The Comment History modal (admins only, second document section 6): each created, edited or deleted event with what was saved. */
export function CommentHistoryDialog({ comment, onClose }: { comment: Comment; onClose(): void }) {
  const { opaqueId, context } = useDiscussion();
  const { data, error, isPending } = useCommentHistory(opaqueId, comment.id, context);
  return (
    <ModalFrame id="comment-history-modal" title="Comment History" description={<>The changes to {comment.creator.name}’s comment, oldest first.</>} className="dialog dialog--wide" onClose={onClose}>
      {isPending ? (
        <p className="page-status" role="status">
          Loading…
        </p>
      ) : error || !data ? (
        <Alert tone="danger">{discussionFailureText(error, MESSAGES.genericLoad)}</Alert>
      ) : data.length === 0 ? (
        <p className="empty-note">No history has been recorded for this comment.</p>
      ) : (
        <ol className="comment-history">
          {oldestFirst(data).map((entry) => (
            <li key={entry.id} className="comment-history__entry">
              <p className="comment-history__meta">
                <strong>{EVENT_LABELS[entry.event]}</strong> by <AppLink href={entry.profile.link}>{entry.profile.name}</AppLink> on{" "}
                <time dateTime={entry.created_at}>{shortDate(entry.created_at)}</time>
              </p>
              {entry.new_values.title && <p className="comment__title">{entry.new_values.title}</p>}
              {entry.new_values.is_html ? (
                // Stored as the server sanitized it (comment profile), as the comment itself.
                <div className="comment__body rich-content" dangerouslySetInnerHTML={{ __html: entry.new_values.content }} />
              ) : (
                <p className="comment__body comment__body--text">{entry.new_values.content}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <CloseActions />
    </ModalFrame>
  );
}
