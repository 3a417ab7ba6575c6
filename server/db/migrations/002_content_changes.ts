import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/** A log of changed content ids, so every instance's in-memory search index can catch up. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("content_changes")
    .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addColumn("changed_at", "varchar(32)", (c) => c.notNull())
    .execute();
}

/** Drops the change log. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_changes").ifExists().execute();
}
