import { Link } from "react-router";
import { formatPrice } from "../../../contract/index.js";
import { ApiError } from "../../api/ApiError.js";
import { useMyOrders } from "../../api/checkout.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { shortDate } from "../../components/dates.js";
import { PATHS, signInPath } from "../../routes/paths.js";
import { ORDER_STATUS_LABEL } from "./OrderScene.js";

/** The signed-in profile's own orders at /checkout/orders, newest first, each leading to its page. */
export function MyOrdersScene() {
  const profile = useCurrentProfile();
  const orders = useMyOrders(Boolean(profile));

  let body;
  if (profile === undefined || (profile && orders.isPending)) body = <p className="page-status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(PATHS.orders)}>Sign in</Link> to see your orders.
      </p>
    );
  else if (orders.isError) body = <Alert tone="danger">{orders.error instanceof ApiError ? orders.error.displayMessage : "Your orders could not be loaded."}</Alert>;
  else if (!orders.data!.data.length) body = <p>You have no orders yet. Items sold on this site show Buy Now on their page.</p>;
  else
    body = (
      // Scrolls sideways on a phone rather than widening the page; focusable, so a keyboard can scroll it.
      <div className="orders-table-wrap" role="region" aria-label="Your orders" tabIndex={0}>
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">Ordered</th>
            </tr>
          </thead>
          <tbody>
            {orders.data!.data.map((order) => (
              <tr key={order.uuid}>
                <td>
                  <Link to={order.link}>{order.product.name}</Link>
                </td>
                <td>{formatPrice(order.price_cents, order.currency)}</td>
                <td>
                  <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABEL[order.status]}</span>
                </td>
                <td>
                  <time dateTime={order.created_at}>{shortDate(order.created_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="checkout-page">
      <PageTitle title="Your orders" />
      <h1 className="page-title">Your orders</h1>
      {body}
    </div>
  );
}
