import { expect, test, type Locator, type Page } from "@playwright/test";
import { TEACHER, createLessonPlan, csrfToken, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";

/** Tells one run's pictures from another's (before and after a change to the dialogs' look). */
const SHOT_TAG = process.env.E2E_SHOT_TAG ?? "now";
const stamp = Date.now().toString(36);

/** Looks at an open dialog (a picture, axe), then closes it with its Close button: it goes, and focus is back on its opener. */
async function closeByItsButton(page: Page, dialog: Locator, opener: Locator, name: string): Promise<void> {
  const close = dialog.getByRole("button", { name: "Close", exact: true });
  await expect(close).toBeVisible();
  await saveShot(page, `close-row-${name}-${SHOT_TAG}.png`);
  await close.scrollIntoViewIfNeeded();
  await saveShot(dialog, `close-row-${name}-${SHOT_TAG}-dialog.png`);
  await expectNoAxeViolations(page, `the ${name} dialog`);
  await close.click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, TEACHER);
});

test("About Short Codes closes by its Close button", async ({ page }) => {
  const { link } = await createLessonPlan(page, `Cr${stamp} Seeds`, [{ title: "Lab", html: "<p>Soak the seeds.</p>" }]);
  await page.goto(`${link}/edit`);
  const help = page.getByRole("toolbar", { name: "Lab content formatting" }).getByRole("button", { name: "About Short Codes" });
  // By keyboard: a click on the toolbar leaves focus in the text, where the dialog gives it back.
  await help.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "About Short Codes" });
  await expect(dialog.getByRole("tabpanel", { name: "Callout" }).locator(".sc-callout--tip")).toContainText("Before you start");
  await closeByItsButton(page, dialog, help, "short-codes");
});

test("a section's earlier comments close by their dialog's Close button", async ({ page }) => {
  const plan = await createLessonPlan(page, `Cr${stamp} Tide pools`, [{ title: "Warm-up", html: "<p>What lives in a tide pool?</p>" }]);
  const token = await csrfToken(page.request);
  for (const n of [1, 2, 3, 4]) {
    const res = await page.request.post("/comment/addcomment", { data: { type: "lesson_plan", type_id: plan.id, module: "section", module_id: plan.uids[0], content: `Note ${n} on the warm-up` }, headers: { "X-CSRF-Token": token } });
    expect(res.status()).toBe(201);
  }
  await page.goto(plan.link);
  await page.getByRole("region", { name: "Warm-up", exact: true }).getByRole("button", { name: "Comments (4) on Warm-up Open" }).click();
  const earlier = page.getByRole("region", { name: "Comments on Warm-up" }).getByRole("button", { name: "View Previous Comments (1)" });
  await earlier.click();
  const dialog = page.getByRole("dialog", { name: "Comments on Warm-up" });
  await expect(dialog.getByRole("article")).toHaveCount(4);
  await closeByItsButton(page, dialog, earlier, "section-comments");
});

test("a collection's Add Item (View All) closes by its Close button, its only way out", async ({ page }) => {
  const res = await page.request.post("/collections/create", { data: { title: `Cr${stamp} Shelf` }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  await page.goto(((await res.json()) as { link: string }).link);
  const addItem = page.getByRole("region", { name: "Items in this collection" }).getByRole("button", { name: "Add Item" });
  await addItem.click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await expect(dialog.getByRole("article").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await closeByItsButton(page, dialog, addItem, "view-all");
});
