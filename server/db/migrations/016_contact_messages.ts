import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Messages sent with the contact form (POST /contact/send), for administrators and moderators to read. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // The sender's profile when signed in; a deleted profile leaves the message.
    .addColumn("profile_id", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("email", "varchar(255)", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    // A JPEG data URL of the page, when the sender ticked the screenshot option.
    .addColumn("screenshot", "text")
    .addColumn("page", "varchar(2000)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created").on("contact_messages").column("created_at").execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").ifExists().execute();
}
