import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { CHECKOUT_TEXTS, centsOfAmount, formatPrice, SearchResponse, SELLABLE_MODEL_KEYS, type ManagedProduct, type ProductItemView } from "../../../contract/index.js";
import { toApiError } from "../../api/ApiError.js";
import { checkoutKeys, saveProduct, useManagedProducts } from "../../api/checkout.js";
import { getJson } from "../../api/client.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { StaffEntriesPage, StaffFormDialog, type StaffFormProps } from "./staffEditing.js";

/** The administrators' products (what Buy Now sells), at /moderation/products: list, create, edit, take off sale. */
export function ProductsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_products);
  const products = useManagedProducts(allowed);
  const queryClient = useQueryClient();

  return (
    <StaffEntriesPage
      title="Products"
      intro="What this site sells. An item in a product on sale shows Buy Now to members who may not open it. There is no card payment: a purchase is an order your staff invoice, then mark paid under Orders, which opens the product's items to the buyer."
      permission="manage_products"
      noun="product"
      nouns="products"
      newId="new-product"
      query={products}
      card={(product, { edit }) => (
        <li key={product.uuid} className="report card product-card">
          <h2 className="report__title">
            <span className={`report__kind${product.is_active ? "" : " interceptor-card__off"}`}>{product.is_active ? "On sale" : "Off sale"}</span> {product.name}
          </h2>
          <p className="product-card__price">{formatPrice(product.price_cents, product.currency)}</p>
          {product.short_description && <p>{product.short_description}</p>}
          <p className="report__meta">Unlocks: {product.items.map((i) => i.title).join(", ")}</p>
          <div className="interceptor-card__actions">
            <button type="button" className="button button--secondary button--small" onClick={edit}>
              Edit<span className="visually-hidden"> {product.name}</span>
            </button>
          </div>
        </li>
      )}
      form={(product, props) => <ProductDialog product={product} {...props} />}
      afterSave={() => queryClient.invalidateQueries({ queryKey: checkoutKeys.all })}
    />
  );
}

type FieldName = "name" | "short_description" | "price" | "currency" | "items";


/** Adding (no product) or editing one: name, description, price, currency, on sale, and the items it unlocks. */
function ProductDialog({ product, onClose, onSaved }: { product: ManagedProduct | null } & StaffFormProps) {
  const id = useId();
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.short_description ?? "");
  const [price, setPrice] = useState(product?.price ?? "");
  const [currency, setCurrency] = useState(product?.currency ?? "USD");
  const [active, setActive] = useState(product?.is_active ?? true);
  const [items, setItems] = useState<ProductItemView[]>(product?.items ?? []);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (!name.trim()) found.name = CHECKOUT_TEXTS.nameRequired;
    const cents = centsOfAmount(price);
    if (cents === null) found.price = CHECKOUT_TEXTS.badPrice;
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) found.currency = CHECKOUT_TEXTS.badCurrency;
    if (!items.length) found.items = CHECKOUT_TEXTS.itemsRequired;
    setErrors(found);
    setFailure(null);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await saveProduct(product?.uuid ?? null, { name, short_description: description, price_cents: cents!, currency, is_active: active, item_ids: items.map((i) => i.id) });
      await onSaved(answer.message);
    } catch (error) {
      const apiError = await toApiError(error);
      // The API speaks of price_cents; the person typed an amount, so its refusal is said in those units, by the field.
      if (apiError.fieldErrors.price_cents?.length) {
        setErrors({ price: CHECKOUT_TEXTS.badPrice });
        document.getElementById(`${id}-price`)?.focus();
      } else setFailure(apiError.displayMessage);
      setSaving(false);
    }
  };

  const control = (field: FieldName) => ({ id: `${id}-${field}`, ...fieldErrorProps(`${id}-${field}`, errors[field]) });
  return (
    <StaffFormDialog id="product-form-modal" noun="product" editing={product !== null} failure={failure} saving={saving} onClose={onClose} onSubmit={handleSubmit}>
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        <input {...control("name")} className="input" maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id={`${id}-short_description`} label="Short description" error={errors.short_description}>
        <textarea {...control("short_description")} className="input" rows={3} maxLength={1000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <div className="interceptor-form__row">
        <Field id={`${id}-price`} label="Price (0 is free)" error={errors.price}>
          <input {...control("price")} className="input" inputMode="decimal" placeholder="12.50" value={price} onChange={(e) => setPrice(e.target.value)} />
        </Field>
        <Field id={`${id}-currency`} label="Currency" error={errors.currency}>
          <input {...control("currency")} className="input" maxLength={3} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <span className="check__label">On sale (shows Buy Now on its items)</span>
      </label>
      <ItemPicker id={`${id}-items`} error={errors.items} items={items} onChange={setItems} />
    </StaffFormDialog>
  );
}

/** Choosing the items a product unlocks: a search of the whole catalogue (from 3 characters; ignore_permissions, as the page is for administrators), Add and Remove. */
function ItemPicker({ id, error, items, onChange }: { id: string; error?: string; items: ProductItemView[]; onChange(items: ProductItemView[]): void }) {
  const [term, setTerm] = useState("");
  const typed = term.trim();
  const found = useQuery({
    queryKey: ["checkout", "itemSearch", typed],
    queryFn: ({ signal }) => getJson("api/search", SearchResponse, { searchParams: { query: typed, per: 8, ignore_permissions: 1 }, signal }),
    enabled: typed.length >= 3,
    staleTime: 30_000,
  });
  const chosen = new Set(items.map((i) => i.id));
  const candidates = (found.data?.data ?? []).filter((r) => !chosen.has(r.id) && (SELLABLE_MODEL_KEYS as readonly string[]).includes(r.model_key));
  return (
    <fieldset className="product-items">
      <legend className="field__label">Items it unlocks</legend>
      {items.length ? (
        <ul className="product-items__chosen" aria-label="Chosen items">
          {items.map((item) => (
            <li key={item.id}>
              {item.title} <span className="order-card__type">{item.type_name_singular}</span>{" "}
              <button type="button" className="button button--ghost button--small" onClick={() => onChange(items.filter((i) => i.id !== item.id))}>
                Remove<span className="visually-hidden"> {item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">No items chosen yet.</p>
      )}
      <Field id={id} label="Find an item" error={error}>
        <input id={id} className="input" type="search" autoComplete="off" value={term} onChange={(e) => setTerm(e.target.value)} {...fieldErrorProps(id, error)} onKeyDown={(e) => e.key === "Enter" && e.preventDefault()} />
      </Field>
      {typed.length > 0 && typed.length < 3 && <p className="field__hint">Type at least 3 characters.</p>}
      {typed.length >= 3 && (
        <ul className="product-items__found" aria-label="Matching items" aria-busy={found.isFetching || undefined}>
          {candidates.map((r) => (
            <li key={r.id}>
              <button type="button" className="button button--secondary button--small" onClick={() => onChange([...items, { id: r.id, title: r.title, link: r.link, type_name_singular: r.common.type_name_singular }])}>
                Add<span className="visually-hidden"> {r.title}</span>
              </button>{" "}
              {r.title} <span className="order-card__type">{r.common.type_name_singular}</span>
            </li>
          ))}
          {!found.isFetching && !candidates.length && <li>No matching items.</li>}
        </ul>
      )}
    </fieldset>
  );
}
