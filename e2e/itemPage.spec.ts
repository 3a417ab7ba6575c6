import { expect, test, type Locator, type Page } from "@playwright/test";
import { LEARNER, TEACHER, csrfToken, ensureNotFavorited, expectNoAxeViolations, openAccountMenu, openSearch, resultCards, signInViaApi, switchTo, saveShot } from "./helpers.js";

/** A seeded public resource owned by someone else than the demo accounts (server/seed), so Copy and Flag are offered. */
const ITEM = "Photosynthesis Reading Passage";
const QUERY = "?st=photosynthesis";
const UNEXPECTED = "Oops! An unexpected error has occurred. Please refresh your browser and try again.";
const GENERIC_LOAD = "Oops! Something went wrong, try again after sometime";

const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
const actionsRow = (page: Page) => page.locator(".item-page__actions");
/** The page's toggle: named "Favorite" whatever its state, which aria-pressed gives. */
const favoriteButton = (page: Page) => actionsRow(page).getByRole("button", { name: "Favorite", exact: true });

/** Opens the item's page the way a person does: from its card on the search screen. */
async function openItemFromSearch(page: Page): Promise<void> {
  await openSearch(page, QUERY);
  await resultCards(page).getByRole("link", { name: ITEM, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: ITEM })).toBeVisible();
}

/** Whether keyboard focus is inside `container`. */
const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** Tabs forwards and backwards through the open dialog and expects focus never to leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator, label: string): Promise<void> {
  expect(await focusInside(dialog), `${label}: focus moves into the dialog`).toBe(true);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside(dialog), `${label}: focus stays in the dialog after Tab #${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside(dialog), `${label}: focus stays in the dialog after Shift+Tab #${i + 1}`).toBe(true);
  }
}

/** The page's first restricted resource that `page`'s signed-in profile sees and a guest may not (answers 401 to a guest). */
async function findMembersOnlyLink(page: Page): Promise<string> {
  const search = await page.request.get("/api/search", { params: { "f[_types][]": "resource", "f[others][]": "restricted", per: "20" } });
  expect(search.ok(), "restricted search").toBeTruthy();
  const { data } = (await search.json()) as { data: { link: string }[] };
  for (const { link } of data) {
    const asGuest = await fetch(new URL(`/api/content${link}`, page.url()));
    if (asGuest.status === 401) return link;
  }
  throw new Error("No resource the demo data keeps from guests");
}

/** Opens a members-only item as a guest (the teacher finds one, then signs out before opening it); answers its link. */
async function openMembersOnlyItemAsGuest(page: Page): Promise<string> {
  await signInViaApi(page, TEACHER);
  await page.goto("/search/");
  const link = await findMembersOnlyLink(page);
  await switchTo(page, null);
  await page.goto(link);
  return link;
}

test.describe("item page dialogs give focus back to their opener", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openItemFromSearch(page);
  });

  for (const { button, dialog: name, close } of [
    { button: "Export", dialog: "Export", close: "Cancel" },
    { button: "View standards", dialog: "Standards", close: "Close" },
    { button: "More info", dialog: "More info", close: "Close" },
    { button: "Copy", dialog: "Copy", close: "Cancel" },
    { button: "Flag", dialog: "Flag this item", close: "Cancel" },
  ]) {
    test(`${button}: opened with Enter, focus is trapped, and Escape or ${close} returns focus to the button`, async ({ page }) => {
      const opener = page.locator(".item-page").getByRole("button", { name: button, exact: true });
      const dialog = page.getByRole("dialog", { name, exact: true });

      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await expectFocusTrapped(page, dialog, button);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener, "focus returns to the opener after Escape").toBeFocused();

      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: close, exact: true }).focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(opener, `focus returns to the opener after ${close}`).toBeFocused();
    });
  }
});

