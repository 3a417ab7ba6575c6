import { z } from "zod";
import { listPage, positiveId } from "./common.js";

/**
 * Purchasable products and one-click checkout (first document: "Purchasable product: uuid, name, short_description,
 * price", "Products available for purchase show Buy Now instead", "Buy Now | form POST to /checkout/one-click/{productUuid}").
 * No payment provider is reachable, so checkout sells by invoice: Buy Now places a pending order, the site's staff
 * invoice the buyer and mark the order paid, which opens the product's items to the buyer. The texts are ours.
 */
export const CHECKOUT_TEXTS = {
  buyNow: "Buy Now",
  nameRequired: "Please give the product a name.",
  nameTooLong: "The name may be at most 255 characters.",
  descriptionTooLong: "The short description may be at most 1000 characters.",
  /** The Products form's: in the units an administrator types there (the currency's main unit, such as dollars). */
  badPrice: "The price must be an amount from 0 to 100000.00, with at most two decimals (such as 12.50).",
  /** The API's, for its price_cents field (the Products form shows badPrice on its Price field instead). */
  badPriceCents: "price_cents must be a whole number of cents from 0 to 10000000 (an amount from 0 to 100000.00).",
  badCurrency: "The currency must be a three-letter code such as USD.",
  itemsRequired: "Choose at least one item the product unlocks.",
  tooManyItems: "A product may unlock at most 200 items.",
  unknownItems: "Some of the chosen items do not exist or cannot be sold (groups, profiles and attribute items cannot).",
  badItemId: "Items are named by their ids.",
  productNotFound: "This product does not exist or is not for sale.",
  orderNotFound: "This order does not exist.",
  notPending: "Only a pending order can be marked paid or cancelled.",
  created: "Product created.",
  saved: "Product saved.",
  deleted: "Product deleted.",
  /** DELETE of a product someone ordered: its orders are the buyers' record (and a paid one their access), so it stays. */
  orderedCannotDelete: "This product has been ordered, so it cannot be deleted: its orders stay on record. Take it off sale instead.",
  markedPaid: "The order is marked paid: its buyer can now open the product's items.",
  cancelled: "The order is cancelled.",
  ordered: "Your order is placed. We will send you an invoice.",
  /** The order page's text for a pending order: payment is confirmed by people, not a provider. */
  invoiceNote: "This site's staff will send you an invoice and confirm your payment. The items open to you as soon as your payment is confirmed.",
  paidNote: "Your payment is confirmed: the items are open to you.",
  cancelledNote: "This order was cancelled. Nothing is owed.",
  /** The request-access card, for a product the asker has ordered and not paid yet (instead of its Buy Now). */
  orderedOn: (date: string) => `You ordered this on ${date}. It opens to you once your payment is confirmed.`,
  viewOrder: "View your order",
} as const;

/** Model keys whose items a product may unlock: the items one may ask access to (groups, profiles and attribute items are no content to sell). */
export const SELLABLE_MODEL_KEYS = ["resource", "lesson_plan", "collection", "outline", "project", "pathway"] as const;

/** The highest price a product may have, in cents (100000.00). */
export const PRICE_CENTS_MAX = 10_000_000;
/** The most items one product may unlock. */
export const PRODUCT_ITEMS_MAX = 200;

/** A price in cents as the API shows it: the amount in the currency's main unit with two decimals ("12.50", "0.00"). */
export const priceText = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * Cents from an amount a person typed ("12.5", "12.50", "0", "$12.50", "€ 4,50"; a currency sign before it is the
 * one they see on price tags, the currency itself is its own field), or null when it is no price in range.
 */
export function centsOfAmount(text: string): number | null {
  const match = /^\s*[$€£¥]?\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return cents <= PRICE_CENTS_MAX ? cents : null;
}

/** A price for people: "$12.50", "€4.00", "Free" for 0. */
export const formatPrice = (cents: number, currency: string): string =>
  cents === 0 ? "Free" : new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

/** POST /api/products and PUT /api/products/{uuid}: a product as an administrator writes it (PUT replaces it whole). */
export const ProductInput = z.object({
  name: z.string({ error: CHECKOUT_TEXTS.nameRequired }).trim().min(1, CHECKOUT_TEXTS.nameRequired).max(255, CHECKOUT_TEXTS.nameTooLong),
  short_description: z.string({ error: CHECKOUT_TEXTS.descriptionTooLong }).trim().max(1000, CHECKOUT_TEXTS.descriptionTooLong).default(""),
  price_cents: z.number({ error: CHECKOUT_TEXTS.badPriceCents }).int(CHECKOUT_TEXTS.badPriceCents).min(0, CHECKOUT_TEXTS.badPriceCents).max(PRICE_CENTS_MAX, CHECKOUT_TEXTS.badPriceCents),
  currency: z
    .string({ error: CHECKOUT_TEXTS.badCurrency })
    .trim()
    .regex(/^[A-Za-z]{3}$/, CHECKOUT_TEXTS.badCurrency)
    .transform((c) => c.toUpperCase())
    .default("USD"),
  /** Switched off, it is no longer offered (Buy Now disappears; pending orders can still be marked paid). */
  is_active: z.boolean().default(true),
  /** The content items it unlocks (their ids). */
  item_ids: z
    .array(positiveId(CHECKOUT_TEXTS.badItemId), { error: CHECKOUT_TEXTS.itemsRequired })
    .min(1, CHECKOUT_TEXTS.itemsRequired)
    .max(PRODUCT_ITEMS_MAX, CHECKOUT_TEXTS.tooManyItems)
    .transform((ids) => [...new Set(ids)]),
});
export type ProductInput = z.input<typeof ProductInput>;

