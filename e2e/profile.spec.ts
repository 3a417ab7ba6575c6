import { expect, test } from "@playwright/test";
import { LEARNER, expectNoAxeViolations, signInViaApi, titleSortKey, saveShot } from "./helpers.js";

/** A demo account the other browser tests only read by name (this test gives it a photo). */
const AUTHOR = { username: "author", password: "author-demo-pass", name: "James Chen" } as const;

test("a member opens their profile from the header, gives it a cropped photo, and finds their content", async ({ page }) => {
  await signInViaApi(page, AUTHOR);
  await page.goto("/search/");
  await page.getByRole("banner").getByRole("button", { name: AUTHOR.name }).click();
  await page.getByRole("banner").getByRole("link", { name: "Your profile" }).click();
  await expect(page).toHaveURL(/\/profiles\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: AUTHOR.name })).toBeVisible();
  await expect(page.getByText(/^Member since \d{1,2}\/\d{1,2}\/\d{4}$/)).toBeVisible();

  // A square image drawn in the page, chosen in the image uploader, saved as the photo.
  const png = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 600;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#1d7a55";
    ctx.fillRect(0, 0, 600, 600);
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  const photoButton = page.getByRole("button", { name: /^(Add a photo|Change photo)$/ });
  await photoButton.click();
  const dialog = page.getByRole("dialog", { name: "Profile photo" });
  await expect(dialog.getByRole("button", { name: "Save photo" })).toBeDisabled();
  await dialog.getByLabel("Choose an image (jpg, jpeg, gif, png or svg)").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
  await dialog.getByRole("button", { name: "Save photo" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your photo was updated.");
  const photo = page.getByRole("img", { name: `Photo of ${AUTHOR.name}` });
  await expect(photo).toBeVisible();
  // Visible before it has loaded: wait for its pixels.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThanOrEqual(512);
  await expect(page.getByRole("button", { name: "Change photo" })).toBeFocused();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `profile-${width}.png`);
    await expectNoAxeViolations(page, `profile page at ${width}px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // Their content: the first six (titles A to Z) with View All, the View All modal by type and by term, then the full search.
  const content = page.getByRole("region", { name: `Content by ${AUTHOR.name}` });
  await expect(content.getByRole("article")).toHaveCount(6);
  const shown = await content.getByRole("article").getByRole("heading").allTextContents();
  expect([...shown].sort((a, b) => titleSortKey(a).localeCompare(titleSortKey(b)))).toEqual(shown);
  await content.getByRole("button", { name: "View All" }).click();
  const all = page.getByRole("dialog", { name: `Content by ${AUTHOR.name}` });
  await expect(all.getByRole("combobox", { name: "Type" })).toHaveValue("");
  await expect(all.getByRole("article")).toHaveCount(12);
  await all.getByRole("combobox", { name: "Type" }).selectOption("lesson_plans");
  await expect(all.getByRole("article").first()).toContainText("Lesson Plan");
  for (const card of await all.getByRole("article").all()) await expect(card).toContainText(AUTHOR.name);
  await expectNoAxeViolations(page, "the View All modal of a profile's content");
  await all.getByRole("button", { name: "Close" }).click();
  await expect(all).toHaveCount(0);
  await expect(content.getByRole("button", { name: "View All" })).toBeFocused();
  await content.getByRole("link", { name: `Search ${AUTHOR.name}’s content` }).click();
  await expect(page).toHaveURL(/\/search\/\?f\[owners\]\[\]=\d+/);
  await expect(page.getByRole("region", { name: "Results" }).getByRole("article").first()).toBeVisible();
});

test("an unknown profile's link says the page was not found", async ({ page }) => {
  await page.goto("/profiles/no-such-profile");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("the header's name opens a menu whose first item is Your profile at a desktop's width; a phone's Menu lists it too", async ({ page }) => {
  await signInViaApi(page, LEARNER);
  await page.goto("/search/");
  const own = page.getByRole("banner").getByRole("link", { name: "Your profile" });
  const name = page.getByRole("banner").getByRole("button", { name: LEARNER.name });
  await expect(own).toBeHidden();
  await name.click();
  await expect(name).toHaveAttribute("aria-expanded", "true");
  await expect(own).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole("button", { name: /^Menu/ }).click();
  await expect(own).toBeVisible();
  await expectNoAxeViolations(page, "the phone's header menu");
  await own.click();
  await expect(page.getByRole("heading", { level: 1, name: LEARNER.name })).toBeVisible();
});
