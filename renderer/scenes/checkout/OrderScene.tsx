import { Link, useParams } from "react-router";
import { CHECKOUT_TEXTS, formatPrice, type OrderView } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { useOrder } from "../../api/checkout.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { shortDate } from "../../components/dates.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/** An order's status in words, as its buyer reads it. */
export const ORDER_STATUS_LABEL: Record<OrderView["status"], string> = { pending: "Awaiting payment", paid: "Paid", cancelled: "Cancelled" };

/** What the buyer is told under the order: an invoice is coming, payment is confirmed, or nothing is owed. */
const NOTE: Record<OrderView["status"], string> = { pending: CHECKOUT_TEXTS.invoiceNote, paid: CHECKOUT_TEXTS.paidNote, cancelled: CHECKOUT_TEXTS.cancelledNote };

/**
 * An order's page at /checkout/orders/{uuid}, where Buy Now leads: the product, the price it was bought at, its status,
 * the items it unlocks and what happens next (the site's staff invoice the buyer and confirm the payment).
 */
export function OrderScene() {
  const { uuid = "" } = useParams();
  const profile = useCurrentProfile();
  const order = useOrder(uuid, Boolean(profile));

  let body;
  if (profile === undefined || (profile && order.isPending)) body = <p className="page-status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(`${PATHS.orders}/${uuid}`)}>Sign in</Link> to see your order.
      </p>
    );
  else if (order.isError) body = <Alert tone="danger">{messageOf(order.error, CHECKOUT_TEXTS.orderNotFound)}</Alert>;
  else body = <OrderDetails order={order.data!.data} />;

  return (
    <div className="checkout-page">
      <PageTitle title="Your order" />
      <p className="editor-page__kicker">
        <Link to={PATHS.orders}>Your orders</Link>
      </p>
      <h1 className="page-title">Your order</h1>
      {body}
    </div>
  );
}

function OrderDetails({ order }: { order: OrderView }) {
  return (
    <section className="card order-card" aria-labelledby="order-product">
      <h2 id="order-product" className="order-card__product">
        {order.product.name}
      </h2>
      {order.product.short_description && <p>{order.product.short_description}</p>}
      <dl className="order-card__facts">
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(order.price_cents, order.currency)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`order-status order-status--${order.status}`}>{ORDER_STATUS_LABEL[order.status]}</span>
          </dd>
        </div>
        <div>
          <dt>Ordered</dt>
          <dd>
            <time dateTime={order.created_at}>{shortDate(order.created_at)}</time>
          </dd>
        </div>
        {order.paid_at && (
          <div>
            <dt>Paid</dt>
            <dd>
              <time dateTime={order.paid_at}>{shortDate(order.paid_at)}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="order-card__note" role="status">
        {NOTE[order.status]}
      </p>
      <h3 className="order-card__items-title">{order.items.length === 1 ? "It unlocks 1 item" : `It unlocks ${order.items.length} items`}</h3>
      <ul className="order-card__items">
        {order.items.map((item) => (
          <li key={item.id}>
            {order.status === "paid" ? <Link to={item.link}>{item.title}</Link> : <span>{item.title}</span>} <span className="order-card__type">{item.type_name_singular}</span>
          </li>
        ))}
      </ul>
      <p className="order-card__ref">Order reference: {order.uuid}</p>
    </section>
  );
}