test("a guest's Copy and Flag say what signing in is for", async ({ page }) => {
  await openItemFromSearch(page);
  const guest = page.getByRole("dialog", { name: "Sign in to continue" });
  for (const [button, text] of [
    ["Copy", "Sign in or register to copy this item into your own content."],
    ["Flag", "Sign in or register to report content that is inappropriate."],
  ] as const) {
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(guest).toContainText(text);
    await guest.getByRole("button", { name: "Close" }).click();
    await expect(guest).toBeHidden();
  }
});

test("Flag is a button like its neighbours in the actions row (More info, Copy), at a desktop's width and a phone's", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await openItemFromSearch(page);
    const row = page.getByRole("group", { name: "Item actions" });
    const classOf = (name: string) => row.getByRole("button", { name, exact: true }).getAttribute("class");
    const flag = await classOf("Flag");
    expect(flag, `${width}px`).toContain("button--secondary");
    expect([flag, flag], `${width}px`).toEqual([await classOf("More info"), await classOf("Copy")]);
    // Its name and what it does are unchanged: it opens the flag dialog.
    await row.getByRole("button", { name: "Flag", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Flag this item" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
});

/** How many standards the item's attributes hold, asked the way the Standards dialog asks. */
async function standardsOf(page: Page, link: string): Promise<number> {
  const tags = (await (await page.request.get(`/api/content${link}/tags`)).json()) as { attribute_ids: number[] };
  if (tags.attribute_ids.length === 0) return 0;
  const selected = (await (await page.request.get(`/standards/selected?ids=${tags.attribute_ids.join(",")}`)).json()) as { arrObjResponse: { standards: unknown[] }[] };
  return selected.arrObjResponse.reduce((sum, group) => sum + group.standards.length, 0);
}

test("View standards is offered on an item with standards and not on one without", async ({ page }) => {
  const actions = page.getByRole("group", { name: "Item actions" });
  const viewStandards = actions.getByRole("button", { name: "View standards", exact: true });

  // A Science item of the demo: tagged with NGSS standards.
  await openItemFromSearch(page);
  const count = await standardsOf(page, new URL(page.url()).pathname);
  expect(count).toBeGreaterThan(0);
  // The sidebar's summary: the framework with its count, and one code (or text) per standard.
  const summary = page.getByRole("region", { name: "Standards summary" });
  await expect(summary.getByText(/Next Generation Science Standards/).first()).toBeVisible();
  await expect(summary.getByRole("list", { name: /standards$/ }).getByRole("listitem")).toHaveCount(count);
  await expect(viewStandards).toBeVisible();
  await viewStandards.click();
  const dialog = page.getByRole("dialog", { name: "Standards", exact: true });
  await expect(dialog.getByRole("button", { name: /Next Generation Science Standards \(\d+\)/ }).first()).toBeVisible();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  // A Computer Science item: the demo gives that subject no standards framework.
  await openSearch(page, "?st=computational%20thinking");
  const card = resultCards(page).getByRole("link", { name: "Understanding Computational Thinking", exact: true });
  // The item's answer says whether it has standards (has_standards), so the actions are decided with the page.
  await card.click();
  await expect(page.getByRole("heading", { level: 1, name: "Understanding Computational Thinking" })).toBeVisible();
  expect(await standardsOf(page, new URL(page.url()).pathname)).toBe(0);
  await expect(actions.getByRole("button", { name: "More info", exact: true })).toBeVisible();
  await expect(viewStandards).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Standards summary" })).toHaveCount(0);
  await saveShot(page, "item-without-standards.png");
});

test.describe("the item page's Favorite control", () => {
  test("a guest gets the guest modal, and focus comes back to the Favorite button", async ({ page }) => {
    await openItemFromSearch(page);
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
    await favoriteButton(page).focus();
    await page.keyboard.press("Enter");
    const guest = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(guest).toContainText("Sign in or register to favorite and collect content");
    await guest.getByRole("button", { name: "Close" }).click();
    await expect(guest).toBeHidden();
    await expect(favoriteButton(page)).toBeFocused();
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
  });

  test.describe("signed in", () => {
    test.beforeEach(async ({ page }) => {
      await signInViaApi(page, TEACHER);
      await ensureNotFavorited(page.request, ITEM);
    });
    test.afterEach(async ({ page }) => {
      await ensureNotFavorited(page.request, ITEM);
    });

    test("favoriting shows a pending state, then the server's answer, kept after a reload and on the search card", async ({ page }) => {
      await openItemFromSearch(page);
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");

      // Hold the answer back, to see the pending state.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/profile/favorite", async (route) => {
        await held;
        await route.continue();
      });
      await favoriteButton(page).click();
      await expect(favoriteButton(page)).toHaveAttribute("aria-busy", "true");
      await expect(favoriteButton(page)).toHaveAttribute("aria-disabled", "true");
      release();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await expect(favoriteButton(page)).not.toHaveAttribute("aria-busy", "true");
      await expect(favoriteButton(page)).toBeFocused();
      await page.unroute("**/profile/favorite");

      // The page loads with the right state.
      await page.reload();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");

      // The search card agrees; and back on the page, unfavoriting works.
      await page.goBack();
      await expect(resultCards(page).getByRole("button", { name: `Favorite ${ITEM}`, exact: true, pressed: true })).toHaveAttribute("aria-pressed", "true");
      await page.goForward();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await favoriteButton(page).click();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
      await page.reload();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
    });

    test("an item favorited elsewhere shows as favorited when its page opens", async ({ page }) => {
      await openSearch(page, QUERY);
      await resultCards(page).getByRole("button", { name: `Favorite ${ITEM}`, exact: true }).click();
      await expect(resultCards(page).getByRole("button", { name: `Favorite ${ITEM}`, exact: true, pressed: true })).toHaveAttribute("aria-pressed", "true");
      await resultCards(page).getByRole("link", { name: ITEM, exact: true }).click();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");
    });

    test("a failed update shows the spec's message and leaves the state as it was", async ({ page }) => {
      await openItemFromSearch(page);
      await page.route("**/profile/favorite", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }));
      await favoriteButton(page).click();
      await expect(toasts(page)).toContainText(UNEXPECTED);
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
      await expect(favoriteButton(page)).not.toHaveAttribute("aria-busy", "true");
    });

    test("the page with its Favorite control passes axe, and renders on a desktop and a phone", async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await openItemFromSearch(page);
      await expect(favoriteButton(page)).toBeVisible();
      await expectNoAxeViolations(page, "item page, not favorited");
      await saveShot(page, `item-page-1366.png`, { animations: "disabled" });
      await favoriteButton(page).click();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await expectNoAxeViolations(page, "item page, favorited");
      await saveShot(page, `item-page-1366-favorited.png`, { animations: "disabled" });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(favoriteButton(page)).toBeVisible();
      await expectNoAxeViolations(page, "item page on a phone");
      await saveShot(page, `item-page-390.png`, { animations: "disabled" });
    });
  });
});

