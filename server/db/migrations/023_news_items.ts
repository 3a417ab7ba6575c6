import type { Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * News items, the slides of the news carousel (first document, section 3: "News carousel item"): title, description,
 * banner, call to action, the callout's look as JSON text (read through the contract's schema, each field with its
 * default), who sees it (everyone or signed-in profiles), whether it is published, and its place in the carousel.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("news_items")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("title", "varchar(255)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("banner_url", "varchar(2000)")
    .addColumn("link", "varchar(2000)")
    .addColumn("cta_text", "varchar(255)")
    .addColumn("community_callout_settings", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("audience", "varchar(16)", (c) => c.notNull().defaultTo("public"))
    .addColumn("is_published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_items_order").on("news_items").columns(["is_published", "sort_order"]).execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("news_items").ifExists().execute();
}
