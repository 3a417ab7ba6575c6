import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, csrfToken, ensureNotFavorited, expectNoAxeViolations, facetGroup, openAccountMenu, openSearch, resultCards, signInViaApi, tick } from "./helpers.js";

/** A seeded item (server/seed/vocabulary.ts: Science, "photosynthesis"); these tests favorite it and restore it. */
const ITEM = "Photosynthesis Graphic Organizer";
const QUERY = "?st=photosynthesis";

const favoriteButton = (page: Page) => page.getByRole("button", { name: `Favorite ${ITEM}`, exact: true });
const unfavoriteButton = (page: Page) => page.getByRole("button", { name: `Favorite ${ITEM}`, exact: true, pressed: true });
const card = (page: Page) => resultCards(page).filter({ has: page.getByRole("heading", { name: ITEM, exact: true }) });

test.describe("favorites", () => {
  test("a guest who clicks a favorite button gets the guest modal with sign-in", async ({ page }) => {
    await openSearch(page, QUERY);
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");

    await favoriteButton(page).click();

    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Sign in or register to favorite and collect content");
    await expect(dialog.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Register" })).toBeVisible();

    // Closing changes nothing.
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");

    // The modal's Sign in link goes to the login page and comes back to the same search.
    await favoriteButton(page).click();
    await dialog.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByLabel("Username").fill(LEARNER.username);
    await page.getByLabel("Password", { exact: true }).fill(LEARNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/search\/\?st=photosynthesis$/);
    await expect(page.getByRole("banner").getByText(LEARNER.name)).toBeVisible();
  });

  test("when the session has ended (signed out elsewhere), favoriting asks to sign in and the header stops showing the account", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page, QUERY);
    const header = page.getByRole("banner");
    await expect(header.getByText(TEACHER.name)).toBeVisible();
    // The session ends behind the page's back: its cookie is gone.
    await page.context().clearCookies();

    await favoriteButton(page).click();

    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(header.getByText(TEACHER.name)).toHaveCount(0);
    // The page header's link (the sticky header, shown once the page has scrolled, repeats it).
    await expect(header.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  });

  test("when the session expired on the server (the cookie is still sent), favoriting says so and the header stops showing the account", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page, QUERY);
    const header = page.getByRole("banner");
    await expect(header.getByText(TEACHER.name)).toBeVisible();
    // The server no longer knows the session; the browser still sends its cookie (and the page its old CSRF token).
    const [sid] = await page.context().cookies();
    await page.context().addCookies([{ ...sid!, value: "s%3Agone.gone" }]);

    await favoriteButton(page).click();

    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your session has expired.");
    await expect(header.getByText(TEACHER.name)).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    // As a guest now, with a fresh token: the next try gets the guest modal, not the same refusal again.
    await favoriteButton(page).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  });

  test("the heart of an item card on a collection's page fills when clicked, and the item's page agrees", async ({ page }) => {
    // The demo's featured collection (the footer's, Maria Lopez's) and its first item; its owner's cards have Remove
    // instead of a heart, so as another member. The item is not a favorite before and is restored after.
    await signInViaApi(page, LEARNER);
    const featured = (await (await page.request.get("/api/carousels/featured")).json()) as { link: string; items: { id: number; model_key: string; title: string }[] };
    const item = featured.items[0]!;
    const setFavorite = async (value: boolean) => {
      const res = await page.request.post("/profile/favorite", { data: { modelName: item.model_key, type: `${item.model_key}:${item.id}`, value }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
      expect(res.ok(), `favorite ${value}`).toBeTruthy();
    };
    await setFavorite(false);
    try {
      await page.goto(featured.link);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Items in this collection" })).toBeVisible();
      await main.getByRole("button", { name: `Favorite ${item.title}`, exact: true }).click();

      // The card shows the server's answer (it kept its empty heart while the item was saved as a favorite).
      await expect(main.getByRole("button", { name: `Favorite ${item.title}`, exact: true, pressed: true })).toHaveAttribute("aria-pressed", "true");
      await expectNoAxeViolations(page, "a collection's page with a favorited item");

      await main.getByRole("link", { name: item.title, exact: true }).click();
      await expect(page.getByRole("heading", { name: item.title, level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Favorite", exact: true })).toHaveAttribute("aria-pressed", "true");
    } finally {
      await setFavorite(false);
    }
  });

  test.describe("signed in", () => {
    test.beforeEach(async ({ page }) => {
      await signInViaApi(page, TEACHER);
      await ensureNotFavorited(page.request, ITEM);
    });

    test.afterEach(async ({ page }) => {
      await ensureNotFavorited(page.request, ITEM);
    });

    test("favoriting toggles aria-pressed and persists after a reload, and the 'My favorites' count moves with it; unfavoriting works", async ({ page }) => {
      await openSearch(page, QUERY);
      await expect(page.getByRole("banner").getByText(TEACHER.name)).toBeVisible();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");

      // "My favorites" counts the search's matches the teacher has favorited (the demo may hold some already).
      const count = facetGroup(page, "My stuff and openness").locator("label", { has: page.getByRole("checkbox", { name: /^My favorites/ }) }).locator(".check__count");
      const before = Number(await count.textContent());

      await favoriteButton(page).click();

      await expect(unfavoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(count).toHaveText(String(before + 1));

      await page.reload();
      await expect(unfavoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await expect(count).toHaveText(String(before + 1));
      // The other results were not touched.
      await expect(card(page)).toHaveCount(1);
      await expect(resultCards(page).getByRole("button", { name: /^Favorite /, pressed: true })).toHaveCount(1);

      await unfavoriteButton(page).click();

      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
      await expect(count).toHaveText(String(before));
      await page.reload();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
      await expect(count).toHaveText(String(before));
    });

    test("'My favorites' seen moments ago shows an item favorited since, and no longer one unfavorited since", async ({ page }) => {
      const myFavorites = () => facetGroup(page, "My stuff and openness").getByRole("checkbox", { name: /^My favorites/ });
      const untick = async () => {
        await page.getByRole("button", { name: /^Remove filter My favorites/ }).click();
        await expect(myFavorites()).not.toBeChecked();
      };
      await openSearch(page, QUERY);
      // The view is looked at first, while the item is not a favorite: the answer is cached.
      await tick(myFavorites());
      await expect(page.getByText("No results found.")).toBeVisible();
      await untick();

      await favoriteButton(page).click();
      await expect(unfavoriteButton(page)).toHaveAttribute("aria-pressed", "true");
      await tick(myFavorites());
      await expect(card(page)).toHaveCount(1);
      await expect(page.getByText("No results found.")).toHaveCount(0);

      // Unfavorited in the view, the card stays (to be favorited again); once the view is left and opened again it is gone.
      await unfavoriteButton(page).click();
      await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
      await expect(card(page)).toHaveCount(1);
      await untick();
      await tick(myFavorites());
      await expect(page.getByText("No results found.")).toBeVisible();
      await expect(card(page)).toHaveCount(0);
    });

    test("the account menu leads to one's favorites and one's collections (searches with the 'My favorites' and 'My content' filters)", async ({ page }) => {
      await openSearch(page, QUERY);
      await favoriteButton(page).click();
      await expect(unfavoriteButton(page)).toHaveAttribute("aria-pressed", "true");

      await openAccountMenu(page);
      await page.getByRole("banner").getByRole("link", { name: "My favorites" }).click();
      await expect(page).toHaveURL(/\/search\/\?f\[others\]\[\]=favorites$/);
      // The menu closed behind it, though the page is the search screen it was opened on.
      await expect(page.locator(".site-header__bar .account-menu__toggle")).toHaveAttribute("aria-expanded", "false");
      await expect(facetGroup(page, "My stuff and openness").getByRole("checkbox", { name: /^My favorites/ })).toBeChecked();
      await expect(card(page)).toHaveCount(1);
      // Every card listed is one of hers: its heart is filled.
      const cards = resultCards(page);
      await expect(cards.first()).toBeVisible();
      await expect(cards.getByRole("button", { name: /^Favorite /, pressed: false })).toHaveCount(0);

      await openAccountMenu(page);
      await page.getByRole("banner").getByRole("link", { name: "My collections" }).click();
      await expect(page.getByRole("group", { name: "Content types" }).getByRole("button", { name: /^Collections/ })).toHaveAttribute("aria-pressed", "true");
      await expect(facetGroup(page, "My stuff and openness").getByRole("checkbox", { name: /^My content/ })).toBeChecked();
      await expect(cards.first()).toBeVisible();
      for (const found of await cards.all()) await expect(found).toContainText(TEACHER.name);
    });

    test("a favorite shows under 'My favorites' and belongs to its owner only", async ({ page, browser }) => {
      await openSearch(page, QUERY);
      await favoriteButton(page).click();
      await expect(unfavoriteButton(page)).toHaveAttribute("aria-pressed", "true");

      await tick(facetGroup(page, "My stuff and openness").getByRole("checkbox", { name: /^My favorites/ }));
      await expect(page.getByRole("button", { name: /^Remove filter My favorites/ })).toBeVisible();
      await expect(resultCards(page)).toHaveCount(1);
      await expect(card(page)).toHaveCount(1);

      // Another member does not see the teacher's favorite.
      const context = await browser.newContext();
      try {
        const other = await context.newPage();
        await signInViaApi(other, LEARNER);
        await openSearch(other, QUERY);
        await expect(other.getByRole("banner").getByText(LEARNER.name)).toBeVisible();
        await expect(favoriteButton(other)).toHaveAttribute("aria-pressed", "false");
      } finally {
        await context.close();
      }
    });
  });
});