test("on a desktop, a guest's item page gives its title the width of the page, not a column beside the buttons", async ({ page }) => {
  // A long seeded title; a guest's few buttons (Favorite, Collect, Share, Export) once sat beside it and left it a
  // quarter of the row, four lines tall.
  const title = "Favorite Agriculture Science Activities";
  await page.setViewportSize({ width: 1366, height: 900 });
  await openSearch(page, "?st=agriculture");
  await resultCards(page).getByRole("link", { name: title, exact: true }).click();
  const heading = page.getByRole("heading", { level: 1, name: title });
  await expect(heading).toBeVisible();
  const lines = await heading.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines, "lines the title takes").toBeLessThanOrEqual(2);
  // The buttons go below it, still all on the page.
  const headingBox = (await heading.boundingBox())!;
  const actionsBox = (await actionsRow(page).boundingBox())!;
  expect(actionsBox.y).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);
  const articleLeft = (await page.locator("article.item-page").boundingBox())!.x;

  // An announcement's three buttons (no Collect) once sat beside its title, three lines tall; a group's page of short
  // texts sat indented, narrower than the others. Each now has the same column, its buttons under its title.
  for (const title of ["Webinar: Teaching Data Displays", "Early Literacy Network"]) {
    const found = (await (await page.request.get(`/api/search?query=${encodeURIComponent(title)}`)).json()) as { data: { title: string; link: string }[] };
    await page.goto(found.data.find((card) => card.title === title)!.link);
    const other = page.getByRole("heading", { level: 1, name: title });
    await expect(other).toBeVisible();
    const box = (await other.boundingBox())!;
    expect((await actionsRow(page).boundingBox())!.y, `${title}: buttons under the title`).toBeGreaterThanOrEqual(box.y + box.height);
    expect((await page.locator("article.item-page").boundingBox())!.x, `${title}: the page's left edge`).toBeCloseTo(articleLeft, 0);
  }
});