/**
 * A product as offered on the request-access card (the spec's fields). price is the amount in the currency's main
 * unit as a string with two decimals ("12.50"; "0.00" is free), currency its ISO 4217 code.
 */
export const AvailableProduct = z.object({ uuid: z.string(), name: z.string(), short_description: z.string(), price: z.string(), currency: z.string() });
export type AvailableProduct = z.infer<typeof AvailableProduct>;

/**
 * A product as the request-access card offers it to one asker: with that asker's pending order of it, if any (its
 * link and when it was placed), so the card says it was ordered rather than offering Buy Now again.
 */
export const OfferedProduct = AvailableProduct.extend({ pending_order: z.object({ uuid: z.string(), link: z.string(), created_at: z.string() }).nullable() });
export type OfferedProduct = z.infer<typeof OfferedProduct>;

/** An item a product unlocks, as its product and order pages list it. */
export const ProductItemView = z.object({ id: z.number(), title: z.string(), link: z.string(), type_name_singular: z.string() });
export type ProductItemView = z.infer<typeof ProductItemView>;

/** A product as its administrators see it. */
export const ManagedProduct = AvailableProduct.extend({
  price_cents: z.number(),
  is_active: z.boolean(),
  items: z.array(ProductItemView),
  /** How many orders it has, of any status (a product with orders cannot be deleted). */
  orders_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: z.object({ delete: z.boolean() }),
});
export type ManagedProduct = z.infer<typeof ManagedProduct>;

/** How many products a page of the administrators' Products list holds. */
export const STAFF_PRODUCTS_PER_PAGE = 25;

/** GET /api/products: one page of every product (active ones first, then by name), how many there are in all, and a page's size. */
export const ManagedProductsResponse = z.object({ data: z.array(ManagedProduct), total: z.number(), page: z.number(), per: z.number() });
export type ManagedProductsResponse = z.infer<typeof ManagedProductsResponse>;

/** POST and PUT answer the saved product and a message for the toast. */
export const ProductSaveResponse = z.object({ data: ManagedProduct, message: z.string() });
export type ProductSaveResponse = z.infer<typeof ProductSaveResponse>;

export const ORDER_STATUSES = ["pending", "paid", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as its buyer and the site's administrators see it; price is the one it was bought at. */
export const OrderView = z.object({
  uuid: z.string(),
  status: z.enum(ORDER_STATUSES),
  price: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  product: z.object({ uuid: z.string(), name: z.string(), short_description: z.string() }),
  /** What paying opens: the product's items now. */
  items: z.array(ProductItemView),
  buyer: z.object({ profile_id: z.number(), name: z.string(), link: z.string() }),
  /** The order's page. */
  link: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** What the asker may do with it: mark it paid or cancel it (administrators, while it is pending). */
  abilities: z.object({ mark_paid: z.boolean(), cancel: z.boolean() }),
});
export type OrderView = z.infer<typeof OrderView>;

/**
 * An order as the administrators' Orders list shows it (GET /api/orders only): its buyer's e-mail address too, where
 * the invoice goes (null when the profile has none; email_confirmed false while the address is unconfirmed). Never in
 * a buyer's own answers, an order's page, or any other answer.
 */
export const StaffOrderView = OrderView.extend({ buyer: OrderView.shape.buyer.extend({ email: z.string().nullable(), email_confirmed: z.boolean() }) });
export type StaffOrderView = z.infer<typeof StaffOrderView>;

/** GET /api/checkout/orders/{uuid}. */
export const OrderResponse = z.object({ data: OrderView });
export type OrderResponse = z.infer<typeof OrderResponse>;

/** POST /checkout/one-click/{productUuid} asked for JSON (a browser's form post is redirected to `link` instead). */
export const CheckoutResponse = z.object({ data: OrderView, link: z.string(), message: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** POST /api/orders/{uuid}/paid and /cancel: the order as it is now and a message. */
export const OrderUpdateResponse = z.object({ data: OrderView, message: z.string() });
export type OrderUpdateResponse = z.infer<typeof OrderUpdateResponse>;

/** The optional form field of Buy Now: where a guest returns after signing in (a path on this site). */
export const CheckoutForm = z.object({ return_to: z.string().max(2000).optional() });

/** How many orders a page of the administrators' Orders list holds. */
export const STAFF_ORDERS_PER_PAGE = 25;
/** How many orders a page of a buyer's own orders holds. */
export const MY_ORDERS_PER_PAGE = 25;


/** GET /api/orders: optionally only one status, and the page. */
export const OrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: "status must be pending, paid or cancelled." }).optional(),
  page: listPage,
});

/** GET /api/checkout/orders: the page. */
export const MyOrdersQuery = z.object({ page: listPage });

/** GET /api/products: the page. */
export const ProductsQuery = z.object({ page: listPage });

/** GET /api/orders (every order, for administrators) and GET /api/checkout/orders (the asker's own): one page, newest first, how many there are in all, and a page's size. */
export const OrdersPageResponse = z.object({ data: z.array(OrderView), total: z.number(), page: z.number(), per: z.number() });
export type OrdersPageResponse = z.infer<typeof OrdersPageResponse>;

/** GET /api/orders: one page of every order, each with its buyer's e-mail address (StaffOrderView). */
export const StaffOrdersPageResponse = OrdersPageResponse.extend({ data: z.array(StaffOrderView) });
export type StaffOrdersPageResponse = z.infer<typeof StaffOrdersPageResponse>;

/** A product's or order's {uuid}. */
export const CheckoutUuid = z.string().regex(/^[0-9a-f-]{36}$/i, "Must be a uuid.");
