import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Interceptors (second document: "Interceptor: id, content"): notices a signed-in profile goes through one after another,
 * with a title, their content (HTML, sanitized when written and again when shown), their place in the queue, a switch and
 * an optional window. `interceptor_states` keeps what each profile did with one: dismissed (never again) or deferred
 * (not before `deferred_until`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("interceptors")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    // ISO times (toISOString), so text order is time order on both databases; null is open-ended.
    .addColumn("starts_at", "varchar(32)")
    .addColumn("ends_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("interceptors_order").on("interceptors").columns(["is_active", "sort_order"]).execute();
  await db.schema
    .createTable("interceptor_states")
    .addColumn("profile_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("interceptor_id", "integer", (c) => c.notNull().references("interceptors.id").onDelete("cascade"))
    .addColumn("state", "varchar(16)", (c) => c.notNull())
    .addColumn("deferred_until", "varchar(32)")
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addPrimaryKeyConstraint("interceptor_states_pk", ["profile_id", "interceptor_id"])
    .execute();
  await db.schema.createIndex("interceptor_states_interceptor").on("interceptor_states").column("interceptor_id").execute();
}

/** Drops the tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("interceptor_states").ifExists().execute();
  await db.schema.dropTable("interceptors").ifExists().execute();
}
