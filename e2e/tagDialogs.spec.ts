import { expect, test, type Locator, type Page } from "@playwright/test";
import { TEACHER, createLessonPlan, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";


/** Empty space (px) left under the active tab panel's content: none when the panel sizes to what it holds. */
const spaceUnderContent = (panel: Locator) =>
  panel.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const last = el.lastElementChild?.getBoundingClientRect();
    return Math.round(box.bottom - (last ? last.bottom : box.top));
  });

/** Opens one of the edit page's tag dialogs, checks it fits the window and sizes to its content, and screenshots it. */
async function checkDialog(page: Page, button: string, name: string, shot: string): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  const panel = dialog.getByRole("tabpanel");
  await expect(panel).toBeVisible();
  await expect(dialog.getByText("Loading…")).toHaveCount(0);
  const width = page.viewportSize()!.width;
  await saveShot(page, `${shot}-${width}.png`);
  const box = (await dialog.boundingBox())!;
  expect(box.y, "the dialog's top is in the window").toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, "the dialog's bottom is in the window").toBeLessThanOrEqual(page.viewportSize()!.height);
  expect(box.width, "the dialog fits the window's width").toBeLessThanOrEqual(width);
  expect.soft(await spaceUnderContent(panel), `no empty floor under the short panel of ${name} at ${width} px`).toBeLessThanOrEqual(2);
  await expectNoAxeViolations(page, `${name} at ${width} px`);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

test("the Tags and Select Standards dialogs size to their content within the window, on a desktop and on a phone", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link } = await createLessonPlan(page, `Zq${Date.now().toString(36)} Dialog Sizes`, [{ title: "Notes", html: "<p>x</p>" }]);
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${link}/edit`);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    await checkDialog(page, "Tags", "Edit tags", "tags-dialog");
    await checkDialog(page, "Standards", "Select Standards", "standards-dialog");
  }
});
