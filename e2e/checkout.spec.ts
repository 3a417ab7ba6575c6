import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, switchTo, saveShot } from "./helpers.js";

/** The demo learner's address (the demo seeds `${username}@example.org`, confirmed). */
const LEARNER_EMAIL = `${LEARNER.username}@example.org`;
const unique = () => `Zc${Date.now().toString(36)}`;

/**
 * Signs in as an administrator and makes 26 products, each unlocking one demo item, named `${run} ${label} ${i}` and
 * made with `fields` (its price, whether it is on sale). Answers the run's prefix, the item's id, the products' uuids
 * in order, and the administrator's CSRF headers.
 */
async function make26Products(page: Page, label: string, fields: { price_cents: number; is_active?: boolean }): Promise<{ run: string; itemId: number; products: string[]; headers: Record<string, string> }> {
  await signInViaApi(page, ADMIN);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const found = (await (await page.request.get("/api/search?query=fractions&per=5&ignore_permissions=1")).json()) as { data: { id: number; model_key: string }[] };
  const itemId = found.data.find((r) => r.model_key !== "group")!.id;
  const run = unique();
  const products = await Promise.all(
    Array.from({ length: 26 }, async (_, i) => {
      const created = await page.request.post("/api/products", { data: { name: `${run} ${label} ${i}`, short_description: "", item_ids: [itemId], ...fields }, headers });
      return ((await created.json()) as { data: { uuid: string } }).data.uuid;
    }),
  );
  return { run, itemId, products, headers };
}
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });

