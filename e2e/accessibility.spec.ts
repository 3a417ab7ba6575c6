import fs from "node:fs";
import { expect, test, type PageScreenshotOptions } from "@playwright/test";
import {
  TEACHER,
  dismissAnnouncements,
  ensureNotFavorited,
  holdRequests,
  expectNoAxeViolations,
  facetGroup,
  openSearch,
  resultCards,
  searchBox,
  signInViaApi,
  signInViaForm,
  tabTo,
  tick,
  typeTab,
} from "./helpers.js";

const SHOTS = "/tmp/shots";

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  test("search page as a guest", async ({ page }) => {
    await openSearch(page);
    await expectNoAxeViolations(page, "search page");
  });

  test("search page with results and a filter applied", async ({ page }) => {
    await openSearch(page, "?st=science");
    await tick(facetGroup(page, "Grades").getByRole("checkbox").first());
    await expect(page.getByRole("button", { name: /^Remove filter Grades: / })).toBeVisible();
    await expect(resultCards(page).first()).toBeVisible();
    await expectNoAxeViolations(page, "search page with a filter");
  });

  test("search page while the results reload (the busy list keeps its contrast)", async ({ page }) => {
    await openSearch(page, "?st=science");
    const release = await holdRequests(page, /\/api\/search\?.*query=photosynthesis/);
    await searchBox(page).fill("photosynthesis");
    await searchBox(page).press("Enter");
    await expect(page.getByRole("region", { name: "Results" }).locator('[aria-busy="true"]')).toHaveCount(1);
    await expectNoAxeViolations(page, "search page, results reloading");
    release();
  });

  test("add-to-collection dialog while its list reloads (the busy list keeps its contrast)", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page, "?st=science");
    await resultCards(page).first().getByRole("button", { name: /^Collect / }).click();
    const dialog = page.getByRole("dialog", { name: "Add to collection" });
    await expect(dialog.getByRole("group", { name: "Your collections" })).toBeVisible();
    const release = await holdRequests(page, /\/collections\/autocomplete\/find\?.*st=/);
    await dialog.getByLabel("Filter your collections").fill("a");
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(1);
    await expectNoAxeViolations(page, "add-to-collection dialog, list reloading");
    release();
  });

  test("login page", async ({ page }) => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, "login page");
  });

  test("login page showing an error", async ({ page }) => {
    await page.goto("/auth/login");
    await signInViaForm(page, { username: TEACHER.username, password: "wrong-password" });
    await expect(page.getByRole("alert")).toContainText("Invalid username or password.");
    await expectNoAxeViolations(page, "login page with an error");
    // Field errors too.
    await page.getByLabel("Username").fill("");
    await page.getByLabel("Password", { exact: true }).fill("");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Username is required.")).toBeVisible();
    await expectNoAxeViolations(page, "login page with field errors");
  });

  test("guest modal open", async ({ page }) => {
    await openSearch(page);
    await resultCards(page).first().getByRole("button", { name: /^Favorite / }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await expectNoAxeViolations(page, "guest modal");
  });

  test("forgot-password page", async ({ page }) => {
    await page.goto("/auth/forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectNoAxeViolations(page, "forgot page");
  });

  test("register page with field errors", async ({ page }) => {
    await page.goto("/auth/register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Name is required.", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "register page");
  });

  test("not-found page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to search" })).toBeVisible();
    await expectNoAxeViolations(page, "not-found page");
  });

  test("search page on a phone-sized screen, filters open", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSearch(page, "?st=science");
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(facetGroup(page, "Grades")).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(facetGroup(page, "Grades")).toBeVisible();
    await expectNoAxeViolations(page, "search page, phone width, filters open");
  });

  test("signed-in search page", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page, "?st=science");
    await expect(page.getByRole("banner").getByText(TEACHER.name)).toBeVisible();
    await expectNoAxeViolations(page, "signed-in search page");
  });
});

