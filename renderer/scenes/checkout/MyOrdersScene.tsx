import { Link, useSearchParams } from "react-router";
import { messageOf } from "../../api/ApiError.js";
import { useMyOrders } from "../../api/checkout.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Alert } from "../../components/Alert.js";
import { PageTitle } from "../../components/PageTitle.js";
import { EmptyPage, Pager } from "../../components/Pager.js";
import { PATHS, signInPath } from "../../routes/paths.js";
import { OrdersTable } from "./OrdersTable.js";

/** The signed-in profile's own orders at /checkout/orders, newest first, 25 a page (`?page=`), each leading to its page. */
export function MyOrdersScene() {
  const profile = useCurrentProfile();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const orders = useMyOrders(page, Boolean(profile));

  let body;
  if (profile === undefined || (profile && orders.isPending)) body = <p className="page-status">Loading…</p>;
  else if (profile === null)
    body = (
      <p>
        <Link to={signInPath(PATHS.orders)}>Sign in</Link> to see your orders.
      </p>
    );
  else if (orders.isError) body = <Alert tone="danger">{messageOf(orders.error, "Your orders could not be loaded.")}</Alert>;
  else if (!orders.data!.data.length)
    body = page > 1 ? <EmptyPage onFirstPage={() => setParams({})} /> : <p>You have no orders yet. Items sold on this site show Buy Now on their page.</p>;
  else
    body = (
      <>
        <OrdersTable orders={orders.data!.data} label="Your orders" />
        <Pager label="Pages of your orders" page={page} total={orders.data!.total} per={orders.data!.per} onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})} />
      </>
    );

  return (
    <div className="checkout-page">
      <PageTitle title="Your orders" />
      <h1 className="page-title">Your orders</h1>
      {body}
    </div>
  );
}
