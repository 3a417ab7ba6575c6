import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";


/** Whether the element drawn at the middle of `target` (nothing over it) is `target` or inside it. */
const onTop = (target: Locator) =>
  target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return Boolean(hit && el.contains(hit));
  });

/** Opens the announcement form, the staff pages' longest, at `width` x `height`. */
async function openForm(page: Page, width: number, height: number): Promise<{ form: Locator; create: Locator }> {
  await page.setViewportSize({ width, height });
  await page.goto("/moderation/announcements");
  await page.getByRole("button", { name: "New announcement" }).click();
  const form = page.getByRole("dialog", { name: "New announcement" });
  await expect(form.getByLabel("Title")).toBeFocused();
  return { form, create: form.getByRole("button", { name: "Create" }) };
}

test("staff forms: on a phone the form is a sheet filling the screen (nothing of the page shows), its Create and Cancel in reach before and after scrolling; at 1280 they stay at the dialog's foot", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  const { form, create } = await openForm(page, 390, 844);
  expect(await form.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  // The page's header and the list's cards are under the sheet, not beside it.
  const corners: [number, number][] = [[5, 5], [385, 5], [195, 420], [5, 839], [385, 839]];
  expect(await page.evaluate((points) => points.map(([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[role="dialog"]'))), corners)).toEqual(corners.map(() => true));
  await expect(create).toBeInViewport({ ratio: 1 });
  expect(await onTop(create)).toBe(true);
  await expectNoAxeViolations(page, "staff form as a sheet at 390");
  await saveShot(page, `staff-form-390.png`);
  await form.getByLabel("Panel opacity (0 to 1)").scrollIntoViewIfNeeded();
  await expect(create).toBeInViewport({ ratio: 1 });
  expect(await onTop(form.getByRole("button", { name: "Cancel" }))).toBe(true);

  await page.keyboard.press("Escape");
  const wide = await openForm(page, 1280, 800);
  // The form is taller than the dialog, which scrolls; Create is at its foot from the start, over the fields.
  expect(await wide.form.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  const box = (await wide.form.boundingBox())!;
  expect(box.width).toBeLessThan(800);
  await expect(wide.create).toBeInViewport({ ratio: 1 });
  expect(await onTop(wide.create)).toBe(true);
  await saveShot(page, `staff-form-1280.png`);
});

test("products form: 'No items chosen yet.' is set off from 'Find an item'; the item search shows a full 8 items that can be sold (no group among them)", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/moderation/products");
  await page.getByRole("button", { name: "New product" }).click();
  const form = page.getByRole("dialog", { name: "New product" });
  const hint = (await form.getByText("No items chosen yet.").boundingBox())!;
  const label = (await form.getByText("Find an item", { exact: true }).boundingBox())!;
  expect(label.y - (hint.y + hint.height)).toBeGreaterThanOrEqual(8);
  // "math" finds a group first among its best matches: asked for sellable kinds only, the 8 shown are 8 that can be added.
  await form.getByLabel("Find an item").fill("math");
  const found = form.getByRole("list", { name: "Matching items" });
  await expect(found.getByRole("button", { name: /^Add / })).toHaveCount(8);
  expect(await found.locator(".order-card__type").allTextContents()).not.toContain("Group");
  await expectNoAxeViolations(page, "products form with found items");
});
