import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, facetGroup, openSearch, resultCards, tick } from "./helpers.js";

// A card shows its item's grade bands (common.grade_bands): every item tagged Grade 4 is in the 3–5 band.
test("a search card shows its grade bands", async ({ page }) => {
  await openSearch(page);
  const grade4 = facetGroup(page, "Grades").getByRole("checkbox", { name: /^Grade 4\b/ });
  await grade4.scrollIntoViewIfNeeded();
  await tick(grade4);
  await expect(page).toHaveURL(/grades/);
  const first = resultCards(page).first();
  await expect(first.getByText(/^Grade bands: Grades .*3–5/)).toBeVisible();
  const bands = await resultCards(page).locator(".result-card__grades").allInnerTexts();
  expect(bands.length).toBeGreaterThan(0);
  for (const text of bands) expect(text).toMatch(/^Grade bands:\s+Grades .*3–5/);
  await expectNoAxeViolations(page, "search cards with grade bands");
});
