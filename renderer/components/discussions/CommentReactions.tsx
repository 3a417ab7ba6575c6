import { FEEDBACK_PICKER, type Comment, type FeedbackType } from "../../../contract/index.js";
import { discussionFailureText, useCommentFeedback } from "../../api/discussions.js";
import { ReactionBar, reactionAnnouncement } from "../ReactionBar.js";
import { showToast } from "../toastStore.js";
import { useDiscussion } from "./DiscussionContext.js";

/**
 * A comment's reactions (second document, section 4): Like, Love and Magic toggles; Powerful has no picker in
 * discussions but is counted, so it shows when someone chose it. A reader who may not react (one who views the item
 * only by its link) sees the counts that are not zero.
 */
export function CommentReactions({ comment }: { comment: Comment }) {
  const { opaqueId, context, canReact, announce } = useDiscussion();
  const feedback = useCommentFeedback(opaqueId, context);
  const handleReact = (type: FeedbackType, remove: boolean) =>
    feedback.mutate({ comment_id: comment.id, feedback_type: type, remove }, { onSuccess: () => announce(reactionAnnouncement(type, remove)), onError: (error) => showToast(discussionFailureText(error)) });
  return <ReactionBar subject={comment} picker={FEEDBACK_PICKER} canReact={canReact} pending={feedback.isPending} onReact={handleReact} />;
}
