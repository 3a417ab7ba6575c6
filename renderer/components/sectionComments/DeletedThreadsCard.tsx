import { useId, useState } from "react";
import { THREAD_OPEN, type RemovedSectionThreadView } from "../../../contract/index.js";
import { useRemovedSectionThreads, type CommentedItem } from "../../api/sectionComments.js";
import { shortDate } from "../dates.js";
import { SectionCommentsDialog } from "./SectionCommentsDialog.js";

/** What a removed section is called: its last title, or a stand-in when it had none (or it was removed before titles were kept). */
const sectionNameOf = (thread: RemovedSectionThreadView) => thread.section_title?.trim() || "Untitled section";
const countText = (n: number) => (n === 1 ? "1 comment" : `${n} comments`);

/**
 * The Deleted Comment Threads sidebar (second document, section 2): the comment threads of sections removed from the
 * item, so its authors still see the feedback on them. Each entry: the section's last title, Open or Resolved, the
 * number of comments, and a button opening the comments (read-only) in the View Previous Comments dialog. Shown only
 * when there are any; `enabled` is for those who may edit the item (the only ones the server answers).
 */
export function DeletedThreadsCard({ item, enabled }: { item: CommentedItem; enabled: boolean }) {
  const headingId = useId();
  const { data } = useRemovedSectionThreads(item, enabled);
  const [openId, setOpenId] = useState<number | null>(null);
  const threads = data?.threads ?? [];
  if (!enabled || threads.length === 0) return null;
  const opened = threads.find((t) => t.id === openId);
  return (
    <aside className="related-list deleted-threads" aria-labelledby={headingId}>
      <h2 id={headingId} className="related-list__title">
        Deleted Comment Threads
      </h2>
      <ul className="related-list__items">
        {threads.map((thread) => {
          const name = sectionNameOf(thread);
          const open = thread.status === THREAD_OPEN;
          return (
            <li key={thread.id} className="deleted-threads__item">
              <span className="deleted-threads__title">{name}</span>
              <span className="related-list__meta deleted-threads__meta">
                <span className={`section-comments__status section-comments__status--${open ? "open" : "resolved"}`}>{open ? "Open" : "Resolved"}</span>
                <span>{countText(thread.comments_count)}</span>
                <span>
                  Removed <time dateTime={thread.removed_at}>{shortDate(thread.removed_at)}</time>
                </span>
              </span>
              <button type="button" className="button button--secondary button--small deleted-threads__open" onClick={() => setOpenId(thread.id)}>
                View comments<span className="visually-hidden"> on {name}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {opened && (
        <SectionCommentsDialog
          item={item}
          sectionUid={opened.module_id}
          sectionName={sectionNameOf(opened)}
          comments={opened.comments}
          description={`This section was removed on ${shortDate(opened.removed_at)}; its comments can be read but not changed.`}
          onClose={() => setOpenId(null)}
        />
      )}
    </aside>
  );
}
