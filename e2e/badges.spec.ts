import { expect, test, type Page } from "@playwright/test";
import { TEACHER, expectNoAxeViolations, signInViaApi, tabTo, switchTo, csrfToken, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
const badges = (page: Page) => page.getByRole("list", { name: "Badges" }).getByRole("listitem");

test("badges: a moderator awards them by keyboard, the owner cannot, and everyone sees them under the title", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zb${Date.now().toString(36)} Badged plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the badges test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  // The owner manages the item but may not award it badges.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Permissions", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Badges", exact: true })).toHaveCount(0);
  await expect(badges(page)).toHaveCount(0);

  await switchTo(page, MODERATOR);
  await page.goto(link);
  await tabTo(page, page.getByRole("button", { name: "Badges", exact: true }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Badges" });
  await expect(page.locator("#manage-badges-modal")).toBeVisible();
  const exemplar = dialog.getByRole("checkbox", { name: /^Exemplar/ });
  await expect(exemplar).not.toBeChecked();
  await tabTo(page, exemplar);
  await page.keyboard.press("Space");
  await dialog.getByRole("checkbox", { name: /^Peer Reviewed/ }).check();
  await expectNoAxeViolations(page, "manage-badges dialog");
  await saveShot(page, `badges-dialog-1366.png`);
  await tabTo(page, dialog.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Badges have been saved.");
  await expect(dialog).toBeHidden();
  await expect(badges(page)).toHaveText([/^Exemplar: A model of its kind/, /^Peer Reviewed: /]);

  // Taking one off again.
  await page.getByRole("button", { name: "Badges", exact: true }).click();
  await expect(dialog.getByRole("checkbox", { name: /^Exemplar/ })).toBeChecked();
  await dialog.getByRole("checkbox", { name: /^Exemplar/ }).uncheck();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(badges(page)).toHaveText([/^Peer Reviewed/]);

  // A guest sees the badges.
  await switchTo(page, null);
  await page.goto(link);
  await expect(badges(page)).toHaveText(["Peer Reviewed: Read and checked by educators other than its author."]);
  await expectNoAxeViolations(page, "item page with a badge");
  await saveShot(page, `badges-item-1366.png`);
});
