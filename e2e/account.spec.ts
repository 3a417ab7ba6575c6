import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_MESSAGES } from "../contract/index.js";
import { linkIn } from "../server/test/readMail.js";
import { csrfToken, expectNoAxeViolations, mailTo, openAccountMenu, signInViaForm, tabTo, saveShot } from "./helpers.js";

async function shoot(page: Page, name: string): Promise<void> {
  await saveShot(page, `${name}.png`, { fullPage: true });
}
const CONFIRM_SUBJECT = "Confirm your Curriculum Commons e-mail address";

test("account settings: a guest is sent to sign in and back; the password changes (wrong current one refused), then signs in; a new address is confirmed by its mailed link", async ({ page }) => {
  // One journey through the whole page (about 20 s alone): three times the default timeout, for a busy machine.
  test.slow();
  const username = `acct${Date.now().toString(36)}`;
  const email = `${username}@example.org`;
  const newEmail = `${username}.new@example.org`;
  const registered = await page.request.post("/auth/register", { data: { name: "Ada Account", username, email, password: "first password 1" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(registered.status()).toBe(201);
  // Registration mailed a confirmation for its address.
  expect((await mailTo(email, CONFIRM_SUBJECT)).text).toContain("Welcome to Curriculum Commons");
  await page.context().clearCookies();

  // A guest is sent to sign in, and comes back.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  await signInViaForm(page, { username, password: "first password 1" });
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  const emailSection = page.getByRole("region", { name: "E-mail address" });
  await expect(emailSection.getByText(email)).toBeVisible();
  await expect(emailSection.getByText("Not confirmed")).toBeVisible();
  await expectNoAxeViolations(page, "account page");
  await shoot(page, "account-1-desktop");

  // The buyer's orders are one link away (Buy Now's orders are otherwise reached only from an order's page).
  await page.getByRole("region", { name: "Purchases" }).getByRole("link", { name: "Your orders" }).click();
  await expect(page.getByRole("heading", { name: "Your orders", level: 1 })).toBeVisible();

  // The header leads here too.
  await page.goto("/search/");
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Account", exact: true }).first().click();
  await expect(page).toHaveURL(/\/account$/);

  // Keyboard: the form is reached with Tab; a wrong current password is refused on its field, which takes focus.
  const passwordForm = page.getByRole("form", { name: "Change password" });
  const current = passwordForm.getByLabel("Current password");
  await tabTo(page, current);
  await page.keyboard.type("not my password");
  await page.keyboard.press("Tab");
  await page.keyboard.type("second password 2");
  await page.keyboard.press("Tab");
  await page.keyboard.type("second password 2");
  await page.keyboard.press("Enter");
  await expect(passwordForm.getByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeVisible();
  await expect(current).toBeFocused();
  await expectNoAxeViolations(page, "account page, wrong current password");
  await shoot(page, "account-2-wrong-current");

  // Too short, and two passwords that differ: each on its field.
  await current.fill("first password 1");
  await passwordForm.getByLabel("New password (at least 8 characters)").fill("short");
  await passwordForm.getByLabel("Repeat the new password").fill("short");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("Password must be at least 8 characters.")).toBeVisible();
  await passwordForm.getByLabel("New password (at least 8 characters)").fill("second password 2");
  await passwordForm.getByLabel("Repeat the new password").fill("second password 3");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("The two passwords do not match.")).toBeVisible();
  await expect(passwordForm.getByLabel("Repeat the new password")).toBeFocused();
  await shoot(page, "account-3-mismatch");

  await passwordForm.getByLabel("Repeat the new password").fill("second password 2");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText(ACCOUNT_MESSAGES.passwordChanged)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();

  // Signed out, the new password signs in (the old one no longer does).
  await openAccountMenu(page);
  await page.getByRole("button", { name: "Sign out" }).first().click();
  // Signed out on the page, it sends the guest to sign in and back.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Faccount$/);
  await signInViaForm(page, { username, password: "first password 1" });
  await expect(page.getByText("Invalid username or password.")).toBeVisible();
  await signInViaForm(page, { username, password: "second password 2" });
  await expect(page).toHaveURL(/\/account$/);

  // The notification settings say mail waits for a confirmed address, with the way here.
  await page.goto("/notifications");
  await page.getByRole("button", { name: "Manage Notifications" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage Notifications" });
  await dialog.getByRole("checkbox", { name: /E-mail me my notifications/ }).check();
  await expect(dialog.getByText("Your e-mail address is not confirmed yet, so nothing is mailed.")).toBeVisible();
  await expectNoAxeViolations(page, "notification settings with an unconfirmed address");
  await shoot(page, "account-4-notifications-hint");
  await dialog.getByRole("link", { name: "Confirm it in your account settings" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // A new address: the current password is needed; the address waits for its link.
  const emailForm = page.getByRole("form", { name: "Change e-mail address" });
  await emailForm.getByLabel("New e-mail address").fill("not an address");
  await emailForm.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailForm.getByText(ACCOUNT_MESSAGES.emailInvalid)).toBeVisible();
  await expect(emailForm.getByText(ACCOUNT_MESSAGES.currentPasswordRequired)).toBeVisible();
  await expectNoAxeViolations(page, "account page, e-mail errors");
  await shoot(page, "account-5-email-errors");
  await emailForm.getByLabel("New e-mail address").fill(newEmail);
  await emailForm.getByLabel("Current password").fill("second password 2");
  await emailForm.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(emailSection.getByText(ACCOUNT_MESSAGES.emailSent(newEmail))).toBeVisible();
  await expect(emailSection.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  await shoot(page, "account-6-email-pending");
  const notice = await mailTo(email, "A new e-mail address was asked for your Curriculum Commons account");
  expect(notice.text).toContain(newEmail);

  const link = linkIn(await mailTo(newEmail, CONFIRM_SUBJECT), `${new URL(page.url()).origin}/account/confirm-email?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address", level: 1 })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailConfirmed(newEmail))).toBeVisible();
  await expectNoAxeViolations(page, "confirm page");
  await shoot(page, "account-7-confirmed");
  await page.getByRole("link", { name: "Go to your account settings" }).click();
  await expect(emailSection.getByText(newEmail)).toBeVisible();
  await expect(emailSection.getByText("Confirmed", { exact: true })).toBeVisible();

  // At 390 px wide: the page fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account settings", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, "account page, phone");
  await shoot(page, "account-8-phone");

  // The link works once; opened again, here by a guest, it says why and offers to sign in.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText(ACCOUNT_MESSAGES.tokenInvalid);
  await expect(page.getByRole("link", { name: "Sign in" }).last()).toBeVisible();
  await expectNoAxeViolations(page, "confirm page, used link");
  await shoot(page, "account-9-used-link");
});

test("account settings hold the notification settings: Manage Notifications opens there, and what is saved is kept", async ({ page }) => {
  const username = `ntf${Date.now().toString(36)}`;
  const registered = await page.request.post("/auth/register", { data: { name: "Nora Notify", username, email: `${username}@example.org`, password: "notify password 1" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(registered.status()).toBe(201);
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section.getByRole("link", { name: "Notifications" })).toHaveAttribute("href", "/notifications");
  await section.getByRole("button", { name: "Manage Notifications" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage Notifications" });
  const mailed = dialog.getByRole("checkbox", { name: /E-mail me my notifications/ });
  await expect(mailed).not.toBeChecked();
  await mailed.check();
  await expectNoAxeViolations(page, "account page, Manage Notifications");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await section.getByRole("button", { name: "Manage Notifications" }).click();
  await expect(page.getByRole("dialog", { name: "Manage Notifications" }).getByRole("checkbox", { name: /E-mail me my notifications/ })).toBeChecked();
});
