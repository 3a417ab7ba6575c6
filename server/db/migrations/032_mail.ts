import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * What the site's mail needs: password reset tokens (only their SHA-256 is kept, so a copy of the database resets no
 * one's password), pending e-mail invites to an item (taken by opening the mailed link), and the profile a session belongs to (so a password change can
 * end that profile's sessions without reading every session's data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("password_resets")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_resets_profile").on("password_resets").column("profile_id").execute();
  await db.schema
    .createTable("permission_invites")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    // Lowercased, one invite per address and item.
    .addColumn("email", "varchar(255)", (c) => c.notNull())
    // SHA-256 of the secret in the mailed link: whoever opens that link signed in takes the invite (an address alone
    // proves nothing, since accounts do not verify their e-mail addresses).
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    // "read" or "edit" (edit brings read), as a profile's grant.
    .addColumn("permission", "varchar(16)", (c) => c.notNull())
    .addColumn("invited_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("permission_invites_one_per_email", ["content_id", "email"])
    .execute();
  await db.schema.createIndex("permission_invites_email").on("permission_invites").column("email").execute();
  await db.schema.alterTable("sessions").addColumn("profile_id", "integer").execute();
  await db.schema.createIndex("sessions_profile").on("sessions").column("profile_id").execute();
}

/** Drops the tables and the sessions' profile column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("sessions_profile").ifExists().execute();
  await db.schema.alterTable("sessions").dropColumn("profile_id").execute();
  await db.schema.dropTable("permission_invites").ifExists().execute();
  await db.schema.dropTable("password_resets").ifExists().execute();
}
