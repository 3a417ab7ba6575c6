import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Endorsements of content items (second document: manage content endorsements): who endorses, how, and whether it is shown to all. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("content_endorsements")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    .addColumn("publish_to_public", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    // A profile endorses an item once (the dialog offers only publishers not endorsing it yet).
    .addUniqueConstraint("content_endorsements_once", ["content_id", "profile_id"])
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_endorsements").ifExists().execute();
}
