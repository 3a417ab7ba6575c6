import { expect, test, type Page } from "@playwright/test";
import { SSO_ERRORS } from "../contract/index.js";
import { TEACHER, expectNoAxeViolations, openAccountMenu, openSearch, signInViaApi, signInViaForm } from "./helpers.js";

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

  test("dismissing the alert from the keyboard leaves focus in the form, not at the top of the page", async ({ page }) => {
    await openLogin(page);
    await page.getByLabel("Username").fill(TEACHER.username);
    await passwordField(page).fill("not-the-password");
    await passwordField(page).press("Enter");
    const dismiss = page.getByRole("alert").getByRole("button", { name: "Dismiss" });
    await expect(dismiss).toBeVisible();

    await dismiss.focus();
    await page.keyboard.press("Enter");

    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByLabel("Username")).toBeFocused();
  });

  // The URL parser drops tabs and newlines and resolves "/./", so each of these is "//evil.example" to the browser.
  for (const hostile of ["/\t/evil.example", "/\n/evil.example", "/.//evil.example"]) {
    test(`a redirect of ${JSON.stringify(hostile)} is not followed after signing in, nor offered as Continue`, async ({ page }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`/auth/login?redirect=${encodeURIComponent(hostile)}`);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();

      await signInViaForm(page, TEACHER);

      await expect(page).toHaveURL(/\/search\/$/);
      await expect(header(page).getByText(TEACHER.name)).toBeVisible();
      expect(errors).toEqual([]);

      // Signed in already, the page offers a way on: to this site only, however the link is opened.
      await page.goto(`/auth/login?redirect=${encodeURIComponent(hostile)}`);
      const resolved = await page.getByRole("link", { name: "Continue" }).evaluate((link: HTMLAnchorElement) => link.href);
      expect(new URL(resolved).origin).toBe(new URL(page.url()).origin);
    });
  }

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
    await openAccountMenu(page);
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);

    // The session survives a reload.
    await page.reload();
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();
  });

  // A guest's session (which holds the page's CSRF token) lasts a day on the server: a login page left open longer, or
  // whose cookies were cleared, still signs in, with no "Your session has expired" for a session nobody had signed into.
  for (const [ending, end] of [
    ["its cookie is gone", (page: Page) => page.context().clearCookies()],
    [
      "the server no longer knows it",
      async (page: Page) => {
        // The guest session's cookie comes with the page's first call for its CSRF token: wait for it on a slow machine.
        await expect.poll(async () => (await page.context().cookies()).length).toBeGreaterThan(0);
        const [sid] = await page.context().cookies();
        await page.context().addCookies([{ ...sid!, value: "s%3Agone.gone" }]);
      },
    ],
  ] as const) {
    test(`the login form signs in when the guest session it was opened in has ended (${ending})`, async ({ page }) => {
      await openLogin(page);
      await page.getByLabel("Username").fill(TEACHER.username);
      await passwordField(page).fill(TEACHER.password);
      await end(page);

      await page.getByRole("button", { name: "Sign in" }).click();

      await expect(header(page).getByText(TEACHER.name)).toBeVisible();
      await expect(page).toHaveURL(/\/search\/$/);
      await expect(page.getByRole("alert")).toHaveCount(0);
    });
  }

  test("signing out returns to guest", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();

    await openAccountMenu(page);
    await header(page).getByRole("button", { name: "Sign out" }).click();

    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);
    await expect(header(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
    // Signed out on the server too, not only in the page.
    await page.reload();
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);
  });

  test("the login page shows the server's own single sign-on failures, never the words of a crafted link", async ({ page }) => {
    await page.goto(`/auth/login?sso_error=${encodeURIComponent(SSO_ERRORS.refused)}`);
    await expect(page.getByRole("alert")).toHaveText(SSO_ERRORS.refused);

    const crafted = "Your account is locked. Call +1 555 0100 to unlock it.";
    await page.goto(`/auth/login?sso_error=${encodeURIComponent(crafted)}`);
    await expect(page.getByRole("alert")).toHaveText(SSO_ERRORS.failed);
    await expect(page.getByText(crafted)).toHaveCount(0);
  });

  test("signing out from the keyboard puts focus on the Sign in link that replaces the button", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    // The name opens the account menu; Tab goes through Your profile, My favorites, My collections and Account to Sign out.
    await header(page).getByRole("button", { name: TEACHER.name }).focus();
    await page.keyboard.press("Enter");
    await expect(header(page).getByRole("button", { name: TEACHER.name })).toHaveAttribute("aria-expanded", "true");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeFocused();

    await page.keyboard.press("Enter");

    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeFocused();
  });

  test("the account menu moves with the arrow keys and closes when focus leaves it", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    const toggle = header(page).getByRole("button", { name: TEACHER.name });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const scrolled = () => page.evaluate(() => window.scrollY);
    // The arrows go through the items (they scrolled the page); Up from the first wraps to the last, Home goes back.
    await page.keyboard.press("ArrowDown");
    await expect(header(page).getByRole("link", { name: "Your profile" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(header(page).getByRole("link", { name: "My favorites" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(header(page).getByRole("link", { name: "Account" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowUp");
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeFocused();
    expect(await scrolled()).toBe(0);
    // Tab from its last item: it closes, rather than covering what takes focus next.
    await page.keyboard.press("Tab");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeHidden();
  });

  test("signing out after the session expired on the server signs out, without an error", async ({ page, context }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    await expect(header(page).getByText(TEACHER.name)).toBeVisible();
    // The server no longer knows the session (it expired): the browser still sends a cookie, for a session that is gone.
    const [sid] = await context.cookies();
    expect(sid?.name).toBe("sid");
    await context.addCookies([{ ...sid!, value: "s%3Agone.gone" }]);

    await openAccountMenu(page);
    await header(page).getByRole("button", { name: "Sign out" }).click();

    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(header(page).getByText(TEACHER.name)).toHaveCount(0);
    await expect(page.getByRole("status", { name: "Notifications" })).toBeEmpty();
  });

  test("the reveal toggle shows and hides the password", async ({ page }) => {
    await openLogin(page);
    await passwordField(page).fill("secret-words");
    await expect(passwordField(page)).toHaveAttribute("type", "password");

    // One name, its state in aria-pressed (a name flipping to "Hide password" would be read "Hide password, pressed").
    const toggle = page.getByRole("button", { name: "Show password", exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();

    await expect(passwordField(page)).toHaveAttribute("type", "text");
    await expect(passwordField(page)).toHaveValue("secret-words");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(toggle).toHaveAttribute("title", "Hide password");

    await toggle.click();
    await expect(passwordField(page)).toHaveAttribute("type", "password");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
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

test.describe("forgot password", () => {
  test("after sending, focus is on 'Back to sign in', which still returns to the page the guest came from", async ({ page }) => {
    await page.goto(`/auth/login?redirect=${encodeURIComponent("/search/?st=fractions")}`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByLabel("E-mail address").fill("someone@example.org");
    await page.getByLabel("E-mail address").press("Enter");

    await expect(page.getByRole("status").filter({ hasText: "If an account exists for that address" })).toBeVisible();
    const back = page.getByRole("link", { name: "Back to sign in" });
    await expect(back).toBeFocused();
    await page.keyboard.press("Enter");

    await signInViaForm(page, TEACHER);
    await expect(page).toHaveURL(/\/search\/\?st=fractions$/);
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
    await expect(page.getByText("Name is required.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeFocused();
    // An empty username is said to be missing (it read as too short), and the label tells the characters it takes.
    await expect(page.getByLabel("Username (letters, digits, periods, hyphens and underscores)")).toHaveAccessibleDescription("Username is required.");

    const username = `newcomer${Date.now()}`;
    await page.getByLabel("Full name").fill("Nia Newcomer");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail address").fill("nia@example.org");
    await page.getByLabel("Password (at least 8 characters)").fill("a long password");
    await page.getByLabel("Repeat the password").fill("a long password");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/search\//);
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Welcome! We sent a link to nia@example.org: open it to confirm your address");
    // The header names the new account (its account menu's button; the Menu on narrower screens).
    await expect(header(page).getByText("Nia Newcomer").first()).toBeVisible();
  });

  test("a mistyped repeat of the password is caught on the form before any account is made", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/auth/register") posts.push(request.url());
    });
    await page.goto("/auth/register");
    const username = `typo${Date.now().toString(36)}`;
    await page.getByLabel("Full name").fill("Tia Typo");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail address").fill(`${username}@example.org`);
    await page.getByLabel("Password (at least 8 characters)").fill("a long password");
    await page.getByLabel("Repeat the password").fill("a long pasword");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Repeat the password")).toBeFocused();
    await expect(page.getByText("The two passwords do not match.")).toBeVisible();
    await expectNoAxeViolations(page, "register page with a mismatched repeat");
    expect(posts).toHaveLength(0);
    // Corrected, the form makes the account and goes on, signed in.
    await page.getByLabel("Repeat the password").fill("a long password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/search\//);
    expect(posts).toHaveLength(1);
    const profile = ((await (await page.request.get("/getInitializeData")).json()) as { profile: { username: string } | null }).profile;
    expect(profile?.username).toBe(username);
  });
});
