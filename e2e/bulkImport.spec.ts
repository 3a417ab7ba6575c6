import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { IMPORT_POLL_MS, IMPORT_SAVE_DEBOUNCE_MS } from "../contract/index.js";
import { csrfToken, expectNoAxeViolations, openSearch, resultCards, runClockUntil, signInViaApi, submitSearch, TEACHER, saveShot } from "./helpers.js";

const IMPORTER = { username: "importer", password: "importer-demo-pass" } as const;

// The import page learns of the server's progress by polling every IMPORT_POLL_MS, and saves choices
// IMPORT_SAVE_DEBOUNCE_MS after the last change. The tests install a controllable clock before the page loads and run
// it forward to those timers instead of waiting them out; what the server does still takes its real time.

/** Waits until the page's status polls bring `locator` into view. */
const polledUntilVisible = (page: Page, locator: Locator, timeout = 20_000) =>
  runClockUntil(page, IMPORT_POLL_MS, () => expect(locator).toBeVisible({ timeout: 500 }), timeout);

/** Waits until the choices made are saved (after the debounce) and Start Import is allowed. */
const savedUntilStartable = (page: Page) =>
  runClockUntil(page, IMPORT_SAVE_DEBOUNCE_MS, () => expect(page.getByRole("button", { name: "Start Import" })).toBeEnabled({ timeout: 500 }), 10_000);

/**
 * Signs in as the importer, installs the test clock (before the page loads, so that the page's timers run on it), and
 * opens the Bulk Import dialog from search.
 */
async function openBulkImportDialog(page: Page): Promise<Locator> {
  await signInViaApi(page, IMPORTER);
  await page.clock.install();
  await openSearch(page);
  await page.getByRole("button", { name: "Bulk Import" }).click();
  return page.locator("#bulk-import-resources");
}

