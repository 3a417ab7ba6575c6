import type { Kysely } from "kysely";

/**
 * An announcement's meeting details (first document: the Announcement's "meeting details"; second: "Zoom ID shown
 * grouped 3-4-rest digits"): the Zoom ID and join URL an administrator writes on the Announcements page, shown in
 * the Read More modal with a Join link. Both null: no meeting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("announcements").addColumn("meeting_zoom_id", "varchar(32)").execute();
  await db.schema.alterTable("announcements").addColumn("meeting_join_url", "varchar(1000)").execute();
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("announcements").dropColumn("meeting_join_url").execute();
  await db.schema.alterTable("announcements").dropColumn("meeting_zoom_id").execute();
}
