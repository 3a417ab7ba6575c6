import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CHECKOUT_TEXTS, formatPrice, MESSAGES, PERMISSION_MESSAGES, REQUEST_REASON_MAX, type OfferedProduct } from "../../../contract/index.js";
import { messageOf } from "../../api/ApiError.js";
import { oneClickAction } from "../../api/checkout.js";
import { csrfTokenForForm } from "../../api/client.js";
import { platform } from "../../platform/index.js";
import { accessDetailsQueryKey, requestAccess, useAccessDetails } from "../../api/permissions.js";
import { Alert } from "../../components/Alert.js";
import { PreviewFrame } from "../../components/PreviewFrame.js";
import { shortDate, shortDateTime } from "../../components/dates.js";
import { showToast } from "../../components/toastStore.js";
import { PATHS, signInPath } from "../../routes/paths.js";

/**
 * The preview card of an item the reader may not open (first document): guests get sign-in and register buttons;
 * a signed-in member gets the request-access form (optional reason, 'Request will be sent to' the owner), then
 * 'Access requested' with the time. Returns null when the server knows no such item for the reader (a real 404).
 */
export function RequestAccessCard({ uid, signedIn, fallback }: { uid: string; signedIn: boolean; fallback: ReactNode }) {
  const location = useLocation();
  const details = useAccessDetails(uid, signedIn);
  if (!signedIn) {
    return (
      <GuestPreviewCard title="Sign in to see this item">
        This item is not open to guests. Sign in, or create an account, to see it, or to ask its owner for access when it is shared with some people only.
      </GuestPreviewCard>
    );
  }
  if (details.isPending) return <p className="page-status">Loading…</p>;
  if (!details.data || details.data.details.can_view) return <>{fallback}</>;
  // Products available for purchase show Buy Now instead of the request (first document).
  if (details.data.details.availableProducts.length) return <BuyAccess typeName={details.data.details.type_name_singular} products={details.data.details.availableProducts} returnTo={location.pathname} />;
  return <RequestAccessForm uid={uid} details={details.data.details} />;
}

/** What a guest meets where a page is not open to guests: why, then Sign in and Register, each coming back here. */
export function GuestPreviewCard({ title, children }: { title: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <PreviewFrame title={title}>
      <p>{children}</p>
      <p className="preview-card__actions">
        <Link className="button button--primary" to={signInPath(location.pathname)}>
          Sign in
        </Link>
        <Link className="button button--secondary" to={`${PATHS.register}?redirect=${encodeURIComponent(location.pathname)}`}>
          Register
        </Link>
      </p>
    </PreviewFrame>
  );
}

/** The products that unlock the item, each with Buy Now. */
function BuyAccess({ typeName, products, returnTo }: { typeName: string; products: OfferedProduct[]; returnTo: string }) {
  return (
    <PreviewFrame title="Buy access">
      <p>This {typeName.toLowerCase()} is sold on this site. Buy a product that includes it; our staff send an invoice and open it to you once it is paid.</p>
      <ul className="product-offers">
        {products.map((product) => (
          <ProductOffer key={product.uuid} product={product} returnTo={returnTo} />
        ))}
      </ul>
    </PreviewFrame>
  );
}

/** How Buy Now can post: with the cookie session's CSRF token, or (a bearer-token client, the desktop) only from the site in a browser. */
type BuyRoute = { token: string } | { browserUrl: string };

/** Which way Buy Now goes here: a cookie session posts the form; a client signed in by a bearer token has no cookie to post it with. */
async function buyRoute(returnTo: string): Promise<BuyRoute> {
  if (!(await platform.authorization())) return { token: await csrfTokenForForm() };
  const server = (await platform.serverUrl()) ?? "";
  return { browserUrl: `${server.replace(/\/+$/, "")}${returnTo}` };
}

/**
 * A product and its Buy Now: a real HTML form post to /checkout/one-click/{uuid}, with the session's CSRF token as
 * _token. The desktop (signed in with a bearer token, no cookie session) opens the item's page in the browser instead.
 * A product the reader has ordered and not paid yet says so, with its order's link, instead of offering Buy Now again.
 */
