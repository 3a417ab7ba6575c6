import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Bulk imports as jobs: the import (status, summary, choices, the lease that lets one instance
 * work on it at a time), its uploaded file in chunks (so any instance can read it), its parsed
 * rows, and the rows already imported (keyed so a corrected file never imports a row twice).
 * Content gains extra_data (keywords, authors) as the specification's resource carries it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("bulk_imports")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("uid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("model_type", "varchar(32)", (c) => c.notNull())
    .addColumn("profile_id", "integer", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("file_type", "varchar(8)", (c) => c.notNull())
    .addColumn("file_size", "bigint", (c) => c.notNull())
    .addColumn("generation", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("columns", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("user_mappings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("import_settings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("error", "text")
    .addColumn("rows_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rows_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cursor_row", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_owner", "varchar(64)")
    .addColumn("lease_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bulk_imports_claimable").on("bulk_imports").columns(["status", "lease_until"]).execute();
  await db.schema.createIndex("bulk_imports_profile").on("bulk_imports").columns(["profile_id", "id"]).execute();

  await db.schema
    .createTable("bulk_import_chunks")
    .addColumn("import_id", "integer", (c) => c.notNull())
    .addColumn("generation", "integer", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("data", pg ? "bytea" : "blob", (c) => c.notNull())
    .addPrimaryKeyConstraint("bulk_import_chunks_pk", ["import_id", "generation", "seq"])
    .execute();

  await db.schema
    .createTable("bulk_import_rows")
    .addColumn("import_id", "integer", (c) => c.notNull())
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("row_key", "varchar(64)", (c) => c.notNull())
    .addColumn("state", "varchar(12)", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("bulk_import_rows_pk", ["import_id", "row_number"])
    .execute();

  await db.schema
    .createTable("bulk_import_items")
    .addColumn("import_id", "integer", (c) => c.notNull())
    .addColumn("row_key", "varchar(64)", (c) => c.notNull())
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("bulk_import_items_pk", ["import_id", "row_key"])
    .execute();
  await db.schema.createIndex("bulk_import_items_order").on("bulk_import_items").columns(["import_id", "content_id"]).execute();

  await db.schema.alterTable("content").addColumn("extra_data", "text").execute();
}

/** Drops the import tables and content.extra_data. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("content").dropColumn("extra_data").execute();
  for (const table of ["bulk_import_items", "bulk_import_rows", "bulk_import_chunks", "bulk_imports"]) await db.schema.dropTable(table).ifExists().execute();
}
