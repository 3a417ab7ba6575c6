import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ManagedProductsResponse, OrderResponse, OrdersPageResponse, OrderUpdateResponse, ProductSaveResponse, StaffOrdersPageResponse, StatusMessageResponse, type OrderStatus, type ProductInput } from "../../contract/index.js";
import { apiUrl, deleteJson, getJson, postJson, putJson } from "./client.js";

/** The query keys of products and orders (every one is refreshed after a change). */
export const checkoutKeys = {
  all: ["checkout"] as const,
  products: ["checkout", "products"] as const,
  myOrders: (page: number) => ["checkout", "orders", "mine", page] as const,
  order: (uuid: string) => ["checkout", "orders", uuid] as const,
  allOrders: (status: OrderStatus | "") => ["checkout", "orders", "all", status] as const,
};

/** Where Buy Now's form posts (a real form post: the server answers with a redirect to the order's page). */
export const oneClickAction = (productUuid: string): string => apiUrl(`checkout/one-click/${encodeURIComponent(productUuid)}`);

/** GET /api/products: a page of every product, for administrators (the page shows a refusal itself); the last page stays shown while the next loads. */
export function useManagedProducts(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...checkoutKeys.products, page],
    queryFn: () => getJson("api/products", ManagedProductsResponse, { searchParams: { page } }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /api/products (no uuid) or PUT /api/products/{uuid}. */
export function saveProduct(uuid: string | null, body: ProductInput): Promise<ProductSaveResponse> {
  return uuid === null ? postJson("api/products", body, ProductSaveResponse) : putJson(`api/products/${uuid}`, body, ProductSaveResponse);
}

/** GET /api/checkout/orders/{uuid}: one order, for its buyer and administrators. */
export function useOrder(uuid: string, enabled: boolean) {
  return useQuery({ queryKey: checkoutKeys.order(uuid), queryFn: () => getJson(`api/checkout/orders/${encodeURIComponent(uuid)}`, OrderResponse), enabled, meta: { refusalsShownByScreen: true } });
}

/** GET /api/checkout/orders: a page of the signed-in profile's own orders; the last page stays shown while the next loads. */
export function useMyOrders(page: number, enabled: boolean) {
  return useQuery({
    queryKey: checkoutKeys.myOrders(page),
    queryFn: () => getJson("api/checkout/orders", OrdersPageResponse, { searchParams: { page } }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { refusalsShownByScreen: true },
  });
}

/** GET /api/orders: a page of every order (optionally of one status) with the buyers' e-mail addresses, for administrators; the last page stays shown while the next loads. */
export function useAllOrders(status: OrderStatus | "", page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...checkoutKeys.allOrders(status), page],
    queryFn: () => getJson("api/orders", StaffOrdersPageResponse, { searchParams: { ...(status ? { status } : {}), page } }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { refusalsShownByScreen: true },
  });
}

/** POST /api/orders/{uuid}/paid or /cancel. */
export function settleOrder(uuid: string, action: "paid" | "cancel"): Promise<OrderUpdateResponse> {
  return postJson(`api/orders/${uuid}/${action}`, {}, OrderUpdateResponse);
}

/** DELETE /api/products/{uuid}: a product no one has ordered (one with orders is refused, 409). */
export function deleteProduct(uuid: string): Promise<StatusMessageResponse> {
  return deleteJson(`api/products/${encodeURIComponent(uuid)}`, StatusMessageResponse);
}
