import { DISCUSSION_MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import { HttpError } from "../lib/errors.js";
import { addHistory } from "../models/comments.js";

/** An edit of a comment: who edits it and its new values (text checked, and sanitized when HTML). */
export interface CommentEdit {
  commentId: number;
  editorId: number;
  title: string | null;
  content: string;
  isHtml: boolean;
}

/** Saves an edit and its "edited" history row in one transaction; a comment deleted meanwhile is refused (409). */
export async function editComment(db: Db, e: CommentEdit): Promise<void> {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const saved = await trx
      .updateTable("comments")
      .set({ title: e.title, content: e.content, is_html: e.isHtml ? 1 : 0, edited_at: now, updated_at: now })
      .where("id", "=", e.commentId)
      .where("deleted_at", "is", null)
      .where("deleted_with_replies_at", "is", null)
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) === 0) throw new HttpError(409, DISCUSSION_MESSAGES.deletedNotEditable);
    await addHistory(trx, { commentId: e.commentId, event: "edited", profileId: e.editorId, values: { title: e.title, content: e.content, is_html: e.isHtml } }, now);
  });
}
