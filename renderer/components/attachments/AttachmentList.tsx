import type { MouseEvent } from "react";
import type { CommentAttachment, PostAttachment } from "../../../contract/index.js";
import { discussionFailureText } from "../../api/discussions.js";
import { downloadAttachment } from "../../api/attachments.js";
import { showToast } from "../toastStore.js";
import { FileIcon } from "./AttachmentPicker.js";

/** What the list shows of a post's or a comment's attachment. */
type ShownAttachment = Pick<PostAttachment | CommentAttachment, "attachment_id" | "title" | "link" | "description">;

/**
 * A post's or comment's attachments: each a link to its file with its size. A plain click downloads it through the API client (a
 * refusal is then said in a toast); a modified click (new tab, save as) is left to the browser.
 */
export function AttachmentList({ attachments }: { attachments: ShownAttachment[] }) {
  if (!attachments.length) return null;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, attachment: ShownAttachment) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    downloadAttachment(attachment.link, attachment.title).catch((error: unknown) => showToast(discussionFailureText(error)));
  };
  return (
    <ul className="attachment-list" aria-label="Attachments">
      {attachments.map((a) => (
        <li key={a.attachment_id}>
          <a className="attachment-list__link" href={a.link} download={a.title} onClick={(event) => handleClick(event, a)}>
            <FileIcon />
            <span className="attachment-list__name">{a.title}</span>
          </a>{" "}
          <span className="attachment-list__size">({a.description})</span>
        </li>
      ))}
    </ul>
  );
}
