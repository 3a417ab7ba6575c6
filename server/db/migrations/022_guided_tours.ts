import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Guided tours (second document: "Guided tour page: id, name, configuration"): one per name (the id of the dialog it
 * tours), its stops as JSON text, and who changed it last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("guided_tours")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("name", "varchar(100)", (c) => c.notNull().unique())
    .addColumn("configuration", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_by", "integer", (c) => c.references("profiles.id").onDelete("set null"))
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("guided_tours").ifExists().execute();
}
