import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "../server/test/sampleFiles.js";
import { ADMIN, TEACHER, expectNoAxeViolations, exportFromDialog, facetGroup, resultCards, signInViaApi, signInViaForm, tick, saveShot } from "./helpers.js";

/** Issue 3's "Done when", walked as one new author would, in order. */

/** Where the exported files are written (the test reads them back). */
const EXPORTS = "/tmp/platform-e2e-exports";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n");

const sectionBox = (page: Page, name: string) => page.getByRole("textbox", { name: `${name} content` });
const toolbar = (page: Page, name: string) => page.getByRole("toolbar", { name: `${name} content formatting` });
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
const saved = (page: Page) => page.getByText(/All changes saved at/);
const unsaved = (page: Page) => page.getByRole("status").filter({ hasText: "Unsaved changes" });

/** Waits for the edit page to hold its lock (the editors become editable). */
async function editorReady(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
}

/** Exports one format from the item page's Export dialog (opened by its button), saved into EXPORTS; answers the saved path and the file's name. */
async function download(page: Page, label: string): Promise<{ name: string; path: string }> {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(page.locator("#export-modal")).toBeVisible();
  const file = await exportFromDialog(page, label);
  const target = `${EXPORTS}/journey-${file.name}`;
  fs.writeFileSync(target, file.body);
  return { name: file.name, path: target };
}

