import { useState } from "react";
import type { FeedPost } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { reportFeedPost, useDeleteFeedPost, type FeedOwner } from "../../api/feeds.js";
import { ConfirmDialog } from "../ConfirmDialog.js";
import { FlagDialog } from "../content/FlagDialog.js";
import { showToast } from "../toastStore.js";
import { FeedReactions } from "./FeedReactions.js";
import { shortDate } from "../shortDate.js";

/**
 * One post: poster, M/D/YYYY date, the text (plain text, shown as text), reactions, and the actions the server's
 * abilities allow: Delete Post (the poster, the group's leaders, moderators, admins), Report as Inappropriate (others).
 */
export function FeedPostItem({ owner, post, onAnnounce, onDeleted }: { owner: FeedOwner; post: FeedPost; onAnnounce(message: string): void; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteFeedPost(owner);
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

  return (
    <article className="comment feed-post" aria-label={`Post by ${name}`}>
      <header className="comment__header">
        <span className="comment__avatar comment__avatar--initial" aria-hidden="true">
          {name.trim().charAt(0).toUpperCase()}
        </span>
        <span className="comment__author">{name}</span>
        <time className="comment__date" dateTime={post.created_at}>
          {shortDate(post.created_at)}
        </time>
      </header>
      {/* Plain text stays text: React escapes it, and CSS keeps its line breaks. */}
      <p className="comment__body comment__body--text">{post.content}</p>
      <div className="comment__actions">
        <FeedReactions owner={owner} post={post} onAnnounce={onAnnounce} />
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
      {reporting && <FlagDialog title="Report as Inappropriate" subject={`${name}'s post`} send={(report) => reportFeedPost(post.id, report)} onClose={() => setReporting(false)} />}
      {confirming && <ConfirmDialog title="Delete post" message="Are you sure you want to delete this post?" confirmLabel="Delete" onConfirm={handleDelete} onCancel={() => setConfirming(false)} />}
    </article>
  );
}
