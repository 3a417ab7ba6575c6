import { FEEDBACK_PICKER, type Comment, type FeedbackType } from "../../../contract/index.js";
import { discussionFailureText, useCommentFeedback } from "../../api/discussions.js";
import { showToast } from "../toastStore.js";
import { useDiscussion } from "./DiscussionContext.js";

const LABELS: Record<FeedbackType, string> = { like: "Like", love: "Love", magic: "Magic", powerful: "Powerful" };

/** A comment's count of one reaction type. */
const countOf = (comment: Comment, type: FeedbackType): number =>
  ({ like: comment.content_feedback_likes_count, love: comment.content_feedback_loves_count, magic: comment.content_feedback_magics_count, powerful: comment.content_feedback_powerfuls_count })[type];

/**
 * Like, Love and Magic toggles with their counts, pressed for the actor's own reaction; choosing it again removes it
 * (second document, section 4). Powerful has no picker in discussions but is counted, so it shows when someone chose it.
 * A reader who may not react sees the counts that are not zero, as text.
 */
export function CommentReactions({ comment }: { comment: Comment }) {
  const { opaqueId, canReact, announce } = useDiscussion();
  const feedback = useCommentFeedback(opaqueId);
  const current = comment.current_user_feedback_type;
  const powerful = countOf(comment, "powerful");

  const handleReact = (type: FeedbackType) => {
    if (feedback.isPending) return;
    const remove = current === type;
    feedback.mutate(
      { comment_id: comment.id, feedback_type: type, remove },
      {
        onSuccess: () => announce(remove ? `${LABELS[type]} removed.` : `${LABELS[type]} added.`),
        onError: (error) => showToast(discussionFailureText(error)),
      },
    );
  };

  if (!canReact) {
    // Counts only, for a reader who may not react (one who views the item only by its link).
    const chosen = ([...FEEDBACK_PICKER, "powerful"] as const).filter((type) => countOf(comment, type) > 0);
    if (!chosen.length) return null;
    return (
      <div className="comment-reactions" role="group" aria-label="Reactions">
        {chosen.map((type) => (
          <span key={type} className="reaction reaction--static">
            {LABELS[type]} <span className="reaction__count">{countOf(comment, type)}</span>
          </span>
        ))}
      </div>
    );
  }

  return (
    <div className="comment-reactions" role="group" aria-label="Reactions">
      {FEEDBACK_PICKER.map((type) => (
        <button
          key={type}
          type="button"
          className="reaction"
          aria-pressed={current === type}
          // aria-disabled rather than disabled, so focus stays on the button while the server answers.
          aria-disabled={feedback.isPending || undefined}
          onClick={() => handleReact(type)}
        >
          {LABELS[type]} <span className="reaction__count">{countOf(comment, type)}</span>
        </button>
      ))}
      {powerful > 0 && (
        <span className="reaction reaction--static">
          {LABELS.powerful} <span className="reaction__count">{powerful}</span>
        </span>
      )}
    </div>
  );
}
