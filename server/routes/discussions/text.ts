import { DISCUSSION_MESSAGES } from "../../../contract/index.js";
import { HttpError } from "../../lib/errors.js";
import { sanitizeUserHtml } from "../../lib/sanitize.js";

/** What HTML shows as text: tags dropped, no-break spaces as spaces. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;|\u00a0/gi, " ").trim();

/**
 * The comment text to store: HTML sanitized with the `comment` profile and refused as empty when nothing visible is
 * left (a lone <script> or <p></p>); plain text as sent (trimmed by the contract), which the card shows as text.
 */
export function commentContent(body: { comment: string; is_html: boolean }): string {
  if (!body.is_html) return body.comment;
  const clean = sanitizeUserHtml(body.comment, "comment");
  if (!visibleText(clean)) throw new HttpError(422, DISCUSSION_MESSAGES.commentRequired, { comment: [DISCUSSION_MESSAGES.commentRequired] });
  return clean;
}
