import { expect, test } from "@playwright/test";
import { ADMIN, expectNoAxeViolations, resultCards, signInViaApi } from "./helpers.js";

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 px an administrator's header is one row on an item page; the name's menu holds Your profile, Account and Sign out", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // Unread notifications put a count on the bell: with it (or a photo, or a longer name) the row used to wrap to two.
  await page.route("**/api/notifications/unread*", (route) => route.fulfill({ json: { unread_count: 12 } }));
  // A lesson plan's page, through the search filtered to lesson plans: the first page of all types may hold none, after
  // the tests before this one in its shard updated other items.
  await page.goto("/search/?f[_types][]=lesson_plan");
  const cardLink = resultCards(page).first().getByRole("heading", { level: 3 }).getByRole("link");
  const title = (await cardLink.textContent())!.trim();
  await cardLink.click();
  // The item's own heading: the search screen's stays until the item page replaces it (under load, a second or more),
  // and a menu opened before then closed with that change of page.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const bar = page.locator(".site-header__bar");
  await expect(bar.getByRole("link", { name: "Notifications (12 unread)" })).toBeVisible();
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);
  for (const control of [bar.getByRole("link", { name: "Moderation" }), bar.getByRole("button", { name: "Create", exact: true })]) await expect(control).toBeInViewport({ ratio: 1 });

  // Keyboard: Enter opens the menu, Escape closes it and gives focus back to the name.
  const name = bar.locator(".account-menu__toggle");
  await name.focus();
  await page.keyboard.press("Enter");
  await expect(name).toHaveAttribute("aria-expanded", "true");
  for (const item of [bar.getByRole("link", { name: "Your profile" }), bar.getByRole("link", { name: "My favorites" }), bar.getByRole("link", { name: "My collections" }), bar.getByRole("link", { name: "Account", exact: true }), bar.getByRole("button", { name: "Sign out" })]) await expect(item).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, "an item page with the header's account menu open at 1280 px");
  await page.keyboard.press("Escape");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  await expect(name).toBeFocused();
});

test("an administrator's header stays one row from 1153 to 1279 px whatever the name's length, and Moderation sits beside Search down to tablets", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // A long name (profiles may hold 255 characters) took the row past its width between 72rem and 80rem: it wrapped to two.
  const longName = "Adalbertina Maximiliana Wolfeschlegelsteinhausen-Bergerdorff";
  await page.route("**/getInitializeData", async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    await route.fulfill({ response: answer, json: { ...body, profile: { ...body.profile, name: longName } } });
  });
  await page.goto("/moderation/reports");
  const bar = page.locator(".site-header__bar");
  const name = bar.locator(".account-menu__toggle");
  await expect(name).toContainText("Adalbertina");
  for (const width of [1153, 1200, 1279]) {
    await page.setViewportSize({ width, height: 800 });
    expect((await bar.boundingBox())!.height, `header height at ${width} px`).toBeLessThanOrEqual(72);
    for (const control of [bar.getByRole("link", { name: "Moderation" }), bar.getByRole("button", { name: "Create", exact: true }), name]) await expect(control).toBeInViewport({ ratio: 1 });
  }
  // Below 72rem the actions fold behind Menu, but there is room for Moderation in the Main navigation beside Search.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Moderation" })).toBeVisible();
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator(".account__actions").getByRole("link", { name: "Moderation" })).toBeHidden();
  await expectNoAxeViolations(page, "reports page at 1024 px with the Menu open");
});