/** Both widths the screenshots are taken at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("checkout: an admin sells a restricted item, a member buys it with Buy Now, the admin marks the order paid, the member opens it", async ({ page }) => {
  // A journey of 20 to 25 s in CI beside two other shards: three times the default timeout, for a slower machine.
  test.slow();
  // The teacher makes a lesson plan only she may open.
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Fractions lab`;
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the checkout test" }, headers });
  expect(started.ok()).toBeTruthy();
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id, global: [], authed: [] }, headers })).ok()).toBeTruthy();

  // The admin creates a product with that item on the Products page, finding the item by search.
  await switchTo(page, ADMIN);
  await page.goto("/moderation/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  await dialog.getByLabel("Name").fill(`${title} pack`);
  await dialog.getByLabel("Short description").fill("The lab and its worksheets, for one school.");
  await dialog.getByLabel("Price (0 is free)").fill("9.5");
  await dialog.getByLabel("Find an item").fill(title.split(" ")[0]!);
  await dialog.getByRole("button", { name: `Add ${title}` }).click();
  await expect(dialog.getByRole("list", { name: "Chosen items" })).toContainText(title);
  await expectNoAxeViolations(page, "new product dialog");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toasts(page)).toContainText("Product created.");
  const card = page.getByRole("list", { name: "Products" }).getByRole("listitem").filter({ hasText: `${title} pack` });
  await expect(card).toContainText("$9.50");
  await expect(card).toContainText("Unlocks 1 item:");
  await expect(card.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "products page");
  await shoot(page, "admin-products");

  // A member who may not open the item sees Buy Now instead of the request form, and buys.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Buy access", level: 1 })).toBeVisible();
  const offer = page.getByRole("listitem").filter({ hasText: `${title} pack` });
  await expect(offer).toContainText("$9.50");
  await expect(offer).toContainText("The lab and its worksheets, for one school.");
  const buy = offer.getByRole("button", { name: "Buy Now" });
  await expect(buy).toBeEnabled();
  await expectNoAxeViolations(page, "request-access card with Buy Now");
  await shoot(page, "buy-now-card");
  await buy.click();
  await expect(page).toHaveURL(/\/checkout\/orders\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();
  await expect(page.getByRole("heading", { name: `${title} pack`, level: 2 })).toBeVisible();
  await expect(page.getByText("Awaiting payment")).toBeVisible();
  await expect(page.getByText("This site's staff will send you an invoice and confirm your payment.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: title }).first()).toBeVisible();
  await expectNoAxeViolations(page, "order page");
  await shoot(page, "order-pending");

  // Back on the item, the card says it was ordered, with the order's link, instead of Buy Now.
  await page.goto(link);
  const ordered = page.getByRole("listitem").filter({ hasText: `${title} pack` });
  await expect(ordered).toContainText(/You ordered this on \d{1,2}\/\d{1,2}\/\d{4}\. It opens to you once your payment is confirmed\./);
  await expect(ordered.getByRole("button", { name: "Buy Now" })).toHaveCount(0);
  await expectNoAxeViolations(page, "request-access card with a pending order");
  await ordered.getByRole("link", { name: "View your order" }).click();
  await expect(page).toHaveURL(orderUrl);
  // The buyer's own orders list it.
  await page.goto("/checkout/orders");
  await expect(page.getByRole("row").filter({ hasText: `${title} pack` })).toContainText("Awaiting payment");
  // The buyer's own list has no e-mail column: the address is the administrators' (where the invoice goes).
  await expect(page.getByRole("link", { name: LEARNER_EMAIL })).toHaveCount(0);
  await expectNoAxeViolations(page, "your orders");

  // The admin marks the order paid on the Orders page.
  await switchTo(page, ADMIN);
  await page.goto("/moderation/orders");
  const row = page.getByRole("row").filter({ hasText: `${title} pack` });
  await expect(row).toContainText(LEARNER.name);
  // Where the invoice goes: the buyer's address, a mailto link.
  await expect(row.getByRole("link", { name: LEARNER_EMAIL, exact: true })).toHaveAttribute("href", `mailto:${LEARNER_EMAIL}`);
  await expectNoAxeViolations(page, "orders page");
  await shoot(page, "admin-orders");
  await row.getByRole("button", { name: /^Mark paid/ }).click();
  // Nothing is lost by marking paid: its confirming button is the primary one, not the red of Delete and Cancel.
  await expect(page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" })).toHaveClass(/button--primary/);
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(toasts(page)).toContainText("The order is marked paid");
  await expect(page.getByRole("row").filter({ hasText: `${title} pack` })).toHaveCount(0);

  // The member opens the item, and the order says it is paid.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await page.goto(orderUrl);
  await expect(page.getByText("Your payment is confirmed: the items are open to you.")).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", link);
  await shoot(page, "order-paid");
});

test("on a phone, a product whose name is one long word wraps on the Buy access card and the order's page, Buy Now in reach", async ({ page }) => {
  // The teacher makes a lesson plan only she may open; the admin sells it under a name with no spaces.
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Long-name lab`;
  let headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the checkout test" }, headers });
  expect(started.ok()).toBeTruthy();
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { id: number; opaque_id: string };
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id, global: [], authed: [] }, headers })).ok()).toBeTruthy();
  await switchTo(page, ADMIN);
  headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const name = `Licence_${unique()}_${"district_wide_annual_".repeat(8)}2027`;
  const created = await page.request.post("/api/products", { data: { name, short_description: name, price_cents: 1200, item_ids: [item.id] }, headers });
  expect(created.ok(), "create the product").toBeTruthy();

  await switchTo(page, LEARNER);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Buy access", level: 1 })).toBeVisible();
  const buy = page.getByRole("listitem").filter({ hasText: name }).getByRole("button", { name: "Buy Now" });
  const box = (await buy.boundingBox())!;
  expect(box.x + box.width, "Buy Now's right edge, on the screen").toBeLessThanOrEqual(390);
  expect(await overflow(), "page wider than a phone").toBe(0);
  await expectNoAxeViolations(page, "Buy access card with a long product name");

  await buy.click();
  await expect(page.getByRole("heading", { name: "Your order", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  expect(await overflow(), "order page wider than a phone").toBe(0);
  await expectNoAxeViolations(page, "order page with a long product name");
});

test("products: a price the form cannot take is refused in the units typed there (an amount, not cents), the server's refusal too", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto("/moderation/products");
  await page.getByRole("button", { name: "New product" }).click();
  const dialog = page.getByRole("dialog", { name: "New product" });
  const price = dialog.getByLabel("Price (0 is free)");
  await dialog.getByLabel("Name").fill(`${unique()} pack`);
  await price.fill("12.345");
  await dialog.getByRole("button", { name: "Create" }).click();
  const amountMessage = "The price must be an amount from 0 to 100000.00, with at most two decimals (such as 12.50).";
  await expect(price).toHaveAccessibleDescription(amountMessage);
  await expect(price).toBeFocused();
  await expect(dialog).not.toContainText(/\bcents?\b/i);
  // Price and Currency share their row evenly: the refusal under Price reads in a few lines, not a narrow column of six.
  await page.setViewportSize({ width: 1280, height: 800 });
  const priceBox = (await price.boundingBox())!;
  expect(priceBox.width).toBeGreaterThan(250);
  expect((await dialog.getByText(amountMessage).boundingBox())!.height).toBeLessThan(3.5 * 22);
  await expectNoAxeViolations(page, "product form with a price refused");
  await shoot(page, "product-price-error");

  // Should the server refuse the price (its API speaks of price_cents), the form says it by the Price field in the same units.
  await page.route("**/api/products", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: "price_cents must be a whole number of cents from 0 to 10000000 (an amount from 0 to 100000.00).", errors: { price_cents: ["price_cents must be a whole number of cents from 0 to 10000000 (an amount from 0 to 100000.00)."] } }) })
      : route.fallback(),
  );
  await price.fill("12.50");
  await dialog.getByLabel("Find an item").fill("fractions");
  // On a phone a found item's title wraps beside its Add button, not under it.
  await page.setViewportSize({ width: 390, height: 844 });
  const found = dialog.getByRole("list", { name: "Matching items" }).getByRole("listitem").first();
  const add = found.getByRole("button", { name: /^Add / });
  await expect(add).toBeVisible();
  const addBox = (await add.boundingBox())!;
  const titleBox = (await found.locator(".product-items__title").boundingBox())!;
  expect(titleBox.x).toBeGreaterThanOrEqual(addBox.x + addBox.width);
  await page.setViewportSize({ width: 1280, height: 800 });
  await add.click();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(price).toHaveAccessibleDescription(amountMessage);
  await expect(price).toBeFocused();
  await expect(dialog).not.toContainText(/\bcents?\b/i);
});

