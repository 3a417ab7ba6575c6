import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Confirmed e-mail addresses: `profiles.email_verified_at` (set when the address is confirmed through a mailed link, by
 * a provider that vouches for it at single sign-on, or for the demo's accounts; accounts from before stay null), and the
 * pending confirmations (`email_changes`): an address a profile asked for, until its link is opened (only the
 * secret's SHA-256 is kept, as for password resets). Registration's first confirmation is one too, of the same address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable("profiles").addColumn("email_verified_at", "varchar(32)").execute();
  await db.schema
    .createTable("email_changes")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("email", "varchar(255)", (c) => c.notNull())
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("email_changes_profile").on("email_changes").column("profile_id").execute();
}

/** Drops the table and the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_changes").ifExists().execute();
  await db.schema.alterTable("profiles").dropColumn("email_verified_at").execute();
}
