import type { Kysely } from "kysely";

/** The three tables of reports (items, comments, feed posts). */
const REPORT_TABLES = ["content_flags", "comment_flags", "feed_post_flags"];

/**
 * Who last resolved or opened again each report, and when (the staff's Reports page shows it). No foreign key:
 * SQLite cannot drop a column that has one, and the list reads the profile with a left join, so a profile
 * deleted later leaves the time and no name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of REPORT_TABLES) {
    await db.schema.alterTable(table).addColumn("reviewed_by", "integer").execute();
    await db.schema.alterTable(table).addColumn("reviewed_at", "varchar(32)").execute();
  }
}

/** Drops the two columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of REPORT_TABLES) {
    await db.schema.alterTable(table).dropColumn("reviewed_at").execute();
    await db.schema.alterTable(table).dropColumn("reviewed_by").execute();
  }
}
