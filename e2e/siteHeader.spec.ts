import { expect, test } from "@playwright/test";
import { ADMIN, expectNoAxeViolations, signInViaApi } from "./helpers.js";

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 px an administrator's header is one row on an item page; the name's menu holds Your profile, Account and Sign out", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // Unread notifications put a count on the bell: with it (or a photo, or a longer name) the row used to wrap to two.
  await page.route("**/api/notifications/unread*", (route) => route.fulfill({ json: { unread_count: 12 } }));
  await page.goto("/search/");
  await page.getByRole("main").getByRole("link").filter({ hasText: "Lesson Plan" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const bar = page.locator(".site-header__bar");
  await expect(bar.getByRole("link", { name: "Notifications (12 unread)" })).toBeVisible();
  expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);
  for (const control of [bar.getByRole("link", { name: "Moderation" }), bar.getByRole("button", { name: "Create", exact: true })]) await expect(control).toBeInViewport({ ratio: 1 });

  // Keyboard: Enter opens the menu, Escape closes it and gives focus back to the name.
  const name = bar.locator(".account-menu__toggle");
  await name.focus();
  await page.keyboard.press("Enter");
  await expect(name).toHaveAttribute("aria-expanded", "true");
  for (const item of [bar.getByRole("link", { name: "Your profile" }), bar.getByRole("link", { name: "Account", exact: true }), bar.getByRole("button", { name: "Sign out" })]) await expect(item).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolations(page, "an item page with the header's account menu open at 1280 px");
  await page.keyboard.press("Escape");
  await expect(name).toHaveAttribute("aria-expanded", "false");
  await expect(name).toBeFocused();
});
