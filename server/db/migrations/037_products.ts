import { sql, type Kysely } from "kysely";
import { isPostgres } from "../connection.js";

/**
 * Purchasable products (first document: "Purchasable product: uuid, name, short_description, price", Buy Now) and
 * their orders. A product unlocks content items (`product_items`); an order is one buyer's purchase of one product,
 * paid by invoice: it stays `pending` until an administrator marks it `paid` (which grants the buyer read on every
 * item of the product) or `cancelled`. Prices are whole cents with an ISO 4217 currency; the order keeps the price it
 * was bought at. A buyer has at most one pending order per product (a partial unique index, so a double click
 * cannot make two).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("products")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("uuid", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(255)", (c) => c.notNull())
    .addColumn("short_description", "varchar(1000)", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull().defaultTo("USD"))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("product_items")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("content.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_items_pk", ["product_id", "content_id"])
    .execute();
  await db.schema.createIndex("product_items_content").on("product_items").columns(["content_id", "product_id"]).execute();
  await db.schema
    .createTable("orders")
    .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("uuid", "varchar(36)", (c) => c.notNull().unique())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("buyer_id", "integer", (c) => c.notNull().references("profiles.id").onDelete("cascade"))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "varchar(3)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("paid_at", "varchar(32)")
    .addColumn("cancelled_at", "varchar(32)")
    .execute();
  await db.schema.createIndex("orders_buyer").on("orders").columns(["buyer_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status", "created_at"]).execute();
  await sql`create unique index orders_one_pending on orders (buyer_id, product_id) where status = 'pending'`.execute(db);
}

/** Drops the tables (grants already given by paid orders stay). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("orders").ifExists().execute();
  await db.schema.dropTable("product_items").ifExists().execute();
  await db.schema.dropTable("products").ifExists().execute();
}
