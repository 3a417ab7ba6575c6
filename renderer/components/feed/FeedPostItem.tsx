import { useRef, useState } from "react";
import { READ_MORE_LINES, type FeedPost } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { reportFeedPost, useDeleteFeedPost, useEditFeedPost, type FeedOwner } from "../../api/feeds.js";
import { AttachmentList } from "../attachments/AttachmentList.js";
import { ReadMore } from "../carousel/ReadMore.js";
import { CommentForm } from "../discussions/CommentForm.js";
import { CommentHeader } from "../discussions/CommentHeader.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { FlagDialog } from "../content/FlagDialog.js";
import { showToast } from "../toastStore.js";
import { FeedPostComments } from "./FeedPostComments.js";
import { FeedReactions } from "./FeedReactions.js";

/**
 * One post: poster, M/D/YYYY date, Edited marker, the text (plain text, shown as text), its attachments, reactions, and
 * the actions the server's abilities allow: Edit Post (the poster: the text is edited in place), Delete Post (the
 * poster, the group's leaders, moderators, admins), Report as Inappropriate (others); then its comments (FeedPostComments).
 */
export function FeedPostItem({ owner, post, onAnnounce, onDeleted }: { owner: FeedOwner; post: FeedPost; onAnnounce(message: string): void; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const remove = useDeleteFeedPost(owner);
  const edit = useEditFeedPost(owner);
  const name = post.poster.name;

  const handleDelete = () => {
    setConfirming(false);
    remove.mutate(post.id, {
      onSuccess: () => {
        onAnnounce("Post deleted.");
        // The post leaves the list, and its buttons with it.
        onDeleted();
      },
      onError: (error) => showToast(discussionFailureText(error)),
    });
  };

  // The form leaves with the change: focus goes back to Edit Post once it is drawn again.
  const closeEditor = () => {
    setEditing(false);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const handleEditSubmit = async (text: string) => {
    try {
      await edit.mutateAsync({ postId: post.id, content: text });
      onAnnounce("Post saved.");
      closeEditor();
      return true;
    } catch {
      return false;
    }
  };
  const handleEditCancel = () => {
    edit.reset();
    closeEditor();
  };

  return (
    <article className="comment feed-post" aria-label={`Post by ${name}`}>
      <CommentHeader name={name} link={post.poster.link} date={post.created_at}>
        {post.edited_at && <span className="comment__marker">Edited</span>}
      </CommentHeader>
      {editing ? (
        <CommentForm
          label="Edit your post"
          initialValue={post.content}
          submitLabel="Save"
          busyLabel="Saving…"
          busy={edit.isPending}
          failure={edit.error ? discussionFailureText(edit.error) : null}
          onSubmit={handleEditSubmit}
          onCancel={handleEditCancel}
          autoFocus
        />
      ) : (
        // Plain text stays text: React escapes it, and CSS keeps its line breaks. Collapsed after 8 lines with More/Less (second document: "Read-more collapses after 8 lines by default").
        <ReadMore key={post.content} text={post.content} lines={READ_MORE_LINES} className="comment__body comment__body--text" />
      )}
      <AttachmentList attachments={post.attachments} />
      {!editing && (
        <div className="comment__actions">
          <FeedReactions owner={owner} post={post} onAnnounce={onAnnounce} />
          {post.abilities.edit && (
            <button ref={editButton} type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit Post
            </button>
          )}
          {post.abilities.delete && (
            <button type="button" className="link-button link-button--danger" aria-disabled={remove.isPending || undefined} onClick={() => !remove.isPending && setConfirming(true)}>
              Delete Post
            </button>
          )}
          {post.abilities.report && (
            <button type="button" className="link-button" onClick={() => setReporting(true)}>
              Report as Inappropriate
            </button>
          )}
        </div>
      )}
      {reporting && <FlagDialog title="Report as Inappropriate" subject={`${name}'s post`} send={(report) => reportFeedPost(post.id, report)} onClose={() => setReporting(false)} />}
      <FeedPostComments opaqueId={post.opaque_id} posterName={name} onAnnounce={onAnnounce} onFocusLost={onDeleted} />
      {confirming && <ConfirmDialog title="Delete post" message="Are you sure you want to delete this post?" confirmLabel="Delete" onConfirm={handleDelete} onCancel={() => setConfirming(false)} />}
    </article>
  );
}
