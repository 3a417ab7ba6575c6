import type { Kysely } from "kysely";

/**
 * What makes a content item (an announcement page) a system announcement shown as a banner: its type, the window it is
 * shown in, its order (sticky first, then priority), the call to action, which of Snooze and Dismiss it offers, and the
 * full text of its Read More modal. One row per item; the item's title, description and visibility stay on `content`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("announcements")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("content.id").onDelete("cascade"))
    .addColumn("type", "varchar(16)", (c) => c.notNull().defaultTo("information"))
    // ISO times (toISOString), so text order is time order on both databases; null is open-ended.
    .addColumn("start_time", "varchar(32)")
    .addColumn("end_time", "varchar(32)")
    .addColumn("event_start_time", "varchar(32)")
    .addColumn("event_end_time", "varchar(32)")
    .addColumn("all_day", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_sticky", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cta_text", "varchar(255)")
    .addColumn("link", "varchar(2000)")
    .addColumn("show_snooze", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("show_dismiss", "integer", (c) => c.notNull().defaultTo(1))
    // HTML, sanitized again whenever it is presented.
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("announcements_window").on("announcements").columns(["start_time", "end_time"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("announcements").ifExists().execute();
}
