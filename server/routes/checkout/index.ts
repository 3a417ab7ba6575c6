import fs from "node:fs";
import path from "node:path";
import { Router, type Request, type Response } from "express";
import {
  CHECKOUT_TEXTS,
  CheckoutForm,
  CheckoutUuid,
  MY_ORDERS_PER_PAGE,
  MyOrdersQuery,
  OrdersQuery,
  ProductInput,
  ProductsQuery,
  STAFF_PRODUCTS_PER_PAGE,
  STAFF_ORDERS_PER_PAGE,
  type CheckoutResponse,
  type ManagedProductsResponse,
  type OrderResponse,
  type OrdersPageResponse,
  type OrderUpdateResponse,
  type ProductSaveResponse,
  type StaffOrdersPageResponse,
  type StatusMessageResponse,
} from "../../../contract/index.js";
import { deleteProduct, placeOrder, saveProduct, settleOrder } from "../../commands/checkout.js";
import type { Db } from "../../db/connection.js";
import type { ProductRow } from "../../db/schema.js";
import type { Actor } from "../../lib/actor.js";
import { HttpError } from "../../lib/errors.js";
import { parseOr422 } from "../../lib/validate.js";
import { countOrdersByProduct, findBuyerEmails, findOrder, findProduct, listProductItems, pageOrders, pageProducts, sellableIds, type OrderWithNames } from "../../models/products.js";
import { authenticate, authorize, productPolicy } from "../../policies/index.js";
import { orderLink, presentManagedProduct, presentOrder, presentStaffOrder } from "../../presenters/checkout.js";

/** A plain form post (Buy Now) wants a page, not JSON. */
const wantsPage = (req: Request) => req.accepts(["json", "html"]) === "html";

/** Where a guest goes back to after signing in: a path on this site, else the search screen. */
const safeReturn = (value: string | undefined) => (value && /^\/(?![/\\])[^\s]*$/.test(value) ? value : "/search/");

/** Checks the chosen items exist and may be sold. */
async function checkedProduct(db: Db, body: unknown) {
  const input = parseOr422(ProductInput, body ?? {});
  const sellable = await sellableIds(db, input.item_ids, productPolicy.SELLABLE_MODEL_KEYS);
  if (sellable.size !== input.item_ids.length) throw new HttpError(422, CHECKOUT_TEXTS.unknownItems, { item_ids: [CHECKOUT_TEXTS.unknownItems] });
  return input;
}

/** Products as an administrator sees them: with their items and how many orders each has (two queries for all). */
async function presentManagedProducts(db: Db, actor: Actor, rows: ProductRow[]) {
  const ids = rows.map((r) => r.id);
  const [items, orders] = await Promise.all([listProductItems(db, ids), countOrdersByProduct(db, ids)]);
  return rows.map((row) => presentManagedProduct(row, items.get(row.id) ?? [], orders.get(row.id) ?? 0, actor));
}

/** Orders as the actor sees them, with their products' items (one query for all). */
async function presentOrders(db: Db, actor: Actor, rows: OrderWithNames[]) {
  const items = await listProductItems(db, [...new Set(rows.map((r) => r.product_id))]);
  return rows.map((row) => presentOrder(row, items.get(row.product_id) ?? [], actor));
}

/**
 * Products and checkout by invoice: products managed by administrators (GET, POST /api/products, PUT and
 * DELETE /api/products/{uuid}), Buy Now (POST /checkout/one-click/{productUuid}), a buyer's orders (GET /api/checkout/orders,
 * GET /api/checkout/orders/{uuid}) and the administrators' orders (GET /api/orders, POST /api/orders/{uuid}/paid and /cancel).
 */
