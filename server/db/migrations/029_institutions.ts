import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Institutions (second document: "Institution: institution_id, name, location") and the ones each profile names on
 * its page, in the order chosen. A custom institution typed into the profile form is a row like any other, with the
 * profile that first saved it in `created_by` (kept when that profile goes: the others naming it still do).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("institutions")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    // "City, ST" for the seeded ones; null for custom entries.
    .addColumn("location", "varchar(255)")
    .addColumn("created_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("institutions_name").on("institutions").column("name").execute();
  await db.schema
    .createTable("profile_institutions")
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("institution_id", "integer", (c) => c.notNull().references("institutions.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("profile_institutions_pk", ["profile_id", "institution_id"])
    .execute();
}

/** Drops both tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("profile_institutions").ifExists().execute();
  await db.schema.dropTable("institutions").ifExists().execute();
}
