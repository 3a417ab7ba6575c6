import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, pathwayLinkingDeletedResource, saveShot } from "./helpers.js";

test("an author sees a section's link to a deleted item marked no longer available in the editor, and removes it keeping its text", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Kelp guide gone ${stamp}`;
  const { link, resourceLink } = await pathwayLinkingDeletedResource(page, title, stamp);

  await page.goto(`${link}/edit`);
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
  const box = page.getByRole("textbox", { name: "Dive in content" });
  await expect(box.locator("a.rt-link--removed")).toHaveText(title);
  const removed = page.getByRole("group", { name: "Dive in content: links to removed items" });
  await expect(removed).toContainText(`${title} (no longer available)`);
  await expectNoAxeViolations(page, "editor with a link to a deleted item");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    await saveShot(removed.locator("xpath=ancestor::section[1]"), `removedLinksEditor/section-${width}.png`);
  }
  // Opening the editor changed nothing stored.
  const stored = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { html: string }[] };
  expect(stored.sections[0]!.html).toContain(`href="${resourceLink}"`);

  await removed.getByRole("button", { name: `Remove link to ${title}` }).click();
  await expect(removed).toHaveCount(0);
  await expect(box.getByRole("link")).toHaveCount(0);
  await expect(box).toContainText(`Read first.${title}`);
  await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/All changes saved at/)).toBeVisible();
  const saved = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { html: string }[]; removed_links: string[] };
  expect(saved.sections[0]!.html).not.toContain("href=");
  expect(saved.removed_links).toEqual([]);
});
