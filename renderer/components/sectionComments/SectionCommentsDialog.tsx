import type { ReactNode } from "react";
import type { SectionCommentView } from "../../../contract/index.js";
import type { CommentedItem } from "../../api/sectionComments.js";
import { CloseActions, ModalFrame } from "../ModalFrame.js";
import { SectionCommentItem } from "./SectionCommentItem.js";

/** A thread's comments as a list, oldest first; each comment offers Edit and Delete only as its abilities allow. */
export function SectionCommentList({ item, sectionUid, comments, onDeleted }: { item: CommentedItem; sectionUid: string; comments: SectionCommentView[]; onDeleted(): void }) {
  return (
    <ol className="section-comments__list">
      {comments.map((comment) => (
        <li key={comment.id}>
          <SectionCommentItem item={item} sectionUid={sectionUid} comment={comment} onDeleted={onDeleted} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The View Previous Comments dialog (second document: the legacy comment popover's modal): every comment of a
 * section's thread. The Deleted Comment Threads card opens it too, for a removed section's thread, whose comments
 * the server answers read-only.
 */
export function SectionCommentsDialog({
  item,
  sectionUid,
  sectionName,
  comments,
  description,
  onClose,
  onDeleted = () => undefined,
}: {
  item: CommentedItem;
  sectionUid: string;
  sectionName: string;
  comments: SectionCommentView[];
  description?: ReactNode;
  onClose(): void;
  onDeleted?(): void;
}) {
  return (
    <ModalFrame title={`Comments on ${sectionName}`} description={description} onClose={onClose} className="dialog dialog--wide">
      <SectionCommentList item={item} sectionUid={sectionUid} comments={comments} onDeleted={onDeleted} />
      <CloseActions variant="secondary" />
    </ModalFrame>
  );
}
