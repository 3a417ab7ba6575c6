import { expect, test, type Page } from "@playwright/test";
import { MESSAGES, RESET_MESSAGES } from "../contract/index.js";
import { linkIn } from "../server/test/readMail.js";
import { csrfToken, expectNoAxeViolations, mailTo, signInViaForm, saveShot } from "./helpers.js";

async function shoot(page: Page, name: string): Promise<void> {
  await saveShot(page, `${name}.png`, { fullPage: false });
}

test("password reset: forgot page, the mailed link, a new password, signing in with it; the used link shows why it fails", async ({ page }) => {
  const username = `forgetful${Date.now().toString(36)}`;
  const email = `${username}@example.org`;
  const registered = await page.request.post("/auth/register", { data: { name: "Fern Forgetful", username, email, password: "first password 1" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?", level: 1 })).toBeVisible();
  await page.getByLabel("E-mail address").fill(email);
  await shoot(page, "reset-1-forgot");
  await page.getByRole("button", { name: "Send instructions" }).click();
  await expect(page.getByText(MESSAGES.forgotSent)).toBeVisible();
  await expectNoAxeViolations(page, "forgot page, sent");
  await shoot(page, "reset-2-forgot-sent");

  const mail = await mailTo(email, "Reset your Curriculum Commons password");
  expect(mail.subject).toBe("Reset your Curriculum Commons password");
  const link = linkIn(mail, `${new URL(page.url()).origin}/auth/reset?token=`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible();
  const password = page.getByLabel("New password (at least 8 characters)");
  const confirm = page.getByLabel("Repeat the new password");
  await password.fill("second password 2");
  await confirm.fill("second password 3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(RESET_MESSAGES.mismatch)).toBeVisible();
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page, "reset page, passwords differ");
  await shoot(page, "reset-3-mismatch");

  await confirm.fill("second password 2");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?reset=done$/);
  await expect(page.getByText(RESET_MESSAGES.done)).toBeVisible();
  await expectNoAxeViolations(page, "sign-in page after a reset");
  await shoot(page, "reset-4-login-after");
  await signInViaForm(page, { username, password: "second password 2" });
  await expect(page).toHaveURL(/\/search\//);
  await expect(page.getByRole("banner").getByText("Fern Forgetful").first()).toBeVisible();

  // The link works once: opened again, it says so and offers a new one.
  await page.goto(link);
  await page.getByLabel("New password (at least 8 characters)").fill("third password 3");
  await page.getByLabel("Repeat the new password").fill("third password 3");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText(RESET_MESSAGES.tokenInvalid);
  const askAgain = page.getByRole("link", { name: "Ask for a new reset link" });
  await expect(askAgain).toBeFocused();
  await expectNoAxeViolations(page, "reset page, used link");
  await shoot(page, "reset-5-used-link");
  await askAgain.click();
  await expect(page.getByRole("heading", { name: "Forgot your password?", level: 1 })).toBeVisible();

  // A link without its token.
  await page.goto("/auth/reset");
  await expect(page.getByRole("alert")).toContainText(RESET_MESSAGES.tokenRequired);
});
