import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, tabTo } from "./helpers.js";

const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/shots";

async function csrf(page: Page): Promise<string> {
  return ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
}

test("share: copy the link ('Copied!'), then recommend the item to a person, with the keyboard alone", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInViaApi(page, TEACHER);
  const title = `Zs${Date.now().toString(36)} Shared by link`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the share test" }, headers: { "X-CSRF-Token": await csrf(page) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const share = page.getByRole("button", { name: "Share", exact: true });
  await tabTo(page, share);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog).toBeVisible();

  // Copy Link: the item's whole address, copied, and the button says so for a moment.
  const address = dialog.getByRole("textbox", { name: "Link" });
  await expect(address).toHaveValue(new URL(link, page.url()).href);
  const copy = dialog.getByRole("button", { name: "Copy Link", exact: true }).last();
  await tabTo(page, copy);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(link, page.url()).href);
  await expect(dialog.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:/);
  await expectNoAxeViolations(page, "share dialog, copy link");
  await page.screenshot({ path: `${SHOTS}/share-copy-1366.png` });
  // 'Copied!' lasts 2.5 seconds.
  await expect(dialog.getByRole("button", { name: "Copied!" })).toBeHidden({ timeout: 4_000 });

  // Recommend: Share is disabled until someone is chosen.
  await tabTo(page, dialog.getByRole("button", { name: "Recommend" }));
  await page.keyboard.press("Enter");
  const send = dialog.getByRole("button", { name: "Share", exact: true });
  await expect(send).toBeDisabled();
  const to = dialog.getByRole("searchbox", { name: "Recommend to people or groups" });
  await tabTo(page, to);
  await page.keyboard.type(LEARNER.name.slice(0, 6));
  const add = dialog.getByRole("button", { name: `Add ${LEARNER.name}` });
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("list", { name: "Recipients" })).toContainText(LEARNER.name);
  // The owner may manage the item's permissions: the checkbox is offered, ticked by default.
  await expect(dialog.getByRole("checkbox", { name: "Automatically add permissions for recipients" })).toBeChecked();
  await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("For your grade 5 class");
  await expect(send).toBeEnabled();
  await expectNoAxeViolations(page, "share dialog, recommend");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/share-recommend-390.png` });
  await tabTo(page, send);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your recommendation has been sent.");
  await expect(dialog).toBeHidden();
});

test("share: a guest gets Copy Link only", async ({ page }) => {
  // A public lesson plan from the demo catalogue, opened as a guest.
  const found = (await (await page.request.get("/api/search?f[_types][]=lesson_plan")).json()) as { data: { link: string }[] };
  await page.goto(found.data[0]!.link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByRole("textbox", { name: "Link" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Recommend" })).toHaveCount(0);
});
