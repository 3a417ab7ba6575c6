import { DISCUSSION_MESSAGES, THREAD_LIST_READ_MORE_LINES, type DiscussionThread, type DiscussionList } from "../../../contract/index.js";
import { Icon } from "../Icon.js";
import { ReadMore } from "../carousel/ReadMore.js";
import { shortDate } from "../dates.js";

/** "No comments", "1 comment", "4 comments": a thread's replies. */
const commentsText = (count: number) => (count === 0 ? "No comments" : `${count} ${count === 1 ? "comment" : "comments"}`);

/** What a thread's text shows in the list: plain text as it is, HTML (sanitized on the server) as its words. */
const previewOf = (thread: DiscussionThread) => (thread.is_html ? (new DOMParser().parseFromString(thread.content, "text/html").body.textContent ?? "") : thread.content);

/**
 * A page of a group's threads: each a button with its title that opens the discussion modal, its author, comment
 * count and last activity (M/D/YYYY), and its text cut to 5 lines with More/Less (second document, section 9).
 */
export function DiscussionThreadList({ threads, label, onOpen }: { threads: DiscussionThread[]; label: string; onOpen(thread: DiscussionThread): void }) {
  return (
    <ol className="thread-list" aria-label={label}>
      {threads.map((thread) => {
        const deleted = Boolean(thread.deleted_with_replies_at);
        const text = deleted ? DISCUSSION_MESSAGES.deletedContent : previewOf(thread);
        return (
          <li key={thread.id} className="thread-list__item">
            <h3 className="thread-list__heading">
              <button type="button" className="link-button thread-list__title" onClick={() => onOpen(thread)}>
                {thread.title ?? "Deleted discussion"}
              </button>
            </h3>
            <p className="thread-list__meta">
              <span>By {thread.creator.name}</span>
              <span>{commentsText(thread.replies_count)}</span>
              <span>
                Last activity <time dateTime={thread.last_activity_at}>{shortDate(thread.last_activity_at)}</time>
              </span>
            </p>
            <ReadMore key={`${thread.id}:${text}`} text={text} lines={THREAD_LIST_READ_MORE_LINES} className="thread-list__text" />
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The paging arrows of a list of threads, with where the reader is ("Page 2 of 3"); nothing when the list fits on one
 * page (or is empty: "Page 1 of 0" and two dead arrows say nothing). At either end its arrow is disabled.
 */
export function ThreadPager({ meta, busy, onPage, label }: { meta: DiscussionList["meta"]; busy: boolean; onPage(page: number): void; label: string }) {
  if (meta.last_page <= 1) return null;
  const first = meta.current_page <= 1;
  const last = meta.current_page >= meta.last_page;
  return (
    <nav className="thread-pager" aria-label={label}>
      <button type="button" className="icon-button" aria-disabled={first || busy || undefined} onClick={() => !first && !busy && onPage(meta.current_page - 1)}>
        <Icon name="chevronLeft" />
        <span className="visually-hidden">Previous page</span>
      </button>
      <span className="thread-pager__where">
        Page {meta.current_page} of {meta.last_page}
      </span>
      <button type="button" className="icon-button" aria-disabled={last || busy || undefined} onClick={() => !last && !busy && onPage(meta.current_page + 1)}>
        <Icon name="chevronRight" />
        <span className="visually-hidden">Next page</span>
      </button>
    </nav>
  );
}