function ProductOffer({ product, returnTo }: { product: OfferedProduct; returnTo: string }) {
  const id = useId();
  const [route, setRoute] = useState<BuyRoute | null>(null);
  useEffect(() => {
    let live = true;
    buyRoute(returnTo)
      .then((r) => live && setRoute(r))
      .catch(() => live && setRoute(null));
    return () => {
      live = false;
    };
  }, [returnTo]);
  return (
    <li className="product-offer">
      <div className="product-offer__text">
        <p className="product-offer__name" id={`${id}-name`}>
          <strong>{product.name}</strong> <span className="product-offer__price">{formatPrice(Math.round(Number(product.price) * 100), product.currency)}</span>
        </p>
        {product.short_description && <p className="product-offer__description">{product.short_description}</p>}
      </div>
      {product.pending_order ? (
        <p className="product-offer__ordered">
          {CHECKOUT_TEXTS.orderedOn(shortDate(product.pending_order.created_at))} <Link to={product.pending_order.link}>{CHECKOUT_TEXTS.viewOrder}</Link>
        </p>
      ) : route && "browserUrl" in route ? (
        <button type="button" className="button button--primary" aria-describedby={`${id}-name`} onClick={() => void platform.openExternal(route.browserUrl)}>
          {CHECKOUT_TEXTS.buyNow}
          <span className="visually-hidden"> (opens in your browser)</span>
        </button>
      ) : (
        <form method="post" action={oneClickAction(product.uuid)}>
          <input type="hidden" name="_token" value={route?.token ?? ""} />
          <input type="hidden" name="return_to" value={returnTo} />
          <button type="submit" className="button button--primary" disabled={!route} aria-describedby={`${id}-name`}>
            {CHECKOUT_TEXTS.buyNow}
          </button>
        </form>
      )}
    </li>
  );
}

/**
 * The request form, or 'Access requested' with the time while a request is pending. After the owner declined one the
 * form comes back (asking again reopens it) under a note saying so, so the reader knows the first was answered.
 */
function RequestAccessForm({ uid, details }: { uid: string; details: { owner: { name: string }; type_name_singular: string; permissionRequest: { status: string; created_at: string; decided_at: string | null } | null } }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const pending = details.permissionRequest?.status === "pending" ? details.permissionRequest : null;
  const declined = details.permissionRequest?.status === "rejected" ? details.permissionRequest : null;
  const tooLong = reason.length > REQUEST_REASON_MAX;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await requestAccess({ uid, requestReason: reason });
      showToast(answer.message, "info");
      await queryClient.invalidateQueries({ queryKey: accessDetailsQueryKey(uid) });
    } catch (err) {
      setFailure(messageOf(err, MESSAGES.unexpected));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PreviewFrame title="Request access">
      <p>
        This {details.type_name_singular.toLowerCase()} is shared with some people only. You may ask its owner for access.
      </p>
      {pending ? (
        <p className="preview-card__status" role="status">
          <strong>{PERMISSION_MESSAGES.accessRequested}</strong> on <time dateTime={pending.created_at}>{shortDateTime(pending.created_at)}</time>
        </p>
      ) : (
        <form className="stack" onSubmit={(e) => void handleSubmit(e)} noValidate>
          {declined && (
            <Alert tone="info">{PERMISSION_MESSAGES.requestDeclined(details.owner.name, shortDate(declined.decided_at ?? declined.created_at))}</Alert>
          )}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              Reason (optional)
            </label>
            <textarea id={`${id}-reason`} className="input" rows={4} value={reason} onChange={(e) => setReason(e.target.value)} aria-describedby={`${id}-count ${id}-to`} aria-invalid={tooLong || undefined} />
            <p id={`${id}-count`} className={tooLong ? "field__error" : "field__hint"}>
              {tooLong ? PERMISSION_MESSAGES.reasonTooLong : `${reason.length} / ${REQUEST_REASON_MAX} characters`}
            </p>
          </div>
          <p id={`${id}-to`}>
            {PERMISSION_MESSAGES.requestWillBeSentTo} <strong>{details.owner.name}</strong>.
          </p>
          {failure && <Alert tone="danger">{failure}</Alert>}
          <p className="preview-card__actions">
            <button type="submit" className="button button--primary" disabled={submitting || tooLong}>
              {submitting ? "Sending…" : "Request access"}
            </button>
          </p>
        </form>
      )}
    </PreviewFrame>
  );
}
