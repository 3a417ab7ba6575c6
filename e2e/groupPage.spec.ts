import { expect, test } from "@playwright/test";
import { TEACHER } from "./helpers.js";

/** The demo's group led by the teacher (Maria Lopez), and a public lesson item of hers for comparison (server/seed). */
const GROUP = "Grade 5 Science Team";

/** The link of the first search card titled `title`. */
async function linkOf(page: import("@playwright/test").Page, title: string): Promise<string> {
  const found = (await (await page.request.get(`/api/search?query=${encodeURIComponent(title)}`)).json()) as { data: { title: string; link: string }[] };
  const card = found.data.find((d) => d.title === title);
  expect(card, `search card "${title}"`).toBeTruthy();
  return card!.link;
}

test("a group's page names its leader (Led by), where other items name their author (By)", async ({ page }) => {
  await page.goto(await linkOf(page, GROUP));
  await expect(page.getByRole("heading", { level: 1, name: GROUP })).toBeVisible();
  await expect(page.locator(".item-page__owner")).toHaveText(`Led by ${TEACHER.name}`);
  await page.goto(await linkOf(page, "Photosynthesis Reading Passage"));
  await expect(page.locator(".item-page__owner")).toHaveText(/^By /);
});