test.describe("bulk import", () => {
  test("only profiles with the bulk_importer permission see the Bulk Import button", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    await openSearch(page);
    await expect(page.getByRole("button", { name: "Add Resource" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Bulk Import" })).toHaveCount(0);
  });

  test("upload, fix what needs input, start, and find the imported resources in search", async ({ page }) => {
    test.setTimeout(90_000);
    const word = `Qx${Date.now().toString(36)}`;
    const csv = [
      "Title,Description,URL,Keywords,Subjects",
      `${word} Tide Pools,Rocky shore life,https://example.org/${word}/tide,ocean,`,
      `${word} Broken Link,Bad,ftp://example.org/${word},,`,
      `${word} Weaving,Crafts,https://example.org/${word}/weave,,Underwater Basket Weaving`,
    ].join("\n");

    const dialog = await openBulkImportDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
    await expect(dialog.getByRole("link", { name: "CSV sample" })).toHaveAttribute("href", /\/api\/bulk-importer\/resource\/sample/);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await expect(dialog.getByText("The import file must be a .csv, .xls or .xlsx file.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "resources.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByRole("button", { name: "Upload" }).click();

    await expect(page).toHaveURL(/\/bulk-import\/[\w-]+$/);
    await polledUntilVisible(page, page.getByText("Waiting for your input"));
    const totals = page.getByRole("definition");
    await expect(totals.first()).toHaveText("3");
    await expect(page.getByText("Row 3 [url]:")).toBeVisible();
    await expect(page.getByText("Provided value: ftp://example.org/")).toBeVisible();
    await expect(page.getByRole("button", { name: "Start Import" })).toBeDisabled();
    await saveShot(page, `bulk-import-preprocessed.png`, { fullPage: true });
    await expectNoAxeViolations(page, "bulk import page");
    // Configure open, its owner search empty: the search box must not point at a results list that is not there.
    await page.getByText("Configure", { exact: true }).click();
    await expect(page.getByLabel("Content owner")).toBeVisible();
    await expect(page.getByLabel("Content owner")).not.toHaveAttribute("aria-controls");
    await expectNoAxeViolations(page, "bulk import page, Configure open");

    const resolution = page.getByRole("region", { name: "Data Resolution" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Data Resolution" }) }));
    const select = resolution.getByLabel(/Underwater Basket Weaving/);
    await select.selectOption({ index: 1 });
    // Choices save 2 seconds after the last change; then Start is allowed.
    await savedUntilStartable(page);
    // Nothing left to choose: the status no longer asks for input.
    await expect(page.locator(".import-status")).toHaveText("Ready to start");
    await page.getByRole("button", { name: "Start Import" }).click();

    await polledUntilVisible(page, page.getByText("Completed"), 30_000);
    const imported = page.locator("section", { has: page.getByRole("heading", { name: "Imported Content" }) });
    await expect(imported.getByRole("link")).toHaveCount(2);
    await expect(imported.getByRole("link", { name: `${word} Tide Pools` })).toBeVisible();
    await saveShot(page, `bulk-import-completed.png`, { fullPage: true });

    await openSearch(page);
    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(2);
  });

  test("an upload that gets no answer says so (not that the file is unreadable); the import page has one main landmark", async ({ page }) => {
    test.setTimeout(60_000);
    const csv = ["Title,Description,URL", `Qn${Date.now().toString(36)} Kelp Forests,Underwater forests,https://example.org/kelp`].join("\n");
    const dialog = await openBulkImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "kelp.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeEnabled({ timeout: 15_000 });
    // The server is unreachable: the connection fails before any answer.
    await page.route("**/api/bulk-importer/resource/upload", (route) => route.abort("connectionrefused"));
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Oops! An unexpected error has occurred. Please refresh your browser and try again.");
    await expect(dialog.getByText("The file could not be read as a spreadsheet.")).toHaveCount(0);

    await page.unroute("**/api/bulk-importer/resource/upload");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await polledUntilVisible(page, page.getByText("Ready to start", { exact: true }));
    // The layout's <main> holds the page; the import view must not open a second one inside it.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("heading", { name: "Bulk Import", level: 1 })).toBeVisible();
  });

  test("the sample file downloaded from the dialog imports cleanly as it is", async ({ page }) => {
    test.setTimeout(90_000);
    const dialog = await openBulkImportDialog(page);
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "CSV sample" }).click();
    const sample = await download;
    const samplePath = await sample.path();
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: sample.suggestedFilename(), mimeType: "text/csv", buffer: fs.readFileSync(samplePath) });
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeEnabled({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await polledUntilVisible(page, page.getByText("Ready to start", { exact: true }));
    const totals = page.getByRole("list", { name: "Summary" }).or(page.locator(".import-totals"));
    await expect(totals.getByText("Rows with errors")).toBeVisible();
    await expect(page.locator(".import-total", { hasText: "Rows with errors" }).locator("dd")).toHaveText("0");
    await expect(page.locator(".import-total", { hasText: "Rows requiring input" }).locator("dd")).toHaveText("0");
    // Nothing to fix in the sample: it is ready, not waiting for input.
    await expect(page.getByText("Waiting for your input")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start Import" })).toBeEnabled();
    await saveShot(page, `bulk-import-ready.png`);
    await page.getByRole("button", { name: "Start Import" }).click();
    await polledUntilVisible(page, page.getByText("Completed"), 30_000);
    await expect(page.locator(".import-total", { hasText: "Imported" }).locator("dd")).toHaveText("3");
  });

  test("errors, an ambiguous and a missing value: resolve them, upload a corrected file, watch the progress", async ({ page }) => {
    test.setTimeout(120_000);
    const word = `Qz${Date.now().toString(36)}`;
    const header = "Title,Description,URL,Keywords,Subjects";
    const first = [
      header,
      `${word} Pond Study,Life in a pond,https://example.org/${word}/pond,ponds,Ecology`,
      `${word} Bad Link,Broken,ftp://example.org/${word},,`,
      `${word} Weaving,Crafts,https://example.org/${word}/weave,,Underwater Basket Weaving`,
    ].join("\n");
    const dialog = await openBulkImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "resources.csv", mimeType: "text/csv", buffer: Buffer.from(first) });
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeEnabled({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await polledUntilVisible(page, page.getByText("Waiting for your input"));

    // The ambiguous value offers both places it is found; the missing one maps to an existing item.
    const ambiguous = page.getByRole("radiogroup", { name: /“Ecology” matches several items/ });
    await expect(ambiguous.getByRole("radio")).toHaveCount(2);
    await ambiguous.getByRole("radio", { name: /Science › Ecology/ }).check();
    await page.getByLabel(/Underwater Basket Weaving/).selectOption({ label: "Science" });
    await savedUntilStartable(page);

    // A corrected file. It is checked locally first, as in the dialog: this one still has the broken link, which the
    // preview shows with the server's words and lets us fix before uploading. The server reads the upload again from
    // the start; the choices made are kept.
    const newFile = page.locator(".import-new-file");
    const stillBroken = first.replace(`${word} Pond Study`, `${word} Pond Study (revised)`);
    await newFile.getByLabel("Upload a corrected file").setInputFiles({ name: "corrected.csv", mimeType: "text/csv", buffer: Buffer.from(stillBroken) });
    await expect(newFile.getByRole("status")).toHaveText("3 rows in corrected.csv. 1 row with errors.", { timeout: 15_000 });
    await expect(newFile.getByText("Row 3 [url]:")).toBeVisible();
    await expect(newFile.getByRole("button", { name: "Upload New File" })).toBeEnabled();
    await newFile.getByLabel("Correct the URL of row 3").fill(`https://example.org/${word}/fixed`);
    await expect(newFile.getByLabel("Correct the URL of row 3")).toHaveAccessibleDescription("Corrected");
    await newFile.scrollIntoViewIfNeeded();
    await saveShot(page, `import-new-file-preview.png`);
    await newFile.getByRole("button", { name: "Upload New File" }).click();
    await expect(newFile.locator(".sheet-preview")).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByText("Row 3 [url]:")).toHaveCount(0, { timeout: 20_000 });
    await polledUntilVisible(page, page.getByText("Ready to start", { exact: true }));
    await expect(page.locator(".import-total", { hasText: "Rows with errors" }).locator("dd")).toHaveText("0");
    await savedUntilStartable(page);
    await page.getByRole("button", { name: "Start Import" }).click();
    await expect(page.getByRole("progressbar", { name: "Importing" })).toBeVisible();
    await polledUntilVisible(page, page.getByText("Completed"), 30_000);
    const imported = page.locator("section", { has: page.getByRole("heading", { name: "Imported Content" }) });
    await expect(imported.getByRole("link")).toHaveCount(3);

    await openSearch(page);
    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(3);
  });
  test("a row repeating an earlier one is named in the preview and on the import page, and imported once", async ({ page }) => {
    test.setTimeout(90_000);
    const word = `Qd${Date.now().toString(36)}`;
    const csv = ["Title,URL", `${word} Otters,https://example.org/${word}/otters`, `${word} Tides,https://example.org/${word}/tides`, `${word} otters,https://example.org/${word}/otters`].join("\n");
    const repeat = "Row 4 [duplicate]: This row has the same title and URL as row 2, which is imported; this one is skipped.";
    const dialog = await openBulkImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "repeats.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(dialog.getByText("3 rows in repeats.csv. 1 row with errors.")).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(repeat)).toBeVisible();
    // Nothing in the row is wrong by itself: there is no field to correct, and it is not shown as corrected.
    await expect(dialog.getByRole("textbox")).toHaveCount(0);
    await expect(dialog.getByText("Corrected")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Upload" }).click();

    await polledUntilVisible(page, page.getByText("Ready to start", { exact: true }));
    await expect(page.locator(".import-total", { hasText: "Rows with errors" }).locator("dd")).toHaveText("1");
    await expect(page.locator(".import-errors li")).toHaveText([`${repeat}Provided value: ${word} otters`]);
    await page.getByRole("button", { name: "Start Import" }).click();
    await polledUntilVisible(page, page.getByText("Completed"), 30_000);
    await expect(page.locator(".import-total", { hasText: "Imported" }).locator("dd")).toHaveText("2");
    await openSearch(page);
    await submitSearch(page, word);
    await expect(resultCards(page)).toHaveCount(2);
  });

  test("the import page's errors show the start of an overlong value, and their scrolling list takes keyboard focus", async ({ page }) => {
    test.setTimeout(60_000);
    const word = `Qe${Date.now().toString(36)}`;
    const long = `${word} ${"very long text ".repeat(800).trim()}`;
    const rows = Array.from({ length: 8 }, (_, i) => `,Row without a title ${i},https://example.org/${word}/${i}`);
    const csv = ["Title,Description,URL", `${word} Long,${long},https://example.org/${word}/long`, ...rows].join("\n");
    await signInViaApi(page, IMPORTER);
    const upload = await page.request.post("/api/bulk-importer/resource/upload", {
      multipart: { file: { name: "long.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
      headers: { "X-CSRF-Token": await csrfToken(page.request) },
    });
    expect(upload.ok()).toBeTruthy();
    const { redirect } = ((await upload.json()) as { data: { redirect: string } }).data;
    await page.clock.install();
    await page.goto(redirect);
    await polledUntilVisible(page, page.getByText("Row 2 [description]:"));
    const value = page.locator(".import-errors li", { hasText: "Row 2 [description]:" }).locator(".import-errors__value");
    await expect(value).toContainText(`(${long.length.toLocaleString("en-US")} characters)`);
    expect((await value.innerText()).length).toBeLessThan(300);
    const list = page.getByRole("list", { name: "Errors" });
    await list.focus();
    await expect(list).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByText("Row 10 [title]:")).toBeInViewport();
    await expectNoAxeViolations(page, "bulk import page with a scrolling list of errors");
  });

  test("the preview's errors show the start of an overlong value, so the next error's correction field is in reach", async ({ page }) => {
    const long = `Start of it ${"very long text ".repeat(800).trim()}`;
    const csv = ["Title,Description,URL", `Long One,${long},https://example.org/long-one`, ",No title,https://example.org/untitled-one"].join("\n");
    await signInViaApi(page, IMPORTER);
    await openSearch(page);
    await page.getByRole("button", { name: "Bulk Import" }).click();
    const dialog = page.locator("#bulk-import-resources");
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "long.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const provided = dialog.locator(".sheet-preview__error", { hasText: "Row 2 [description]:" }).locator(".sheet-preview__provided");
    await expect(provided).toContainText(`(${long.length.toLocaleString("en-US")} characters)`);
    expect((await provided.innerText()).length).toBeLessThan(300);
    // The whole value (12,000 characters) made this one error thousands of pixels tall.
    const item = dialog.locator(".sheet-preview__error", { hasText: "Row 2 [description]:" });
    expect((await item.boundingBox())!.height).toBeLessThan(400);
    await expectNoAxeViolations(page, "bulk import preview with an overlong value");
  });

  test("on a phone, Data Resolution's list of standards fits the screen: the page does not scroll sideways", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const csv = ["Title,URL,Standards", `Qs${Date.now().toString(36)} Otters,https://example.org/otters-standards,XYZ.999`].join("\n");
    await signInViaApi(page, IMPORTER);
    const upload = await page.request.post("/api/bulk-importer/resource/upload", {
      multipart: { file: { name: "standards.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } },
      headers: { "X-CSRF-Token": await csrfToken(page.request) },
    });
    expect(upload.ok()).toBeTruthy();
    const { redirect } = ((await upload.json()) as { data: { redirect: string } }).data;
    await page.clock.install();
    await page.goto(redirect);
    await polledUntilVisible(page, page.getByText("Waiting for your input"));
    const select = page.getByLabel("“XYZ.999” matches no item: choose one.");
    // The standards are long ("NGSS.PS.3 Develop a model that ..."): the list must still be as wide as its card at most.
    await expect(select.locator("option")).not.toHaveCount(1);
    const box = (await select.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveShot(page, `bulk-import-resolution-phone.png`, { fullPage: true });
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the preview's errors wrap a long value and keep each correction field inside the dialog at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      const csv = [
        "Title,Description,URL",
        `${"Overlong".repeat(40)},Too long a title,https://example.org/long-title`,
        `Bad Link,Broken,htp:/example.org/${"a".repeat(200)}`,
        ",No title here,https://example.org/untitled",
      ].join("\n");
      await signInViaApi(page, IMPORTER);
      await openSearch(page);
      const menu = page.getByRole("button", { name: "Menu" });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole("button", { name: "Bulk Import" }).click();
      const dialog = page.locator("#bulk-import-resources");
      await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "long.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      const errors = dialog.locator(".sheet-preview__errors");
      await expect(errors.getByRole("listitem")).toHaveCount(3, { timeout: 15_000 });
      // Nothing in the list is wider than the list: no message, value or field is cut off at its right edge.
      const overflow = await errors.evaluate((list) => list.scrollWidth - list.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = (await errors.boundingBox())!;
      for (const label of ["Correct the title of row 2", "Correct the URL of row 3", "Correct the title of row 4"]) {
        const input = (await dialog.getByLabel(label).boundingBox())!;
        expect(input.x, label).toBeGreaterThanOrEqual(box.x);
        expect(input.x + input.width, label).toBeLessThanOrEqual(box.x + box.width + 0.5);
        expect(input.width, label).toBeGreaterThan(150);
      }
      await expect(dialog.getByText("Row 2 [title]: The title may be at most 255 characters.")).toBeVisible();
      await saveShot(page, `bulk-import-preview-errors-${viewport.width}.png`);
    });
  }
});