test("a title of one long word wraps on the item's page and in Related content, instead of running off the screen", async ({ page }) => {
  // A copy with a file-name-like title and no spaces (a copy's title may be 255 such characters); a copy keeps its
  // original's tags, so each lists the other under Related content.
  const title = `Unit_${Date.now().toString(36)}_${"photosynthesis_worksheet_".repeat(8)}final`;
  await signInViaApi(page, TEACHER);
  await openSearch(page, QUERY);
  const originalLink = await resultCards(page).first().getByRole("heading", { level: 3 }).getByRole("link").getAttribute("href");
  const original = (await (await page.request.get(`/api/content${originalLink}`)).json()) as { id: number; link: string };
  const copied = await page.request.post(`${original.link}/copy`, { data: { id: original.id, modeltitle: title }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(copied.ok(), "copy").toBeTruthy();
  const { link } = (await copied.json()) as { link: string };
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(link);
  const heading = page.getByRole("heading", { level: 1, name: title });
  await expect(heading).toBeVisible();
  const related = page.getByRole("complementary", { name: "Related and similar content" });
  await expect(related.getByRole("heading", { name: "Related content" })).toBeVisible();
  const titleBox = (await heading.boundingBox())!;
  const sidebarLeft = await related.evaluate((el) => el.getBoundingClientRect().left);
  expect(titleBox.x + titleBox.width, "the title's right edge, left of the sidebar").toBeLessThanOrEqual(sidebarLeft);
  expect(await overflow(), "page wider than the window").toBe(0);
  await expectNoAxeViolations(page, "an item page with a long one-word title");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(heading).toBeVisible();
  expect(await overflow(), "page wider than a phone").toBe(0);
  // The dialogs that quote the title ("Share “…”.") keep it inside them.
  for (const name of ["Share", "Export"]) {
    await page.getByRole("button", { name, exact: true }).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toContainText(title);
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth), `${name} dialog wider than itself`).toBe(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(original.link);
  const relatedLink = related.getByRole("link", { name: title });
  await expect(relatedLink).toBeVisible();
  const sidebarRight = await related.evaluate((el) => el.getBoundingClientRect().right);
  const linkBox = (await relatedLink.boundingBox())!;
  expect(linkBox.x + linkBox.width, "the related link's right edge, within the sidebar").toBeLessThanOrEqual(sidebarRight + 1);
  expect(await overflow(), "page wider than the window").toBe(0);
});

test.describe("an item that cannot be shown", () => {
  test("a guest on a members-only item is asked to sign in, with a fitting title and no error toast", async ({ page }) => {
    await openMembersOnlyItemAsGuest(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this item" })).toBeVisible();
    await expect(page).toHaveTitle(/^Sign in to see this item/);
    // Not "shared with some people only": a members-only item is open to everyone signed in.
    await expect(page.getByRole("main")).toContainText("This item is not open to guests. Sign in, or create an account, to see it");
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
    // Give a toast the time it would take to show up.
    await page.waitForTimeout(500);
    await expect(toasts(page)).not.toContainText(GENERIC_LOAD);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
  });

  test("a guest who registers from a members-only item's preview card comes back to the item, signed in", async ({ page }) => {
    const link = await openMembersOnlyItemAsGuest(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this item" })).toBeVisible();
    await expectNoAxeViolations(page, "a members-only item's preview card for a guest");

    await page.getByRole("main").getByRole("link", { name: "Register" }).click();
    const username = `preview${Date.now().toString(36)}`;
    await page.getByLabel("Full name").fill("Preview Card Reader");
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("E-mail address").fill(`${username}@example.org`);
    await page.getByLabel("Password (at least 8 characters)").fill("preview-card-pass");
    await page.getByLabel("Repeat the password").fill("preview-card-pass");
    await page.getByRole("main").getByRole("button", { name: "Create account" }).click();

    // Back on the item (it once went to the search screen), now as a member: the item or its request-access card.
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole("banner").getByText("Preview Card Reader")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign in to see this item");
  });

  test("signing out on a members-only item asks to sign in to see it, with no error toast", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await page.goto("/search/");
    const link = await findMembersOnlyLink(page);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Related content" })).toBeVisible();

    await openAccountMenu(page);
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this item" })).toBeVisible();
    // Give a toast the time it would take to show up.
    await page.waitForTimeout(500);
    await expect(toasts(page)).toBeEmpty();
  });

  test("an unknown item says 'Page not found' in its heading and title, with no error toast", async ({ page }) => {
    await page.goto("/resources/no-such-item");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByRole("link", { name: "Go to search" })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(toasts(page)).not.toContainText(GENERIC_LOAD);
  });

  test("an item that fails to load is told once, by the spec's toast, and Try again loads it", async ({ page }) => {
    await openSearch(page, QUERY);
    const link = resultCards(page).first().getByRole("heading", { level: 3 }).getByRole("link");
    const title = await link.innerText();
    let failing = true;
    await page.route(/\/api\/content\//, (route) => (failing ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal error" }) }) : route.continue()));
    await link.click();

    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(toasts(page)).toContainText(GENERIC_LOAD);
    await expect(page.getByText(GENERIC_LOAD)).toHaveCount(1);
    failing = false;
    await page.getByRole("main").getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });
});

test("a member who opens an item by its link only sees no empty actions row: its introduction follows the header", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/lesson-plans/start", { data: { title: `Zl${Date.now().toString(36)} Tide pools by link`, introduction: "What lives where the sea leaves at low tide." }, headers });
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  const { opaque_id } = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  expect((await page.request.post("/permissions", { data: { opaque_id }, headers })).ok()).toBeTruthy();
  expect((await page.request.post("/permissions/add-link-share", { data: { opaque_id }, headers })).ok()).toBeTruthy();
  await switchTo(page, LEARNER);
  await page.goto(link);
  const introduction = page.locator(".item-page__description");
  await expect(introduction).toHaveText("What lives where the sea leaves at low tide.");
  await expect(page.getByRole("group", { name: "Item actions" })).toHaveCount(0);
  const header = (await page.locator(".item-page__header").boundingBox())!;
  const text = (await introduction.boundingBox())!;
  // Only the page's own spacing between them (it was that plus an empty row's 1.75rem of margins).
  expect(text.y - (header.y + header.height)).toBeLessThan(28);
  await expectNoAxeViolations(page, "item page of a link viewer");
});

test("a click on a result card marks the search page busy, with a bar along the window's top, until the item's page has come", async ({ page }) => {
  // The item page's code, held back: on a first visit it is fetched before the address changes.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ItemViewScene-[^/]+\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  await openSearch(page);
  const link = resultCards(page).first().getByRole("heading", { level: 3 }).getByRole("link");
  const title = (await link.textContent())!.trim();
  await link.click();
  const bar = page.getByTestId("page-pending");
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS("opacity", "1");
  await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await saveShot(page, "page-pending.png");

  release();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy");
});
