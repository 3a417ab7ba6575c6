import { expect, test, type Page } from "@playwright/test";
import { TEACHER, expectNoAxeViolations, signInViaApi, tabTo } from "./helpers.js";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots";
const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
const aboutCard = (page: Page) => page.getByRole("region", { name: "Endorsements" });

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
}

test("endorsements: the owner adds a publisher by keyboard, a moderator adds anyone and hides one, and the item's page shows the public ones", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zn${Date.now().toString(36)} Endorsed plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the endorsements test" }, headers: { "X-CSRF-Token": await csrf(page) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(aboutCard(page)).toHaveCount(0);

  // The owner: the dialog offers the endorsement publishers; one is added as a sponsor, all by keyboard.
  await tabTo(page, page.getByRole("button", { name: "Endorsements", exact: true }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Endorsements" });
  await expect(page.locator("#manage-content-endorsements-modal")).toBeVisible();
  await expect(dialog.getByText("No endorsements yet.")).toBeVisible();
  const picker = dialog.getByLabel("Add an endorsement publisher");
  await tabTo(page, picker);
  await picker.selectOption({ label: "Summit Math Partners" });
  await tabTo(page, dialog.getByRole("button", { name: "Add", exact: true }));
  await page.keyboard.press("Enter");
  const type = dialog.getByRole("combobox", { name: "Type of Summit Math Partners's endorsement" });
  await expect(type).toHaveValue("endorsed_by");
  await type.selectOption("sponsored_by");
  // Once added, a publisher is no longer offered.
  await expect(picker.getByRole("option", { name: "Summit Math Partners" })).toHaveCount(0);
  await expectNoAxeViolations(page, "manage-endorsements dialog");
  await page.screenshot({ path: `${SHOTS}/endorsements-dialog-1366.png` });
  await tabTo(page, dialog.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Endorsements have been saved.");
  await expect(dialog).toBeHidden();
  await expect(aboutCard(page).getByRole("listitem")).toHaveText(["Sponsored bySummit Math Partners"]);

  // A moderator: any person or group, found by name; a removal can be undone before saving; one is kept off the page.
  await page.context().clearCookies();
  await signInViaApi(page, MODERATOR);
  await page.goto(link);
  await page.getByRole("button", { name: "Endorsements", exact: true }).click();
  await expect(dialog.getByRole("rowheader", { name: "Summit Math Partners" })).toBeVisible();
  await dialog.getByLabel("Add an endorser (any person or group)").fill("Sam Car");
  await dialog.getByRole("button", { name: "Add Sam Carter" }).click();
  await dialog.getByLabel("Add an endorser (any person or group)").fill("Grade 5 Sci");
  await dialog.getByRole("button", { name: "Add Grade 5 Science Team (group)" }).click();
  await dialog.getByRole("combobox", { name: "Type of Grade 5 Science Team's endorsement" }).selectOption("recognized_by");
  await dialog.getByRole("checkbox", { name: "Show Sam Carter's endorsement on the item's page" }).uncheck();
  await dialog.getByRole("button", { name: "Remove Summit Math Partners's endorsement" }).click();
  await expect(dialog.getByText("removed when you save")).toBeVisible();
  await dialog.getByRole("button", { name: "Restore Summit Math Partners's endorsement" }).click();
  await expect(dialog.getByText("removed when you save")).toHaveCount(0);
  await expectNoAxeViolations(page, "manage-endorsements dialog, moderator");
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toasts(page)).toContainText("Endorsements have been saved.");

  // Everyone who may view the item sees the public ones, in the spec's order of types.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(aboutCard(page).getByRole("listitem")).toHaveText(["Sponsored bySummit Math Partners", "Recognized byGrade 5 Science Team"]);
  await expect(page.getByRole("button", { name: "Endorsements", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "item page with endorsements");
  await page.screenshot({ path: `${SHOTS}/endorsements-card-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await aboutCard(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/endorsements-card-390.png` });
});
