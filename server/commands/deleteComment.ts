import { sql } from "kysely";
import { DISCUSSION_MESSAGES } from "../../contract/index.js";
import type { Db } from "../db/connection.js";
import type { CommentRow } from "../db/schema.js";
import { addHistory } from "../models/comments.js";

/** What a delete left: removed (deleted_at) or kept with its content replaced (deleted_with_replies_at). */
export type DeletedComment = Pick<CommentRow, "id" | "deleted_at" | "deleted_with_replies_at" | "content">;

const DELETED_VALUES = { title: null, content: DISCUSSION_MESSAGES.deletedContent, is_html: false };

/**
 * Deletes a comment in one transaction. Without replies it is removed from lists and its parent's reply count
 * drops by one (never below 0), the parent going too when it was kept only for its replies and this was the last;
 * with replies it is kept, its content replaced by "This comment has been deleted.".
 * Either way a "deleted" history row is written. Deleting a comment already kept as deleted changes nothing.
 */
export async function deleteComment(db: Db, comment: CommentRow, deleterId: number): Promise<DeletedComment> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    if (comment.deleted_with_replies_at === null) {
      // Removed only while it has no replies: a reply racing this delete either counts first (and the comment is
      // kept below) or finds it removed (and is refused).
      const removed = await trx
        .updateTable("comments")
        .set({ deleted_at: now, updated_at: now })
        .where("id", "=", comment.id)
        .where("replies_count", "=", 0)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (Number(removed.numUpdatedRows) > 0) {
        if (comment.parent_id !== null) {
          await trx
            .updateTable("comments")
            .set({ replies_count: sql<number>`case when replies_count > 0 then replies_count - 1 else 0 end` })
            .where("id", "=", comment.parent_id)
            .execute();
          // A parent kept only for its replies goes with the last of them: nothing of it is left to read.
          await trx
            .updateTable("comments")
            .set({ deleted_at: now, updated_at: now })
            .where("id", "=", comment.parent_id)
            .where("replies_count", "=", 0)
            .where("deleted_with_replies_at", "is not", null)
            .where("deleted_at", "is", null)
            .execute();
        }
        await addHistory(trx, { commentId: comment.id, event: "deleted", profileId: deleterId, values: DELETED_VALUES }, now);
      } else {
        const kept = await trx
          .updateTable("comments")
          .set({ deleted_with_replies_at: now, updated_at: now, title: null, content: DELETED_VALUES.content, is_html: 0 })
          .where("id", "=", comment.id)
          .where("deleted_at", "is", null)
          .where("deleted_with_replies_at", "is", null)
          .executeTakeFirst();
        if (Number(kept.numUpdatedRows) > 0) await addHistory(trx, { commentId: comment.id, event: "deleted", profileId: deleterId, values: DELETED_VALUES }, now);
      }
    }
    return trx.selectFrom("comments").select(["id", "deleted_at", "deleted_with_replies_at", "content"]).where("id", "=", comment.id).executeTakeFirstOrThrow();
  });
}
