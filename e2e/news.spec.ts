import { expect, test, type Page } from "@playwright/test";
import { CAROUSEL_TEXTS, NEWS_MESSAGES } from "../contract/carousels.js";
import { ADMIN, csrfToken, expectNoAxeViolations, openSearch, signInViaApi, switchTo, tabTo, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;

/**
 * Deletes, as the administrator signed in on `page`, every news item whose title starts with `prefix`: the other
 * specs count the demo's slides on this same server.
 */
async function deleteNews(page: Page, prefix: string): Promise<void> {
  const token = await csrfToken(page.request);
  const { data } = (await (await page.request.get("/api/news/manage")).json()) as { data: { id: number; title: string }[] };
  for (const item of data.filter((d) => d.title.startsWith(prefix))) {
    expect((await page.request.delete(`/api/news/${item.id}`, { headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  }
}

/** The titles of the news a guest is shown (GET /api/news without a session). */
async function guestSlides(page: Page): Promise<string[]> {
  const guest = await page.context().browser()!.newContext();
  try {
    const answer = await guest.request.get(new URL("/api/news", page.url()).toString());
    return ((await answer.json()) as { data: { title: string }[] }).data.map((d) => d.title);
  } finally {
    await guest.close();
  }
}

test("news: administrators write the carousel's slides on a staff page, with a preview; guests see what is published; moderators get no entry", async ({ page, browser }) => {
  const run = `E2E news ${Date.now().toString(36)}`;
  try {
    await signInViaApi(page, MODERATOR);
    await page.goto("/moderation/reports");
    await expect(page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "News" })).toHaveCount(0);
    await page.goto("/moderation/news");
    await expect(page.getByText("Only administrators may see this page.")).toBeVisible();

    await switchTo(page, ADMIN);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/moderation/reports");
    await tabTo(page, page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "News" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/moderation\/news$/);
    // The demo's four news items, one of them for members only.
    await expect(page.getByRole("list", { name: "News" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.getByRole("listitem").filter({ hasText: "Spring planning webinar" }).getByRole("heading", { level: 2 })).toHaveText(/^Shown to everyone Spring planning webinar/);

    // Create, by keyboard: the form says what is missing first, then what the server refuses, by its field.
    await tabTo(page, page.getByRole("button", { name: "New news item" }));
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "New news item" });
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByText(NEWS_MESSAGES.titleRequired)).toBeVisible();
    await expect(form.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(`${run}: summer institute`);
    await form.getByLabel("Description").fill("Three days of workshops on inquiry-based science for grades 3 to 8.");
    await form.getByLabel(/^Banner image address/).fill("javascript:alert(1)");
    await form.getByLabel("Call to action's link").fill("/search/?query=science");
    await form.getByLabel("Call to action's text").fill("Browse science units");
    // The preview is the slide as the carousel will show it.
    const preview = form.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: `${run}: summer institute` })).toBeVisible();
    await expect(preview.locator(".news-slide__cta")).toHaveText(/^Browse science units/);
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByText(NEWS_MESSAGES.badAddress)).toBeVisible();
    await expect(form.getByLabel(/^Banner image address/)).toBeFocused();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("/news/science.svg");
    await form.getByLabel("The banner's alternative text (empty if it only decorates)").fill("Students testing water samples");
    await expect(preview.getByRole("img", { name: "Students testing water samples" })).toBeVisible();
    await expectNoAxeViolations(page, "news form");
    await saveShot(page, `news-form-1366.png`);
    await form.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText(NEWS_MESSAGES.saved)).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: `${run}: summer institute` });
    // A new item goes last: after the demo's orders 0 to 3.
    await expect(card).toContainText("Order 4 · leads to /search/?query=science");
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(`Shown to everyone ${run}: summer institute`);
    await expectNoAxeViolations(page, "news staff page");

    // A guest's search screen has the slide, after the demo's three for everyone, its call to action leading into the app.
    const guest = await (await browser.newContext()).newPage();
    await openSearch(guest);
    const carousel = guest.getByRole("region", { name: CAROUSEL_TEXTS.newsRegion });
    await carousel.getByRole("button", { name: `Slide 4: ${run}: summer institute` }).click();
    const slide = carousel.getByRole("group", { name: "4 of 4" });
    await expect(slide.getByRole("heading", { name: `${run}: summer institute` })).toBeVisible();
    await slide.getByRole("link", { name: /^Browse science units/ }).click();
    await expect(guest).toHaveURL(/\/search\/\?query=science$/);
    await guest.context().close();

    // Edit: back to a draft, and the guest's carousel no longer has it. The callout settings the form does not show are kept.
    await card.getByRole("button", { name: `Edit ${run}: summer institute` }).click();
    const edit = page.getByRole("dialog", { name: "Edit news item" });
    await expect(edit.getByLabel("Call to action's text")).toHaveValue("Browse science units");
    await edit.getByLabel(/^Published/).uncheck();
    await edit.getByLabel("Button style").selectOption("dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `news-form-390.png`);
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(`Draft ${run}: summer institute`);
    expect(await guestSlides(page)).not.toContain(`${run}: summer institute`);
    const { data } = (await (await page.request.get("/api/news/manage")).json()) as { data: { title: string; community_callout_settings: { background_alt_text: string; button_variant: string } }[] };
    expect(data.find((d) => d.title === `${run}: summer institute`)?.community_callout_settings).toMatchObject({ background_alt_text: "Students testing water samples", button_variant: "dark" });

    // Delete, after the confirmation; focus goes back to New news item.
    await card.getByRole("button", { name: `Delete ${run}: summer institute` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete news item" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(NEWS_MESSAGES.deleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New news item" })).toBeFocused();
  } finally {
    await deleteNews(page, run).catch(() => undefined);
  }
});
