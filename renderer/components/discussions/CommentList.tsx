import type { Comment } from "../../../contract/index.js";
import { CommentItem } from "./CommentItem.js";

/** The thread's top-level comments, newest first, and "View more comments" while the server has older pages. */
export function CommentList({ comments, hasMore, loadingMore, onLoadMore }: { comments: Comment[]; hasMore: boolean; loadingMore: boolean; onLoadMore(): void }) {
  return (
    <>
      <ol className="comment-list" aria-label="Comments">
        {comments.map((comment) => (
          <li key={comment.id} className="comment-list__item">
            <CommentItem comment={comment} />
          </li>
        ))}
      </ol>
      {hasMore && (
        <button type="button" className="button button--small button--secondary comment-list__more" aria-disabled={loadingMore || undefined} onClick={() => !loadingMore && onLoadMore()}>
          {loadingMore ? "Loading comments…" : "View more comments"}
        </button>
      )}
    </>
  );
}
