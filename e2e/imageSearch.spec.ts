import { expect, test, type Page } from "@playwright/test";
import { IMAGE_SEARCH_MESSAGES } from "../contract/index.js";
import { FAKE_UNSPLASH_TOTAL, fakePhotographer, startFakeUnsplash, type FakeUnsplash } from "../server/test/fakeUnsplash.js";
import { TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";
import { UNSPLASH_TEST_KEY, UNSPLASH_TEST_PORT } from "./playwright.config.js";


/** A collection of the signed-in teacher's, made through the API; answers its link. */
async function createCollection(page: Page, title: string): Promise<string> {
  const created = await page.request.post("/collections/create", { data: { title, description: "Photos for the image search test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(created.ok()).toBeTruthy();
  return ((await created.json()) as { link: string }).link;
}

// The thumbnail designer's Search images dialog. Unsplash cannot be reached from here: the server (e2e/playwright.config.ts)
// asks a stand-in for its API that this spec starts on E2E_UNSPLASH_PORT, and the browser fetches the photos from it.
test.describe("the image search dialog", () => {
  let fake: FakeUnsplash;

  test.beforeAll(async () => {
    fake = await startFakeUnsplash({ accessKey: UNSPLASH_TEST_KEY, port: UNSPLASH_TEST_PORT });
  });
  test.afterAll(async () => {
    await fake.close();
  });

  /** Signs the teacher in, opens a new collection's thumbnail designer and its Search images dialog. */
  async function openImageSearch(page: Page) {
    await signInViaApi(page, TEACHER);
    const title = `Zi${Date.now().toString(36)} Forest Collection`;
    await page.goto(await createCollection(page, title));
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const designer = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await designer.getByRole("button", { name: "Search images" }).click();
    const dialog = page.getByRole("dialog", { name: "Search images" });
    await expect(dialog).toBeVisible();
    // The designer behind is dimmed with the page by the search dialog's overlay: a pixel of its white surface, read
    // back from a screenshot, is grey. (It is hidden from the accessibility tree meanwhile: found by its class.)
    const corner = (await page.locator(".dialog--thumbnail").boundingBox())!;
    const shot = (await page.screenshot({ clip: { x: corner.x + 20, y: corner.y + 20, width: 1, height: 1 } })).toString("base64");
    const red = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, 1, 1).data[0]!;
    }, shot);
    expect(red).toBeLessThan(200);
    return { title, designer, dialog };
  }

  test("a teacher searches photos, pages through them, and one chosen goes into the cropper and is saved as the thumbnail, Unsplash then told it was used", async ({ page }) => {
    const { title, designer, dialog } = await openImageSearch(page);
    const box = dialog.getByRole("searchbox", { name: "Search photos" });
    await expect(box).toBeFocused();
    await box.fill("forest");
    await page.keyboard.press("Enter");

    const photos = dialog.getByRole("list", { name: "Photos" }).getByRole("listitem");
    await expect(photos).toHaveCount(12);
    await expect(dialog.getByRole("status")).toHaveText(`${FAKE_UNSPLASH_TOTAL} photos found`);
    expect(fake.requests.at(-1)).toMatchObject({ query: "forest", page: "1", perPage: "12", authorization: `Client-ID ${UNSPLASH_TEST_KEY}` });
    const first = photos.first();
    await expect(first.getByRole("img", { name: `Photo by ${fakePhotographer(1)}` })).toBeVisible();
    await expect(first).toContainText(`Photo by ${fakePhotographer(1)} on Unsplash`);
    await expect(first.getByRole("link", { name: fakePhotographer(1) })).toHaveAttribute("href", "https://unsplash.com/@photographer1?utm_source=curriculum_commons&utm_medium=referral");
    await expect(first.getByRole("link", { name: "Unsplash" })).toHaveAttribute("href", "https://unsplash.com/?utm_source=curriculum_commons&utm_medium=referral");
    // The photos load from the stand-in (urls.small), not only are listed (lazily: those on screen at least).
    await expect.poll(() => first.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expectNoAxeViolations(page, "image search dialog");
    await saveShot(page, `image-search-1280.png`);

    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("Page 2 of 4")).toBeVisible();
    await expect(photos.first().getByRole("img", { name: `Photo by ${fakePhotographer(13)}` })).toBeVisible();
    expect(fake.requests.at(-1)).toMatchObject({ query: "forest", page: "2" });

    // Chosen from the keyboard: the photo's bytes go into the designer's cropper as a chosen file would: its regular
    // size (1080 × 720 at the stand-in), not the grid's small one, so the crop keeps its 720 source pixels.
    const pick = dialog.getByRole("button", { name: `Use the photo by ${fakePhotographer(14)}` });
    const fetched = page.waitForRequest((r) => r.url() === `${fake.url}/photos/photo-14-regular.png`);
    await pick.focus();
    await page.keyboard.press("Enter");
    await fetched;
    await expect(dialog).toBeHidden();
    await expect(designer.getByTestId("crop-stage")).toBeVisible();
    await expect(designer.getByText("Saved as a 720 × 720 px JPEG.")).toBeVisible();
    // The stage shows the photo (the stand-in's orange), not the white fill.
    const centre = await designer.getByTestId("crop-stage").evaluate((canvas: HTMLCanvasElement) => [...canvas.getContext("2d")!.getImageData(160, 160, 1, 1).data.slice(0, 3)]);
    expect(centre).toEqual([200, 120, 40]);
    await expect(designer.getByRole("complementary", { name: "Preview" }).locator("img")).toHaveAttribute("src", /^data:image\/jpeg/);
    await saveShot(page, `image-search-chosen-1280.png`);

    // Unsplash's download tracking: not on picking the photo, once the thumbnail made from it is saved.
    const tracked = () => fake.downloads.filter((d) => d.path === "/photos/photo-14/download?ixid=fake-14");
    expect(tracked()).toEqual([]);
    await designer.getByRole("button", { name: "Save Thumbnail" }).click();
    await expect(designer).toBeHidden();
    await expect(page.getByText("Thumbnail saved.")).toBeVisible();
    await expect.poll(() => tracked()).toEqual([{ path: "/photos/photo-14/download?ixid=fake-14", authorization: `Client-ID ${UNSPLASH_TEST_KEY}`, acceptVersion: "v1" }]);
    const src = await page.getByRole("img", { name: `${title} thumbnail` }).locator("img").getAttribute("src");
    expect(src).toMatch(/^\/files\/thumbnails\/[\w-]{32}$/);
    expect((await page.request.get(src!)).headers()["content-type"]).toBe("image/jpeg");
  });

  test("the dialog says why when the search fails: not set up (a refused key) or Unsplash unavailable", async ({ page }) => {
    const { dialog } = await openImageSearch(page);
    const box = dialog.getByRole("searchbox", { name: "Search photos" });
    await box.fill("revoked");
    await dialog.getByRole("button", { name: "Search", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText(IMAGE_SEARCH_MESSAGES.notSetUp);
    await expect(dialog.getByRole("list", { name: "Photos" })).toHaveCount(0);

    await box.fill("fail");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText(IMAGE_SEARCH_MESSAGES.unavailable);
    await expectNoAxeViolations(page, "image search dialog with an error");

    // A photo whose image cannot be fetched is not put into the cropper; the dialog says so and stays open.
    await box.fill("broken");
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: `Use the photo by ${fakePhotographer(1)}` }).click();
    await expect(dialog.getByRole("alert")).toHaveText(IMAGE_SEARCH_MESSAGES.photoLoadFailed);
    await expect(page.getByRole("dialog", { name: "Thumbnail Designer" }).getByTestId("crop-stage")).toHaveCount(0);

    // A phone: the grid keeps two columns inside the dialog.
    await page.setViewportSize({ width: 390, height: 844 });
    await box.fill("forest");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("list", { name: "Photos" }).getByRole("listitem")).toHaveCount(12);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await saveShot(page, `image-search-390.png`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Thumbnail Designer" }).getByRole("button", { name: "Search images" })).toBeFocused();
    await saveShot(page, `image-search-designer-390.png`);
  });
});
