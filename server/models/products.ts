import type { Db } from "../db/connection.js";
import type { OrderRow, ProductRow } from "../db/schema.js";

/** An item a product unlocks, with what its pages show of it. */
export interface ProductItemRow {
  product_id: number;
  id: number;
  uid: string;
  model_key: string;
  sub_type: string | null;
  title: string;
}

/** A page of every product, active ones first, then by name, and how many there are in all: the administrators' Products list. */
export async function pageProducts(db: Db, { page, per }: { page: number; per: number }): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom("products")
      .selectAll()
      .orderBy("is_active", "desc")
      .orderBy("name")
      .orderBy("id")
      .limit(per)
      .offset((page - 1) * per)
      .execute(),
    db.selectFrom("products").select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}

/** One product by its uuid, or undefined. */
export async function findProduct(db: Db, uuid: string): Promise<ProductRow | undefined> {
  return db.selectFrom("products").selectAll().where("uuid", "=", uuid).executeTakeFirst();
}

/** The items of some products (by title), grouped by product id. */
export async function listProductItems(db: Db, productIds: readonly number[]): Promise<Map<number, ProductItemRow[]>> {
  const byProduct = new Map<number, ProductItemRow[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await db
    .selectFrom("product_items as pi")
    .innerJoin("content as c", "c.id", "pi.content_id")
    .select(["pi.product_id", "c.id", "c.uid", "c.model_key", "c.sub_type", "c.title"])
    .where("pi.product_id", "in", [...productIds])
    .orderBy("c.title_sort")
    .orderBy("c.id")
    .execute();
  for (const row of rows) byProduct.get(row.product_id)!.push(row);
  return byProduct;
}

/** Of these content ids, those of items a product may unlock (existing, of a sellable type). */
export async function sellableIds(db: Db, ids: readonly number[], modelKeys: readonly string[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom("content").select("id").where("id", "in", [...ids]).where("model_key", "in", [...modelKeys]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The active products that unlock an item, cheapest first. */
export async function listActiveProductsFor(db: Db, contentId: number): Promise<ProductRow[]> {
  return db
    .selectFrom("products")
    .innerJoin("product_items as pi", "pi.product_id", "products.id")
    .selectAll("products")
    .where("pi.content_id", "=", contentId)
    .where("products.is_active", "=", 1)
    .orderBy("products.price_cents")
    .orderBy("products.name")
    .execute();
}

/** How many active products unlock an item (the item answer's purchasable_in_products_count). */
export async function countActiveProductsFor(db: Db, contentId: number): Promise<number> {
  const row = await db
    .selectFrom("product_items as pi")
    .innerJoin("products as p", "p.id", "pi.product_id")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("pi.content_id", "=", contentId)
    .where("p.is_active", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An order with its product's name and its buyer's, as its pages show it. */
export type OrderWithNames = OrderRow & { product_uuid: string; product_name: string; product_short_description: string; buyer_name: string; buyer_uid: string };

const orderQuery = (db: Db) =>
  db
    .selectFrom("orders")
    .innerJoin("products as p", "p.id", "orders.product_id")
    .innerJoin("profiles as b", "b.id", "orders.buyer_id")
    .selectAll("orders")
    .select(["p.uuid as product_uuid", "p.name as product_name", "p.short_description as product_short_description", "b.name as buyer_name", "b.uid as buyer_uid"]);

/** One order by its uuid, or undefined. */
export async function findOrder(db: Db, uuid: string): Promise<OrderWithNames | undefined> {
  return orderQuery(db).where("orders.uuid", "=", uuid).executeTakeFirst();
}

/** A buyer's pending or paid order of a product (the one Buy Now shows again), or undefined. */
export async function findOpenOrder(db: Db, buyerId: number, productId: number): Promise<OrderWithNames | undefined> {
  return orderQuery(db)
    .where("orders.buyer_id", "=", buyerId)
    .where("orders.product_id", "=", productId)
    .where("orders.status", "in", ["pending", "paid"])
    .orderBy("orders.status") // "paid" before "pending"
    .executeTakeFirst();
}

/** A buyer's pending orders of some products, by product id. */
export async function findPendingOrders(db: Db, buyerId: number, productIds: readonly number[]): Promise<Map<number, Pick<OrderRow, "uuid" | "created_at">>> {
  if (!productIds.length) return new Map();
  const rows = await db.selectFrom("orders").select(["product_id", "uuid", "created_at"]).where("buyer_id", "=", buyerId).where("product_id", "in", [...productIds]).where("status", "=", "pending").execute();
  return new Map(rows.map((r) => [r.product_id, r]));
}

/** The buyers' e-mail addresses by profile id, and whether each is confirmed: the administrators' Orders list only (where the invoice goes). */
export async function findBuyerEmails(db: Db, buyerIds: readonly number[]): Promise<Map<number, { email: string | null; confirmed: boolean }>> {
  if (!buyerIds.length) return new Map();
  const rows = await db.selectFrom("profiles").select(["id", "email", "email_verified_at"]).where("id", "in", [...buyerIds]).execute();
  return new Map(rows.map((r) => [r.id, { email: r.email?.trim() ? r.email : null, confirmed: Boolean(r.email?.trim() && r.email_verified_at) }]));
}

/** A page of orders, newest first, and how many there are in all: a buyer's own (their orders page), or every order, optionally of one status (the administrators' Orders list). */
export async function pageOrders(db: Db, filter: { buyerId?: number; status?: OrderRow["status"]; page: number; per: number }): Promise<{ rows: OrderWithNames[]; total: number }> {
  let query = orderQuery(db);
  let count = db.selectFrom("orders").select((eb) => eb.fn.countAll<number | string | bigint>().as("n"));
  if (filter.buyerId !== undefined) {
    query = query.where("orders.buyer_id", "=", filter.buyerId);
    count = count.where("orders.buyer_id", "=", filter.buyerId);
  }
  if (filter.status) {
    query = query.where("orders.status", "=", filter.status);
    count = count.where("orders.status", "=", filter.status);
  }
  const [rows, counted] = await Promise.all([
    query
      .orderBy("orders.created_at", "desc")
      .orderBy("orders.id", "desc")
      .limit(filter.per)
      .offset((filter.page - 1) * filter.per)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
}

/** How many orders (of any status) each of some products has, by product id (0 for none). */
export async function countOrdersByProduct(db: Db, productIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(productIds.map((id) => [id, 0]));
  if (!productIds.length) return counts;
  const rows = await db
    .selectFrom("orders")
    .select(["product_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("product_id", "in", [...productIds])
    .groupBy("product_id")
    .execute();
  for (const row of rows) counts.set(row.product_id, Number(row.n));
  return counts;
}

/**
 * Deletes a product no one has ordered (its product_items go with it; the items stay), in one statement so an order
 * placed meanwhile keeps it. False when it has orders or is gone.
 */
export async function deleteUnorderedProduct(db: Db, productId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("products")
    .where("id", "=", productId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("orders").select("orders.id").whereRef("orders.product_id", "=", "products.id"))))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
