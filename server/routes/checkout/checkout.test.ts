import { beforeAll, describe, expect, it } from "vitest";
import { CHECKOUT_TEXTS, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildSignedInUser, statusesByRole, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

describe("products and checkout by invoice", () => {
  const { server, cast } = useCast();
  let lesson: Content, unit: Content, open: Content;
  const fits = apiReferenceCheck();
  const word = "Wombatsale";

  const product = (overrides: Record<string, unknown> = {}) => ({ name: "Fractions Unit", short_description: "Ten lessons on fractions.", price_cents: 1250, currency: "usd", item_ids: [lesson.id, unit.id], ...overrides });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await cast.clients.admin.post("/api/products", product(overrides));
    expect(res.status).toBe(201);
    return res.body.data as { uuid: string; price: string };
  };
  /** Buy Now as the browser sends it: a urlencoded form with the CSRF token as _token, asking for a page. */
  const buyByForm = async (client: TestClient, uuid: string, fields: Record<string, string> = {}) => {
    const token = client.cookieHeader().includes("sid=") ? await client.token() : "";
    const body = new URLSearchParams({ ...(token ? { _token: token } : {}), ...fields }).toString();
    return client.request("POST", `/checkout/one-click/${uuid}`, body, { "content-type": "application/x-www-form-urlencoded", accept: "text/html,application/xhtml+xml" });
  };
  const titlesFound = async (client: TestClient) => ((await client.get(`/api/search?query=${word}`)).body.data as { title: string }[]).map((d) => d.title);
  const details = (client: TestClient, item: Content) => client.get(`/permissions/access-details?uid=${item.uid}`);

  beforeAll(async () => {
    lesson = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: `${word} Lesson`, visibility: "restricted" });
    unit = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", subType: "document", title: `${word} Worksheet`, visibility: "restricted" });
    open = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", subType: "document", title: `${word} Public`, visibility: "public" });
  });

  it("lets only administrators manage products (guest 401, others 403) and checks what they write", async () => {
    expect(await statusesByRole(cast.clients, (c) => c.get("/api/products"))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 200 });
    const statuses = await statusesByRole(cast.clients, (c) => c.post("/api/products", product({ name: "Role matrix" })));
    expect(statuses).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 201 });

    const created = await cast.clients.admin.post("/api/products", product({ name: "  Algebra Pack  " }));
    fits("post", "/api/products", created);
    expect(created.body.data).toMatchObject({ name: "Algebra Pack", price: "12.50", price_cents: 1250, currency: "USD", is_active: true });
    expect(created.body.data.items.map((i: { title: string }) => i.title).sort()).toEqual([`${word} Lesson`, `${word} Worksheet`]);
    expect(created.body.message).toBe(CHECKOUT_TEXTS.created);

    const bad = async (body: Record<string, unknown>) => (await cast.clients.admin.post("/api/products", product(body))).body.message;
    expect(await bad({ name: " " })).toBe(CHECKOUT_TEXTS.nameRequired);
    expect(await bad({ price_cents: -1 })).toBe(CHECKOUT_TEXTS.badPriceCents);
    expect(await bad({ price_cents: 12.5 })).toBe(CHECKOUT_TEXTS.badPriceCents);
    // The refusal names its field, which the Products form turns into its own message in the units typed there.
    expect((await cast.clients.admin.post("/api/products", product({ price_cents: 10_000_001 }))).body).toMatchObject({ message: CHECKOUT_TEXTS.badPriceCents, errors: { price_cents: [CHECKOUT_TEXTS.badPriceCents] } });
    expect(await bad({ currency: "dollars" })).toBe(CHECKOUT_TEXTS.badCurrency);
    expect(await bad({ item_ids: [] })).toBe(CHECKOUT_TEXTS.itemsRequired);
    expect(await bad({ item_ids: [999999] })).toBe(CHECKOUT_TEXTS.unknownItems);
    expect(await bad({ item_ids: [cast.group.id] })).toBe(CHECKOUT_TEXTS.unknownItems);
    expect((await cast.clients.admin.post("/api/products", product({ item_ids: "x" }))).status).toBe(422);

    const edited = await cast.clients.admin.send("PUT", `/api/products/${created.body.data.uuid}`, product({ name: "Algebra Pack II", is_active: false, item_ids: [lesson.id] }));
    fits("put", "/api/products/{uuid}", edited);
    expect(edited.body.data).toMatchObject({ name: "Algebra Pack II", is_active: false, items: [{ id: lesson.id, title: `${word} Lesson`, link: `/lesson-plans/${lesson.uid}` }] });
    expect((await cast.clients.member.send("PUT", `/api/products/${created.body.data.uuid}`, product())).status).toBe(403);
    expect((await cast.clients.admin.send("PUT", `/api/products/00000000-0000-0000-0000-000000000000`, product())).status).toBe(404);
    fits("get", "/api/products", await cast.clients.admin.get("/api/products"));
  });

  it("offers active products on the request-access card only to those who cannot view the item, and counts them on the item", async () => {
    const offered = await create({ name: "Worksheet Pack", price_cents: 500, item_ids: [unit.id] });
    const off = await create({ name: "Retired Pack", item_ids: [unit.id], is_active: false });
    const member = await details(cast.clients.member, unit);
    fits("get", "/permissions/access-details", member);
    expect(member.body.details.availableProducts).toContainEqual({ uuid: offered.uuid, name: "Worksheet Pack", short_description: "Ten lessons on fractions.", price: "5.00", currency: "USD", pending_order: null });
    expect(member.body.details.availableProducts.map((p: { uuid: string }) => p.uuid)).not.toContain(off.uuid);
    // The owner and an admin may view it: nothing is offered to them.
    expect((await details(cast.clients.owner, unit)).body.details.availableProducts).toEqual([]);
    expect((await details(cast.clients.admin, unit)).body.details.availableProducts).toEqual([]);

    const page = await cast.clients.owner.get(`/api/content/resources/${unit.uid}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ is_fee_based: true, purchasable_in_products_count: expect.any(Number) });
    expect(page.body.purchasable_in_products_count).toBeGreaterThanOrEqual(1);
    const free = await cast.clients.owner.get(`/api/content/resources/${open.uid}`);
    expect(free.body).toMatchObject({ is_fee_based: false, purchasable_in_products_count: 0 });
  });

  it("counts the active products that unlock an item on its search card, and follows the products' changes", async () => {
    const card = async () => {
      const found = (await cast.clients.owner.get(`/api/search?query=${word}`)).body.data as { id: number; purchasable_in_products_count: number }[];
      return found.find((d) => d.id === open.id)!.purchasable_in_products_count;
    };
    expect(await card()).toBe(0);
    const sold = await create({ name: "Open Pack", item_ids: [open.id] });
    expect(await card()).toBe(1);
    await create({ name: "Open Pack Plus", item_ids: [open.id, unit.id] });
    expect(await card()).toBe(2);
    expect((await cast.clients.admin.send("PUT", `/api/products/${sold.uuid}`, product({ name: "Open Pack", is_active: false, item_ids: [open.id] }))).status).toBe(200);
    expect(await card()).toBe(1);
    expect((await cast.clients.admin.send("PUT", `/api/products/${sold.uuid}`, product({ name: "Open Pack", item_ids: [unit.id] }))).status).toBe(200);
    expect(await card()).toBe(1);
  });

  it("Buy Now places one pending order per buyer and product (a second click shows the same), and a paid one grants read and search", async () => {
    const sold = await create({ name: "Lesson Pack", price_cents: 2000, item_ids: [lesson.id] });
    const [buyer, client] = await buildSignedInUser(server, { name: "Bea Buyer" });
    expect(await titlesFound(client)).not.toContain(`${word} Lesson`);

    const first = await buyByForm(client, sold.uuid);
    expect(first.status).toBe(303);
    const link = first.headers.get("location")!;
    expect(link).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/);
    const second = await buyByForm(client, sold.uuid);
    expect(second.headers.get("location")).toBe(link);
    // The card now shows the pending order instead of Buy Now; other askers still get Buy Now.
    const offered = (await details(client, lesson)).body.details.availableProducts.find((p: { uuid: string }) => p.uuid === sold.uuid);
    expect(offered.pending_order).toEqual({ uuid: link.split("/").pop(), link, created_at: expect.any(String) });
    const forOthers = (await details(cast.clients.member, lesson)).body.details.availableProducts.find((p: { uuid: string }) => p.uuid === sold.uuid);
    expect(forOthers.pending_order).toBeNull();
    const asJson = await client.post(`/checkout/one-click/${sold.uuid}`, {});
    fits("post", "/checkout/one-click/{productUuid}", asJson);
    expect(asJson.body.link).toBe(link);
    expect(await server.db.selectFrom("orders").select("id").where("buyer_id", "=", buyer.id).execute()).toHaveLength(1);

    const uuid = link.split("/").pop()!;
    const order = await client.get(`/api/checkout/orders/${uuid}`);
    fits("get", "/api/checkout/orders/{uuid}", order);
    expect(order.body.data).toMatchObject({ status: "pending", price: "20.00", product: { name: "Lesson Pack" }, items: [{ title: `${word} Lesson` }], buyer: { name: "Bea Buyer" }, abilities: { mark_paid: false, cancel: false } });
    const mine = await client.get("/api/checkout/orders");
    fits("get", "/api/checkout/orders", mine);
    expect(mine.body.data.map((o: { uuid: string }) => o.uuid)).toEqual([uuid]);
    // Someone else's order does not exist for them; an admin sees it and may settle it.
    expect((await cast.clients.member.get(`/api/checkout/orders/${uuid}`)).status).toBe(404);
    expect((await cast.clients.admin.get(`/api/checkout/orders/${uuid}`)).body.data.abilities).toEqual({ mark_paid: true, cancel: true });
    expect((await cast.clients.member.get(`/api/checkout/orders`)).body.data).toEqual([]);

    // Still pending: no access yet.
    expect((await client.get(`/api/content/lesson-plans/${lesson.uid}`)).status).toBe(404);
    expect(await statusesByRole(cast.clients, (c) => c.get("/api/orders"))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 200 });
    const all = await cast.clients.admin.get("/api/orders?status=pending");
    fits("get", "/api/orders", all);
    expect(all.body.data.map((o: { uuid: string }) => o.uuid)).toContain(uuid);
    expect((await cast.clients.admin.get("/api/orders?status=lost")).status).toBe(422);

    const statuses = await statusesByRole({ guest: cast.clients.guest, member: cast.clients.member, moderator: cast.clients.moderator, owner: cast.clients.owner } as RoleCast["clients"], (c) => c.post(`/api/orders/${uuid}/paid`));
    expect(statuses).toEqual({ guest: 401, member: 403, moderator: 403, owner: 403 });
    const paid = await cast.clients.admin.post(`/api/orders/${uuid}/paid`);
    fits("post", "/api/orders/{uuid}/paid", paid);
    expect(paid.body).toMatchObject({ message: CHECKOUT_TEXTS.markedPaid, data: { status: "paid", paid_at: expect.any(String), abilities: { mark_paid: false, cancel: false } } });
    const again = await cast.clients.admin.post(`/api/orders/${uuid}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CHECKOUT_TEXTS.notPending);

    expect((await client.get(`/api/content/lesson-plans/${lesson.uid}`)).status).toBe(200);
    expect(await titlesFound(client)).toContain(`${word} Lesson`);
    expect((await details(client, lesson)).body.details).toMatchObject({ can_view: true, availableProducts: [] });
    // The grant is a profile read grant, as the permission form stores it.
    expect((await cast.clients.owner.get(`/permissions?opaque_id=${lesson.opaque_id}`)).body.permissions.profiles).toContainEqual(expect.objectContaining({ id: buyer.id, permissions: ["read"] }));
    // Buying again shows the paid order.
    expect((await buyByForm(client, sold.uuid)).headers.get("location")).toBe(link);
    // The grant removed since (as the owner may in the permissions dialog): the item offers Buy Now again, and Buy Now
    // shows the paid order and opens the item again, rather than a page saying Paid beside a locked item.
    await server.db.deleteFrom("content_grants").where("content_id", "=", lesson.id).where("profile_id", "=", buyer.id).execute();
    expect((await client.get(`/api/content/lesson-plans/${lesson.uid}`)).status).toBe(404);
    expect((await details(client, lesson)).body.details.availableProducts.map((p: { uuid: string }) => p.uuid)).toContain(sold.uuid);
    expect((await buyByForm(client, sold.uuid)).headers.get("location")).toBe(link);
    expect((await client.get(`/api/content/lesson-plans/${lesson.uid}`)).status).toBe(200);
  });

  it("gives the buyer's e-mail address (where the invoice goes) in the administrators' Orders list only, never in the buyer's own or an order's answers", async () => {
    const email = "invoice.me@example.org";
    const sold = await create({ name: "Invoice Pack", price_cents: 900, item_ids: [unit.id] });
    const [buyer, client] = await buildSignedInUser(server, { name: "Ivy Invoice", email, emailVerified: true });
    const [, unconfirmed] = await buildSignedInUser(server, { name: "Una Unconfirmed", email: "una@example.org" });
    const [, without] = await buildSignedInUser(server, { name: "Nell Noaddress" });
    const uuidOf = async (c: TestClient) => (await buyByForm(c, sold.uuid)).headers.get("location")!.split("/").pop()!;
    const [uuid, unconfirmedUuid, withoutUuid] = [await uuidOf(client), await uuidOf(unconfirmed), await uuidOf(without)];

    const all = await cast.clients.admin.get("/api/orders?status=pending");
    fits("get", "/api/orders", all);
    const buyerOf = (id: string) => (all.body.data as { uuid: string; buyer: Record<string, unknown> }[]).find((o) => o.uuid === id)!.buyer;
    expect(buyerOf(uuid)).toEqual({ profile_id: buyer.id, name: "Ivy Invoice", link: expect.any(String), email, email_confirmed: true });
    expect(buyerOf(unconfirmedUuid)).toMatchObject({ email: "una@example.org", email_confirmed: false });
    expect(buyerOf(withoutUuid)).toMatchObject({ email: null, email_confirmed: false });

    // Nowhere else: the buyer's own list and order, the order's page as an admin opens it, Buy Now's and Mark paid's answers.
    const elsewhere = [
      await client.get("/api/checkout/orders"),
      await client.get(`/api/checkout/orders/${uuid}`),
      await cast.clients.admin.get(`/api/checkout/orders/${uuid}`),
      await client.post(`/checkout/one-click/${sold.uuid}`, {}),
      await cast.clients.admin.post(`/api/orders/${uuid}/paid`),
      await cast.clients.member.get(`/api/profiles/${buyer.uid}`),
    ];
    for (const res of elsewhere) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(email);
      expect(JSON.stringify(res.body)).not.toContain("email_confirmed");
    }
  });

  it("a cancelled order grants nothing, and the next Buy Now places a new one", async () => {
    const sold = await create({ name: "Cancel Pack", price_cents: 700, item_ids: [unit.id] });
    const [, client] = await buildSignedInUser(server);
    const first = (await buyByForm(client, sold.uuid)).headers.get("location")!;
    const cancelled = await cast.clients.admin.post(`/api/orders/${first.split("/").pop()}/cancel`);
    fits("post", "/api/orders/{uuid}/cancel", cancelled);
    expect(cancelled.body).toMatchObject({ message: CHECKOUT_TEXTS.cancelled, data: { status: "cancelled" } });
    expect((await client.get(`/api/content/resources/${unit.uid}`)).status).toBe(404);
    expect((await buyByForm(client, sold.uuid)).headers.get("location")).not.toBe(first);
  });

  it("deletes a product no one ordered (its items stay), and keeps one with orders, its buyers' record and access (409)", async () => {
    const unsold = await create({ name: "Delete Me Pack", item_ids: [lesson.id] });
    const listed = async (uuid: string) => ((await cast.clients.admin.get("/api/products")).body.data as { uuid: string; orders_count: number; abilities: { delete: boolean } }[]).find((p) => p.uuid === uuid);
    expect(await listed(unsold.uuid)).toMatchObject({ orders_count: 0, abilities: { delete: true } });
    const offered = async (client: TestClient) => ((await details(client, lesson)).body.details.availableProducts as { uuid: string }[]).map((p) => p.uuid);
    expect(await offered(cast.clients.member)).toContain(unsold.uuid);

    expect((await cast.clients.guest.send("DELETE", `/api/products/${unsold.uuid}`)).status).toBe(401);
    expect((await cast.clients.moderator.send("DELETE", `/api/products/${unsold.uuid}`)).status).toBe(403);
    const deleted = await cast.clients.admin.send("DELETE", `/api/products/${unsold.uuid}`);
    fits("delete", "/api/products/{uuid}", deleted);
    expect(deleted.body).toEqual({ status: "success", message: CHECKOUT_TEXTS.deleted });
    expect(await listed(unsold.uuid)).toBeUndefined();
    expect(await offered(cast.clients.member)).not.toContain(unsold.uuid);
    expect((await cast.clients.owner.get(`/api/content/lesson-plans/${lesson.uid}`)).status).toBe(200);
    expect((await cast.clients.admin.send("DELETE", `/api/products/${unsold.uuid}`)).status).toBe(404);

    // A paid order (a free product pays at once) and a cancelled one: both keep their product.
    const paid = await create({ name: "Kept Free Pack", price_cents: 0, item_ids: [unit.id] });
    const [, buyer] = await buildSignedInUser(server);
    const order = (await buyer.post(`/checkout/one-click/${paid.uuid}`, {})).body.data as { uuid: string; status: string };
    expect(order.status).toBe("paid");
    expect(await listed(paid.uuid)).toMatchObject({ orders_count: 1, abilities: { delete: false } });
    const refused = await cast.clients.admin.send("DELETE", `/api/products/${paid.uuid}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHECKOUT_TEXTS.orderedCannotDelete);
    expect(await listed(paid.uuid)).toBeDefined();
    expect((await buyer.get(`/api/checkout/orders/${order.uuid}`)).body.data).toMatchObject({ status: "paid", product: { uuid: paid.uuid } });
    expect((await buyer.get(`/api/content/resources/${unit.uid}`)).status).toBe(200);

    const cancelledOnly = await create({ name: "Cancelled Pack", price_cents: 300, item_ids: [unit.id] });
    const [, other] = await buildSignedInUser(server);
    const pending = (await buyByForm(other, cancelledOnly.uuid)).headers.get("location")!.split("/").pop()!;
    expect((await cast.clients.admin.send("DELETE", `/api/products/${cancelledOnly.uuid}`)).status).toBe(409);
    expect((await cast.clients.admin.post(`/api/orders/${pending}/cancel`)).status).toBe(200);
    expect((await cast.clients.admin.send("DELETE", `/api/products/${cancelledOnly.uuid}`)).status).toBe(409);
    expect((await other.get(`/api/checkout/orders/${pending}`)).body.data).toMatchObject({ status: "cancelled" });
  });

  it("a free product is paid at once and opens its items", async () => {
    const free = await create({ name: "Free Sampler", price_cents: 0, item_ids: [unit.id] });
    expect(free.price).toBe("0.00");
    const [, client] = await buildSignedInUser(server);
    expect(await titlesFound(client)).not.toContain(`${word} Worksheet`);
    const answer = await client.post(`/checkout/one-click/${free.uuid}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "paid", price: "0.00" });
    expect((await client.get(`/api/content/resources/${unit.uid}`)).status).toBe(200);
    expect(await titlesFound(client)).toContain(`${word} Worksheet`);
  });

  it("sends guests to sign in and back, refuses unknown and inactive products, and wants the CSRF token", async () => {
    const sold = await create({ name: "Guest Pack" });
    const guest = server.client();
    const redirected = await buyByForm(guest, sold.uuid, { return_to: `/content/lesson-plans/${lesson.uid}` });
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("location")).toBe(`/auth/login?redirect=${encodeURIComponent(`/content/lesson-plans/${lesson.uid}`)}`);
    expect((await buyByForm(guest, sold.uuid, { return_to: "//evil.example/" })).headers.get("location")).toBe(`/auth/login?redirect=${encodeURIComponent("/search/")}`);
    const asJson = await guest.post(`/checkout/one-click/${sold.uuid}`, {});
    expect(asJson.status).toBe(401);
    expect(asJson.body.message).toBe(MESSAGES.signInRequired);

    const member = cast.clients.member;
    const unknown = await member.post(`/checkout/one-click/00000000-0000-0000-0000-000000000000`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(CHECKOUT_TEXTS.productNotFound);
    expect((await member.post(`/checkout/one-click/not-a-uuid`, {})).status).toBe(404);
    const retired = await create({ name: "Retired", is_active: false });
    expect((await buyByForm(member, retired.uuid)).status).toBe(404);

    // A signed-in browser's form post without the token is refused (a forged post from another site).
    const forged = await member.request("POST", `/checkout/one-click/${sold.uuid}`, "", { "content-type": "application/x-www-form-urlencoded", accept: "text/html" });
    expect(forged.status).toBe(403);
    expect(forged.body.message).toBe(MESSAGES.csrf);
  });

  it("pages the administrators' Orders list 25 at a time, newest first, with the total of the status asked for (it stopped at 500, silently)", async () => {
    const listed = await create({ name: "Paged Pack", price_cents: 100, item_ids: [open.id] });
    const productId = (await server.db.selectFrom("products").select("id").where("uuid", "=", listed.uuid).executeTakeFirstOrThrow()).id;
    const before = (await cast.clients.admin.get("/api/orders?status=cancelled")).body.total as number;
    // 27 cancelled orders dated after every other (so they lead the list), one a minute apart.
    const uuids = Array.from({ length: 27 }, (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, "0")}`);
    await server.db
      .insertInto("orders")
      .values(uuids.map((uuid, i) => ({ uuid, product_id: productId, buyer_id: cast.owner.id, status: "cancelled" as const, price_cents: 100, currency: "USD", created_at: new Date(Date.UTC(2099, 0, 1, 0, i)).toISOString(), updated_at: new Date().toISOString(), paid_at: null, cancelled_at: new Date().toISOString() })))
      .execute();
    const newestFirst = [...uuids].reverse();

    const first = await cast.clients.admin.get("/api/orders?status=cancelled");
    fits("get", "/api/orders", first);
    expect(first.body).toMatchObject({ total: before + 27, page: 1, per: 25 });
    expect(first.body.data.map((o: { uuid: string }) => o.uuid)).toEqual(newestFirst.slice(0, 25));
    const second = await cast.clients.admin.get("/api/orders?status=cancelled&page=2");
    expect(second.body.data.map((o: { uuid: string }) => o.uuid).slice(0, 2)).toEqual(newestFirst.slice(25));
    expect(second.body.data).toHaveLength(Math.min(25, before + 2));
    expect((await cast.clients.admin.get("/api/orders?page=999")).body).toMatchObject({ data: [], page: 999 });
    // Every status together counts them too.
    expect((await cast.clients.admin.get("/api/orders")).body.total).toBeGreaterThanOrEqual(before + 27);
    for (const page of ["0", "-1", "two", "1.5"]) {
      const refused = await cast.clients.admin.get(`/api/orders?page=${page}`);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe("page must be a whole number from 1.");
    }
    expect((await cast.clients.member.get("/api/orders?page=2")).status).toBe(403);
    await server.db.deleteFrom("orders").where("product_id", "=", productId).execute();
  });
  it("pages a buyer's own orders 25 at a time, newest first, with their total, and only theirs (it stopped at 500, silently)", async () => {
    const listed = await create({ name: "Buyer Paged Pack", price_cents: 100, item_ids: [open.id] });
    const productId = (await server.db.selectFrom("products").select("id").where("uuid", "=", listed.uuid).executeTakeFirstOrThrow()).id;
    const [buyer, client] = await buildSignedInUser(server, { name: "Many Orders" });
    // 27 orders of one buyer (cancelled, so no open order blocks another), one a minute apart, and one of someone else's dated after them all.
    const uuids = Array.from({ length: 27 }, (_, i) => `00000000-0000-4000-a000-${String(i).padStart(12, "0")}`);
    const row = (uuid: string, buyerId: number, minute: number) => ({ uuid, product_id: productId, buyer_id: buyerId, status: "cancelled" as const, price_cents: 100, currency: "USD", created_at: new Date(Date.UTC(2098, 0, 1, 0, minute)).toISOString(), updated_at: new Date().toISOString(), paid_at: null, cancelled_at: new Date().toISOString() });
    await server.db
      .insertInto("orders")
      .values([...uuids.map((uuid, i) => row(uuid, buyer.id, i)), row("00000000-0000-4000-a000-999999999999", cast.member.id, 59)])
      .execute();
    const newestFirst = [...uuids].reverse();

    const first = await client.get("/api/checkout/orders");
    fits("get", "/api/checkout/orders", first);
    expect(first.body).toMatchObject({ total: 27, page: 1, per: 25 });
    expect(first.body.data.map((o: { uuid: string }) => o.uuid)).toEqual(newestFirst.slice(0, 25));
    const second = await client.get("/api/checkout/orders?page=2");
    expect(second.body).toMatchObject({ total: 27, page: 2, per: 25 });
    expect(second.body.data.map((o: { uuid: string }) => o.uuid)).toEqual(newestFirst.slice(25));
    expect((await client.get("/api/checkout/orders?page=3")).body).toMatchObject({ data: [], total: 27, page: 3 });
    for (const page of ["0", "-1", "two", "1.5", "100001"]) {
      const refused = await client.get(`/api/checkout/orders?page=${page}`);
      expect([refused.status, refused.body.message], page).toEqual([422, "page must be a whole number from 1."]);
    }
    expect((await cast.clients.guest.get("/api/checkout/orders?page=2")).status).toBe(401);
    await server.db.deleteFrom("orders").where("product_id", "=", productId).execute();
  });
  it("pages the administrators' Products list 25 at a time, on sale first, then by name, with the total (it listed every product in one answer)", async () => {
    const now = new Date().toISOString();
    // 27 products, every third off sale, named so that their order by name is their number's.
    const uuids = Array.from({ length: 27 }, (_, i) => `00000000-0000-4000-b000-${String(i).padStart(12, "0")}`);
    await server.db
      .insertInto("products")
      .values(uuids.map((uuid, i) => ({ uuid, name: `Paged product ${String(i).padStart(2, "0")}`, price_cents: 100, is_active: i % 3 === 0 ? 0 : 1, created_at: now, updated_at: now })))
      .execute();
    const total = Number((await server.db.selectFrom("products").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThanOrEqual(27);

    const first = await cast.clients.admin.get("/api/products");
    fits("get", "/api/products", first);
    expect(first.body).toMatchObject({ total, page: 1, per: 25 });
    expect(first.body.data).toHaveLength(25);
    type Listed = { uuid: string; name: string; is_active: boolean };
    const all: Listed[] = [...first.body.data];
    for (let page = 2; page <= Math.ceil(total / 25); page++) {
      const next = await cast.clients.admin.get(`/api/products?page=${page}`);
      expect(next.body).toMatchObject({ total, page, per: 25 });
      all.push(...next.body.data);
    }
    // Every product once, on sale ones first, and ours in the order of their names within each.
    expect(all).toHaveLength(total);
    expect(new Set(all.map((p) => p.uuid)).size).toBe(total);
    expect(all.findIndex((p) => !p.is_active)).toBeGreaterThan(all.findLastIndex((p) => p.is_active));
    const ours = all.filter((p) => p.uuid.startsWith("00000000-0000-4000-b000-"));
    const byNumber = uuids.map((uuid, i) => ({ uuid, active: i % 3 !== 0 }));
    expect(ours.map((p) => p.uuid)).toEqual([...byNumber.filter((p) => p.active), ...byNumber.filter((p) => !p.active)].map((p) => p.uuid));
    expect((await cast.clients.admin.get(`/api/products?page=${Math.ceil(total / 25) + 1}`)).body).toMatchObject({ data: [], total });

    for (const page of ["0", "-1", "two", "1.5"]) {
      const refused = await cast.clients.admin.get(`/api/products?page=${page}`);
      expect([refused.status, refused.body.message], page).toEqual([422, "page must be a whole number from 1."]);
    }
    expect(await statusesByRole(cast.clients, (c) => c.get("/api/products?page=2"))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 403, moderator: 403, admin: 200 });
    await server.db.deleteFrom("products").where("uuid", "in", uuids).execute();
  });
});
