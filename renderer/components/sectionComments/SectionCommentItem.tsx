import { useRef, useState } from "react";
import type { SectionCommentView } from "../../../contract/index.js";
import { sectionCommentFailureText, useSectionCommentActions, type CommentedItem } from "../../api/sectionComments.js";
import { discussionFailureText } from "../../api/discussions.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { CommentForm } from "../discussions/CommentForm.js";
import { CommentHeader } from "../discussions/CommentHeader.js";

/**
 * One comment on a section: writer, M/D/YYYY date, an Edited marker, the plain text, and Edit and Delete for its writer
 * (second document: "Legacy comment: edit and delete only by its creator"). `onDeleted` says where focus goes once it is gone.
 */
export function SectionCommentItem({ item, sectionUid, comment, onDeleted }: { item: CommentedItem; sectionUid: string; comment: SectionCommentView; onDeleted(): void }) {
  const { update, remove } = useSectionCommentActions(item, sectionUid);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  const handleSave = async (content: string) => {
    try {
      await update.mutateAsync({ commentId: comment.id, content });
      setEditing(false);
      setTimeout(() => editButton.current?.focus(), 0);
      return true;
    } catch {
      return false;
    }
  };
  const handleDelete = async () => {
    setConfirming(false);
    try {
      await remove.mutateAsync(comment.id);
      onDeleted();
    } catch {
      // Shown below the comment.
    }
  };

  return (
    <article className="comment" aria-label={`Comment by ${comment.creator.name}`}>
      <CommentHeader name={comment.creator.name} link={comment.creator.link} date={comment.created_at}>
        {comment.edited && <span className="comment__marker">Edited</span>}
      </CommentHeader>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          initialValue={comment.content}
          submitLabel="Save"
          busyLabel="Saving…"
          busy={update.isPending}
          failure={update.error ? sectionCommentFailureText(update.error) : null}
          onSubmit={handleSave}
          onCancel={() => {
            setEditing(false);
            update.reset();
            setTimeout(() => editButton.current?.focus(), 0);
          }}
          autoFocus
        />
      ) : (
        <p className="comment__body comment__body--text">{comment.content}</p>
      )}
      {!editing && (comment.abilities.edit || comment.abilities.delete) && (
        <div className="comment__actions">
          {comment.abilities.edit && (
            <button ref={editButton} type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          {comment.abilities.delete && (
            <button type="button" className="link-button link-button--danger" aria-disabled={remove.isPending || undefined} onClick={() => !remove.isPending && setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      )}
      {remove.error && (
        <p className="field__error" role="alert">
          {discussionFailureText(remove.error, "The comment could not be deleted. Please try again.")}
        </p>
      )}
      {confirming && <ConfirmDialog title="Delete comment" message="Are you sure you want to delete this comment?" confirmLabel="Delete" onConfirm={handleDelete} onCancel={() => setConfirming(false)} />}
    </article>
  );
}
