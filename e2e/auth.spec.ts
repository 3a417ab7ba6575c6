import { expect, test, type Page } from "@playwright/test";
import { TEACHER, openSearch, signInViaApi, signInViaForm } from "./helpers.js";

const passwordField = (page: Page) => page.getByLabel("Password", { exact: true });
const header = (page: Page) => page.getByRole("banner");

async function openLogin(page: Page): Promise<void> {
  await page.goto("/auth/login");
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
}

test.describe("sign-in", () => {
  test("wrong credentials show 'Invalid username or password.' in an alert and focus the password", async ({ page }) => {
    await openLogin(page);
    await page.getByLabel("Username").fill(TEACHER.username);
    await passwordField(page).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();

    const alert = page.getByRole("alert");
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Invalid username or password.");
    await expect(passwordField(page)).toBeFocused();
    // Still a guest, still on the login page.
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);

    // The alert can be dismissed.
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("submitting the empty form says 'Username is required.'", async ({ page }) => {
    await openLogin(page);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/auth") posted = true;
    });

    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByText("Username is required.")).toBeVisible();
    await expect(page.getByText("Password is required.")).toBeVisible();
    await expect(page.getByLabel("Username")).toBeFocused();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    // The message is tied to the field for screen readers.
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username is required.");
    expect(posted).toBe(false);

    // With only a username the password message stays.
    await page.getByLabel("Username").fill(TEACHER.username);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username is required.")).toBeHidden();
    await expect(page.getByText("Password is required.")).toBeVisible();
    await expect(passwordField(page)).toBeFocused();
  });

  test("signing in as teacher shows the name in the header and returns to the page it came from", async ({ page }) => {
    await openSearch(page, "?st=math");
    await header(page).getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);

    await signInViaForm(page, TEACHER);

    await expect(page).toHaveURL(/\/search\/\?st=math$/);
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);

    // The session survives a reload.
    await page.reload();
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();
  });

  test("signing out returns to guest", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();

    await header(page).getByRole("button", { name: "Sign out" }).click();

    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);
    await expect(header(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
    // Signed out on the server too, not only in the page.
    await page.reload();
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);
  });

  test("the reveal toggle shows and hides the password", async ({ page }) => {
    await openLogin(page);
    await passwordField(page).fill("secret-words");
    await expect(passwordField(page)).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show password" }).click();

    await expect(passwordField(page)).toHaveAttribute("type", "text");
    await expect(passwordField(page)).toHaveValue("secret-words");
    const hide = page.getByRole("button", { name: "Hide password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");

    await hide.click();
    await expect(passwordField(page)).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "false");
  });

  test("the forgot-password link leads to /auth/forgot", async ({ page }) => {
    await openLogin(page);

    await page.getByRole("link", { name: "Forgot password?" }).click();

    await expect(page).toHaveURL(/\/auth\/forgot$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?", level: 1 })).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeFocused();
  });
});

test.describe("registration", () => {
  test("a guest registers from the guest modal, lands back on search signed in, and sees field errors first", async ({ page }) => {
    await openSearch(page);
    await page.getByRole("button", { name: /^Favorite / }).first().click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.getByRole("link", { name: "Register" }).click();
    await expect(page.getByRole("heading", { name: "Create your account", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeFocused();

    const username = `newcomer${Date.now()}`;
    await page.getByLabel("Full name").fill("Nia Newcomer");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail address").fill("nia@example.org");
    await page.getByLabel("Password (at least 8 characters)").fill("a long password");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/search\//);
    await expect(header(page).getByText("Nia Newcomer")).toBeVisible();
  });
});