test.describe("keyboard only", () => {
  // These walk the page by Tab from its top to one control; the banners' own keyboard use is e2e/announcements.spec.ts's.
  test.beforeEach(async ({ page }) => {
    await dismissAnnouncements(page);
  });

  test("on a phone, Shift+Tab back up the results never hides the focused control under the sticky header (WCAG 2.4.11)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Signed in: the sticky header holds the Menu button (the actions fold behind it on phones).
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    await page.getByRole("button", { name: /^Collect / }).last().focus();
    const sticky = page.getByTestId("sticky-header");
    await expect(sticky).toBeVisible();

    for (let press = 0; press < 20; press++) {
      await page.keyboard.press("Shift+Tab");
      const place = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const header = document.querySelector('[data-testid="sticky-header"]');
        if (!header || header.contains(focused)) return null;
        return { control: focused.getAttribute("aria-label") ?? focused.textContent, top: focused.getBoundingClientRect().top, headerBottom: header.getBoundingClientRect().bottom };
      });
      if (!place) break;
      expect(place.top, `${place.control} is below the sticky header`).toBeGreaterThanOrEqual(place.headerBottom);
    }
  });

  test("skip link first, then the search box, a type tab and a favorite button work from the keyboard", async ({ page }) => {
    await openSearch(page);

    // The first Tab lands on the skip link, which moves focus to the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();

    // The search box is the next stop; type and submit with Enter.
    await page.keyboard.press("Tab");
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type("science");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]st=science(&|$)/);
    await expect(page.getByRole("region", { name: "Results" }).getByRole("status")).toHaveText(/for “science”/);

    // A type tab: reach it with Tab, select it with Space, add another with Shift+Enter.
    await tabTo(page, typeTab(page, "Resources"));
    await page.keyboard.press("Space");
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/f\[t\]\[\]=resources/);
    await tabTo(page, typeTab(page, "Lesson Plans"));
    await page.keyboard.press("Shift+Enter");
    await expect(typeTab(page, "Lesson Plans")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");

    // A result's favorite button: as a guest, Enter opens the guest modal (focus moves into it)
    // and Escape closes it.
    const favorite = resultCards(page).first().getByRole("button", { name: /^Favorite / });
    await tabTo(page, favorite, 120);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(":focus")).toHaveCount(1);
    // Focus is trapped in the modal.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(favorite).toHaveAttribute("aria-pressed", "false");
  });

  test("closing the guest modal gives focus back to the favorite button that opened it", async ({ page }) => {
    await openSearch(page, "?st=photosynthesis");
    const favorite = resultCards(page).first().getByRole("button", { name: /^Favorite / });
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });

    // Keyboard: Enter opens, Escape closes, and the next key press should act on the same button.
    await favorite.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(favorite, "focus returns to the invoking button after Escape").toBeFocused();

    // The dialog's Close button as well.
    await favorite.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(favorite, "focus returns to the invoking button after Close").toBeFocused();
  });

  test("a signed-in member can favorite and unfavorite with the keyboard", async ({ page }) => {
    const title = "Photosynthesis Reading Passage";
    await signInViaApi(page, TEACHER);
    await ensureNotFavorited(page.request, title);
    const favorite = page.getByRole("button", { name: `Favorite ${title}`, exact: true });
    const unfavorite = page.getByRole("button", { name: `Favorite ${title}`, exact: true, pressed: true });
    try {
      await openSearch(page, "?st=photosynthesis");
      await expect(favorite).toHaveAttribute("aria-pressed", "false");
      await tabTo(page, favorite);
      await page.keyboard.press("Space");
      await expect(unfavorite).toHaveAttribute("aria-pressed", "true");

      // After a reload, Tab from the top of the page to the same button and undo it with Enter.
      await page.reload();
      await expect(unfavorite).toHaveAttribute("aria-pressed", "true");
      await tabTo(page, unfavorite);
      await page.keyboard.press("Enter");
      await expect(favorite).toHaveAttribute("aria-pressed", "false");
      await page.reload();
      await expect(favorite).toHaveAttribute("aria-pressed", "false");
    } finally {
      await ensureNotFavorited(page.request, title);
    }
  });

  test("an error toast stays while keyboard focus is on it, and dismissing it gives focus back to where it came from", async ({ page }) => {
    const title = "Photosynthesis Reading Passage";
    await signInViaApi(page, TEACHER);
    await page.route("**/profile/favorite", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    const favorite = page.getByRole("button", { name: `Favorite ${title}`, exact: true });
    const toasts = page.getByRole("status", { name: "Notifications" });
    const message = "Oops! An unexpected error has occurred. Please refresh your browser and try again.";
    // A controllable clock, so the toasts' 8 seconds are run forward rather than waited out.
    await page.clock.install();
    await openSearch(page, "?st=photosynthesis");
    await tabTo(page, favorite);
    await page.keyboard.press("Enter");
    await expect(toasts.getByText(message, { exact: true })).toBeVisible();

    // Tab from the button on to the toast (the last thing in the page), remembering what Tab left last.
    const dismiss = toasts.getByRole("button", { name: "Dismiss notification" });
    let before = "";
    for (let i = 0; i < 60 && !(await dismiss.evaluate((el) => el === document.activeElement)); i++) {
      before = await page.evaluate(() => document.activeElement?.textContent ?? "");
      await page.keyboard.press("Tab");
    }
    await expect(dismiss).toBeFocused();
    // Toasts go after 8 seconds, but not from under the focus of someone about to dismiss one.
    await page.clock.runFor(9_000);
    await expect(toasts.getByText(message, { exact: true })).toBeVisible();
    await expect(dismiss).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(toasts.locator(".toast")).toHaveCount(0);
    const focused = await page.evaluate(() => (document.activeElement === document.body ? null : (document.activeElement?.textContent ?? "")));
    expect(focused, "focus is back on what Tab left for the toast, not lost to the page").toBe(before);

    // Focus gone from the toasts, they go after 8 seconds again.
    await favorite.focus();
    await page.keyboard.press("Enter");
    await expect(toasts.getByText(message, { exact: true })).toBeVisible();
    await page.clock.runFor(6_000);
    await expect(toasts.getByText(message, { exact: true })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(toasts.locator(".toast")).toHaveCount(0, { timeout: 2_000 });
  });

  test("keyboard focus stays on a favorite button after it updates", async ({ page }) => {
    // The button is disabled while the server answers, which drops focus; the app then puts focus
    // back. Toggled several times because a timing fault here only shows now and then.
    const title = "Photosynthesis Capstone Project";
    await signInViaApi(page, TEACHER);
    await ensureNotFavorited(page.request, title);
    const button = page.getByRole("button", { name: new RegExp(`^(Un)?[Ff]avorite ${title}$`) });
    try {
      await openSearch(page, "?st=photosynthesis");
      await tabTo(page, button);
      for (let i = 1; i <= 12; i++) {
        const expected = i % 2 === 1 ? "true" : "false";
        await page.keyboard.press(i % 2 === 1 ? "Space" : "Enter");
        await expect(button).toHaveAttribute("aria-pressed", expected);
        await expect(button).toBeEnabled();
        await expect(button, `focus kept after keyboard toggle #${i}`).toBeFocused({ timeout: 2_000 });
      }
    } finally {
      await ensureNotFavorited(page.request, title);
    }
  });
});

