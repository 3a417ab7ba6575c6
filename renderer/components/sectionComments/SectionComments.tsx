import { useId, useRef, useState } from "react";
import { POPOVER_COMMENTS, THREAD_OPEN, THREAD_RESOLVED, type SectionThreadsResponse } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { sectionCommentFailureText, useSectionCommentActions, useSectionThread, type CommentedItem } from "../../api/sectionComments.js";
import { CommentForm } from "../discussions/CommentForm.js";
import { Icon } from "../Icon.js";
import { SectionCommentList, SectionCommentsDialog } from "./SectionCommentsDialog.js";

type ThreadSummary = SectionThreadsResponse["threads"][number];

/**
 * A section's comments (second document: the legacy comment popover): a Comments button showing how many there are and
 * whether the thread is open or resolved; opened, the last 3 comments, "View Previous Comments (N)" for the rest in a
 * dialog, the comment form, and the status toggle (Mark As Resolved / Re-open) for those the server allows. A
 * disclosure at the end of the section rather than a floating popover, so it reads in order and never covers the text.
 */
export function SectionComments({ item, sectionUid, sectionName, summary }: { item: CommentedItem; sectionUid: string; sectionName: string; summary: ThreadSummary | undefined }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [allOpen, setAllOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const thread = useSectionThread(item, sectionUid, open || allOpen);
  const { add, setStatus } = useSectionCommentActions(item, sectionUid);
  const comments = thread.data?.thread?.comments ?? [];
  const earlier = Math.max(0, comments.length - POPOVER_COMMENTS);
  const status = thread.data?.thread?.status ?? summary?.status;
  const count = summary?.comments_count ?? 0;

  const handleAdd = async (content: string) => {
    try {
      await add.mutateAsync(content);
      return true;
    } catch {
      return false;
    }
  };
  const handleToggleStatus = () => {
    const current = thread.data?.thread;
    if (!current || setStatus.isPending) return;
    setStatus.mutate({ threadId: current.id, status: current.status === THREAD_OPEN ? THREAD_RESOLVED : THREAD_OPEN });
  };
  const focusToggle = () => setTimeout(() => toggleRef.current?.focus(), 0);

  const list = (shown: typeof comments) => <SectionCommentList item={item} sectionUid={sectionUid} comments={shown} onDeleted={focusToggle} />;

  return (
    <div className="section-comments">
      <button ref={toggleRef} type="button" className="button button--ghost button--small section-comments__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <Icon name="message" size={16} />
        {count > 0 ? `Comments (${count})` : "Comment"}
        <span className="visually-hidden"> on {sectionName}</span>{" "}
        {count > 0 && status !== undefined && <span className={`section-comments__status section-comments__status--${status === THREAD_OPEN ? "open" : "resolved"}`}>{status === THREAD_OPEN ? "Open" : "Resolved"}</span>}
      </button>
      {open && (
        <div id={panelId} className="section-comments__panel" role="region" aria-label={`Comments on ${sectionName}`}>
          {thread.isPending ? (
            <p className="discuss-card__note">Loading comments…</p>
          ) : thread.error ? (
            <p className="field__error" role="alert">
              {discussionFailureText(thread.error, "The comments could not be loaded. Please try again.")}
            </p>
          ) : (
            <>
              {earlier > 0 && (
                <button type="button" className="link-button" onClick={() => setAllOpen(true)}>
                  View Previous Comments ({earlier})
                </button>
              )}
              {comments.length > 0 ? list(comments.slice(-POPOVER_COMMENTS)) : <p className="discuss-card__note">No comments on this section yet.</p>}
              {thread.data?.abilities.set_status && thread.data.thread && (
                <div className="section-comments__status-row">
                  <button type="button" className="button button--secondary button--small" aria-disabled={setStatus.isPending || undefined} onClick={handleToggleStatus}>
                    {thread.data.thread.status === THREAD_OPEN ? "Mark As Resolved" : "Re-open"}
                  </button>
                  {setStatus.error && (
                    <p className="field__error" role="alert">
                      {discussionFailureText(setStatus.error)}
                    </p>
                  )}
                </div>
              )}
              {thread.data?.abilities.comment && (
                <CommentForm
                  label={`Comment on ${sectionName}`}
                  placeholder="Add a comment..."
                  submitLabel="Comment"
                  busyLabel="Sending…"
                  busy={add.isPending}
                  failure={add.error ? sectionCommentFailureText(add.error) : null}
                  onSubmit={handleAdd}
                />
              )}
            </>
          )}
        </div>
      )}
      {allOpen && <SectionCommentsDialog item={item} sectionUid={sectionUid} sectionName={sectionName} comments={comments} onClose={() => setAllOpen(false)} onDeleted={focusToggle} />}
    </div>
  );
}
