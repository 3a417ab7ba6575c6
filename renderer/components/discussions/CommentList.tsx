import { useRef } from "react";
import type { Comment } from "../../../contract/index.js";
import { CommentItem } from "./CommentItem.js";

/**
 * The thread's top-level comments, newest first, and "View more comments" while the server has older pages. After a
 * page loads, focus goes to its first comment's author link: the button may be gone (last page), and reading on from
 * there is what the person asked for.
 */
export function CommentList({ comments, hasMore, loadingMore, onLoadMore }: { comments: Comment[]; hasMore: boolean; loadingMore: boolean; onLoadMore(): Promise<unknown> }) {
  const listRef = useRef<HTMLOListElement>(null);

  const handleLoadMore = async () => {
    if (loadingMore) return;
    const shown = comments.length;
    await onLoadMore();
    // After the new page is drawn.
    setTimeout(() => listRef.current?.querySelectorAll<HTMLLIElement>(":scope > li")[shown]?.querySelector<HTMLElement>("a, button")?.focus(), 0);
  };

  return (
    <>
      <ol ref={listRef} className="comment-list" aria-label="Comments">
        {comments.map((comment) => (
          <li key={comment.id} className="comment-list__item">
            <CommentItem comment={comment} />
          </li>
        ))}
      </ol>
      {hasMore && (
        <button type="button" className="button button--small button--secondary comment-list__more" aria-disabled={loadingMore || undefined} onClick={() => void handleLoadMore()}>
          {loadingMore ? "Loading comments…" : "View more comments"}
        </button>
      )}
    </>
  );
}
