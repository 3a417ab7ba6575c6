import { expect, test, type Locator, type Page } from "@playwright/test";
import { MIN_CHARS_MESSAGE, TEACHER, ensureNotFavorited, expectNoAxeViolations, expectTotal, facetGroup, holdRequests, openSearch, readTotal, resultCards, resultCount, resultsRegion, resultsSettled, resultTitles, searchBox, signInViaApi, submitSearch, tabCount, tick, titleSortKey, typeTab, saveShot } from "./helpers.js";

test.describe("search screen", () => {
  test("shows the Search heading, the search box and results for a guest", async ({ page }) => {
    await openSearch(page);
    await expect(page).toHaveTitle(/Search/);
    await expect(searchBox(page)).toHaveAttribute("placeholder", "Search for anything");
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "true");
    await expect(resultCount(page)).toHaveText(/^Showing 1–15 of \d+ results$/);
    await expect(resultCards(page)).toHaveCount(15);
  });

  test("submitting a term shows its results and puts the term in the URL", async ({ page }) => {
    await openSearch(page);
    const everything = await readTotal(page);

    await submitSearch(page, "Photosynthesis");

    // The term is lowercased, written to the URL and shown in the count line.
    await expect(page).toHaveURL(/[?&]st=photosynthesis(&|$)/);
    await expect(resultCount(page)).toHaveText(/results? for “photosynthesis”/);
    const total = await readTotal(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(everything);
    await expect(resultCards(page)).toHaveCount(total);
    for (const title of await resultTitles(page)) expect(title.toLowerCase()).toContain("photosynthesis");
    await expect(page).toHaveTitle(/photosynthesis/);
  });

  test("while a new search loads, the count line does not pair the old total with the new term", async ({ page }) => {
    await openSearch(page);
    const everything = await readTotal(page);
    // Hold the next answer back so the loading state can be seen.
    const release = await holdRequests(page, /\/api\/search\?.*query=photosynthesis/);

    await submitSearch(page, "photosynthesis");
    await expect(page).toHaveURL(/st=photosynthesis/);
    await expect(resultsRegion(page).locator('[aria-busy="true"]')).toHaveCount(1);

    // The status line is announced to screen readers: it must not claim the previous answer's
    // total (the whole catalogue) for the new term.
    await expect(resultCount(page)).not.toHaveText(new RegExp(`of ${everything.toLocaleString("en-US")} results for “photosynthesis”`), { timeout: 1_000 });

    release();
    await expect(resultCount(page)).toHaveText(/^(Showing 1–\d+ of )?\d+ results? for “photosynthesis”$/);
    expect(await readTotal(page)).toBeLessThan(everything);
  });

  test("a term of 1–2 characters does not search and asks for 3 characters", async ({ page }) => {
    await openSearch(page, "?st=science");
    const before = await resultCount(page).innerText();

    await submitSearch(page, "ma");

    await expect(page.getByText(MIN_CHARS_MESSAGE)).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/[?&]st=science(&|$)/);
    await expect(resultCount(page)).toHaveText(before);

    // One character is too short as well; a long-enough term clears the message and searches.
    await submitSearch(page, "m");
    await expect(page.getByText(MIN_CHARS_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/[?&]st=science(&|$)/);
    await submitSearch(page, "math");
    await expect(page).toHaveURL(/[?&]st=math(&|$)/);
    await expect(page.getByText(MIN_CHARS_MESSAGE)).toBeHidden();
    await expect(resultCount(page)).toHaveText(/for “math”/);
  });

  test("type tabs: click selects one, shift-click adds another, All is exclusive", async ({ page }) => {
    await openSearch(page, "?st=science");
    const all = await readTotal(page);
    const resources = await tabCount(typeTab(page, "Resources"));
    const lessonPlans = await tabCount(typeTab(page, "Lesson Plans"));
    expect(await tabCount(typeTab(page, "All"))).toBe(all);
    expect(resources).toBeGreaterThan(0);
    expect(lessonPlans).toBeGreaterThan(0);
    expect(resources + lessonPlans).toBeLessThan(all);

    // A plain click selects just that type.
    await typeTab(page, "Resources").click();
    await expect(page).toHaveURL(/f\[t\]\[\]=resources/);
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "false");
    await expectTotal(page, resources);
    for (const card of await resultCards(page).all()) await expect(card).toContainText("Resource");

    // Shift-click adds a second type.
    await typeTab(page, "Lesson Plans").click({ modifiers: ["Shift"] });
    await expect(typeTab(page, "Lesson Plans")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expectTotal(page, resources + lessonPlans);

    // Shift-click on a selected type removes it again.
    await typeTab(page, "Resources").click({ modifiers: ["Shift"] });
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "false");
    await expect(typeTab(page, "Lesson Plans")).toHaveAttribute("aria-pressed", "true");
    await expectTotal(page, lessonPlans);

    // A plain click replaces the selection.
    await typeTab(page, "Resources").click({ modifiers: ["Shift"] });
    await typeTab(page, "Collections").click();
    await expect(typeTab(page, "Collections")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "false");
    await expect(typeTab(page, "Lesson Plans")).toHaveAttribute("aria-pressed", "false");

    // All is exclusive: it clears every other type.
    await typeTab(page, "All").click();
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "Collections")).toHaveAttribute("aria-pressed", "false");
    await expect(page).not.toHaveURL(/f\[t\]/);
    await expectTotal(page, all);
  });

  test("a grade filter narrows the results, shows a removable tag, and removing it restores them", async ({ page }) => {
    await openSearch(page, "?st=science");
    const total = await readTotal(page);
    const grades = facetGroup(page, "Grades");
    const option = grades.getByRole("listitem").first();
    const label = (await option.locator(".check__label").innerText()).trim();
    const count = Number((await option.locator(".check__count").innerText()).replace(/,/g, ""));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(total);
    const checkbox = grades.getByRole("checkbox", { name: new RegExp(`^${label} [\\d,]+$`) });

    await tick(checkbox);

    await expect(page).toHaveURL(/grades/);
    await expect(checkbox).toBeChecked();
    await expectTotal(page, count);
    const tag = page.getByRole("button", { name: `Remove filter Grades: ${label}` });
    await expect(tag).toBeVisible();
    await expect(tag).toHaveText(`Grades: ${label}`);

    await tag.click();

    await expect(tag).toBeHidden();
    await expect(page).not.toHaveURL(/grades/);
    await expectTotal(page, total);
    await expect(grades.getByRole("checkbox", { name: new RegExp(`^${label} [\\d,]+$`) })).not.toBeChecked();
  });

  test("'Find a publisher' looks a publisher up by name, from 3 characters, and filters by it (keyboard only)", async ({ page }) => {
    await openSearch(page);
    const publishers = facetGroup(page, "Publishers");
    const field = publishers.getByRole("searchbox", { name: "Find a publisher" });
    await field.fill("su");
    await expect(publishers.getByText(MIN_CHARS_MESSAGE)).toBeVisible();
    await expect(publishers.getByRole("list", { name: "Matching publishers" })).toHaveCount(0);

    await field.fill("summit");
    const match = publishers.getByRole("list", { name: "Matching publishers" }).getByRole("button", { name: "Summit Math Partners" });
    await expect(match).toHaveAttribute("aria-pressed", "false");
    await field.press("ArrowDown");
    await expect(match).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/publishers/);
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("");
    await expect(page.getByRole("button", { name: "Remove filter Publisher: Summit Math Partners" })).toBeVisible();
    const checkbox = publishers.getByRole("checkbox", { name: /^Summit Math Partners [\d,]+$/ });
    await expect(checkbox).toBeChecked();
    const count = Number((await checkbox.locator("xpath=..").locator(".check__count").innerText()).replace(/,/g, ""));
    await expectTotal(page, count);
  });

  test("a created-after date filters the results and shows a 'Created on or after' tag", async ({ page }) => {
    await openSearch(page, "?st=science");
    const total = await readTotal(page);

    await page.getByLabel("Created from").fill("2025-01-01");

    await expect(page).toHaveURL(/[?&]from=2025-01-01/);
    // Shown as M/D/YYYY (second document, section 9).
    const tag = page.getByRole("button", { name: "Remove filter Created on or after 1/1/2025" });
    await expect(tag).toBeVisible();
    await expect(tag).toHaveText("Created on or after 1/1/2025");
    await expect.poll(() => readTotal(page)).toBeLessThan(total);
    // The end of the range may not be before its start.
    await expect(page.getByLabel("Created to")).toHaveAttribute("min", "2025-01-01");

    await tag.click();
    await expect(tag).toBeHidden();
    await expect(page.getByLabel("Created from")).toHaveValue("");
    await expectTotal(page, total);
  });

  test("the sort dropdown orders results by title", async ({ page }) => {
    await openSearch(page, "?st=science");
    const relevance = await resultTitles(page);
    const sortBy = page.getByLabel("Sort by");
    await expect(sortBy).toHaveValue("");

    await sortBy.selectOption({ label: "Title A-Z" });
    await expect(page).toHaveURL(/[?&]s=1(&|$)/);
    await expect.poll(() => resultTitles(page)).not.toEqual(relevance);
    const ascending = (await resultTitles(page)).map(titleSortKey);
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending[0]!.localeCompare(ascending.at(-1)!)).toBeLessThan(0);
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    await sortBy.selectOption({ label: "Title Z-A" });
    await expect(page).toHaveURL(/[?&]s=-1(&|$)/);
    await expect.poll(async () => (await resultTitles(page)).map(titleSortKey)[0]).not.toBe(ascending[0]);
    const descending = (await resultTitles(page)).map(titleSortKey);
    expect(descending[0]!.localeCompare(descending.at(-1)!)).toBeGreaterThan(0);

    // Changes of the sort one after another (here the arrow keys on the closed dropdown) are one step of the history:
    // Back leads to the order before them.
    await sortBy.focus();
    await page.keyboard.press("ArrowDown");
    // The second key at once, before the URL has the first one's order: it moves on from the first one's choice.
    await page.keyboard.press("ArrowDown");
    await expect(page).toHaveURL(/[?&]s=2(&|$)/);
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]s=/);
    await expect(sortBy).toHaveValue("");
  });

  test("from a page past the end (an old bookmark), Previous leads to the last page", async ({ page }) => {
    await openSearch(page, "?st=science");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    const last = Math.ceil((await readTotal(page)) / 15);
    expect(last).toBeGreaterThan(1);
    await page.goto("/search/?st=science&page=99");
    await expect(page.getByText("This page is past the end of the results.")).toBeVisible();

    await pagination.getByRole("link", { name: "Previous" }).click();

    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(pagination.getByRole("link", { name: `Page ${last}`, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(resultCards(page).first()).toBeVisible();
  });

  test("a page number past the deepest a search may ask for is past the end, and the way back keeps the filters", async ({ page }) => {
    await openSearch(page, "?st=science&f[t][]=resources");
    const total = await readTotal(page);
    await page.goto("/search/?st=science&f[t][]=resources&page=99999999999");
    await expect(page.getByText("This page is past the end of the results.")).toBeVisible();
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);

    await page.getByRole("link", { name: "Go to the first page" }).click();

    await expect(page).not.toHaveURL(/page=/);
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expect(searchBox(page)).toHaveValue("science");
    await expectTotal(page, total);
  });

  test("paging to page 2 keeps the filters; changing a filter goes back to page 1", async ({ page }) => {
    await openSearch(page, "?st=science");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    const firstPage = await resultTitles(page);

    await pagination.getByRole("link", { name: "Next" }).click();

    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]st=science(&|$)/);
    await expect(pagination.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(resultCount(page)).toHaveText(/^Showing 16–30 of /);
    await expect.poll(() => resultTitles(page)).not.toEqual(firstPage);

    await tick(facetGroup(page, "Subjects").getByRole("checkbox").first());

    await expect(page).toHaveURL(/subjects/);
    await expect(page).not.toHaveURL(/[?&]page=2/);
    await expect(resultCount(page)).toHaveText(/^(Showing 1–\d+ of )?\d+ results?/);
    await expect(resultCount(page)).not.toHaveText(/^Showing 16–/);
    await expect(pagination.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("the pager reaches the last page past its window of 3, and back/forward follow it", async ({ page }) => {
    await openSearch(page);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    const total = await readTotal(page);
    const last = Math.ceil(total / 15);
    expect(last).toBeGreaterThan(5);
    await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3", String(last)]);
    await expect(pagination.getByText("…")).toHaveCount(1);
    await pagination.scrollIntoViewIfNeeded();
    await saveShot(page, "pager-first.png");

    await pagination.getByRole("link", { name: `Page ${last}`, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(pagination.getByRole("link", { name: `Page ${last}`, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(resultCount(page)).toHaveText(new RegExp(`^Showing [\\d,]+–${total.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} results$`));
    await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", String(last - 2), String(last - 1), String(last)]);
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expectNoAxeViolations(page, "search pager on the last page");

    // The middle: 1 … 4 5 6 … last, and the first page is one click away.
    await page.goto("/search/?page=5");
    await expect(pagination.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "4", "5", "6", String(last)]);
    await expect(pagination.getByText("…")).toHaveCount(last > 7 ? 2 : 1);
    await pagination.scrollIntoViewIfNeeded();
    await saveShot(page, "pager-middle.png");

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]page=${last}(&|$)`));
    await expect(pagination.getByRole("link", { name: `Page ${last}`, exact: true })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(pagination.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await page.goForward();
    await expect(pagination.getByRole("link", { name: `Page ${last}`, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(resultCards(page).first()).toBeVisible();
  });

  test("the grid/list choice is remembered after a reload", async ({ page }) => {
    await openSearch(page);
    const list = page.getByRole("button", { name: "List", exact: true });
    const grid = page.getByRole("button", { name: "Grid", exact: true });
    await expect(list).toHaveAttribute("aria-pressed", "true");
    await expect(grid).toHaveAttribute("aria-pressed", "false");
    // List mode: one card per row.
    const [a, b] = [resultCards(page).nth(0), resultCards(page).nth(1)];
    expect((await b.boundingBox())!.y).toBeGreaterThan((await a.boundingBox())!.y + 10);

    await grid.click();
    await expect(grid).toHaveAttribute("aria-pressed", "true");
    await expect(list).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(resultCards(page).first()).toBeVisible();

    await expect(grid).toHaveAttribute("aria-pressed", "true");
    await expect(list).toHaveAttribute("aria-pressed", "false");
    // Grid mode: the first two cards sit side by side.
    const boxA = (await resultCards(page).nth(0).boundingBox())!;
    const boxB = (await resultCards(page).nth(1).boundingBox())!;
    expect(Math.abs(boxA.y - boxB.y)).toBeLessThan(5);
    expect(boxB.x).toBeGreaterThan(boxA.x + boxA.width - 5);

    // And back to list, also remembered.
    await list.click();
    await page.reload();
    await expect(resultCards(page).first()).toBeVisible();
    await expect(list).toHaveAttribute("aria-pressed", "true");
  });

  test("back and forward restore the previous search state", async ({ page }) => {
    await openSearch(page);
    await submitSearch(page, "science");
    await expect(page).toHaveURL(/st=science/);
    await expect(resultCount(page)).toHaveText(/for “science”/);
    const scienceTotal = await readTotal(page);
    await typeTab(page, "Resources").click();
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    const resourcesTotal = await tabCount(typeTab(page, "Resources"));
    await expectTotal(page, resourcesTotal);
    await submitSearch(page, "math");
    await expect(page).toHaveURL(/st=math/);
    await expect(resultCount(page)).toHaveText(/for “math”/);

    await page.goBack();
    await expect(page).toHaveURL(/st=science/);
    await expect(searchBox(page)).toHaveValue("science");
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expectTotal(page, resourcesTotal);

    await page.goBack();
    await expect(searchBox(page)).toHaveValue("science");
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "true");
    await expectTotal(page, scienceTotal);

    await page.goForward();
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expectTotal(page, resourcesTotal);

    await page.goForward();
    await expect(searchBox(page)).toHaveValue("math");
    await expect(resultCount(page)).toHaveText(/for “math”/);
  });

  test("a misspelled term offers 'Did you mean' and the link runs the corrected search", async ({ page }) => {
    await openSearch(page);
    await submitSearch(page, "photosyntesis");
    await expect(page).toHaveURL(/st=photosyntesis/);

    const suggestion = page.getByText(/Did you mean/);
    await expect(suggestion).toBeVisible();
    await expect(suggestion).toHaveText("Did you mean photosynthesis?");

    await suggestion.getByRole("link", { name: "photosynthesis" }).click();

    await expect(page).toHaveURL(/[?&]st=photosynthesis(&|$)/);
    await expect(searchBox(page)).toHaveValue("photosynthesis");
    await expect(resultCount(page)).toHaveText(/results? for “photosynthesis”/);
    await expect(resultCards(page).first()).toContainText(/photosynthesis/i);
    await expect(page.getByText(/Did you mean/)).toBeHidden();
  });

  test("a term without matches shows 'No results found.'", async ({ page }) => {
    await openSearch(page);
    await submitSearch(page, "zzqxjvwk");
    await expect(page).toHaveURL(/st=zzqxjvwk/);
    await expect(page.getByText("No results found.")).toBeVisible();
    await expect(resultCards(page)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
    // A screen reader hears the outcome from the status line (the empty state is not announced): not silence.
    await expect(resultCount(page)).toHaveText("0 results for “zzqxjvwk”.");
  });

  test("a misspelt term without matches announces no results, the suggestion said once, next", async ({ page }) => {
    await openSearch(page);
    await submitSearch(page, "photosynthessis");
    await expect(page.getByText("No results found.")).toBeVisible();
    await expect(resultCount(page)).toHaveText("0 results for “photosynthessis”.");
    await expect(page.getByText(/Did you mean/)).toHaveText("Did you mean photosynthesis?");
    await expectNoAxeViolations(page, "a search without results");
  });
});

const INVERTED_RANGE_MESSAGE = "The start date must be on or before the end date.";

/** A removable filter tag above the results (on phones the open filters' summary repeats them). */
const filterTag = (page: Page, label: string) => resultsRegion(page).getByRole("button", { name: `Remove filter ${label}`, exact: true });

const resultsHeading = (page: Page) => page.getByRole("heading", { name: "Results", level: 2 });

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/** Records the query of every search call (GET /api/search) the page makes from now on. */
function recordSearchCalls(page: Page): URLSearchParams[] {
  const calls: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/search") calls.push(url.searchParams);
  });
  return calls;
}

/** What shows a favorite button's pending state: opacity, cursor and the ring drawn around it. */
const pendingLook = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    const ring = getComputedStyle(el, "::after");
    return { opacity: style.opacity, cursor: style.cursor, ring: ring.content === "none" ? "none" : `${ring.animationName} ${ring.borderTopStyle}` };
  });

test.describe("search screen: created date range", () => {
  // Typing into a date input fills its parts in the locale's order: month, day, year.
  test.use({ locale: "en-US" });

  test("the dates are days where the user is, not UTC days", async ({ browser, request }) => {
    // The newest public item, and the day it was made on in a time zone where that is not UTC's day: Kiritimati
    // (UTC+14) is a day ahead from 10:00 UTC, Pago Pago (UTC-11) a day behind until 11:00 UTC.
    const newest = ((await (await request.get("/api/search?sort=-3&per=1")).json()) as { data: { title: string; created_at: string }[] }).data[0]!;
    const dayIn = (timeZone: string) => new Date(newest.created_at).toLocaleDateString("en-CA", { timeZone });
    const timeZone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) => dayIn(zone) !== dayIn("UTC"))!;
    const context = await browser.newContext({ timezoneId: timeZone, locale: "en-US" });
    const page = await context.newPage();
    const calls = recordSearchCalls(page);
    // Newest first, on the day it was made there: it leads the list (read as a UTC day, it is not in that day at all).
    await openSearch(page, `?s=-3&from=${dayIn(timeZone)}&to=${dayIn(timeZone)}`);
    await expect(resultCards(page).first().getByRole("heading")).toHaveText(newest.title);
    expect(calls.at(-1)?.get("tz")).toBe(timeZone);
    await context.close();
  });

  test("typing a date searches once, when the date is whole, with one history entry", async ({ page }) => {
    await openSearch(page, "?st=science");
    const calls = recordSearchCalls(page);
    const fromValues = () => [...new Set(calls.map((c) => c.get("created_from")).filter(Boolean))];
    const entries = await historyLength(page);
    const from = page.getByLabel("Created from");

    await from.focus();
    // At a person's pace, so every intermediate value Chrome reports gets its chance to be searched for.
    await page.keyboard.type("03152024", { delay: 60 });

    await expect(page).toHaveURL(/[?&]from=2024-03-15(&|$)/);
    await expect(filterTag(page, "Created on or after 3/15/2024")).toBeVisible();
    // Chrome reported 0002-03-15, 0020-03-15 and 0202-03-15 on the way; none was searched for or kept in history.
    await resultsSettled(page);
    expect(fromValues()).toEqual(["2024-03-15"]);
    expect(await historyLength(page)).toBe(entries + 1);

    // Retyping the year: the half-cleared field keeps the date in force until the new one is whole.
    await page.keyboard.press("Backspace");
    await expect(from).toHaveValue("");
    await page.keyboard.type("2023");
    await expect(page).toHaveURL(/[?&]from=2023-03-15(&|$)/);
    await expect(filterTag(page, "Created on or after 3/15/2023")).toBeVisible();
    await resultsSettled(page);
    expect(fromValues()).toEqual(["2024-03-15", "2023-03-15"]);
    expect(await historyLength(page)).toBe(entries + 2);

    // An emptied field applies at once.
    await from.fill("");
    await expect(filterTag(page, "Created on or after 3/15/2023")).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]from=/);
  });

  test("a date before 1900 applies on leaving the field or on Enter", async ({ page }) => {
    await openSearch(page, "?st=science");
    const from = page.getByLabel("Created from");
    const to = page.getByLabel("Created to");

    await from.focus();
    await page.keyboard.type("01011850");
    await expect(from).toHaveValue("1850-01-01");
    await expect(page).not.toHaveURL(/[?&]from=/);
    await to.focus();
    await expect(page).toHaveURL(/[?&]from=1850-01-01(&|$)/);
    await expect(filterTag(page, "Created on or after 1/1/1850")).toBeVisible();

    await page.keyboard.type("12311899");
    await expect(to).toHaveValue("1899-12-31");
    await expect(page).not.toHaveURL(/[?&]to=/);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]to=1899-12-31(&|$)/);
    await expect(filterTag(page, "Created on or before 12/31/1899")).toBeVisible();
    await expect(to).toBeFocused();
  });

  test("a start after the end is not searched: a message shows and the last good range stays", async ({ page }) => {
    await openSearch(page, "?st=science&from=2025-01-01");
    const total = await readTotal(page);
    const calls = recordSearchCalls(page);
    const from = page.getByLabel("Created from");
    const to = page.getByLabel("Created to");

    await to.fill("2024-06-01");

    await expect(page.getByText(INVERTED_RANGE_MESSAGE)).toBeVisible();
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveAccessibleDescription(INVERTED_RANGE_MESSAGE);
    await expect(page).toHaveURL(/[?&]from=2025-01-01(&|$)/);
    await expect(page).not.toHaveURL(/[?&]to=/);
    await expect(filterTag(page, "Created on or after 1/1/2025")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove filter Created on or before/ })).toHaveCount(0);
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
    await expectTotal(page, total);
    expect(calls.filter((c) => c.has("created_to"))).toEqual([]);

    // Moving the start back makes the range good: both dates apply and the message goes.
    await from.fill("2024-01-01");
    await expect(page).toHaveURL(/[?&]from=2024-01-01&to=2024-06-01(&|$)/);
    await expect(filterTag(page, "Created on or after 1/1/2024")).toBeVisible();
    await expect(filterTag(page, "Created on or before 6/1/2024")).toBeVisible();
    await expect(page.getByText(INVERTED_RANGE_MESSAGE)).toBeHidden();
    await expect(to).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("search screen: URLs, sort and filter tags", () => {
  test("a bookmark with indexed filters (f[t][0], f[owners][0], grades[0]) shows them applied", async ({ page }) => {
    type Answer = { total: number; data: { owner_data: { profile_id: number; name: string } }[]; facets: { attributes: Record<string, { id: number; label: string; count: number }[]> } };
    const search = async (params: Record<string, string>) => (await (await page.request.get("/api/search", { params })).json()) as Answer;
    const owner = (await search({ types: "resources", per: "1" })).data[0]!.owner_data;
    const grade = (await search({ types: "resources", owners: String(owner.profile_id), per: "1" })).facets.attributes.grades?.[0];
    expect(grade?.count).toBeGreaterThan(0);

    await openSearch(page, `?f[t][0]=resources&f[owners][0]=${owner.profile_id}&grades[0]=${grade!.id}`);

    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "false");
    await expect(filterTag(page, `Owner: ${owner.name}`)).toBeVisible();
    await expect(filterTag(page, `Grades: ${grade!.label}`)).toBeVisible();
    await expectTotal(page, grade!.count);
  });

  test("clicking All keeps a bookmark's model-type filter (All spans every type); a type that does not list it drops it", async ({ page }) => {
    await openSearch(page, "?st=science&f[_types][]=resource");
    const tag = filterTag(page, "Model type: resource");
    await expect(tag).toBeVisible();
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "true");
    const resources = await readTotal(page);
    expect(resources).toBeLessThan(await tabCount(typeTab(page, "All")));

    // All is already the selection: clicking it changes nothing.
    await typeTab(page, "All").click();
    await expect(page).toHaveURL(/f\[_types\]\[\]=resource/);
    await expect(tag).toBeVisible();
    await expectTotal(page, resources);

    // From a type back to All: the filter stays, as the bookmark had it.
    await typeTab(page, "Resources").click();
    await expect(typeTab(page, "Resources")).toHaveAttribute("aria-pressed", "true");
    await expect(tag).toBeVisible();
    await typeTab(page, "All").click();
    await expect(typeTab(page, "All")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/search\/\?st=science&f\[_types\]\[\]=resource$/);
    await expect(tag).toBeVisible();
    await expectTotal(page, resources);

    // Lesson Plans does not hold resources: the filter goes.
    await typeTab(page, "Lesson Plans").click();
    await expect(page).toHaveURL(/\/search\/\?st=science&f\[t\]\[\]=lesson_plans$/);
    await expect(tag).toHaveCount(0);
  });

  test("a URL term longer than the box takes (80) is cut as the box cuts it and searched, not refused", async ({ page }) => {
    await openSearch(page, "?st=science");
    const total = await readTotal(page);

    // "science " thirty times: cut at 80 characters, ten times "science".
    await openSearch(page, `?st=${encodeURIComponent("science ".repeat(30))}`);
    await expect(searchBox(page)).toHaveValue("science ".repeat(10).trim());
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
    await expectTotal(page, total);
  });

  test("a shared link with an attribute filter nested under f (f[grades][]) or the provider filter shows them applied", async ({ page }) => {
    type Answer = { total: number; facets: { attributes: Record<string, { id: number; label: string; count: number }[]>; publishers: { profile_id: number; name: string; count: number }[] } };
    const answer = (await (await page.request.get("/api/search", { params: { per: "1" } })).json()) as Answer;
    const grade = answer.facets.attributes.grades![0]!;
    const publisher = answer.facets.publishers[0]!;

    await openSearch(page, `?f[grades][]=${grade.id}`);
    await expect(filterTag(page, `Grades: ${grade.label}`)).toBeVisible();
    await expect(facetGroup(page, "Grades").getByRole("checkbox", { name: new RegExp(`^${grade.label} [\\d,]+$`) })).toBeChecked();
    await expectTotal(page, grade.count);

    await openSearch(page, `?f[provider][]=${publisher.profile_id}`);
    await expect(filterTag(page, `Publisher: ${publisher.name}`)).toBeVisible();
    await expectTotal(page, publisher.count);
  });

  test("a 1–2 character term in the URL is no term; a term is trimmed and lowercased", async ({ page }) => {
    await openSearch(page);
    const everything = await readTotal(page);
    const calls = recordSearchCalls(page);

    await openSearch(page, "?st=ab");
    await expect(searchBox(page)).toHaveValue("");
    await expectTotal(page, everything);
    await expect(resultCount(page)).not.toHaveText(/for “/);
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
    expect(calls.filter((c) => c.has("query"))).toEqual([]);

    await openSearch(page, "?st=%20MATH%20");
    await expect(searchBox(page)).toHaveValue("math");
    await expect(resultCount(page)).toHaveText(/for “math”/);
  });

  test("the sort dropdown names the order in force: a spec sort string, or Recently updated without a term", async ({ page }) => {
    const sortBy = page.getByLabel("Sort by");
    const shown = sortBy.locator("option:checked");

    await openSearch(page, "?st=science&s=title_lsort_asc");
    await expect(shown).toHaveText("Title A-Z");
    const ascending = (await resultTitles(page)).map(titleSortKey);
    expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // Without a term the server orders by last update; relevance means nothing then.
    await openSearch(page, "?s=-2");
    const recentlyUpdated = await resultTitles(page);
    await openSearch(page);
    await expect(shown).toHaveText("Recently updated");
    expect(await sortBy.locator("option").allInnerTexts()).not.toContain("Relevance");
    expect(await resultTitles(page)).toEqual(recentlyUpdated);

    await submitSearch(page, "science");
    await expect(resultCount(page)).toHaveText(/for “science”/);
    await expect(shown).toHaveText("Relevance");
  });

  test("removing a filter tag moves focus to the next tag, else the previous, else the Results heading", async ({ page }) => {
    await openSearch(page, "?st=science&f[others][]=open&from=2024-01-01&to=2025-12-31");
    const open = filterTag(page, "Open to everyone");
    const after = filterTag(page, "Created on or after 1/1/2024");
    const before = filterTag(page, "Created on or before 12/31/2025");

    await open.focus();
    await page.keyboard.press("Enter");
    await expect(open).toBeHidden();
    await expect(after).toBeFocused();

    await before.focus();
    await page.keyboard.press("Enter");
    await expect(before).toBeHidden();
    await expect(after).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(after).toBeHidden();
    await expect(resultsHeading(page)).toBeFocused();
    await expect(page).not.toHaveURL(/others|from=|to=/);

    // "Clear all" removes every tag and leaves focus on the heading too.
    await openSearch(page, "?st=science&f[others][]=open&from=2024-01-01");
    await page.getByRole("button", { name: "Clear all" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /^Remove filter / })).toHaveCount(0);
    await expect(resultsHeading(page)).toBeFocused();
  });

  test("the sticky header is opaque, so results scrolling under it do not show through", async ({ page }) => {
    await openSearch(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    const sticky = page.getByTestId("sticky-header");
    await expect(sticky).toBeVisible();
    await expect(sticky).toHaveCSS("background-color", "rgb(255, 255, 255)");
  });
});

/** The first document's message for failed searches and loads (section 8). */
const SEARCH_FAILED = "Oops! Something went wrong, try again after sometime";

const toaster = (page: Page) => page.getByRole("status", { name: "Notifications" });

test.describe("search screen: opening results, failures and stale URLs", () => {
  test("a result opens its item inside the app, and with the server gone the spec's message shows, not the browser's error page", async ({ page }) => {
    await openSearch(page, "?st=photosynthesis");
    // Lost on a full page load: proves the app was not reloaded.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
    const titleLink = (index: number) => resultCards(page).nth(index).getByRole("heading", { level: 3 }).getByRole("link");

    const title = await titleLink(0).innerText();
    await titleLink(0).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page).not.toHaveURL(/\/search\//);
    expect(await sameDocument()).toBe(true);

    await page.goBack();
    await expect(resultCards(page).nth(1)).toBeVisible();
    // The server goes away: every request fails to connect.
    await page.route("**/*", (route) => route.abort("connectionrefused"));
    await titleLink(1).click();
    await expect(toaster(page)).toContainText(SEARCH_FAILED);
    expect(await sameDocument()).toBe(true);
  });

  test("a failed search says so once, in the spec's toast, and the results area offers to search again", async ({ page }) => {
    await openSearch(page);
    let failing = true;
    await page.route(/\/api\/search\?.*query=photosynthesis/, (route) =>
      failing ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal error" }) }) : route.continue(),
    );

    await submitSearch(page, "photosynthesis");

    await expect(toaster(page)).toContainText(SEARCH_FAILED);
    await expect(page.getByText(SEARCH_FAILED)).toHaveCount(1);
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("The search could not be completed.")).toHaveCount(0);

    failing = false;
    const again = resultsRegion(page).getByRole("button", { name: "Try the search again" });
    await again.click();
    await expect(resultCount(page)).toHaveText(/results? for “photosynthesis”$/);
    await expect(again).toHaveCount(0);
    await expect(resultsHeading(page)).toBeFocused();
  });

  test("a failed load on the search screen (the app's configuration, a publisher lookup) toasts the spec's message for failed loads", async ({ page }) => {
    const failing = { status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal error" }) };
    await page.route("**/app/config", (route) => route.fulfill(failing));
    await page.goto("/search/");
    // One toast, with exactly the spec's words.
    await expect(toaster(page).locator("p")).toHaveText([SEARCH_FAILED]);
    await expect(page.getByText("Oops! An unexpected error has occurred.", { exact: false })).toHaveCount(0);
    // The search itself still runs (with the default types).
    await expect(resultCards(page).first()).toBeVisible();

    await page.unroute("**/app/config");
    await openSearch(page);
    await expect(toaster(page)).toHaveText("");
    await page.route("**/api/search/find-providers**", (route) => route.fulfill(failing));
    await facetGroup(page, "Publishers").getByRole("searchbox", { name: "Find a publisher" }).fill("summit");
    await expect(toaster(page).locator("p")).toHaveText([SEARCH_FAILED]);
    await expect(page.getByText("Oops! An unexpected error has occurred.", { exact: false })).toHaveCount(0);
  });

  test("a URL with what its asker cannot search (an unknown or admin-only type, a guest's 'mine', a date that is no day) searches the rest", async ({ page }) => {
    await page.goto("/search/?st=science&f[t][]=bogus&f[t][]=users&f[others][]=mine&from=abc");
    await expect(page).toHaveURL(/\/search\/\?st=science$/);
    await expect(resultCount(page)).toHaveText(/results? for “science”$/);
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^All\b/, pressed: true })).toBeVisible();

    // An end before the start: the start stays.
    await page.goto("/search/?st=science&from=2026-01-01&to=2024-01-01");
    await expect(page).toHaveURL(/\/search\/\?st=science&from=2026-01-01$/);
    await expect(resultsRegion(page).getByRole("alert")).toHaveCount(0);
  });

  test("a bookmark naming a filter value the server does not know shows the server's reason and clears the filters in one click", async ({ page }) => {
    await page.goto("/search/?st=science&standards[]=1");

    const failure = resultsRegion(page).getByRole("alert");
    await expect(failure).toHaveText("Unknown Standards value: 1.");
    await expect(page.getByText(SEARCH_FAILED)).toHaveCount(0);
    await expect(toaster(page)).toHaveText("");

    await resultsRegion(page).getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search\/\?st=science$/);
    await expect(resultCount(page)).toHaveText(/results? for “science”$/);
    await expect(failure).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove filter / })).toHaveCount(0);
    await expect(resultsHeading(page)).toBeFocused();
  });

  test("a bookmark naming an owner that is not there says so and clears the filters in one click", async ({ page }) => {
    await page.goto("/search/?st=science&f[owners][]=999999");
    await expect(resultsRegion(page).getByRole("alert")).toHaveText("Unknown owner: 999999.");
    await resultsRegion(page).getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/search\/\?st=science$/);
    await expect(resultCount(page)).toHaveText(/results? for “science”$/);
  });

  test("a URL with filters its types do not support drops them, replacing the URL without a new history entry", async ({ page }) => {
    await openSearch(page);
    const calls = recordSearchCalls(page);
    const entries = await historyLength(page);

    await page.goto("/search/?f[t][]=announcements&grades[]=6&f[others][]=open");

    await expect(typeTab(page, "Announcements")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/search\/\?f\[t\]\[\]=announcements$/);
    await expect(page.getByRole("button", { name: /^Remove filter / })).toHaveCount(0);
    await resultsSettled(page);
    expect(await historyLength(page)).toBe(entries + 1);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.has("grades") || c.has("other"))).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(/\/search\/$/);
  });

  test("'Skip to results', shown on focus after the first skip link, takes the keyboard past the filters to the results", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openSearch(page);
    const skip = page.getByRole("link", { name: "Skip to results" });
    await expect(skip).not.toBeInViewport();

    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press("Enter");
    await expect(resultsHeading(page)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Sort by")).toBeFocused();
  });

  test("while results reload, the list keeps its text contrast and shows a progress bar", async ({ page }) => {
    await openSearch(page, "?st=science");
    const release = await holdRequests(page, /\/api\/search\?.*query=photosynthesis/);
    await submitSearch(page, "photosynthesis");
    const busyList = resultsRegion(page).locator('[aria-busy="true"]');
    await expect(busyList).toHaveCount(1);

    const look = await busyList.evaluate((el) => {
      const bar = getComputedStyle(el, "::before");
      return { opacity: getComputedStyle(el).opacity, bar: bar.content !== "none" && parseFloat(bar.height) >= 3 && bar.backgroundImage !== "none" };
    });
    expect(look).toEqual({ opacity: "1", bar: true });
    for (const card of await resultCards(page).all()) expect(await card.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");

    release();
    await resultsSettled(page);
  });
});

test.describe("search screen: favorite pending state", () => {
  const ITEM = "Photosynthesis Graphic Organizer";
  const button = (page: Page) => page.getByRole("button", { name: new RegExp(`^(Un)?[Ff]avorite ${ITEM}$`) });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await ensureNotFavorited(page.request, ITEM);
  });

  test.afterEach(async ({ page }) => {
    await ensureNotFavorited(page.request, ITEM);
  });

  test("the favorite button shows it is updating: dimmed, progress cursor and a ring that stands still without motion", async ({ page }) => {
    await openSearch(page, "?st=photosynthesis");
    expect(await pendingLook(button(page))).toEqual({ opacity: "1", cursor: "pointer", ring: "none" });

    let release = await holdRequests(page, "**/profile/favorite");
    await button(page).click();
    await expect(button(page)).toHaveAttribute("aria-busy", "true");
    expect(await pendingLook(button(page))).toEqual({ opacity: "0.6", cursor: "progress", ring: "favorite-pending solid" });
    release();
    await expect(button(page)).toHaveAttribute("aria-pressed", "true");
    await expect(button(page)).not.toHaveAttribute("aria-busy");
    expect(await pendingLook(button(page))).toEqual({ opacity: "1", cursor: "pointer", ring: "none" });

    await page.unrouteAll({ behavior: "wait" });
    await page.emulateMedia({ reducedMotion: "reduce" });
    release = await holdRequests(page, "**/profile/favorite");
    await button(page).click();
    await expect(button(page)).toHaveAttribute("aria-busy", "true");
    expect(await pendingLook(button(page))).toEqual({ opacity: "0.6", cursor: "progress", ring: "none dashed" });
    release();
    await expect(button(page)).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("search screen: phone-sized", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the signed-in header stays one row: its actions fold behind a Menu button that opens, closes with Escape, and keeps them on screen", async ({ page }) => {
    // The admin has the most actions: Add Resource, Bulk Import, Create, the name and Sign out.
    await signInViaApi(page, { username: "admin", password: "admin-demo-pass" });
    await openSearch(page);
    const header = page.locator(".site-header__bar");
    const menu = header.getByRole("button", { name: "Menu" });
    const actions = ["Add Resource", "Bulk Import", "Create", "Sign out"];
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    for (const name of actions) await expect(header.getByRole("button", { name, exact: true })).toBeHidden();
    // One row: it was three (153 px) with the actions wrapped under the brand, and the sticky copy as tall.
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    for (const name of actions) {
      const box = (await header.getByRole("button", { name, exact: true }).boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, "search page with the header's menu open on a phone");
    await saveShot(header, `signed-in-header-390-open.png`);

    // Escape from inside the menu closes it and gives focus back to its button.
    await header.getByRole("button", { name: "Create", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(header.getByRole("button", { name: "Sign out", exact: true })).toBeHidden();

    // The sticky copy is as short, with its own Menu.
    await page.mouse.wheel(0, 1500);
    const sticky = page.getByTestId("sticky-header");
    await expect(sticky).toBeVisible();
    expect((await sticky.boundingBox())!.height).toBeLessThanOrEqual(64);
    await sticky.getByRole("button", { name: "Menu" }).click();
    await expect(sticky.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  });

  test("on a wide screen the signed-in header shows its actions in one row, Account and Sign out in the name's menu", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInViaApi(page, { username: "admin", password: "admin-demo-pass" });
    await openSearch(page);
    const header = page.locator(".site-header__bar");
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();
    for (const name of ["Add Resource", "Bulk Import", "Create"]) await expect(header.getByRole("button", { name, exact: true })).toBeVisible();
    const name = header.locator(".account-menu__toggle");
    await expect(name).toHaveAttribute("aria-expanded", "false");
    await expect(header.getByRole("button", { name: "Sign out", exact: true })).toBeHidden();
    await name.click();
    await expect(header.getByRole("link", { name: "Your profile" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Account", exact: true })).toBeVisible();
    await expect(header.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    // A click elsewhere closes it.
    await page.mouse.click(600, 500);
    await expect(name).toHaveAttribute("aria-expanded", "false");
  });

  test("between phone and desktop widths an administrator's header stays one row, its actions behind the Menu, none cut off", async ({ page }) => {
    await signInViaApi(page, { username: "admin", password: "admin-demo-pass" });
    for (const width of [700, 820, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await openSearch(page);
      const header = page.locator(".site-header__bar");
      // Before, the actions wrapped onto a second (at 700 px a third) row under the brand.
      expect((await header.boundingBox())!.height, `${width} px`).toBeLessThanOrEqual(72);
      await header.getByRole("button", { name: "Menu" }).click();
      for (const control of [header.getByRole("button", { name: "Sign out", exact: true }), header.getByRole("link", { name: "Account", exact: true }), header.getByRole("link", { name: "Your profile" }), header.getByRole("button", { name: "Create", exact: true }), header.getByRole("link", { name: "Moderation" })]) {
        await expect(control).toBeVisible();
        const box = (await control.boundingBox())!;
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
  });

  test("a very long unbroken word in a card title wraps instead of running under the favorite button", async ({ page }) => {
    const longWord = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(3);
    await page.route(/\/api\/search\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { title: string }[] };
      body.data[0]!.title = `${longWord} worksheet`;
      await route.fulfill({ response, json: body });
    });
    await openSearch(page);
    const card = resultCards(page).first();
    const link = card.getByRole("heading", { level: 3 }).getByRole("link");
    await expect(link).toHaveText(`${longWord} worksheet`);

    const linkBox = (await link.boundingBox())!;
    const buttonBox = (await card.getByRole("button", { name: /^Favorite / }).boundingBox())!;
    expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(buttonBox.x);
    expect(await card.getByRole("heading", { level: 3 }).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveShot(card, `long-title-390.png`);
  });
});

test.describe("search screen: screenshots", () => {
  // Twice the pixels, so the close-ups of the favorite button show its pending ring clearly.
  test.use({ deviceScaleFactor: 2 });

  for (const width of [1366, 390]) {
    test(`filters, dates and a pending favorite at ${width}px (screenshots when E2E_SHOTS_DIR is set)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      const shot = (name: string, fullPage = false) => saveShot(page, `${name}-${width}.png`, { fullPage, animations: "disabled" });
      await signInViaApi(page, TEACHER);
      await openSearch(page, "?st=photosynthesis&from=2023-01-01");
      const openFilters = async () => {
        if (width < 900) await page.getByRole("button", { name: /^Filters( \(\d+\))?$/ }).click();
      };
      // The card is the first one the grade filter leaves, held by its title: the first card before the filter may be
      // an item another spec made, without grades, which the filter then takes away.
      await openFilters();
      await tick(facetGroup(page, "Grades").getByRole("checkbox").first());
      await resultsSettled(page);
      const title = await resultCards(page).first().getByRole("heading", { level: 3 }).innerText();
      const card = resultCards(page).filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) }).first();
      await ensureNotFavorited(page.request, title);
      await page.reload();
      try {
        await openFilters();
        await page.getByLabel("Created to").fill("2022-06-01");
        await expect(page.getByText(INVERTED_RANGE_MESSAGE)).toBeVisible();
        await expect(filterTag(page, "Created on or after 1/1/2023")).toBeVisible();

        const release = await holdRequests(page, "**/profile/favorite");
        const favorite = card.getByRole("button", { name: `Favorite ${title}`, exact: true });
        await favorite.focus();
        await page.keyboard.press("Enter");
        await expect(favorite).toHaveAttribute("aria-busy", "true");
        await expectNoAxeViolations(page, `search with an inverted date range and a pending favorite at ${width}px`);
        // The page from its top (the sticky header copy would sit in the middle of a full-page picture).
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(page.getByTestId("sticky-header")).toHaveCount(0);
        await shot("filters-dates-pending", width < 900);
        await saveShot(card, `pending-card-${width}.png`, { animations: "disabled" });
        release();
        await expect(card.getByRole("button", { name: `Favorite ${title}`, exact: true, pressed: true })).toHaveAttribute("aria-pressed", "true");

        // Scrolled down: the opaque sticky header over the page, and on wide screens the date range in the filter pane.
        await page.evaluate(() => window.scrollTo(0, 900));
        await expect(page.getByTestId("sticky-header")).toBeVisible();
        await shot("sticky-header");
      } finally {
        await ensureNotFavorited(page.request, title);
      }
    });
  }
});
