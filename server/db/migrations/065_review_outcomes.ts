import type { Kysely } from "kysely";

/** The three tables of reports (items, comments, feed posts). */
const REPORT_TABLES = ["content_flags", "comment_flags", "feed_post_flags"];

/**
 * What the staff did about a report and about a contact message. A resolved report records its outcome ("none": no
 * action needed, "removed": the content was removed or hidden) and the reviewer's note for the staff; a contact
 * message records who marked it handled, and when (null while it is open). No foreign keys, as for reviewed_by
 * (migration 024): SQLite cannot drop a column that has one, and the lists read the profile with a left join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of REPORT_TABLES) {
    await db.schema.alterTable(table).addColumn("outcome", "varchar(16)").execute();
    await db.schema.alterTable(table).addColumn("review_note", "varchar(500)").execute();
  }
  await db.schema.alterTable("contact_messages").addColumn("handled_by", "integer").execute();
  await db.schema.alterTable("contact_messages").addColumn("handled_at", "varchar(32)").execute();
  await db.schema.createIndex("contact_messages_handled").on("contact_messages").columns(["handled_at", "id"]).execute();
}

/** Drops the columns and the index again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_handled").ifExists().execute();
  await db.schema.alterTable("contact_messages").dropColumn("handled_at").execute();
  await db.schema.alterTable("contact_messages").dropColumn("handled_by").execute();
  for (const table of REPORT_TABLES) {
    await db.schema.alterTable(table).dropColumn("review_note").execute();
    await db.schema.alterTable(table).dropColumn("outcome").execute();
  }
}
