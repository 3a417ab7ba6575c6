import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CHECKOUT_TEXTS, centsOfAmount, formatPrice, SearchResponse, SELLABLE_MODEL_KEYS, type ManagedProduct, type ProductItemView } from "../../../contract/index.js";
import { checkoutKeys, deleteProduct, saveProduct, useManagedProducts } from "../../api/checkout.js";
import { getJson } from "../../api/client.js";
import { useCurrentProfile } from "../../api/queries.js";
import { Field, fieldErrorProps } from "../../components/Field.js";
import { StaffCard, StaffEntriesPage, StaffFormDialog, useStaffForm, type StaffFormProps } from "./staffEditing.js";

/** The administrators' products (what Buy Now sells), at /moderation/products, 25 a page (`?page=`): list, create, edit, take off sale, delete one no one ordered. */
export function ProductsScene() {
  const allowed = Boolean(useCurrentProfile()?.permissions.manage_products);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const products = useManagedProducts(page, allowed);
  const queryClient = useQueryClient();

  return (
    <StaffEntriesPage
      title="Products"
      intro="What this site sells. An item in a product on sale shows Buy Now to members who may not open it. There is no card payment: a purchase is an order your staff invoice, then mark paid under Orders, which opens the product's items to the buyer."
      permission="manage_products"
      noun="product"
      nouns="products"
      newId="new-product"
      counted
      query={products}
      paging={{ page, label: "Pages of products", onPage: (p) => setParams(p > 1 ? { page: String(p) } : {}) }}
      card={(product, { edit, ask }) => <ProductCard key={product.uuid} product={product} onEdit={edit} onDelete={product.abilities.delete ? () => ask("delete") : undefined} />}
      form={(product, props) => <ProductDialog product={product} {...props} />}
      afterSave={() => queryClient.invalidateQueries({ queryKey: checkoutKeys.all })}
      deletion={{
        question: (product) => `Are you sure you want to delete "${product.name}"? No one has ordered it. ${product.items.length === 1 ? "Its item stays as it is" : `Its ${itemCount(product.items.length)} stay as they are`}, no longer sold by it.`,
        run: (product) => deleteProduct(product.uuid),
      }}
    />
  );
}

const itemCount = (n: number) => (n === 1 ? "1 item" : `${n} items`);

/** A product: on sale or not, its price and description, the items it unlocks (each a link), and its orders (a product with orders is kept: no Delete). */
function ProductCard({ product, onEdit, onDelete }: { product: ManagedProduct; onEdit(): void; onDelete?: () => void }) {
  return (
    <StaffCard className="product-card" state={product.is_active ? "On sale" : "Off sale"} shown={product.is_active} title={product.name} onEdit={onEdit} onDelete={onDelete}>
      <p className="product-card__price">{formatPrice(product.price_cents, product.currency)}</p>
      {product.short_description && <p>{product.short_description}</p>}
      <p className="report__meta">Unlocks {itemCount(product.items.length)}:</p>
      <ul className="product-card__items">
        {product.items.map((item) => (
          <li key={item.id}>
            <Link to={item.link}>{item.title}</Link> <span className="order-card__type">{item.type_name_singular}</span>
          </li>
        ))}
      </ul>
      <p className="report__meta">
        {product.orders_count === 0
          ? "No orders yet."
          : `${product.orders_count === 1 ? "1 order" : `${product.orders_count} orders`}: kept on record, so it cannot be deleted${product.is_active ? "; take it off sale to stop selling it" : ""}.`}
      </p>
    </StaffCard>
  );
}

const FIELDS = ["name", "short_description", "price", "currency", "items"] as const;

