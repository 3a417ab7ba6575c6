import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "../server/test/sampleFiles.js";
import { TEACHER, expectNoAxeViolations, exportFromDialog, openSearch, resultCards, signInViaApi, csrfToken, saveShot } from "./helpers.js";

/** Where the exported files are written (the test reads them back). */
const EXPORTS = "/tmp/platform-e2e-exports";

/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zt${Date.now().toString(36)}`;

/** Creates a collection with a body (a heading, text, an equation and a table) through the API; answers its link. */
async function createItemWithBody(page: Page, title: string): Promise<string> {
  const token = await csrfToken(page.request);
  const created = await page.request.post("/collections/create", { data: { title, description: "Tides for the export tests" }, headers: { "X-CSRF-Token": token } });
  expect(created.ok()).toBeTruthy();
  const link = ((await created.json()) as { link: string }).link;
  const saved = await page.request.post(`${link}/update`, {
    data: {
      title,
      description: "Tides for the export tests",
      sections: [
        { title: "Gravity and the Moon", html: `<p>The <strong>Moon</strong> pulls the sea.</p><p><span class="math-equation" data-equation="E = mc^2" data-size="1.2"></span></p>` },
        { title: "Measurements", html: `<table><tbody><tr><th>Port</th><th>Range</th></tr><tr><td>Brest</td><td>7 m</td></tr></tbody></table>` },
      ],
    },
    headers: { "X-CSRF-Token": token },
  });
  expect(saved.ok()).toBeTruthy();
  return link;
}

test.describe("thumbnail designer and exports", () => {
  test.beforeAll(() => fs.mkdirSync(EXPORTS, { recursive: true }));
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
  });

  test("an owner designs a thumbnail (upload, crop, theme settings), saves a preset, and the search card shows the design", async ({ page }) => {
    const title = `${unique()} Lighthouse Collection`;
    const link = await createItemWithBody(page, title);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Thumbnail Image" })).toHaveAttribute("aria-selected", "true");

    // A file that is not an image is refused in the browser.
    const chooser = dialog.getByLabel("Choose an image (jpg, jpeg, gif, png or svg)");
    await chooser.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(dialog.getByRole("alert")).toHaveText("The chosen file must be an image. Allowed image types: jpg, jpeg, gif, png, svg.");

    // A wide PNG: the cropper makes it square; zoom in and move it.
    await chooser.setInputFiles({ name: "lighthouse.png", mimeType: "image/png", buffer: solidPng(1200, 800, [30, 90, 160]) });
    const stage = dialog.getByTestId("crop-stage");
    await expect(stage).toBeVisible();
    await expect(dialog.getByText("Saved as a 800 × 800 px JPEG.")).toBeVisible();
    await dialog.getByLabel(/^Zoom/).fill("1.25");
    // The zoom snaps to its 0.01 steps from a third; the crop covers about 800 / 1.25 source pixels.
    const sizeNote = await dialog.getByText(/^Saved as a \d+ × \d+ px JPEG\.$/).textContent();
    const side = Number(/(\d+) × (\d+)/.exec(sizeNote!)![1]);
    expect(side).toBeGreaterThanOrEqual(630);
    expect(side).toBeLessThanOrEqual(650);
    await stage.focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("img", { name: "Preview at 160 pixels" })).toBeVisible();

    await dialog.getByRole("tab", { name: "Theme Settings" }).click();
    await expect(dialog.getByLabel("Overlay color")).toHaveValue("#222222");
    await expect(dialog.getByLabel(/^Filter strength/)).toHaveCount(0);
    await dialog.getByLabel(/^Overlay opacity/).fill("0.4");
    await dialog.getByLabel("Image filter").selectOption("sepia");
    await expect(dialog.getByLabel(/^Filter strength/)).toBeVisible();
    await dialog.getByLabel(/^Filter strength/).fill("0.8");

    await dialog.getByRole("tab", { name: "Presets" }).click();
    await expect(dialog.getByText("No Presets Found")).toBeVisible();
    await dialog.getByLabel("Preset name").fill("Warm sepia");
    await dialog.getByRole("button", { name: "Save current settings as preset" }).click();
    await expect(page.getByText("Preset Created")).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Presets" }).getByRole("listitem").filter({ hasText: "Warm sepia" })).toBeVisible();
    await expectNoAxeViolations(page, "thumbnail designer");
    await saveShot(page, `thumbnail-designer.png`);

    await dialog.getByRole("button", { name: "Save Thumbnail" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Thumbnail saved.")).toBeVisible();

    // The view page shows the designed thumbnail: the uploaded crop (a square JPEG of that size) under the overlay.
    const pageThumb = page.getByRole("img", { name: `${title} thumbnail` });
    const src = await pageThumb.locator("img").getAttribute("src");
    expect(src).toMatch(/^\/files\/thumbnails\/[\w-]{32}$/);
    const image = await page.request.get(src!);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    const size = await pageThumb.locator("img").evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
    expect(size).toEqual([side, side]);
    await expect(pageThumb.getByTestId("thumbnail-overlay")).toHaveCSS("opacity", "0.4");
    await expect(pageThumb.locator("img")).toHaveCSS("filter", "sepia(0.8)");

    // The search result card shows the same design.
    await openSearch(page, `?st=${title.split(" ")[0]!.toLowerCase()}`);
    const card = resultCards(page).filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.locator(".designed-thumb img")).toHaveAttribute("src", src!);
    await expect(card.getByTestId("thumbnail-overlay")).toHaveCSS("opacity", "0.4");
    await saveShot(card, `thumbnail-card.png`);

    // The preset is deleted by its owner after the confirmation.
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    await dialog.getByRole("tab", { name: "Presets" }).click();
    await dialog.getByRole("button", { name: "Delete Warm sepia" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this preset?");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Preset Deleted")).toBeVisible();
    await expect(dialog.getByText("No Presets Found")).toBeVisible();
  });

  test("at 390 px the crop stage fits the designer dialog instead of running into its edge", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const link = await createItemWithBody(page, `${unique()} Narrow Harbor Collection`);
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    const chooser = dialog.getByLabel("Choose an image (jpg, jpeg, gif, png or svg)");
    await chooser.setInputFiles({ name: "harbor.png", mimeType: "image/png", buffer: solidPng(900, 600, [30, 90, 160]) });
    const stage = dialog.getByTestId("crop-stage");
    await expect(stage).toBeVisible();
    // The dialog's title spans its content box: the stage (and the file field) must end within it, and stay square.
    const content = (await dialog.getByRole("heading", { name: "Thumbnail Designer" }).boundingBox())!;
    const box = (await stage.boundingBox())!;
    const field = (await chooser.boundingBox())!;
    expect(box.x + box.width, "stage's right edge inside the content box").toBeLessThanOrEqual(content.x + content.width + 0.5);
    expect(field.x + field.width, "file field's right edge inside the content box").toBeLessThanOrEqual(content.x + content.width + 0.5);
    expect(Math.abs(box.width - box.height)).toBeLessThan(1);
    await expect(dialog.getByText("Saved as a 600 × 600 px JPEG.")).toBeVisible();
    await saveShot(page, `thumbnail-designer-390.png`);
  });

  test("at 390 px the designer's three tabs share one row inside the dialog (wrapped, the chosen tab hung apart from the row)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const link = await createItemWithBody(page, `${unique()} Narrow Tabs Collection`);
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    const tabs = dialog.getByRole("tablist", { name: "Thumbnail designer" }).getByRole("tab");
    await expect(tabs).toHaveText(["Thumbnail Image", "Theme Settings", "Presets"]);
    const content = (await dialog.getByRole("heading", { name: "Thumbnail Designer" }).boundingBox())!;
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await tabs.nth(i).boundingBox())!));
    for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y), "each tab on the first one's row").toBeLessThan(1);
    expect(boxes[2]!.x + boxes[2]!.width, "the last tab's right edge inside the content box").toBeLessThanOrEqual(content.x + content.width + 0.5);
    await expectNoAxeViolations(page, "thumbnail designer at 390 px");
  });

  test("when the designer's settings and presets cannot be loaded it says so, instead of 'No Presets Found' or loading forever", async ({ page }) => {
    const link = await createItemWithBody(page, `${unique()} Buoy Collection`);
    // The server stops answering these two loads (the image tab needs neither).
    await page.route("**/system/thumbnail-designer/settings", (route) => route.abort("connectionrefused"));
    await page.route("**/system/thumbnail-designer-presets", (route) => route.abort("connectionrefused"));
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await dialog.getByRole("tab", { name: "Theme Settings" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Oops! Something went wrong, try again after sometime");
    await expect(dialog.getByText("Loading…")).toHaveCount(0);
    await dialog.getByRole("tab", { name: "Presets" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Oops! Something went wrong, try again after sometime");
    await expect(dialog.getByText("No Presets Found")).toHaveCount(0);
    await expectNoAxeViolations(page, "thumbnail designer with failed loads");
  });

  test("an item is exported as PDF, Word and HTML from the export dialog: each format a link opening in a new tab, the dialog closing with focus back on Export; the files hold its text", async ({ page }) => {
    const title = `${unique()} Tides Export Collection`;
    const link = await createItemWithBody(page, title);
    await page.goto(link);
    await page.getByRole("button", { name: "Export" }).click();
    const dialog = page.locator("#export-modal");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Export as" }).getByRole("link")).toHaveCount(3);
    await expectNoAxeViolations(page, "export dialog");
    await saveShot(page, `export-dialog.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `export-dialog-390.png`);
    await page.setViewportSize({ width: 1280, height: 800 });

    /** Opens the dialog again from its button (by keyboard, as the focus came back there) and chooses a format. */
    const choose = async (label: string) => {
      if (!(await dialog.isVisible())) {
        await page.keyboard.press("Enter");
        await expect(dialog).toBeVisible();
      }
      const file = await exportFromDialog(page, label);
      const target = `${EXPORTS}/${file.name || "export.html"}`;
      fs.writeFileSync(target, file.body);
      return { ...file, path: target };
    };

    const pdf = await choose("PDF");
    expect(pdf.href).toBe(`${link}/export/pdf?include_description=1&include_section_titles=1`);
    expect(pdf.name).toMatch(/-Tides-Export-Collection\.pdf$/);
    const pdfText = execFileSync("pdftotext", [pdf.path, "-"], { encoding: "utf8" });
    expect(pdfText).toContain(title);
    expect(pdfText).toContain("The Moon pulls the sea.");
    expect(pdfText).toContain("Brest");
    expect(pdfText).toMatch(/E\s*=\s*mc\s*2/);

    const word = await choose("Word (.docx)");
    expect(word.href).toBe(`${link}/export/Word2007?include_description=1&include_section_titles=1`);
    expect(word.name).toMatch(/\.docx$/);
    const xml = execFileSync("unzip", ["-p", word.path, "word/document.xml"], { encoding: "utf8" });
    expect(xml).toContain(title);
    expect(xml).toContain("Gravity and the Moon");
    expect(xml).toContain("<m:oMath");

    // Without the description this time: the switch goes into the link.
    await page.keyboard.press("Enter");
    await dialog.getByRole("checkbox", { name: "Description" }).uncheck();
    const html = await choose("HTML");
    expect(html.href).toBe(`${link}/export/HTML?include_description=0&include_section_titles=1`);
    const text = html.body.toString("utf8");
    expect(text).toContain(`<h1>${title}</h1>`);
    expect(text).toContain('class="katex"');
    expect(text).not.toContain("Tides for the export tests");
    expect(text).not.toContain("<script");
  });
});
