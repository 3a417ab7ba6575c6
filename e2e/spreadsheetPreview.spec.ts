import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { IMPORT_POLL_MS, IMPORT_READY_LABEL, type BulkImport } from "../contract/index.js";
import { expectNoAxeViolations, openSearch, runClockUntil, signInViaApi, saveShot } from "./helpers.js";

const IMPORTER = { username: "importer", password: "importer-demo-pass" } as const;

/** A sheet with an ignored column, a blank line and one error of each kind the row rules report. */
const rowsOf = (word: string) => [
  ["Resource Title", "Link", "Notes", "Tags"],
  [`${word} Tide Pools`, `https://example.org/${word}/tide`, "fine", "ocean"],
  ["", `https://example.org/${word}/untitled`, "no title", ""],
  [`${word} Broken Link`, `ftp://example.org/${word}`, "", "science"],
  [`${word} Odd Tags`, `https://example.org/${word}/tags`, "", "ok; bad!"],
];
const csvOf = (rows: string[][]) => rows.map((r) => r.join(",")).join("\n").replace(/\n(?=.*no title)/, "\n\n");

/** Uploads a file as an import with the page's session (no UI); answers the import's API link and page. */
async function uploadViaApi(request: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }): Promise<{ link: string; redirect: string }> {
  const init = (await (await request.get("/getInitializeData")).json()) as { csrfToken: string };
  const upload = await request.post("/api/bulk-importer/resource/upload", { multipart: { file }, headers: { "X-CSRF-Token": init.csrfToken } });
  expect(upload.ok(), await upload.text()).toBeTruthy();
  return ((await upload.json()) as { data: { link: string; redirect: string } }).data;
}

/** Uploads a file as an import and waits until the server has checked every row; answers its error lines. */
async function serverErrors(request: APIRequestContext, file: { name: string; mimeType: string; buffer: Buffer }): Promise<string[]> {
  const { link } = await uploadViaApi(request, file);
  let data: BulkImport | undefined;
  await expect
    .poll(async () => {
      data = (await (await request.get(link)).json()) as BulkImport;
      return data.status;
    }, { timeout: 20_000 })
    .toBe("preprocessed");
  return data!.import_results_summary.errors.map((e) => `Row ${e.row_number} [${e.field}]: ${e.message} Provided value: ${e.value === "" ? "(blank)" : `“${e.value}”`}`.replace(/\s+/g, " "));
}

/** The preview's error lines, in the same form as serverErrors. */
async function previewErrors(dialog: Locator): Promise<string[]> {
  const items = dialog.getByRole("list", { name: /^Errors/ }).getByRole("listitem");
  return (await items.evaluateAll((els) => els.map((el) => Array.from(el.querySelectorAll("p")).map((p) => p.textContent).join(" ")))).map((t) => t.replace(/\s+/g, " ").trim());
}

