import { expect, test, type Page } from "@playwright/test";
import { demoBarChartPng, demoPdf } from "../server/seed/demoMedia.js";
import { LEARNER, TEACHER, addResource, expectNoAxeViolations, signInViaApi, switchTo, tabTo, saveShot } from "./helpers.js";

const stamp = Date.now().toString(36);

const panel = (page: Page) => page.getByRole("region", { name: "The resource" });
const dialog = (page: Page) => page.getByRole("dialog");

async function openViewer(page: Page): Promise<void> {
  const view = panel(page).getByRole("button", { name: "View Resource" });
  await tabTo(page, view, 80);
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
}

async function shoot(page: Page, name: string): Promise<void> {
  await saveShot(page, `${name}.png`);
}

test.describe("the resource view dialog", () => {
  test("a PDF file opens in the page's viewer and downloads; a chart image shows; by keyboard, focus back on View Resource", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const pdfLink = await addResource(page, `Lava Worksheet ${stamp}`, { file: { name: "lava.pdf", mimeType: "application/pdf", buffer: demoPdf(`Lava Worksheet ${stamp}`, ["1. Why does the wax rise?"]) } });
    const pngLink = await addResource(page, `Lava Chart ${stamp}`, { file: { name: "lava-chart.png", mimeType: "image/png", buffer: demoBarChartPng([3, 9, 4]) } });

    // A learner reads it: the page says what the resource is, with View Resource, Open in new tab and Download.
    await switchTo(page, LEARNER);
    await page.goto(pdfLink);
    await expect(panel(page).getByText(/^PDF document · lava\.pdf · [\d.]+ (B|KB)$/)).toBeVisible();
    await expect(page.getByText("Nothing has been written here yet.")).toHaveCount(0);
    const download = panel(page).getByRole("link", { name: "Download" });
    await expect(download).toHaveAttribute("href", /^\/files\/uploaded\/[\w-]+\?download=1$/);
    const saved = await page.request.get((await download.getAttribute("href"))!);
    expect(saved.headers()["content-disposition"]).toMatch(/^attachment; filename="lava\.pdf"/);
    await expect(panel(page).getByRole("link", { name: "Open in new tab (opens in a new tab)" })).toHaveAttribute("target", "_blank");

    await openViewer(page);
    await expect(page.locator("#resource-view-modal")).toBeVisible();
    await expect(dialog(page).getByRole("heading", { name: `Lava Worksheet ${stamp}` })).toBeVisible();
    const frame = dialog(page).locator("iframe");
    await expect(frame).toHaveAttribute("title", `Lava Worksheet ${stamp}: pdf document`);
    const src = (await frame.getAttribute("src"))!;
    expect(src).toMatch(/^\/files\/uploaded\/[\w-]+$/);
    // The frame's address answers the PDF itself, inline (a download there would leave the frame empty).
    const served = await page.request.get(src);
    expect([served.status(), served.headers()["content-type"], served.headers()["content-disposition"]?.split(";")[0]]).toEqual([200, "application/pdf", "inline"]);
    await expect(dialog(page).getByRole("link", { name: "Download" })).toHaveAttribute("href", (await frame.getAttribute("src")) + "?download=1");
    await expectNoAxeViolations(page, "the resource view dialog (PDF)");
    await shoot(page, "resource-view-pdf-1366");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(panel(page).getByRole("button", { name: "View Resource" })).toBeFocused();

    // An image is shown whole, at phone width too, and Close (by keyboard) closes.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(pngLink);
    await expect(panel(page).getByText(/^Image · lava-chart\.png/)).toBeVisible();
    await openViewer(page);
    const image = dialog(page).getByRole("img", { name: `Lava Chart ${stamp}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    const box = (await image.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await shoot(page, "resource-view-image-390");
    await tabTo(page, dialog(page).getByRole("button", { name: "Close" }), 10);
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toHaveCount(0);
  });

  test("a video page plays in its service's player (the page's security policy lets it in); a website is a link to open", async ({ page }) => {
    // No network here: the player's address is answered by a stand-in page, so the test sees the frame load under our CSP.
    await page.route("https://www.youtube-nocookie.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>Stand-in player</p>" }));
    await signInViaApi(page, TEACHER);
    const videoLink = await addResource(page, `Lava Video ${stamp}`, { url: "https://www.youtube.com/watch?v=aqz-KE-bpKQ" });
    const siteLink = await addResource(page, `Lava Website ${stamp}`, { url: "https://example.org/lava-lamps" });

    await switchTo(page, null);
    await page.goto(videoLink);
    await expect(panel(page).getByText("Video · youtube.com")).toBeVisible();
    await expect(panel(page).getByRole("link", { name: "Download" })).toHaveCount(0);
    await openViewer(page);
    const frame = dialog(page).locator("iframe");
    await expect(frame).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
    await expect(page.frameLocator("#resource-view-modal iframe").getByText("Stand-in player")).toBeVisible();
    await expectNoAxeViolations(page, "the resource view dialog (video)");
    await shoot(page, "resource-view-video-1366");
    await page.keyboard.press("Escape");

    await page.goto(siteLink);
    await expect(panel(page).getByText("Website · example.org")).toBeVisible();
    await openViewer(page);
    await expect(dialog(page)).toContainText("This resource is a website: https://example.org/lava-lamps");
    const open = dialog(page).getByRole("link", { name: "Open website (opens in a new tab)" });
    await expect(open).toHaveAttribute("href", "https://example.org/lava-lamps");
    await expect(open).toHaveAttribute("rel", "noopener noreferrer");
    await shoot(page, "resource-view-website-1366");
  });
});

test.describe("changing a resource's link on its edit page", () => {
  test("the author types a new link, a toast says so, and the view page uses it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInViaApi(page, TEACHER);
    const link = await addResource(page, `Tide Website ${stamp}`, { url: "https://example.org/old-tides" });
    await page.goto(`${link}/edit`);
    const section = page.getByRole("region", { name: "Link or file" });
    await expect(section.getByTestId("resource-source-current")).toHaveText("Link: https://example.org/old-tides");
    const field = section.getByLabel("New link");
    // The lock is taken before the field can be edited.
    await expect(field).not.toHaveAttribute("readonly");

    // A mistyped address is refused with the form's message, before any request.
    await field.fill("example.net/new-tides");
    await section.getByRole("button", { name: "Change link" }).click();
    await expect(section.getByText("Please check that your URL is correct")).toBeVisible();
    await expect(field).toBeFocused();

    // By keyboard: type the corrected address and press Enter.
    await field.fill("https://example.net/new-tides");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Link or file changed.")).toBeVisible();
    await expect(section.getByTestId("resource-source-current")).toHaveText("Link: https://example.net/new-tides");
    await expect(section.getByText("Please check that your URL is correct")).toHaveCount(0);
    await expectNoAxeViolations(page, "the edit page's Link or file section");
    await section.scrollIntoViewIfNeeded();
    await saveShot(section, `link-or-file-1280.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await saveShot(section, `link-or-file-390.png`);
    await saveShot(page, `edit-page-390.png`, { fullPage: true });

    await page.goto(link);
    await expect(panel(page).getByText("Website · example.net")).toBeVisible();
    await openViewer(page);
    await expect(dialog(page).getByRole("link", { name: "Open website (opens in a new tab)" })).toHaveAttribute("href", "https://example.net/new-tides");
    await page.keyboard.press("Escape");

    // The link becomes a file: the corrected worksheet replaces it, and the view page offers it.
    await page.goto(`${link}/edit`);
    await expect(section.getByLabel("New link")).not.toHaveAttribute("readonly");
    await section.getByLabel("New file").setInputFiles({ name: "tides.pdf", mimeType: "application/pdf", buffer: demoPdf("Tides", ["1. When is high tide?"]) });
    await section.getByRole("button", { name: "Replace file" }).click();
    await expect(section.getByTestId("resource-source-current")).toHaveText(/^File: tides\.pdf \([\d.]+ (B|KB)\)$/);
    await page.goto(link);
    await expect(panel(page).getByText(/^PDF document · tides\.pdf/)).toBeVisible();
  });
});
