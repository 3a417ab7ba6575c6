import { priceText, type AvailableProduct, type ManagedProduct, type OfferedProduct, type OrderView, type ProductItemView, type StaffOrderView } from "../../contract/index.js";
import type { OrderRow, ProductRow } from "../db/schema.js";
import type { Actor } from "../lib/actor.js";
import type { OrderWithNames, ProductItemRow } from "../models/products.js";
import { productPolicy } from "../policies/index.js";
import { itemLink } from "./editableItem.js";
import { modelTypeInfo } from "./modelTypes.js";
import { profileLink } from "./profile.js";

/** A product as the request-access card offers it (the spec's uuid, name, short_description, price; and the currency). */
export function presentAvailableProduct(row: ProductRow): AvailableProduct {
  return { uuid: row.uuid, name: row.name, short_description: row.short_description, price: priceText(row.price_cents), currency: row.currency };
}

/** A product as the request-access card offers it to one asker, with that asker's pending order of it (or null). */
export function presentOfferedProduct(row: ProductRow, pending: Pick<OrderRow, "uuid" | "created_at"> | undefined): OfferedProduct {
  return { ...presentAvailableProduct(row), pending_order: pending ? { uuid: pending.uuid, link: orderLink(pending.uuid), created_at: pending.created_at } : null };
}

/** An item a product unlocks. */
export function presentProductItem(row: ProductItemRow): ProductItemView {
  return { id: row.id, title: row.title, link: itemLink(row), type_name_singular: modelTypeInfo(row.model_key, row.sub_type).singular };
}

/** A product as its administrators see it, with its items. */
export function presentManagedProduct(row: ProductRow, items: ProductItemRow[], ordersCount: number, actor: Actor): ManagedProduct {
  return {
    ...presentAvailableProduct(row),
    price_cents: row.price_cents,
    is_active: row.is_active === 1,
    items: items.map(presentProductItem),
    orders_count: ordersCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: { delete: productPolicy.canDelete(actor, { orders_count: ordersCount }) },
  };
}

/** The page of an order (the renderer's). */
export const orderLink = (uuid: string): string => `/checkout/orders/${uuid}`;

/** An order as its buyer or an administrator sees it, with the product's items and what the actor may do with it. */
export function presentOrder(row: OrderWithNames, items: ProductItemRow[], actor: Actor): OrderView {
  const settleable = row.status === "pending" && productPolicy.canConfirmOrders(actor);
  return {
    uuid: row.uuid,
    status: row.status,
    price: priceText(row.price_cents),
    price_cents: row.price_cents,
    currency: row.currency,
    product: { uuid: row.product_uuid, name: row.product_name, short_description: row.product_short_description },
    items: items.map(presentProductItem),
    buyer: { profile_id: row.buyer_id, name: row.buyer_name, link: profileLink(row.buyer_uid) },
    link: orderLink(row.uuid),
    created_at: row.created_at,
    paid_at: row.paid_at,
    cancelled_at: row.cancelled_at,
    abilities: { mark_paid: settleable, cancel: settleable },
  };
}

/** An order as the administrators' Orders list shows it: with its buyer's e-mail address (where the invoice goes). */
export function presentStaffOrder(view: OrderView, buyer: { email: string | null; confirmed: boolean } | undefined): StaffOrderView {
  return { ...view, buyer: { ...view.buyer, email: buyer?.email ?? null, email_confirmed: buyer?.confirmed ?? false } };
}
