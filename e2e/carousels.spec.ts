import { expect, test, type Locator, type Page } from "@playwright/test";
import { CAROUSEL_TEXTS } from "../contract/carousels.js";
import AxeBuilder from "@axe-core/playwright";
import { TEACHER, dismissAnnouncements, openSearch, signInViaApi, tabTo, saveShot } from "./helpers.js";

const T0 = new Date("2026-11-26T09:00:00Z");

const news = (page: Page): Locator => page.getByRole("region", { name: CAROUSEL_TEXTS.newsRegion });
/** The slide on screen: the only one in the accessibility tree ("2 of 3"). */
const slide = (page: Page): Locator => news(page).getByRole("group", { name: /^\d+ of \d+$/ });
const footer = (page: Page): Locator => page.getByRole("region", { name: /^Featured collection/ });

/** axe (WCAG 2.2 AA) over the two carousels only: the rest of the search page has its own checks in accessibility.spec.ts. */
async function expectNoAxeViolationsIn(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).include(".news-carousel").include(".footer-carousel").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`), `axe violations in ${label}`).toEqual([]);
}

/** The top of the page and the footer as a reader sees them, for a person to look at (saved when E2E_SHOTS_DIR is set). */
async function screenshots(page: Page, width: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, `carousels-${width}-top.png`, { animations: "disabled" });
  await footer(page).scrollIntoViewIfNeeded();
  await saveShot(page.locator(".site-footer"), `carousels-${width}-footer.png`, { animations: "disabled" });
}

/** Takes focus and the pointer off the carousel, so only the reader's own pause holds it. */
async function leaveCarousel(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(2, 2);
}

/** Opens the search screen with the page's clock installed and then stopped, so rotation moves only when a test runs the clock. */
async function openWithStoppedClock(page: Page): Promise<void> {
  await dismissAnnouncements(page);
  await page.clock.install({ time: T0 });
  await openSearch(page);
  await expect(slide(page)).toBeVisible();
  await page.clock.pauseAt(new Date(T0.getTime() + 60_000));
  await leaveCarousel(page);
}

/** Pages the footer carousel to its first page by hand (the stopped clock's start may have turned it), leaving focus on its paging buttons. */
async function footerToFirstPage(page: Page): Promise<void> {
  const region = footer(page);
  // One turn by hand at least, so the rotation's count starts again from it.
  await region.getByRole("button", { name: CAROUSEL_TEXTS.nextPage }).click();
  for (let i = 0; i < 20 && !(await region.getByText(/^1–\d+ of \d+$/).isVisible()); i++) await region.getByRole("button", { name: CAROUSEL_TEXTS.previousPage }).click();
  await expect(region.getByText(/^1–\d+ of \d+$/)).toBeVisible();
}

test.describe("news carousel", () => {
  test("dots, prev/next and wrap-around; rotates every 8000 ms, not while hovered, focused or paused", async ({ page }) => {
    await openWithStoppedClock(page);
    // A guest sees the news for everyone: three slides.
    const dots = news(page).getByRole("group", { name: "Choose a slide" }).getByRole("button");
    await expect(dots).toHaveCount(3);

    await dots.nth(0).click();
    await expect(slide(page)).toHaveAccessibleName("1 of 3");
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await news(page).getByRole("button", { name: CAROUSEL_TEXTS.previous }).click();
    await expect(slide(page)).toHaveAccessibleName("3 of 3");
    await news(page).getByRole("button", { name: CAROUSEL_TEXTS.next }).click();
    await expect(slide(page)).toHaveAccessibleName("1 of 3");
    await expect(slide(page).getByRole("heading")).toHaveText("Spring planning webinar: the recordings are here");

    // Rotation: 8000 ms of unpaused time turn the page, and it wraps from the last to the first.
    await leaveCarousel(page);
    await page.clock.runFor(7_750);
    await expect(slide(page)).toHaveAccessibleName("1 of 3");
    await page.clock.runFor(250);
    await expect(slide(page)).toHaveAccessibleName("2 of 3");
    await page.clock.runFor(16_000);
    await expect(slide(page)).toHaveAccessibleName("1 of 3");

    // Hovered: it waits, and goes on when the pointer leaves.
    await slide(page).hover();
    await page.clock.runFor(20_000);
    await expect(slide(page)).toHaveAccessibleName("1 of 3");
    await page.mouse.move(2, 2);
    await page.clock.runFor(8_000);
    await expect(slide(page)).toHaveAccessibleName("2 of 3");

    // Focused (the call to action): it waits too.
    await slide(page).getByRole("link").focus();
    await page.clock.runFor(20_000);
    await expect(slide(page)).toHaveAccessibleName("2 of 3");
    await leaveCarousel(page);
    await page.clock.runFor(8_000);
    await expect(slide(page)).toHaveAccessibleName("3 of 3");

    // Paused by the reader: it stays put after focus and pointer leave, until Play.
    await news(page).getByRole("button", { name: CAROUSEL_TEXTS.pause }).click();
    await leaveCarousel(page);
    await page.clock.runFor(24_000);
    await expect(slide(page)).toHaveAccessibleName("3 of 3");
    await news(page).getByRole("button", { name: CAROUSEL_TEXTS.play }).click();
    await leaveCarousel(page);
    await page.clock.runFor(8_000);
    await expect(slide(page)).toHaveAccessibleName("1 of 3");
  });

  test("keyboard: Tab reaches the controls, Enter and the arrow keys turn slides; More/Less; members see their news too", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openWithStoppedClock(page);
    const next = news(page).getByRole("button", { name: CAROUSEL_TEXTS.next });
    await tabTo(page, news(page).getByRole("button", { name: CAROUSEL_TEXTS.pause }));
    await tabTo(page, next);
    const start = Number((await slide(page).getAttribute("aria-label"))!.split(" ")[0]);
    const at = (k: number) => `${((start - 1 + k + 4) % 4) + 1} of 4`;
    await page.keyboard.press("Enter");
    await expect(slide(page)).toHaveAccessibleName(at(1));
    await page.keyboard.press("ArrowRight");
    await expect(slide(page)).toHaveAccessibleName(at(2));
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(slide(page)).toHaveAccessibleName(at(-1));
    // Focus inside holds it still.
    await page.clock.runFor(20_000);
    await expect(slide(page)).toHaveAccessibleName(at(-1));

    // The long story is cut to five lines; More shows it whole, Less cuts it again.
    await news(page).getByRole("button", { name: "Slide 3: Share your classroom's story" }).press("Enter");
    const story = slide(page);
    await expect(story.getByRole("heading")).toHaveText("Share your story");
    const more = story.getByRole("button", { name: CAROUSEL_TEXTS.more, exact: true });
    const text = story.locator(".news-slide__description");
    const cut = await text.evaluate((el) => el.clientHeight);
    await more.press("Enter");
    const less = story.getByRole("button", { name: CAROUSEL_TEXTS.less, exact: true });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    await expect(less).toBeFocused();
    expect(await text.evaluate((el) => el.clientHeight)).toBeGreaterThan(cut * 1.5);
    await less.press("Enter");
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await saveShot(news(page), `carousels-story.png`, { animations: "disabled" });
    // The members' slide is there for a signed-in teacher.
    await news(page).getByRole("button", { name: /^Slide 4: Members:/ }).click();
    await expect(slide(page).getByRole("heading")).toHaveText("Members: open planning hour every Thursday");
  });
});

test.describe("footer carousel", () => {
  test("pages of 3 (2 below 850 px) wrapping around, Hide/Show remembered, no axe violations; screenshots", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // The clock stopped, so the pages move only when the test moves them.
    await openWithStoppedClock(page);
    await footerToFirstPage(page);
    const region = footer(page);
    const items = region.getByRole("listitem");
    await expect(items).toHaveCount(3);
    const total = Number((await region.getByText(/^1–3 of \d+$/).innerText()).split(" of ")[1]);
    expect(total).toBeGreaterThan(3);
    const first = await items.first().getByRole("link").innerText();
    await region.getByRole("button", { name: CAROUSEL_TEXTS.nextPage }).click();
    await expect(region.getByText(`4–${Math.min(6, total)} of ${total}`)).toBeVisible();
    await region.getByRole("button", { name: CAROUSEL_TEXTS.previousPage }).click();
    await region.getByRole("button", { name: CAROUSEL_TEXTS.previousPage }).click();
    // From the first page back to the last.
    const lastFirst = Math.floor((total - 1) / 3) * 3 + 1;
    await expect(region.getByText(`${lastFirst}–${total} of ${total}`)).toBeVisible();

    // axe waits on timers: the clock runs again from here, with focus in the footer keeping it on this page.
    await page.clock.resume();
    await expectNoAxeViolationsIn(page, "the news and footer carousels");
    await screenshots(page, "1366");

    // Hide is remembered by this browser for this source.
    await region.getByRole("button", { name: CAROUSEL_TEXTS.footerHide }).click();
    await expect(items).toHaveCount(0);
    await page.reload();
    await expect(footer(page).getByRole("button", { name: CAROUSEL_TEXTS.footerShow })).toHaveAttribute("aria-expanded", "false");
    await expect(footer(page).getByRole("listitem")).toHaveCount(0);
    await footer(page).getByRole("button", { name: CAROUSEL_TEXTS.footerShow }).click();
    await expect(footer(page).getByRole("listitem").first().getByRole("link")).toHaveText(first);

    // Narrower than 850 px: two to a page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(footer(page).getByRole("listitem")).toHaveCount(2);
    await expect(footer(page).getByText(/^1–2 of \d+$/)).toBeVisible();
    await expectNoAxeViolationsIn(page, "the news and footer carousels on a phone");
    await screenshots(page, "390");
  });
  test("turns a page every 8000 ms, not while paused, and not while hidden", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openWithStoppedClock(page);
    // On the first page by the reader's hand, which starts the count again.
    await footerToFirstPage(page);
    await leaveCarousel(page);
    const region = footer(page);
    await expect(region.getByText(/^1–3 of \d+$/)).toBeVisible();
    await page.clock.runFor(7_750);
    await expect(region.getByText(/^1–3 of \d+$/)).toBeVisible();
    await page.clock.runFor(250);
    await expect(region.getByText(/^4–\d+ of \d+$/)).toBeVisible();
    // Paused by its button (WCAG 2.2.2): no more turns, with focus and pointer gone.
    await region.getByRole("button", { name: CAROUSEL_TEXTS.pause }).click();
    await leaveCarousel(page);
    await page.clock.runFor(16_000);
    await expect(region.getByText(/^4–\d+ of \d+$/)).toBeVisible();
    await region.getByRole("button", { name: CAROUSEL_TEXTS.play }).click();
    await leaveCarousel(page);
    // Hidden, it waits too.
    await region.getByRole("button", { name: CAROUSEL_TEXTS.footerHide }).click();
    await leaveCarousel(page);
    await page.clock.runFor(16_000);
    await region.getByRole("button", { name: CAROUSEL_TEXTS.footerShow }).click();
    await expect(region.getByText(/^4–\d+ of \d+$/)).toBeVisible();
  });
});