test("a new author's journey: template, sections with math, tags, autosave, lock, search, thumbnail, copy, exports, resources", async ({ page, browser }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(EXPORTS, { recursive: true });
  const word = `Zj${Date.now().toString(36)}`;
  const title = `${word} Pond Ecosystems`;
  const keyword = `${word.toLowerCase()}-ponds`;
  // A controllable clock from the start, so autosave's 60-second countdown can be run forward.
  await page.clock.install();
  let link = "";

  await test.step("sign in as the teacher through the login form", async () => {
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await signInViaForm(page, TEACHER);
    await expect(page).toHaveURL(/\/search\//);
    await expect(page.getByRole("banner").getByText(TEACHER.name)).toBeVisible();
  });

  await test.step("create a lesson plan from the 5E template through the creator modal", async () => {
    await page.getByRole("button", { name: "Create", exact: true }).first().click();
    const creator = page.getByRole("dialog", { name: "Create" });
    await creator.getByText("Lesson Plan", { exact: true }).dblclick();
    const form = page.getByRole("dialog", { name: "Create a lesson plan" });
    const chooser = form.getByRole("region", { name: "Template" });
    await chooser.getByRole("button", { name: "Select 5E Inquiry Lesson" }).click();
    await expect(chooser.getByRole("button", { name: "Select 5E Inquiry Lesson" })).toHaveAttribute("aria-pressed", "true");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Introduction").fill("Students sample pond water and name what lives in it.");
    await form.getByRole("button", { name: "Create Lesson Plan" }).click();
    await expect(page).toHaveURL(/\/lesson-plans\/[\w-]+\/edit$/);
    link = new URL(page.url()).pathname.replace(/\/edit$/, "");
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await editorReady(page);
    await expect(page.getByLabel("Section 1 title")).toHaveValue("Engage");
    await expect(page.getByRole("textbox", { name: /content$/ })).toHaveCount(5);
  });

  await test.step("write in the sections, with an equation through 'Configure Equation', and save once", async () => {
    // A new item: autosave waits for the first save.
    await expect(page.getByRole("checkbox", { name: "Autosave" })).toBeDisabled();
    const engage = sectionBox(page, "Engage");
    await engage.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("How many living things fit in one drop of pond water?");

    const explain = sectionBox(page, "Explain");
    await explain.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Population density is ");
    await toolbar(page, "Explain").getByRole("button", { name: "Equation" }).click();
    const equation = page.getByRole("dialog", { name: "Configure Equation" });
    await equation.getByLabel("Equation").fill("D = \\frac{N}{V}");
    await equation.getByLabel("Size/Zoom").fill("1.5");
    await expect(equation.locator(".katex .mfrac")).toBeVisible();
    await equation.getByRole("button", { name: "Save" }).click();
    await expect(equation).toBeHidden();
    await expect(explain.locator(".katex .mfrac")).toBeVisible();
    await expect(unsaved(page)).toBeVisible();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saved(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Autosave" })).toBeEnabled();
    await saveShot(page, `journey-edit.png`, { fullPage: true });
  });

  await test.step("tag it with a keyword, a grade and a standard from the selector", async () => {
    await page.getByRole("button", { name: "Tags", exact: true }).click();
    const tags = page.getByRole("dialog", { name: "Edit tags" });
    await tags.getByLabel("Add Keyword (Letters, Numbers, Spaces, and Hyphens Only)").fill(keyword);
    await tags.getByRole("button", { name: "Add", exact: true }).click();
    await expect(tags.getByRole("list", { name: "Keywords" }).getByRole("listitem").filter({ hasText: keyword })).toBeVisible();
    await tags.getByRole("tab", { name: "Grades" }).click();
    await tags.getByRole("button", { name: "Select None" }).click();
    await tags.getByRole("checkbox", { name: "Grade 5" }).check();
    await expect(tags.getByText("Selected: Grade 5")).toBeVisible();
    await tags.getByRole("button", { name: "Save tags" }).click();
    await expect(tags).toBeHidden();
    await expect(toasts(page)).toContainText("Tags saved.");

    await page.getByRole("button", { name: "Standards", exact: true }).click();
    const standards = page.getByRole("dialog", { name: "Select Standards" });
    await standards.getByRole("button", { name: "Expand Common Core State Standards for Mathematics" }).click();
    await standards.getByRole("button", { name: "Expand Number and Operations: Fractions" }).click();
    await standards.getByRole("checkbox", { name: "Explain equivalence of fractions" }).check();
    await expect(standards.getByRole("tab", { name: "Selected Standards (1)" })).toBeVisible();
    await standards.getByRole("button", { name: "Save standards" }).click();
    await expect(standards).toBeHidden();
  });

  await test.step("turn autosave on and watch its countdown save a change", async () => {
    const toggle = page.getByRole("checkbox", { name: "Autosave" });
    if (!(await toggle.isChecked())) await toggle.check();
    await expect(toggle).toBeChecked();
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toBeVisible();
    const elaborate = sectionBox(page, "Elaborate");
    await elaborate.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Compare the counts from the shallow and the deep end.");
    await expect(unsaved(page)).toBeVisible();
    // auto_save_time is 60 seconds by default; nothing was clicked, the countdown saves.
    await page.clock.runFor(61_000);
    await expect(saved(page)).toBeVisible();
    await expect(unsaved(page)).toHaveCount(0);
    const stored = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { title: string; html: string }[] };
    expect(stored.sections.find((s) => s.title === "Elaborate")?.html).toContain("shallow and the deep end");
  });

  await test.step("a second session (the admin, who may edit) meets the lock and its holder's name", async () => {
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await signInViaApi(second, ADMIN);
      await second.goto(`${link}/edit`);
      await expect(second.getByRole("alert")).toContainText(`This item is being edited by ${TEACHER.name}.`);
      await expect(second.getByRole("button", { name: "+ Add section" })).toBeDisabled();
      await expect(second.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
      await saveShot(second, `journey-locked.png`);
    } finally {
      await other.close();
    }
  });

  await test.step("reload and find the text, the equation, the keyword, the grade and the standard kept", async () => {
    await page.reload();
    await editorReady(page);
    await expect(sectionBox(page, "Engage")).toContainText("How many living things fit in one drop of pond water?");
    await expect(sectionBox(page, "Elaborate")).toContainText("Compare the counts from the shallow and the deep end.");
    const explain = sectionBox(page, "Explain");
    await expect(explain).toContainText("Population density is");
    await expect(explain.getByRole("button", { name: "Equation D = \\frac{N}{V}, edit" })).toBeVisible();
    await expect(explain.locator(".katex .mfrac")).toBeVisible();

    await page.getByRole("button", { name: "Tags", exact: true }).click();
    const tags = page.getByRole("dialog", { name: "Edit tags" });
    await expect(tags.getByRole("list", { name: "Keywords" }).getByRole("listitem").filter({ hasText: keyword })).toBeVisible();
    await tags.getByRole("tab", { name: "Grades" }).click();
    await expect(tags.getByRole("checkbox", { name: "Grade 5" })).toBeChecked();
    await tags.getByRole("button", { name: "Cancel" }).click();
    await expect(tags).toBeHidden();
    await page.getByRole("button", { name: "Standards", exact: true }).click();
    const standards = page.getByRole("dialog", { name: "Select Standards" });
    await standards.getByRole("tab", { name: "Selected Standards (1)" }).click();
    await expect(standards.getByRole("list", { name: "Selected standards" }).getByRole("listitem")).toHaveText([/Explain equivalence of fractions/]);
    await standards.getByRole("button", { name: "Cancel" }).click();
    await expect(standards).toBeHidden();
  });

  await test.step("the search screen's grade and standard filters find it at once", async () => {
    await page.goto(`/search/?st=${word.toLowerCase()}`);
    await expect(resultCards(page)).toHaveCount(1);
    await tick(facetGroup(page, "Grades").getByRole("checkbox", { name: /^Grade 5 [\d,]+$/ }));
    await tick(facetGroup(page, "Standards").getByRole("checkbox", { name: /^CCSS\.MATH\.NF\.2 Explain equivalence of fractions/ }));
    await expect(page).toHaveURL(/grades.*standards|standards.*grades/);
    await expect(resultCards(page)).toHaveCount(1);
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(title);
    await saveShot(page, `journey-search.png`);
  });

  await test.step("design its thumbnail from the edit page", async () => {
    await page.goto(`${link}/edit`);
    await editorReady(page);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const designer = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await designer.getByLabel("Choose an image (jpg, jpeg, gif, png or svg)").setInputFiles({ name: "pond.png", mimeType: "image/png", buffer: solidPng(800, 800, [40, 120, 80]) });
    await expect(designer.getByTestId("crop-stage")).toBeVisible();
    await designer.getByRole("tab", { name: "Theme Settings" }).click();
    await designer.getByLabel(/^Overlay opacity/).fill("0.3");
    await designer.getByRole("button", { name: "Save Thumbnail" }).click();
    await expect(designer).toBeHidden();
    await expect(page.getByText("Thumbnail saved.")).toBeVisible();

    await page.goto(link);
    const thumb = page.getByRole("img", { name: `${title} thumbnail` });
    await expect(thumb.locator("img")).toHaveAttribute("src", /^\/files\/thumbnails\/[\w-]{32}$/);
    await expect(thumb.getByTestId("thumbnail-overlay")).toHaveCSS("opacity", "0.3");
  });

  await test.step("export it as PDF, DOCX and HTML and read the files back", async () => {
    await page.goto(link);
    const pdf = await download(page, "PDF");
    expect(pdf.name).toMatch(/\.pdf$/);
    const pdfText = execFileSync("pdftotext", [pdf.path, "-"], { encoding: "utf8" });
    expect(pdfText).toContain(title);
    expect(pdfText).toContain("Engage");
    expect(pdfText).toContain("How many living things fit in one drop of pond water?");
    expect(pdfText).toMatch(/D\s*=\s*N\s*V|D\s*=\s*V\s*N/);

    const word = await download(page, "Word (.docx)");
    expect(word.name).toMatch(/\.docx$/);
    const xml = execFileSync("unzip", ["-p", word.path, "word/document.xml"], { encoding: "utf8" });
    expect(xml).toContain(title);
    expect(xml).toContain("Compare the counts from the shallow and the deep end.");
    expect(xml).toContain("<m:oMath");

    const html = await download(page, "HTML");
    expect(html.name).toMatch(/\.html$/);
    const text = fs.readFileSync(html.path, "utf8");
    expect(text).toContain(`<h1>${title}</h1>`);
    expect(text).toContain("Explain");
    expect(text).toContain('class="katex"');
  });

  await test.step("copy it: the default title, and the copy says where it came from", async () => {
    await page.goto(link);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    const dialog = page.locator("#copy-modal");
    await expect(dialog.getByLabel("New title")).toHaveValue(`${title} (Copy)`);
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${title} (Copy)` })).toBeVisible();
    await expect(page.getByRole("region", { name: "About" })).toContainText(`Created by${TEACHER.name}Copied by${TEACHER.name} on`);
    await expect(page.getByRole("region", { name: "About" }).getByRole("link", { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Explain" }).locator(".math-equation .katex-html .mfrac")).toBeVisible();
    await saveShot(page, `journey-copy.png`, { fullPage: true });
  });

  await test.step("add resources by URL and by file; each invalid input shows its message", async () => {
    await page.goto("/search/");
    await page.getByRole("button", { name: "Add Resource" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Resource" });
    await expect(dialog.getByLabel("Title")).toBeVisible();

    // Title missing (and URL missing).
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("The title field is required.");
    await expect(dialog.getByLabel("URL")).toHaveAccessibleDescription("The URL field is required.");
    // A URL that is not http(s).
    await dialog.getByLabel("Title").fill(`${word} Pond Field Guide`);
    await dialog.getByLabel("URL").fill("ftp://ponds.example.org/guide");
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("URL")).toHaveAccessibleDescription("Please check that your URL is correct");
    await expectNoAxeViolations(page, "add resource form with errors");
    await dialog.getByLabel("URL").fill("https://ponds.example.org/guide");
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(`${word} Pond Field Guide`);

    await page.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("Title")).toBeVisible();
    const file = dialog.getByLabel("Choose a file");
    // The wrong type of file, then one that is too large.
    await file.setInputFiles({ name: "pond.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    await expect(file).toHaveAccessibleDescription(/The selected file type should be \(doc,docx,pdf,rtf,gif,jpeg,jpg,png\)/);
    await file.setInputFiles({ name: "pond-atlas.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(2049 * 1024)]) });
    await expect(file).toHaveAccessibleDescription(/The file may be at most 2048 KB\./);
    await saveShot(page, `journey-resource-file-errors.png`);
    await file.setInputFiles({ name: "pond-worksheet.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(dialog.getByRole("radio", { name: "File" })).toBeChecked();
    await expect(dialog.getByText("Chosen: pond-worksheet.pdf")).toBeVisible();
    await dialog.getByLabel("Title").fill(`${word} Pond Worksheet`);
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(`${word} Pond Worksheet`);
  });
});