export function checkoutRouter(db: Db, webDir: string): Router {
  const router = Router();
  const indexHtml = path.join(webDir, "index.html");

  /** The web app's own not-found page for a browser's form post (the app shows it for a path it does not know), else JSON. */
  const productMissing = (req: Request, res: Response) => {
    if (wantsPage(req) && fs.existsSync(indexHtml)) return res.status(404).setHeader("Cache-Control", "no-cache").sendFile(indexHtml);
    res.status(404).json({ message: CHECKOUT_TEXTS.productNotFound });
  };

  const loadProduct = async (uuid: string): Promise<ProductRow> => {
    const product = CheckoutUuid.safeParse(uuid).success ? await findProduct(db, uuid) : undefined;
    if (!product) throw new HttpError(404, CHECKOUT_TEXTS.productNotFound);
    return product;
  };

  const loadOrder = async (req: Request): Promise<OrderWithNames> => {
    const uuid = String(req.params.uuid);
    const order = CheckoutUuid.safeParse(uuid).success ? await findOrder(db, uuid) : undefined;
    // Someone else's order reads as a missing one.
    if (!order || !productPolicy.canSeeOrder(req.actor, order)) throw new HttpError(404, CHECKOUT_TEXTS.orderNotFound);
    return order;
  };

  router.get("/api/products", authenticate(), async (req, res) => {
    authorize(req.actor, productPolicy.canManage(req.actor));
    const { page } = parseOr422(ProductsQuery, req.query);
    const { rows, total } = await pageProducts(db, { page, per: STAFF_PRODUCTS_PER_PAGE });
    res.json({ data: await presentManagedProducts(db, req.actor, rows), total, page, per: STAFF_PRODUCTS_PER_PAGE } satisfies ManagedProductsResponse);
  });

  router.post("/api/products", authenticate(), async (req, res) => {
    authorize(req.actor, productPolicy.canManage(req.actor));
    const input = await checkedProduct(db, req.body);
    const [view] = await presentManagedProducts(db, req.actor, [await saveProduct(db, null, input)]);
    res.status(201).json({ data: view!, message: CHECKOUT_TEXTS.created } satisfies ProductSaveResponse);
  });

  router.put("/api/products/:uuid", authenticate(), async (req, res) => {
    authorize(req.actor, productPolicy.canManage(req.actor));
    const product = await loadProduct(String(req.params.uuid));
    const input = await checkedProduct(db, req.body);
    const [view] = await presentManagedProducts(db, req.actor, [await saveProduct(db, product, input)]);
    res.json({ data: view!, message: CHECKOUT_TEXTS.saved } satisfies ProductSaveResponse);
  });

  // A product no one ordered; one with orders stays (its buyers' record and access), to be taken off sale.
  router.delete("/api/products/:uuid", authenticate(), async (req, res) => {
    authorize(req.actor, productPolicy.canManage(req.actor));
    const product = await loadProduct(String(req.params.uuid));
    const orders = (await countOrdersByProduct(db, [product.id])).get(product.id) ?? 0;
    if (!productPolicy.canDelete(req.actor, { orders_count: orders }) || !(await deleteProduct(db, product))) throw new HttpError(409, CHECKOUT_TEXTS.orderedCannotDelete);
    req.log.info({ product: product.uuid }, "product deleted");
    res.json({ status: "success", message: CHECKOUT_TEXTS.deleted } satisfies StatusMessageResponse);
  });

  // Buy Now: a plain form post from the request-access card (CSRF token as _token), answered with a redirect to the order's page.
  router.post("/checkout/one-click/:productUuid", async (req, res) => {
    const form = parseOr422(CheckoutForm, req.body ?? {});
    if (!productPolicy.canBuy(req.actor) && wantsPage(req)) return res.redirect(303, `/auth/login?redirect=${encodeURIComponent(safeReturn(form.return_to))}`);
    authorize(req.actor, productPolicy.canBuy(req.actor));
    const product = CheckoutUuid.safeParse(req.params.productUuid).success ? await findProduct(db, req.params.productUuid) : undefined;
    if (!product || product.is_active !== 1) return productMissing(req, res);
    const placed = await placeOrder(db, product, req.actor.profile!.id);
    if (!placed) return productMissing(req, res);
    const { order, created } = placed;
    req.log.info({ order: order.uuid, product: product.uuid, created }, "checkout");
    if (wantsPage(req)) return res.redirect(303, orderLink(order.uuid));
    const [view] = await presentOrders(db, req.actor, [order]);
    res.json({ data: view!, link: orderLink(order.uuid), message: CHECKOUT_TEXTS.ordered } satisfies CheckoutResponse);
  });

  router.get("/api/checkout/orders", authenticate(), async (req, res) => {
    const { page } = parseOr422(MyOrdersQuery, req.query);
    const { rows, total } = await pageOrders(db, { buyerId: req.actor.profile!.id, page, per: MY_ORDERS_PER_PAGE });
    res.json({ data: await presentOrders(db, req.actor, rows), total, page, per: MY_ORDERS_PER_PAGE } satisfies OrdersPageResponse);
  });

  router.get("/api/checkout/orders/:uuid", authenticate(), async (req, res) => {
    const order = await loadOrder(req);
    const [view] = await presentOrders(db, req.actor, [order]);
    res.json({ data: view! } satisfies OrderResponse);
  });

  router.get("/api/orders", authenticate(), async (req, res) => {
    authorize(req.actor, productPolicy.canConfirmOrders(req.actor));
    const query = parseOr422(OrdersQuery, req.query);
    const { rows, total } = await pageOrders(db, { status: query.status, page: query.page, per: STAFF_ORDERS_PER_PAGE });
    // The buyers' addresses, where the invoices go: this answer only, never the buyer's own nor an order's page.
    const [views, emails] = await Promise.all([presentOrders(db, req.actor, rows), findBuyerEmails(db, [...new Set(rows.map((r) => r.buyer_id))])]);
    const data = views.map((view) => presentStaffOrder(view, emails.get(view.buyer.profile_id)));
    res.json({ data, total, page: query.page, per: STAFF_ORDERS_PER_PAGE } satisfies StaffOrdersPageResponse);
  });

  for (const [action, outcome] of [
    ["paid", "paid"],
    ["cancel", "cancelled"],
  ] as const) {
    router.post(`/api/orders/:uuid/${action}`, authenticate(), async (req, res) => {
      authorize(req.actor, productPolicy.canConfirmOrders(req.actor));
      const order = await loadOrder(req);
      if (!(await settleOrder(db, order, outcome))) throw new HttpError(409, CHECKOUT_TEXTS.notPending);
      req.log.info({ order: order.uuid, outcome }, "order settled");
      const [view] = await presentOrders(db, req.actor, [(await findOrder(db, order.uuid))!]);
      res.json({ data: view!, message: outcome === "paid" ? CHECKOUT_TEXTS.markedPaid : CHECKOUT_TEXTS.cancelled } satisfies OrderUpdateResponse);
    });
  }

  return router;
}