/** Adding (no product) or editing one: name, description, price, currency, on sale, and the items it unlocks. */
function ProductDialog({ product, onClose, onSaved }: { product: ManagedProduct | null } & StaffFormProps) {
  // The API speaks of price_cents; the person typed an amount, so its refusal is said in those units, by the field.
  const form = useStaffForm(FIELDS, { price_cents: { field: "price", message: CHECKOUT_TEXTS.badPrice }, item_ids: { field: "items" } });
  const { errors, control, edit, fieldId } = form;
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.short_description ?? "");
  const [price, setPrice] = useState(product?.price ?? "");
  const [currency, setCurrency] = useState(product?.currency ?? "USD");
  const [active, setActive] = useState(product?.is_active ?? true);
  const [items, setItems] = useState<ProductItemView[]>(product?.items ?? []);

  const check = () => ({
    ...(!name.trim() && { name: CHECKOUT_TEXTS.nameRequired }),
    ...(centsOfAmount(price) === null && { price: CHECKOUT_TEXTS.badPrice }),
    ...(!/^[A-Za-z]{3}$/.test(currency.trim()) && { currency: CHECKOUT_TEXTS.badCurrency }),
    ...(!items.length && { items: CHECKOUT_TEXTS.itemsRequired }),
  });
  const save = async () => {
    const answer = await saveProduct(product?.uuid ?? null, { name, short_description: description, price_cents: centsOfAmount(price)!, currency, is_active: active, item_ids: items.map((i) => i.id) });
    await onSaved(answer.message);
  };

  return (
    <StaffFormDialog id="product-form-modal" noun="product" editing={product !== null} failure={form.failure} saving={form.saving} onClose={onClose} onSubmit={form.submit(check, save)}>
      <Field id={fieldId("name")} label="Name" error={errors.name}>
        <input {...control("name")} className="input" maxLength={255} value={name} onChange={(e) => edit("name", setName)(e.target.value)} />
      </Field>
      <Field id={fieldId("short_description")} label="Short description" error={errors.short_description}>
        <textarea {...control("short_description")} className="input" rows={3} maxLength={1000} value={description} onChange={(e) => edit("short_description", setDescription)(e.target.value)} />
      </Field>
      <div className="staff-form__row">
        <Field id={fieldId("price")} label="Price (0 is free)" error={errors.price}>
          <input {...control("price")} className="input" inputMode="decimal" placeholder="12.50" value={price} onChange={(e) => edit("price", setPrice)(e.target.value)} />
        </Field>
        <Field id={fieldId("currency")} label="Currency" error={errors.currency}>
          <input {...control("currency")} className="input" maxLength={3} value={currency} onChange={(e) => edit("currency", setCurrency)(e.target.value.toUpperCase())} />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <span className="check__label">On sale (shows Buy Now on its items)</span>
      </label>
      <ItemPicker id={fieldId("items")} error={errors.items} items={items} onChange={edit("items", setItems)} />
    </StaffFormDialog>
  );
}

/** The item search's question: the term, of the kinds a product can sell only (f[_types]), so its 8 are 8 that can be added. */
const itemSearchParams = (term: string) =>
  new URLSearchParams([["query", term], ["per", String(ITEM_SEARCH_SIZE)], ["ignore_permissions", "1"], ...SELLABLE_MODEL_KEYS.map((key) => ["f[_types][]", key])]);
const ITEM_SEARCH_SIZE = 8;

/**
 * Choosing the items a product unlocks: a search of the whole catalogue's sellable kinds (from 3 characters;
 * ignore_permissions, as the page is for administrators), Add and Remove.
 */
function ItemPicker({ id, error, items, onChange }: { id: string; error?: string; items: ProductItemView[]; onChange(items: ProductItemView[]): void }) {
  const [term, setTerm] = useState("");
  const typed = term.trim();
  const found = useQuery({
    queryKey: ["checkout", "itemSearch", typed],
    queryFn: ({ signal }) => getJson("api/search", SearchResponse, { searchParams: itemSearchParams(typed), signal }),
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
        <p className="field__hint product-items__none">No items chosen yet.</p>
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
              </button>
              <span className="product-items__title">
                {r.title} <span className="order-card__type">{r.common.type_name_singular}</span>
              </span>
            </li>
          ))}
          {!found.isFetching && !candidates.length && <li>{found.data?.data.length ? "No other items match: those found are chosen already or cannot be sold." : "No matching items."}</li>}
        </ul>
      )}
    </fieldset>
  );
}
