import { SELLABLE_MODEL_KEYS } from "../../contract/index.js";
import type { Actor } from "../lib/actor.js";

/** Which items a product may unlock (the contract's list, so the admin page's picker offers the same). */
export { SELLABLE_MODEL_KEYS };

/** Managing products (listing all, creating, editing, switching off): administrators only, since they set the site's prices. */
export const canManage = (actor: Actor): boolean => actor.signedIn && actor.isAdmin;

/**
 * Deleting a product: administrators, and only while no one has ordered it. An order is its buyer's record of what they
 * bought and paid (a paid one is why they may open its items), so a product with orders is taken off sale instead.
 */
export const canDelete = (actor: Actor, product: { orders_count: number }): boolean => canManage(actor) && product.orders_count === 0;

/** Buying (Buy Now): any signed-in profile; a guest signs in first. */
export const canBuy = (actor: Actor): boolean => actor.signedIn;

/** Being offered a product on an item's request-access card: a signed-in asker who may not view the item yet. */
export const isOfferedProducts = (actor: Actor, canViewItem: boolean): boolean => actor.signedIn && !canViewItem;

/** Seeing an order: its buyer, and administrators (who confirm payments); to anyone else it does not exist. */
export const canSeeOrder = (actor: Actor, order: { buyer_id: number }): boolean => actor.signedIn && (actor.profile!.id === order.buyer_id || actor.isAdmin);

/** Listing every order and marking one paid or cancelled: administrators only (they confirm the invoice was paid). */
export const canConfirmOrders = (actor: Actor): boolean => actor.signedIn && actor.isAdmin;
