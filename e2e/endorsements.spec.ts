import { expect, test, type Page } from "@playwright/test";
import { TEACHER, expectNoAxeViolations, signInViaApi, tabTo, switchTo, csrfToken, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;
/** The demo's endorsement publisher with an account. */
const AUTHOR = { username: "author", password: "author-demo-pass", name: "James Chen" } as const;
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
const aboutCard = (page: Page) => page.getByRole("region", { name: "Endorsements" });
const dialogOf = (page: Page) => page.getByRole("dialog", { name: "Endorsements" });

/** A new lesson plan of the signed-in account; answers its link. */
async function startPlan(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the endorsements test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { link: string } }).data.link;
}

test("endorsements: a publisher endorses their own plan by keyboard, a moderator adds anyone, the owner may only remove those, and the page shows the public ones", async ({ page }) => {
  await signInViaApi(page, AUTHOR);
  const title = `Zn${Date.now().toString(36)} Endorsed plan`;
  const link = await startPlan(page, title);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(aboutCard(page)).toHaveCount(0);

  // The owner, a publisher: the dialog offers their own name; added by keyboard, focus goes to the new row.
  await tabTo(page, page.getByRole("button", { name: "Endorsements", exact: true }));
  await page.keyboard.press("Enter");
  const dialog = dialogOf(page);
  await expect(page.locator("#manage-content-endorsements-modal")).toBeVisible();
  await expect(dialog.getByText("No endorsements yet.")).toBeVisible();
  const picker = dialog.getByLabel("Add an endorsement publisher");
  await expect(picker.getByRole("option")).toHaveText(["Choose a publisher…", AUTHOR.name]);
  await tabTo(page, picker);
  await picker.selectOption({ label: AUTHOR.name });
  await tabTo(page, dialog.getByRole("button", { name: "Add", exact: true }));
  await page.keyboard.press("Enter");
  const type = dialog.getByRole("combobox", { name: `Type of ${AUTHOR.name}'s endorsement` });
  await expect(type).toBeFocused();
  await expect(type).toHaveValue("endorsed_by");
  await type.selectOption("published_by");
  await expect(dialog.getByText("You may add yourself, or a group you lead")).toBeVisible();
  await expectNoAxeViolations(page, "manage-endorsements dialog");
  await saveShot(page, `endorsements-dialog-1366.png`);
  await tabTo(page, dialog.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Endorsements have been saved.");
  await expect(dialog).toBeHidden();
  await expect(aboutCard(page).getByRole("listitem")).toHaveCount(1);
  await expect(aboutCard(page).getByRole("listitem")).toContainText(`Published by ${AUTHOR.name} on `);

  // A moderator: any person or group, found by name (Enter picks the only match, it does not save); one kept off the page.
  await switchTo(page, MODERATOR);
  await page.goto(link);
  await page.getByRole("button", { name: "Endorsements", exact: true }).click();
  await expect(dialog.getByRole("rowheader", { name: AUTHOR.name })).toBeVisible();
  const search = dialog.getByLabel("Add an endorser (any person or group)");
  await search.fill("Sam Car");
  await expect(dialog.getByRole("button", { name: "Add Sam Carter" })).toBeVisible();
  await search.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Type of Sam Carter's endorsement" })).toBeFocused();
  await search.fill("Grade 5 Sci");
  await dialog.getByRole("button", { name: "Add Grade 5 Science Team (group)" }).click();
  await dialog.getByRole("combobox", { name: "Type of Grade 5 Science Team's endorsement" }).selectOption("recognized_by");
  await dialog.getByRole("checkbox", { name: "Show Sam Carter's endorsement on the item's page" }).uncheck();
  await dialog.getByRole("button", { name: `Remove ${AUTHOR.name}'s endorsement` }).click();
  await expect(dialog.getByText("removed when you save")).toBeVisible();
  await dialog.getByRole("button", { name: `Restore ${AUTHOR.name}'s endorsement` }).click();
  await expect(dialog.getByText("removed when you save")).toHaveCount(0);
  await expectNoAxeViolations(page, "manage-endorsements dialog, moderator");
  // On a phone only the table scrolls sideways: the dialog itself fits, with the endorsers' names in view.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const control of [search, dialog.getByRole("button", { name: "Save", exact: true })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  expect(await dialog.locator(".table-scroll").evaluate((d) => d.scrollWidth > d.clientWidth)).toBe(true);
  await expect(dialog.getByRole("rowheader", { name: "Grade 5 Science Team" })).toBeInViewport();
  await saveShot(page, `endorsements-dialog-390.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toasts(page)).toContainText("Endorsements have been saved.");

  // The owner may remove what a moderator added, not change it.
  await switchTo(page, AUTHOR);
  await page.goto(link);
  await page.getByRole("button", { name: "Endorsements", exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Type of Sam Carter's endorsement" })).toBeDisabled();
  await expect(dialog.getByRole("checkbox", { name: "Show Sam Carter's endorsement on the item's page" })).toBeDisabled();
  await expect(dialog.getByRole("combobox", { name: `Type of ${AUTHOR.name}'s endorsement` })).toBeEnabled();
  await expect(dialog.getByText("can be removed, not changed")).toBeVisible();
  await dialog.getByRole("button", { name: "Remove Sam Carter's endorsement" }).click();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toasts(page)).toContainText("Endorsements have been saved.");

  // Everyone who may view the item sees the public ones, in the spec's order of types, with when (a lesson plan).
  await switchTo(page, null);
  await page.goto(link);
  await expect(aboutCard(page).getByRole("listitem")).toHaveCount(2);
  await expect(aboutCard(page).getByRole("listitem").nth(0)).toContainText(`Published by ${AUTHOR.name} on `);
  await expect(aboutCard(page).getByRole("listitem").nth(1)).toContainText("Recognized by Grade 5 Science Team on ");
  await expect(page.getByRole("button", { name: "Endorsements", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "item page with endorsements");
  await saveShot(page, `endorsements-card-1366.png`);
});

test("endorsements: an owner who is no publisher is offered none and told whom to ask", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const link = await startPlan(page, `Zn${Date.now().toString(36)} Plain plan`);
  await page.goto(link);
  await page.getByRole("button", { name: "Endorsements", exact: true }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByText("No endorsements yet.")).toBeVisible();
  await expect(dialog.getByLabel("Add an endorsement publisher")).toHaveCount(0);
  await expect(dialog.getByText("ask a moderator to add others")).toBeVisible();
});
