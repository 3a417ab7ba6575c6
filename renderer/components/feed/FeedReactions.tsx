import { FEED_FEEDBACK_PICKER, type FeedbackType, type FeedPost } from "../../../contract/index.js";
import { useFeedPostFeedback, type FeedOwner } from "../../api/feeds.js";
import { discussionFailureText } from "../../api/discussions.js";
import { showToast } from "../toastStore.js";

const LABELS: Record<FeedbackType, string> = { like: "Like", love: "Love", magic: "Magic", powerful: "Powerful" };

/** A post's count of one reaction type. */
const countOf = (post: FeedPost, type: FeedbackType): number =>
  ({ like: post.content_feedback_likes_count, love: post.content_feedback_loves_count, magic: post.content_feedback_magics_count, powerful: post.content_feedback_powerfuls_count })[type];

/**
 * Like, Love, Magic and Powerful toggles with their counts, pressed for the actor's own reaction; choosing it again
 * removes it. Those who may not react (guests) see the counts that are above zero.
 */
export function FeedReactions({ owner, post, onAnnounce }: { owner: FeedOwner; post: FeedPost; onAnnounce(message: string): void }) {
  const feedback = useFeedPostFeedback(owner);
  const current = post.current_user_feedback_type;

  const handleReact = (type: FeedbackType) => {
    if (feedback.isPending) return;
    const remove = current === type;
    feedback.mutate(
      { postId: post.id, feedback_type: type, remove },
      {
        onSuccess: () => onAnnounce(remove ? `${LABELS[type]} removed.` : `${LABELS[type]} added.`),
        onError: (error) => showToast(discussionFailureText(error)),
      },
    );
  };

  if (!post.abilities.react) {
    const counted = FEED_FEEDBACK_PICKER.filter((type) => countOf(post, type) > 0);
    if (!counted.length) return null;
    return (
      <ul className="comment-reactions feed-post__counts" aria-label="Reactions">
        {counted.map((type) => (
          <li key={type} className="reaction reaction--static">
            {LABELS[type]} <span className="reaction__count">{countOf(post, type)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="comment-reactions" role="group" aria-label="Reactions">
      {FEED_FEEDBACK_PICKER.map((type) => (
        <button
          key={type}
          type="button"
          className="reaction"
          aria-pressed={current === type}
          // aria-disabled rather than disabled, so focus stays on the button while the server answers.
          aria-disabled={feedback.isPending || undefined}
          onClick={() => handleReact(type)}
        >
          {LABELS[type]} <span className="reaction__count">{countOf(post, type)}</span>
        </button>
      ))}
    </div>
  );
}
