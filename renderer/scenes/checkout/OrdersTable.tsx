import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPrice, type OrderView } from "../../../contract/index.js";
import { shortDate } from "../../components/dates.js";
import { ORDER_STATUS_LABEL } from "./OrderScene.js";

/**
 * Orders as a table (a buyer's own, and the administrators' Orders page): the product leading to the order's page,
 * the buyer when `withBuyer`, price, status, when it was ordered, and each row's `actions` when given.
 */
export function OrdersTable({ orders, label, withBuyer = false, actions }: { orders: OrderView[]; label: string; withBuyer?: boolean; actions?: (order: OrderView) => ReactNode }) {
  return (
    // Scrolls sideways on a phone rather than widening the page; focusable, so a keyboard can scroll it.
    <div className="orders-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            {withBuyer && <th scope="col">Buyer</th>}
            <th scope="col">Price</th>
            <th scope="col">Status</th>
            <th scope="col">Ordered</th>
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.uuid}>
              <td>
                <Link to={order.link}>{order.product.name}</Link>
              </td>
              {withBuyer && (
                <td>
                  <Link to={order.buyer.link}>{order.buyer.name}</Link>
                </td>
              )}
              <td>{formatPrice(order.price_cents, order.currency)}</td>
              <td>
                <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABEL[order.status]}</span>
              </td>
              <td>
                <time dateTime={order.created_at}>{shortDate(order.created_at)}</time>
              </td>
              {actions && <td className="orders-table__actions">{actions(order)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
