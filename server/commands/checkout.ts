import type { z } from "zod";
import type { ProductInput } from "../../contract/index.js";
import { isPostgres, type Db } from "../db/connection.js";
import type { OrderRow, ProductRow } from "../db/schema.js";
import { deleteUnorderedProduct, findOpenOrder, findOrder, type OrderWithNames } from "../models/products.js";
import { recordContentChange } from "./createContent.js";

type CheckedProduct = z.output<typeof ProductInput>;

/** Creates a product (existing null) or replaces one whole, with the items it unlocks, in one transaction. */
export async function saveProduct(db: Db, existing: ProductRow | null, input: CheckedProduct): Promise<ProductRow> {
  const now = new Date().toISOString();
  const fields = { name: input.name, short_description: input.short_description, price_cents: input.price_cents, currency: input.currency, is_active: input.is_active ? 1 : 0, updated_at: now };
  return db.transaction().execute(async (trx) => {
    const product = existing
      ? await trx.updateTable("products").set(fields).where("id", "=", existing.id).returningAll().executeTakeFirstOrThrow()
      : await trx
          .insertInto("products")
          .values({ ...fields, uuid: crypto.randomUUID(), created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    const before = await trx.selectFrom("product_items").select("content_id").where("product_id", "=", product.id).execute();
    await trx.deleteFrom("product_items").where("product_id", "=", product.id).execute();
    await trx
      .insertInto("product_items")
      .values(input.item_ids.map((content_id) => ({ product_id: product.id, content_id })))
      .execute();
    // Each item's card counts the active products that unlock it: the items it had and has are searched afresh.
    for (const id of new Set([...before.map((r) => r.content_id), ...input.item_ids])) await recordContentChange(trx, id);
    return product;
  });
}

/**
 * Deletes a product no one has ordered, with its list of items (the items themselves stay), in one transaction; its
 * items are searched afresh (their cards count the products that unlock them). False when it has orders or is gone.
 */
export async function deleteProduct(db: Db, product: ProductRow): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The product's row first (PostgreSQL): an order being placed holds it until it commits, and the check below then
    // sees that order; without the lock the Delete would check before it commits and its cascade take the order away.
    if (isPostgres(trx)) await trx.selectFrom("products").select("id").where("id", "=", product.id).forUpdate().execute();
    const items = await trx.selectFrom("product_items").select("content_id").where("product_id", "=", product.id).execute();
    if (!(await deleteUnorderedProduct(trx, product.id))) return false;
    for (const { content_id } of items) await recordContentChange(trx, content_id);
    return true;
  });
}

/** Gives the buyer read on every item of the order's product (a profile grant, as the permission form stores them), unless it has one. */
async function grantProductItems(trx: Db, order: Pick<OrderRow, "product_id" | "buyer_id">): Promise<void> {
  const items = await trx.selectFrom("product_items").select("content_id").where("product_id", "=", order.product_id).execute();
  for (const { content_id } of items) {
    const held = await trx.selectFrom("content_grants").select("id").where("content_id", "=", content_id).where("scope", "=", "profile").where("profile_id", "=", order.buyer_id).where("permission", "=", "read").executeTakeFirst();
    if (held) continue;
    await trx.insertInto("content_grants").values({ content_id, scope: "profile", profile_id: order.buyer_id, permission: "read" }).execute();
    await recordContentChange(trx, content_id);
  }
}

/**
 * Buy Now: the buyer's order of the product. A pending or paid one it already has is answered again (a second click
 * shows the same order); otherwise a new one at today's price: pending (paid by invoice), or paid at once, with the
 * items granted, when the product is free. `created` says whether this call placed it.
 *
 * A paid order answered again grants what the buyer lacks of the product's items: Buy Now is only offered to someone who
 * may not open an item, so a buyer who paid and still cannot (a grant removed since, an item added to the product
 * since) would otherwise go round from the item's Buy Now to an order page saying Paid, and back to a locked item.
 * Null when the product was deleted or taken off sale after the caller read it (a Buy Now racing a Delete).
 */
export async function placeOrder(db: Db, product: ProductRow, buyerId: number): Promise<{ order: OrderWithNames; created: boolean } | null> {
  const open = await findOpenOrder(db, buyerId, product.id);
  if (open?.status === "paid") await db.transaction().execute((trx) => grantProductItems(trx, open));
  if (open) return { order: open, created: false };
  const now = new Date().toISOString();
  const free = product.price_cents === 0;
  const uuid = crypto.randomUUID();
  try {
    const placed = await db.transaction().execute(async (trx) => {
      // The product may have been deleted or taken off sale since the caller read it: then there is nothing to order.
      if (!(await isOnSale(trx, product.id))) return false;
      const row = { uuid, product_id: product.id, buyer_id: buyerId, status: free ? ("paid" as const) : ("pending" as const), price_cents: product.price_cents, currency: product.currency, created_at: now, updated_at: now, paid_at: free ? now : null, cancelled_at: null };
      await trx.insertInto("orders").values(row).execute();
      if (free) await grantProductItems(trx, row);
      return true;
    });
    if (!placed) return null;
  } catch (err) {
    // Two clicks at once: the unique index (one pending order per buyer and product) let one through; answer that one.
    const other = await findOpenOrder(db, buyerId, product.id);
    if (other) return { order: other, created: false };
    // A product deleted between the check above and the insert (PostgreSQL) fails its foreign key: nothing to order.
    if (!(await isOnSale(db, product.id))) return null;
    throw err;
  }
  return { order: (await findOrder(db, uuid))!, created: true };
}

/**
 * Whether the product still exists and is on sale. In placeOrder's transaction it also holds the product's row (FOR
 * SHARE on PostgreSQL; SQLite runs one write transaction at a time), so a Delete waits for the order and then sees it.
 */
async function isOnSale(db: Db, productId: number): Promise<boolean> {
  const query = db.selectFrom("products").select("id").where("id", "=", productId).where("is_active", "=", 1);
  return (await (isPostgres(db) ? query.forShare() : query).executeTakeFirst()) !== undefined;
}

/**
 * Moves a pending order to paid (granting the buyer the product's items) or cancelled, in one transaction; the update's
 * own condition (still pending) is the check, so two administrators cannot both act. Answers false when it was not pending.
 */
export async function settleOrder(db: Db, order: OrderRow, outcome: "paid" | "cancelled"): Promise<boolean> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("orders")
      .set({ status: outcome, updated_at: now, ...(outcome === "paid" ? { paid_at: now } : { cancelled_at: now }) })
      .where("id", "=", order.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (outcome === "paid") await grantProductItems(trx, order);
    return true;
  });
}
