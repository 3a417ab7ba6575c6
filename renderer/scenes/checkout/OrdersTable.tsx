import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatPrice, type OrderView, type StaffOrderView } from "../../../contract/index.js";
import { shortDate } from "../../components/dates.js";
import { ORDER_STATUS_LABEL } from "./OrderScene.js";

/**
 * Orders as a table (a buyer's own, and the administrators' Orders page): the product leading to the order's page,
 * the buyer when `withBuyer` (with their e-mail address as a mailto link when the answer carries it: the
 * administrators' list, where the invoice goes), price, status, when it was ordered, and each row's `actions` when given.
 */
export function OrdersTable<O extends OrderView | StaffOrderView>({ orders, label, withBuyer = false, actions }: { orders: O[]; label: string; withBuyer?: boolean; actions?: (order: O) => ReactNode }) {
  return (
    // Scrolls sideways on a phone rather than widening the page; focusable, so a keyboard can scroll it.
    <div className="orders-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {/* The roles are spelled out: a phone shows each row as a card (CSS display: block), which drops a table's implied ones. */}
      <table className="orders-table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">Product</th>
            {withBuyer && <th scope="col" role="columnheader">Buyer</th>}
            <th scope="col" role="columnheader">Price</th>
            <th scope="col" role="columnheader">Status</th>
            <th scope="col" role="columnheader">Ordered</th>
            {actions && (
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {orders.map((order) => (
            <tr key={order.uuid} role="row">
              <td role="cell" data-label="Product">
                <Link to={order.link}>{order.product.name}</Link>
              </td>
              {withBuyer && (
                <td role="cell" data-label="Buyer">
                  {/* One block: a phone's card row is a grid of the label and one value. */}
                  <span className="orders-table__buyer">
                    <Link to={order.buyer.link}>{order.buyer.name}</Link>
                    {"email" in order.buyer && <BuyerEmail email={order.buyer.email} confirmed={order.buyer.email_confirmed} />}
                  </span>
                </td>
              )}
              <td role="cell" data-label="Price">{formatPrice(order.price_cents, order.currency)}</td>
              <td role="cell" data-label="Status">
                <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABEL[order.status]}</span>
              </td>
              <td role="cell" data-label="Ordered">
                <time dateTime={order.created_at}>{shortDate(order.created_at)}</time>
              </td>
              {actions && <td role="cell" className="orders-table__actions">{actions(order)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The buyer's address under their name, as a mailto link (an unconfirmed one says so), or that there is none. */
function BuyerEmail({ email, confirmed }: { email: string | null; confirmed: boolean }) {
  if (!email) return <span className="orders-table__email">No e-mail address</span>;
  return (
    <span className="orders-table__email">
      <a href={`mailto:${email}`}>{email}</a>
      {!confirmed && " (unconfirmed)"}
    </span>
  );
}
