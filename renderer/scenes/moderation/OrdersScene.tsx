import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ORDER_STATUSES, type OrderStatus, type OrderView } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { checkoutKeys, settleOrder, useAllOrders } from "../../api/checkout.js";
import { useCurrentProfile } from "../../api/queries.js";
import { ConfirmDialog } from "../../components/ConfirmDialog.js";
import { Pager } from "../../components/Pager.js";
import { showToast } from "../../components/toastStore.js";
import { ORDER_STATUS_LABEL } from "../checkout/OrderScene.js";
import { OrdersTable } from "../checkout/OrdersTable.js";
import { StaffList, StaffPage } from "./StaffPage.js";

/** The administrators' orders at /moderation/orders: every order, by status, 25 a page, with Mark paid and Cancel for pending ones. */
export function OrdersScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_products);
  const [status, setStatus] = useState<OrderStatus | "">("pending");
  const [page, setPage] = useState(1);
  const orders = useAllOrders(status, page, allowed);
  const queryClient = useQueryClient();
  const [settling, setSettling] = useState<{ order: OrderView; action: "paid" | "cancel" } | null>(null);

  const handleSettle = async ({ order, action }: { order: OrderView; action: "paid" | "cancel" }) => {
    setSettling(null);
    try {
      showToast((await settleOrder(order.uuid, action)).message, "info");
      // A settled order leaves a list of one status: settling a page's only order shows the page before, not "No orders here."
      if (status && page > 1 && orders.data?.data.length === 1) setPage(page - 1);
    } catch (error) {
      showToast((await toApiError(error)).displayMessage);
    }
    await queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
  };

  const list = (
    <StaffList query={orders} noun="orders" empty="No orders here.">
      {(data) => (
        <>
          <OrdersTable
            orders={data.data}
            label="Orders"
            withBuyer
            actions={(order) => (
              <>
                {order.abilities.mark_paid && (
                  <button type="button" className="button button--primary button--small" onClick={() => setSettling({ order, action: "paid" })}>
                    Mark paid<span className="visually-hidden"> {order.product.name} for {order.buyer.name}</span>
                  </button>
                )}
                {order.abilities.cancel && (
                  <button type="button" className="button button--ghost button--small" onClick={() => setSettling({ order, action: "cancel" })}>
                    Cancel<span className="visually-hidden"> {order.product.name} for {order.buyer.name}</span>
                  </button>
                )}
              </>
            )}
          />
          <Pager label="Orders pages" page={page} total={data.total} per={data.per} onPage={setPage} />
        </>
      )}
    </StaffList>
  );

  return (
    <StaffPage title="Orders" intro="Purchases made with Buy Now. Send the buyer an invoice; when it is paid, Mark paid opens the product's items to them. Cancel an order that will not be paid." permission="manage_products">
      <p className="field">
        <label className="field__label" htmlFor="orders-status">
          Show
        </label>
        <select
          id="orders-status"
          className="input orders-filter"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as OrderStatus | "");
            setPage(1);
          }}
        >
          <option value="">All orders</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </p>
      {list}
      {settling && (
        <ConfirmDialog
          title={settling.action === "paid" ? "Mark order paid" : "Cancel order"}
          // Marking paid opens items to the buyer: nothing is lost, so its button is not painted as a destructive one.
          tone={settling.action === "paid" ? "primary" : "danger"}
          message={
            settling.action === "paid"
              ? `Mark the order of "${settling.order.product.name}" by ${settling.order.buyer.name} paid? They will be able to open its items.`
              : `Cancel the order of "${settling.order.product.name}" by ${settling.order.buyer.name}?`
          }
          confirmLabel={settling.action === "paid" ? "Mark paid" : "Cancel order"}
          cancelLabel={settling.action === "paid" ? "Not yet" : "Keep order"}
          onConfirm={() => void handleSettle(settling)}
          onCancel={() => setSettling(null)}
        />
      )}
    </StaffPage>
  );
}