test("products: a product no one ordered is deleted after a question; an ordered one has no Delete and says why; the server's refusal of a field shows under it", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const found = (await (await page.request.get("/api/search?query=fractions&per=5&ignore_permissions=1")).json()) as { data: { id: number; model_key: string }[] };
  const item = found.data.find((r) => r.model_key !== "group")!;
  const make = async (name: string, price_cents: number) => {
    const res = await page.request.post("/api/products", { data: { name, short_description: "", price_cents, item_ids: [item.id] }, headers });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { data: { uuid: string } }).data.uuid;
  };
  const unsold = `${unique()} spare pack`;
  const sold = `${unique()} sold pack`;
  await make(unsold, 500);
  const soldUuid = await make(sold, 0);
  expect((await page.request.post(`/checkout/one-click/${soldUuid}`, { data: {}, headers })).status()).toBe(200);

  await page.goto("/moderation/products");
  const list = page.getByRole("list", { name: "Products" });
  const unsoldCard = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: unsold }) });
  const soldCard = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: sold }) });
  await expect(unsoldCard).toContainText("Unlocks 1 item:");
  await expect(unsoldCard.getByRole("link")).toHaveCount(1);
  await expect(unsoldCard).toContainText("No orders yet.");
  await expect(soldCard).toContainText("1 order: kept on record, so it cannot be deleted; take it off sale to stop selling it.");
  await expect(soldCard.getByRole("button", { name: `Delete ${sold}` })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: /^\d+ products$/ })).toBeVisible();
  await expectNoAxeViolations(page, "products page with Delete and orders");

  await unsoldCard.getByRole("button", { name: `Delete ${unsold}` }).click();
  const question = page.getByRole("alertdialog", { name: "Delete product" });
  // One item reads in the singular ("Its 1 item stay as they are" read wrongly).
  await expect(question).toContainText(`Are you sure you want to delete "${unsold}"? No one has ordered it. Its item stays as it is, no longer sold by it.`);
  await expectNoAxeViolations(page, "Delete product question");
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page)).toContainText("Product deleted.");
  await expect(unsoldCard).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New product" })).toBeFocused();

  // A refusal the server names a field for shows under that field, not above the buttons.
  const currencyMessage = "The currency must be a three-letter code such as USD.";
  await page.route(`**/api/products/${soldUuid}`, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: currencyMessage, errors: { currency: [currencyMessage] } }) }) : route.fallback(),
  );
  await soldCard.getByRole("button", { name: `Edit ${sold}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit product" });
  await dialog.getByRole("button", { name: "Save" }).click();
  const currency = dialog.getByLabel("Currency");
  await expect(currency).toHaveAccessibleDescription(currencyMessage);
  await expect(currency).toBeFocused();
  await expect(dialog.getByText(currencyMessage)).toHaveCount(1);
  await expectNoAxeViolations(page, "product form with a field's refusal");
  await currency.fill("EUR");
  await expect(currency).not.toHaveAccessibleDescription(currencyMessage);
});

test("on a phone, a buyer's orders are cards of labelled lines: the date and status in sight, nothing scrolled sideways", async ({ page }) => {
  // A new member buys the demo's single-item product (Buy Now's JSON answer), then reads their orders on a phone.
  const username = `buyer${Date.now().toString(36)}`;
  const registered = await page.request.post("/auth/register", { data: { name: "Phone Buyer", username, email: `${username}@example.org`, password: "phone buyer pass" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(registered.status()).toBe(201);
  const bought = await page.request.post("/checkout/one-click/00000000-0000-4000-8000-000000000002", { data: {}, headers: { "X-CSRF-Token": await csrfToken(page.request), Accept: "application/json" } });
  expect(bought.ok(), "Buy Now").toBeTruthy();
  const product = ((await bought.json()) as { data: { product: { name: string } } }).data.product.name;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/checkout/orders");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: product }) });
  await expect(row.getByRole("cell", { name: "Awaiting payment" })).toBeVisible();
  // Every cell of the order within the screen's width, the table no wider than its place.
  for (const cell of await row.getByRole("cell").all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width, await cell.innerText()).toBeLessThanOrEqual(390);
  }
  expect(await page.locator(".orders-table-wrap").evaluate((el) => el.scrollWidth - el.clientWidth), "orders scrolled sideways").toBe(0);
  await expectNoAxeViolations(page, "a buyer's orders on a phone");
  await saveShot(page, `my-orders-390.png`);
});

test("orders: the administrators' Orders list shows 25 a page with Previous and Next (it stopped, silently, at 500)", async ({ page }) => {
  // 26 products, each bought once: 26 orders awaiting payment, the newest first.
  const { run, itemId, products, headers } = await make26Products(page, "pack", { price_cents: 100 });
  // Bought one after another, so "pack 25" is the newest order and "pack 0" the oldest.
  const made: { uuid: string; order: string }[] = [];
  for (const uuid of products) {
    const bought = await page.request.post(`/checkout/one-click/${uuid}`, { data: {}, headers });
    made.push({ uuid, order: ((await bought.json()) as { data: { uuid: string } }).data.uuid });
  }
  await page.goto("/moderation/orders");
  const table = page.getByRole("region", { name: "Orders" });
  await expect(table.getByRole("link", { name: `${run} pack 25` })).toBeVisible();
  await expect(table.getByRole("link", { name: `${run} pack 0`, exact: true })).toHaveCount(0);
  const pager = page.getByRole("navigation", { name: "Orders pages" });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await pager.getByRole("button", { name: /Next/ }).click();
  await expect(table.getByRole("link", { name: `${run} pack 0`, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: `${run} pack 25` })).toHaveCount(0);
  await expectNoAxeViolations(page, "orders page 2");
  // Another status starts again at page 1.
  await page.getByLabel("Show").selectOption("All orders");
  await expect(pager).toContainText(/Page 1 of/);

  // Leave no pending orders or products on sale behind for the other specs.
  await Promise.all(
    made.map(async ({ uuid, order }) => {
      await page.request.post(`/api/orders/${order}/cancel`, { headers });
      await page.request.put(`/api/products/${uuid}`, { data: { name: `${run} retired`, short_description: "", price_cents: 100, item_ids: [itemId], is_active: false }, headers });
    }),
  );
});

test("orders: a buyer's own orders show 25 a page with Previous and Next (they stopped, silently, at 500)", async ({ page }) => {
  // 26 free products (an order of one is paid at once, so none is left awaiting payment).
  const { run, itemId, products } = await make26Products(page, "buyer pack", { price_cents: 0, is_active: true });
  const product = (i: number, is_active: boolean) => ({ name: `${run} buyer pack ${i}`, short_description: "", price_cents: 0, item_ids: [itemId], is_active });
  // A new member buys "pack 0" first, "pack 25" last (their newest order), the rest between.
  const username = `pager${Date.now().toString(36)}`;
  const registered = await page.request.post("/auth/register", { data: { name: "Many Orders", username, email: `${username}@example.org`, password: "many orders pass" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(registered.status()).toBe(201);
  const headers = { "X-CSRF-Token": await csrfToken(page.request), Accept: "application/json" };
  const buy = async (uuid: string) => expect((await page.request.post(`/checkout/one-click/${uuid}`, { data: {}, headers })).ok()).toBeTruthy();
  await buy(products[0]!);
  await Promise.all(products.slice(1, 25).map(buy));
  await buy(products[25]!);

  await page.goto("/checkout/orders");
  const table = page.getByRole("region", { name: "Your orders" });
  await expect(table.getByRole("link", { name: `${run} buyer pack 25` })).toBeVisible();
  await expect(table.getByRole("link", { name: `${run} buyer pack 0`, exact: true })).toHaveCount(0);
  const pager = page.getByRole("navigation", { name: "Pages of your orders" });
  await expect(pager).toContainText("Page 1 of 2");
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(table.getByRole("link", { name: `${run} buyer pack 0`, exact: true })).toBeVisible();
  await expect(table.getByRole("link", { name: `${run} buyer pack 25` })).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout\/orders\?page=2$/);
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  // Disabled on the last page, Next keeps keyboard focus (a disabled button dropped it to the page's start).
  await expect(pager.getByRole("button", { name: "Next" })).toBeFocused();
  // Previous and Next are set off from the last row, not touching it.
  const [tableBox, pagerBox] = [(await table.boundingBox())!, (await pager.boundingBox())!];
  expect(pagerBox.y - (tableBox.y + tableBox.height), "space between the orders and the pager").toBeGreaterThanOrEqual(8);
  await expectNoAxeViolations(page, "a buyer's orders, page 2");
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(table.getByRole("link", { name: `${run} buyer pack 25` })).toBeVisible();

  // Take the products off sale again for the other specs.
  await signInViaApi(page, ADMIN);
  const again = { "X-CSRF-Token": await csrfToken(page.request) };
  await Promise.all(products.map((uuid, i) => page.request.put(`/api/products/${uuid}`, { data: product(i, false), headers: again })));
});

test("products: the Products list shows 25 a page with Previous and Next, counting them all", async ({ page }) => {
  // 26 products off sale (listed after those on sale), so there are at least two pages.
  const { products, headers } = await make26Products(page, "shelf", { price_cents: 100, is_active: false });
  const listed = (await (await page.request.get("/api/products?page=2")).json()) as { data: { name: string }[]; total: number };
  const pages = Math.ceil(listed.total / 25);

  await page.goto("/moderation/products");
  const list = page.getByRole("list", { name: "Products" });
  // Each card lists its items too: count the cards, the list's own entries.
  await expect(list.locator(":scope > li")).toHaveCount(25);
  await expect(page.getByRole("status").filter({ hasText: `${listed.total} products` })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Pages of products" });
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/moderation\/products\?page=2$/);
  // Page 2's cards are the API's page 2, in its order (a card's heading says "On sale" or "Off sale" before the name).
  const endsWith = (name: string) => new RegExp(`${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await expect(list.locator(":scope > li h2")).toHaveText(listed.data.map((p) => endsWith(p.name)));
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expectNoAxeViolations(page, "products page 2");

  // None was ordered: delete them again for the other specs.
  await Promise.all(products.map((uuid) => page.request.delete(`/api/products/${uuid}`, { headers })));
});
