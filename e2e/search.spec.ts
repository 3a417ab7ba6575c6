import { expect, test } from "@playwright/test";
import {
  MIN_CHARS_MESSAGE,
  expectTotal,
  facetGroup,
  openSearch,
  readTotal,
  resultCards,
  resultCount,
  resultsRegion,
  resultTitles,
  searchBox,
  submitSearch,
  tabCount,
  tick,
  titleSortKey,
  typeTab,
} from "./helpers.js";

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
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/search\?.*query=photosynthesis/, async (route) => {
      await held;
      await route.continue();
    });

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

  test("a created-after date filters the results and shows a 'Created after' tag", async ({ page }) => {
    await openSearch(page, "?st=science");
    const total = await readTotal(page);

    await page.getByLabel("Created from").fill("2025-01-01");

    await expect(page).toHaveURL(/[?&]from=2025-01-01/);
    const tag = page.getByRole("button", { name: "Remove filter Created after 2025-01-01" });
    await expect(tag).toBeVisible();
    await expect(tag).toHaveText("Created after 2025-01-01");
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
  });

  test("paging to page 2 keeps the filters; changing a filter goes back to page 1", async ({ page }) => {
    await openSearch(page, "?st=science");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    const firstPage = await resultTitles(page);

    await pagination.getByRole("link", { name: "Next" }).click();

    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]st=science(&|$)/);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(resultCount(page)).toHaveText(/^Showing 16–30 of /);
    await expect.poll(() => resultTitles(page)).not.toEqual(firstPage);

    await tick(facetGroup(page, "Subjects").getByRole("checkbox").first());

    await expect(page).toHaveURL(/subjects/);
    await expect(page).not.toHaveURL(/[?&]page=2/);
    await expect(resultCount(page)).toHaveText(/^(Showing 1–\d+ of )?\d+ results?/);
    await expect(resultCount(page)).not.toHaveText(/^Showing 16–/);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
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
  });
});
