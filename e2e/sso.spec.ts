import { expect, test } from "@playwright/test";
import { startOidcProvider, TEST_ACCOUNT, TEST_CLIENT, type TestOidcProvider } from "../server/test/oidcProvider.js";
import { SSO_TEST_PORT } from "./playwright.config.js";

let idp: TestOidcProvider;

test.beforeAll(async ({ baseURL }) => {
  expect(TEST_CLIENT.clientId).toBe("platform-test");
  idp = await startOidcProvider({ port: SSO_TEST_PORT, redirectUris: [`${baseURL}/auth/sso/test/callback`] });
});
test.afterAll(async () => {
  await idp?.close();
});

test.describe("single sign-on", () => {
  test("the provider's button on the login page signs a new member in and lands on the search screen", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByRole("link", { name: "Test IdP Sign In" }).click();
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
  });

  test("a guest signs in with a provider from the guest modal and comes back to the page it was on", async ({ page }) => {
    await page.goto("/search/?st=fractions");
    await page.getByRole("button", { name: /^Favorite / }).first().click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog.getByRole("link", { name: "School Sign In" })).toBeVisible();

    await dialog.getByRole("link", { name: "Test IdP Sign In" }).click();

    await expect(page).toHaveURL(/\/search\/\?st=fractions$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
  });

  test("signing in with the username of an SSO account asks before going to the provider", async ({ page }) => {
    await page.goto("/auth/login");
    await page.getByLabel("Username").fill("sso.tester");
    await page.getByLabel("Password", { exact: true }).fill("no-password-here");
    await page.getByRole("button", { name: "Sign in" }).click();

    const dialog = page.getByRole("dialog", { name: "Sign in with Test IdP" });
    await expect(dialog).toContainText("Your account uses Test IdP. Continue to sign in there.");
    await dialog.getByLabel("Redirect me automatically in the future").check();
    await dialog.getByRole("button", { name: "Connect" }).click();
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
  });
});