async function openImportDialog(page: Page): Promise<Locator> {
  await signInViaApi(page, IMPORTER);
  await openSearch(page);
  await page.getByRole("button", { name: "Bulk Import" }).click();
  const dialog = page.locator("#bulk-import-resources");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("the local spreadsheet preview", () => {
  test("shows the mapping, the rows and the server's errors; corrections are uploaded as a corrected CSV", async ({ page }) => {
    test.setTimeout(60_000);
    const word = `Qp${Date.now().toString(36)}`;
    const csv = Buffer.from(csvOf(rowsOf(word)));
    // A controllable clock: the import page's status poll (every IMPORT_POLL_MS) is run forward rather than waited for.
    await page.clock.install();
    const dialog = await openImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "resources.csv", mimeType: "text/csv", buffer: csv });

    await expect(dialog.getByRole("status").filter({ hasText: "rows in resources.csv" })).toHaveText("4 rows in resources.csv. 3 rows with errors.");
    const mapping = dialog.getByRole("region", { name: "Column mapping" });
    await expect(mapping.getByRole("listitem")).toHaveText(["Resource Title → imported as Title", "Link → imported as URL", "Notes → Ignored (not imported)", "Tags → imported as Keywords"]);
    const table = dialog.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(5);
    // Rows are numbered as a spreadsheet does: the header is row 1, the blank line (row 3) is skipped but counted.
    await expect(table.getByRole("rowheader")).toHaveText(["2", "4", "5", "6"]);
    const expected = [
      "Row 4 [title]: The title field is required. Provided value: (blank)",
      `Row 5 [url]: Please check that your URL is correct Provided value: “ftp://example.org/${word}”`,
      "Row 6 [keywords]: Invalid keyword characters.  Please check that you are only using approved characters. Provided value: “ok; bad!”".replace(/\s+/g, " "),
    ];
    expect(await previewErrors(dialog)).toEqual(expected);
    // The server reports exactly these for the same bytes.
    expect(await serverErrors(page.request, { name: "resources.csv", mimeType: "text/csv", buffer: csv })).toEqual(expected);
    await expectNoAxeViolations(page, "bulk import preview");
    await saveShot(page, `spreadsheet-preview.png`);

    // Correct the three cells in place.
    await dialog.getByLabel("Correct the title of row 4").fill(`${word} Untitled Pool`);
    await dialog.getByLabel("Correct the URL of row 5").fill("ftp://still-wrong");
    await expect(dialog.getByLabel("Correct the URL of row 5")).toHaveAccessibleDescription("");
    await expect(dialog.getByLabel("Correct the URL of row 5")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Correct the URL of row 5").fill(`https://example.org/${word}/fixed`);
    await dialog.getByLabel("Correct the keywords of row 6").fill("ok, fine");
    for (const label of ["Correct the title of row 4", "Correct the URL of row 5", "Correct the keywords of row 6"]) await expect(dialog.getByLabel(label)).toHaveAccessibleDescription("Corrected");
    await expect(dialog.getByRole("status").filter({ hasText: "rows in resources.csv" })).toHaveText("4 rows in resources.csv. No errors: every row can be imported. 3 errors corrected here.");
    await expect(dialog.getByText("Upload sends a corrected copy as resources.csv")).toBeVisible();
    await expect(table.getByRole("cell", { name: `${word} Untitled Pool` })).toBeVisible();
    await saveShot(page, `spreadsheet-preview-corrected.png`);

    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page).toHaveURL(/\/bulk-import\/[\w-]+$/);
    await runClockUntil(page, IMPORT_POLL_MS, () => expect(page.getByText(IMPORT_READY_LABEL)).toBeVisible({ timeout: 500 }));
    const total = (label: string) => page.locator(".import-total", { has: page.getByRole("term").filter({ hasText: label }) }).getByRole("definition");
    await expect(total("Total rows")).toHaveText("4");
    await expect(total("Rows with errors")).toHaveText("0");
    await expect(page.getByRole("heading", { name: "Errors" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Start Import" })).toBeEnabled({ timeout: 10_000 });
  });

  test("a row corrected into a copy of an earlier row is told it will be skipped, as the server would skip it", async ({ page }) => {
    const word = `Qd${Date.now().toString(36)}`;
    const dialog = await openImportDialog(page);
    const csv = `Title,URL\n${word} Kelp,https://example.org/${word}/kelp\n,https://example.org/${word}/kelp\n`;
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "kelp.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    const title = dialog.getByLabel("Correct the title of row 3");
    await title.fill(`${word} kelp`);
    await expect(title).toHaveAccessibleDescription("This row has the same title and URL as row 2, which is imported; this one is skipped.");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("status").filter({ hasText: "rows in kelp.csv" })).toHaveText("2 rows in kelp.csv. 1 row with errors.");
    await title.fill(`${word} Kelp Forest`);
    await expect(title).toHaveAccessibleDescription("Corrected");
  });

  test("an XLSX workbook gets the same preview errors as the server reports for it", async ({ page }) => {
    test.setTimeout(60_000);
    const word = `Qx${Date.now().toString(36)}`;
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rowsOf(word)), "Resources");
    const buffer = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const dialog = await openImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "resources.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer });
    await expect(dialog.getByRole("status").filter({ hasText: "rows in resources.xlsx" })).toHaveText("4 rows in resources.xlsx. 3 rows with errors.");
    const local = await previewErrors(dialog);
    expect(local).toHaveLength(3);
    expect(await serverErrors(page.request, { name: "resources.xlsx", mimeType: "application/octet-stream", buffer })).toEqual(local);
    // Nothing corrected: the workbook itself is uploaded.
    await expect(dialog.getByText("Upload sends a corrected copy")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("heading", { name: "Bulk Import", level: 1 })).toBeVisible();
    await expect(page.locator(".import-page__file")).toContainText("resources.xlsx");
  });

  test("a large file shows a sample of rows but counts every row's errors; a file without a title column is refused", async ({ page }) => {
    const lines = ["Title,URL"];
    for (let i = 0; i < 20_000; i++) lines.push(i % 10 === 0 ? `Item ${i},not-a-link` : `Item ${i},https://example.org/${i}`);
    const dialog = await openImportDialog(page);
    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
    await expect(dialog.getByRole("status").filter({ hasText: "rows in big.csv" })).toHaveText("20,000 rows in big.csv. 2,000 rows with errors.", { timeout: 20_000 });
    await expect(dialog.getByRole("heading", { name: "First 50 of 20,000 rows" })).toBeVisible();
    await expect(dialog).toHaveClass(/dialog--full/);
    await expect(dialog.getByRole("table").getByRole("rowheader")).toHaveCount(50);
    await expect(dialog.getByRole("heading", { name: "Errors in 2,000 rows" })).toBeVisible();
    await expect(dialog.getByText("Only the first 1,000 errors are listed.")).toBeVisible();

    await dialog.getByLabel("Spreadsheet file").setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("Name of thing,URL\nA,https://example.org\n") });
    await expect(dialog.getByRole("alert")).toHaveText("The file has no title column. Download the sample file to see the expected columns.");
    await expect(dialog.getByRole("button", { name: "Upload" })).toBeDisabled();
    // With no rows to show, the dialog is its usual width again, not a screen of white around one message.
    await expect(dialog).not.toHaveClass(/dialog--full/);
  });

  test("a spreadsheet dropped on the import screen opens the Bulk Import dialog with its preview; the drop zone goes 250 ms after the last drag-over", async ({ page }) => {
    test.setTimeout(60_000);
    await signInViaApi(page, IMPORTER);
    const { redirect } = await uploadViaApi(page.request, { name: "first.csv", mimeType: "text/csv", buffer: Buffer.from("Title,URL\nA,https://example.org/a\n") });
    await page.goto(redirect);
    await expect(page.getByRole("heading", { name: "Bulk Import", level: 1 })).toBeVisible();

    const drag = (type: "dragover" | "drop", name = "dropped.csv", content = "Title,URL\nDropped,nope\n") =>
      page.evaluate(
        ({ type, name, content }) => {
          const data = new DataTransfer();
          data.items.add(new File([content], name, { type: "text/csv" }));
          document.body.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
        },
        { type, name, content },
      );
    // Only the import screen's target shows: the layout's resource drop target steps aside here.
    const zone = page.getByTestId("drop-zone");
    await drag("dragover");
    await expect(zone).toContainText("Drop a spreadsheet to start a bulk import");
    await saveShot(page, `import-screen-drop-zone.png`);
    await drag("dragover");
    const stoppedAt = Date.now();
    await expect(zone).toHaveCount(1);
    await expect(zone).toHaveCount(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(200);

    await drag("dragover");
    await drag("drop");
    const dialog = page.locator("#bulk-import-resources");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("status").filter({ hasText: " in dropped.csv" })).toHaveText("1 row in dropped.csv. 1 row with errors.");
    expect(await previewErrors(dialog)).toEqual(["Row 2 [url]: Please check that your URL is correct Provided value: “nope”"]);

    // A second spreadsheet dropped on the open dialog replaces the first.
    await drag("dragover", "second.csv", "Title,URL\nSecond,https://example.org/second\n");
    await expect(zone).toContainText("Drop a spreadsheet to import it");
    await drag("drop", "second.csv", "Title,URL\nSecond,https://example.org/second\n");
    await expect(dialog.getByRole("status").filter({ hasText: " in second.csv" })).toHaveText("1 row in second.csv. No errors: every row can be imported.");
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(page.locator(".import-page__file")).toContainText("second.csv");
    await expect(page).not.toHaveURL(redirect);
  });
});
