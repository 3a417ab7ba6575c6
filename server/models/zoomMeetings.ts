import type { Db } from "../db/connection.js";
import type { ZoomMeetingRow, ZoomMeetingsTable } from "../db/schema.js";
import type { Insertable } from "kysely";

/** Records a meeting or webinar the server created through Zoom for a profile. */
export async function insertZoomMeeting(db: Db, values: Omit<Insertable<ZoomMeetingsTable>, "id" | "comment_id">): Promise<ZoomMeetingRow> {
  return db.insertInto("zoom_meetings").values({ ...values, comment_id: null }).returningAll().executeTakeFirstOrThrow();
}

/**
 * Gives a new comment the meeting its author created and no comment carries yet; false when the id is not such a
 * meeting (someone else's, already posted, unknown). Run inside the comment's transaction.
 */
export async function attachZoomMeeting(db: Db, meetingId: number, profileId: number, commentId: number): Promise<boolean> {
  const done = await db.updateTable("zoom_meetings").set({ comment_id: commentId }).where("id", "=", meetingId).where("profile_id", "=", profileId).where("comment_id", "is", null).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The meetings of these comments, by comment id. */
export async function zoomMeetingsOfComments(db: Db, commentIds: number[]): Promise<Map<number, ZoomMeetingRow>> {
  const byComment = new Map<number, ZoomMeetingRow>();
  if (commentIds.length === 0) return byComment;
  const rows = await db.selectFrom("zoom_meetings").selectAll().where("comment_id", "in", commentIds).execute();
  for (const row of rows) if (row.comment_id !== null) byComment.set(row.comment_id, row);
  return byComment;
}
