import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Notifications (what the second document's subscriptions and notification settings are for) and the settings a
 * profile turned off. A notification keeps the title and link of what it is about as they were when it was sent, so
 * the list reads without joining the content (a later rename or removal leaves it as it was said). A setting is on
 * unless a row says it is off, so profiles that never opened the settings hold no rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("notifications")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("kind", "varchar(32)", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("subject_title", "varchar(255)", (c) => c.notNull())
    .addColumn("subject_link", "varchar(512)", (c) => c.notNull())
    .addColumn("excerpt", "varchar(255)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("read_at", "varchar(32)")
    .execute();
  // A profile's list, newest first, and its unread count.
  await db.schema.createIndex("notifications_profile").on("notifications").columns(["profile_id", "id"]).execute();
  await db.schema
    .createTable("notification_settings")
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("setting", "varchar(32)", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_settings_pk", ["profile_id", "setting"])
    .execute();
}

/** Drops both tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification_settings").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
}
