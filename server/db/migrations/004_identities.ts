import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** Single sign-on identities: which provider account (issuer key + subject) signs in as which profile. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("identities")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("provider", "varchar(64)", (c) => c.notNull())
    .addColumn("subject", "varchar(255)", (c) => c.notNull())
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addUniqueConstraint("identities_provider_subject_unique", ["provider", "subject"])
    .execute();
  await db.schema.createIndex("identities_profile_id_index").on("identities").column("profile_id").execute();
}

/** Drops the identities. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("identities").ifExists().execute();
}
