import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, facetGroup, openSearch, parseTotal, readTotal, resultCards, resultCount, resultsRegion, tick, typeTab, saveShot } from "./helpers.js";


test.describe("search on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("choosing filters in the folded panel shows their number, the tags and the result count in sight", async ({ page }) => {
    await openSearch(page, "?st=science");
    const everything = await readTotal(page);
    const filtersRegion = page.getByRole("region", { name: "Filters" });
    const toggle = filtersRegion.getByRole("button", { name: "Filters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(facetGroup(page, "Subjects")).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const summary = filtersRegion.locator(".search-filters__summary");
    const summaryCount = summary.getByText(/^[\d,]+ results?$|^Searching…$/);

    const subject = facetGroup(page, "Subjects").getByRole("checkbox").first();
    const subjectLabel = (await facetGroup(page, "Subjects").locator("label").first().innerText()).replace(/\s*\d+$/, "").trim();
    await subject.scrollIntoViewIfNeeded();
    await tick(subject);

    // The choice shows where the finger is: the count and the tag, pinned to the bottom of the screen.
    await expect(filtersRegion.getByRole("button", { name: "Filters (1)", exact: true })).toHaveAttribute("aria-expanded", "true");
    await expect(summary.getByRole("button", { name: `Remove filter Subjects: ${subjectLabel}` })).toBeInViewport();
    await expect(summaryCount).toHaveText(/^[\d,]+ results?$/);
    await expect(summaryCount).toBeInViewport();
    const narrowed = parseTotal(await summaryCount.innerText());
    expect(narrowed).toBeLessThan(everything);
    await expect(resultCount(page)).toHaveText(new RegExp(`of ${narrowed} results? |^${narrowed} results?`));
    const summaryBox = (await summary.boundingBox())!;
    expect(summaryBox.y + summaryBox.height).toBeLessThanOrEqual(844 + 1);

    const grade = facetGroup(page, "Grades").getByRole("checkbox").first();
    await grade.scrollIntoViewIfNeeded();
    await tick(grade);
    await expect(filtersRegion.getByRole("button", { name: "Filters (2)", exact: true })).toBeVisible();
    await expect(summary.getByRole("button", { name: /^Remove filter / })).toHaveCount(2);
    await expect(summary.getByRole("button", { name: /^Remove filter Grades: / })).toBeInViewport();
    await expect(summaryCount).toHaveText(/^[\d,]+ results?$/);
    await expect(summaryCount).toBeInViewport();
    await saveShot(page, `phone-filters-open.png`);
    await expectNoAxeViolations(page, "search on a phone, two filters chosen in the open panel");

    // Show results: the panel folds, focus lands on the results, and the count and tags sit above them.
    await summary.getByRole("button", { name: "Show results" }).click();
    const folded = filtersRegion.getByRole("button", { name: "Filters (2)", exact: true });
    await expect(folded).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { name: "Results", level: 2 })).toBeFocused();
    const tags = resultsRegion(page).getByRole("button", { name: /^Remove filter / });
    await expect(tags).toHaveCount(2);
    await expect(tags.first()).toBeInViewport();
    await expect(resultCount(page)).toBeInViewport();
    await expect(resultCount(page)).toHaveText(/^(Showing 1–[\d,]+ of )?[\d,]+ results?/);
    expect((await tags.first().boundingBox())!.y).toBeLessThan((await resultCards(page).first().boundingBox())!.y);
    await saveShot(page, `phone-filters-folded.png`);

    // Removing a tag above the results updates the toggle's number.
    await tags.first().click();
    await expect(filtersRegion.getByRole("button", { name: "Filters (1)", exact: true })).toBeVisible();
    await expect(tags).toHaveCount(1);
  });

  test("a bookmarked or Back-restored type is scrolled into the tab strip, shown as selected", async ({ page }) => {
    await openSearch(page, "?f[t][]=announcements");
    const announcements = typeTab(page, "Announcements");
    await expect(announcements).toHaveAttribute("aria-pressed", "true");
    // The last tab, far past the phone's edge until the strip brings it in.
    await expect(announcements).toBeInViewport({ ratio: 0.95 });
    await expect(page.locator(".type-tabs__list")).not.toHaveJSProperty("scrollLeft", 0);
    await expectNoAxeViolations(page, "search on a phone, a bookmarked type");

    await typeTab(page, "All").click();
    await expect(page).not.toHaveURL(/f\[t\]/);
    await expect(typeTab(page, "All")).toBeInViewport({ ratio: 0.95 });
    await page.goBack();
    await expect(announcements).toHaveAttribute("aria-pressed", "true");
    await expect(announcements).toBeInViewport({ ratio: 0.95 });
  });

  test("the pager fits a phone's width, its last page one tap away", async ({ page }) => {
    await openSearch(page, "?page=5");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await pagination.scrollIntoViewIfNeeded();
    await saveShot(page, `phone-pager.png`);
    const box = (await pagination.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(pagination.getByRole("link", { name: /^Page \d+$/ }).last()).toBeInViewport();
    // One row: Previous and Next shrink to their chevrons, their names kept.
    const previous = (await pagination.getByRole("link", { name: "Previous" }).boundingBox())!;
    const next = (await pagination.getByRole("link", { name: "Next" }).boundingBox())!;
    expect(Math.abs(previous.y - next.y)).toBeLessThan(2);
    await expectNoAxeViolations(page, "search pager on a phone");
  });
});
