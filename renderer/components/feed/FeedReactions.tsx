import { FEED_FEEDBACK_PICKER, type FeedbackType, type FeedPost } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { useFeedPostFeedback, type FeedOwner } from "../../api/feeds.js";
import { ReactionBar, reactionAnnouncement } from "../ReactionBar.js";
import { showToast } from "../toastStore.js";

/** A feed post's reactions: all four types as toggles; those who may not react (guests) see the counts above zero. */
export function FeedReactions({ owner, post, onAnnounce }: { owner: FeedOwner; post: FeedPost; onAnnounce(message: string): void }) {
  const feedback = useFeedPostFeedback(owner);
  const handleReact = (type: FeedbackType, remove: boolean) =>
    feedback.mutate({ postId: post.id, feedback_type: type, remove }, { onSuccess: () => onAnnounce(reactionAnnouncement(type, remove)), onError: (error) => showToast(discussionFailureText(error)) });
  return <ReactionBar subject={post} picker={FEED_FEEDBACK_PICKER} canReact={post.abilities.react} pending={feedback.isPending} onReact={handleReact} />;
}
