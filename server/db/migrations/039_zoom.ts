import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Meeting integration (second document: the Connect to Zoom dialog, "Meeting details: owner.name, zoom_id, join_url").
 * `third_party_accounts`: a profile's connection to a provider (Zoom), its OAuth tokens encrypted at rest
 * (AES-256-GCM, server/lib/secretBox.ts), one row per profile and provider. `zoom_meetings`: the meetings and
 * webinars the server created through Zoom for a profile, kept so a comment can carry one by id (its join_url is what
 * Zoom answered the server, never text a browser sent); `comment_id` is set when the comment that carries it is posted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("third_party_accounts")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("provider", "varchar(32)", (c) => c.notNull())
    .addColumn("access_token", "text", (c) => c.notNull())
    .addColumn("refresh_token", "text")
    .addColumn("expires_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("third_party_accounts_profile_provider", ["profile_id", "provider"])
    .execute();
  await db.schema
    .createTable("zoom_meetings")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("comment_id", "integer", (c) => c.references("comments.id").onDelete("set null"))
    .addColumn("type", "varchar(16)", (c) => c.notNull())
    .addColumn("zoom_id", "varchar(32)", (c) => c.notNull())
    .addColumn("topic", "varchar(255)", (c) => c.notNull())
    .addColumn("start_time", "varchar(32)")
    .addColumn("join_url", "varchar(1000)", (c) => c.notNull())
    .addColumn("owner_name", "varchar(255)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("zoom_meetings_comment").on("zoom_meetings").column("comment_id").execute();
  await db.schema.createIndex("zoom_meetings_profile").on("zoom_meetings").column("profile_id").execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("zoom_meetings").ifExists().execute();
  await db.schema.dropTable("third_party_accounts").ifExists().execute();
}