test.describe("screenshots", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("main states render readably (saved to /tmp/shots)", async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    // Finished animations (the sticky header slides in), so the pictures show settled screens.
    const written: string[] = [];
    const shot = (name: string, options: Omit<PageScreenshotOptions, "path"> = {}) => {
      written.push(name);
      return page.screenshot({ path: `${SHOTS}/${name}`, animations: "disabled", ...options });
    };

    await openSearch(page);
    await shot("01-search-guest.png");

    await openSearch(page, "?st=science");
    await tick(facetGroup(page, "Grades").getByRole("checkbox").first());
    await page.getByLabel("Created from").fill("2024-01-01");
    await expect(page.getByRole("button", { name: "Remove filter Created on or after 1/1/2024" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove filter Grades: / })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId("sticky-header")).toHaveCount(0);
    await shot("02-search-filters.png", { fullPage: true });

    await page.getByRole("button", { name: "Grid", exact: true }).click();
    await expect(page.getByRole("button", { name: "Grid", exact: true })).toHaveAttribute("aria-pressed", "true");
    await shot("03-search-grid.png");
    await page.getByRole("button", { name: "List", exact: true }).click();

    await openSearch(page);
    await searchBox(page).fill("photosyntesis");
    await searchBox(page).press("Enter");
    await expect(page.getByText(/Did you mean/)).toBeVisible();
    await shot("04-did-you-mean.png");

    await searchBox(page).fill("ma");
    await searchBox(page).press("Enter");
    await expect(page.getByText("Please enter at least 3 characters to search.")).toBeVisible();
    await shot("05-min-chars.png", { clip: { x: 0, y: 0, width: 1280, height: 400 } });

    await openSearch(page);
    await resultCards(page).first().getByRole("button", { name: /^Favorite / }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await shot("06-guest-modal.png");
    await page.keyboard.press("Escape");

    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await shot("07-login.png");
    await signInViaForm(page, { username: TEACHER.username, password: "wrong-password" });
    await expect(page.getByRole("alert")).toBeVisible();
    await shot("08-login-error.png");

    await page.goto("/auth/forgot");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await shot("09-forgot.png");

    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await shot("10-not-found.png");

    await openSearch(page);
    await searchBox(page).fill("zzqxjvwk");
    await searchBox(page).press("Enter");
    await expect(page.getByText("No results found.")).toBeVisible();
    await shot("11-no-results.png");

    await signInViaApi(page, TEACHER);
    await openSearch(page, "?st=science");
    await expect(page.getByRole("banner").getByText(TEACHER.name)).toBeVisible();
    await shot("12-signed-in.png");

    await page.mouse.wheel(0, 1500);
    await expect(page.getByTestId("sticky-header")).toBeVisible();
    await shot("13-sticky-header.png");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.wheel(0, -5000);
    await openSearch(page, "?st=science");
    await shot("14-mobile.png");
    await shot("15-mobile-full.png", { fullPage: true });
    const filtersToggle = page.getByRole("button", { name: "Filters", exact: true });
    await filtersToggle.click();
    await expect(filtersToggle).toHaveAttribute("aria-expanded", "true");
    await filtersToggle.scrollIntoViewIfNeeded();
    await shot("16-mobile-filters.png");

    // Its own pictures only: other specs write small ones (a single thumbnail) into the same folder.
    for (const file of written) {
      expect(fs.statSync(`${SHOTS}/${file}`).size, file).toBeGreaterThan(5_000);
    }
  });
});
