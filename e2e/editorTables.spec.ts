import { expect, test, type Page } from "@playwright/test";
import { TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";


/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** A collection of the teacher's with one saved section; answers its link. */
async function itemWithSection(page: Page, title: string, section: string): Promise<string> {
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const created = await page.request.post("/collections/create", { data: { title, description: "Made by the table tests" }, headers });
  expect(created.ok(), `create ${title}`).toBeTruthy();
  const { link } = (await created.json()) as { link: string };
  const saved = await page.request.post(`${link}/update`, { data: { title, sections: [{ title: section, html: "<p>Our results:</p>" }] }, headers });
  expect(saved.ok(), `save ${link}`).toBeTruthy();
  return link;
}

/** Presses Shift+Tab until `name`'s toolbar button has the focus. */
async function shiftTabToButton(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Shift+Tab");
    if (await page.evaluate((label) => document.activeElement?.getAttribute("aria-label") === label, name)) return;
  }
  throw new Error(`${name} not reached by Shift+Tab`);
}

test("an author inserts a 2×4 table with a header row by keyboard, writes in a header cell, saves, and the item's page shows it with its column headers", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Plant Table Collection`;
  const link = await itemWithSection(page, title, "Data");
  await page.goto(`${link}/edit`);
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();

  const box = page.getByRole("textbox", { name: "Data content" });
  await box.click();
  await page.keyboard.press("Control+End");
  await shiftTabToButton(page, "Table");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Insert table" });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole("spinbutton", { name: "Rows" });
  await expect(dialog.getByRole("spinbutton", { name: "Columns" })).toHaveValue("3");
  await expect(dialog.getByRole("checkbox", { name: "First row is a header row" })).toBeChecked();
  await expectNoAxeViolations(page, "Insert table dialog");

  // Out of bounds: said at each field, Insert refused, focus on the first wrong one.
  await rows.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("0");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("21");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Enter a whole number of rows from 1 to 20.")).toBeVisible();
  await expect(dialog.getByText("Enter a whole number of columns from 1 to 20.")).toBeVisible();
  await expect(rows).toBeFocused();
  await expect(rows).toHaveAccessibleDescription("Enter a whole number of rows from 1 to 20.");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await saveShot(page, `table-dialog-errors-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.keyboard.press("Control+A");
  await page.keyboard.type("2");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("4");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  // The caret is in the first header cell.
  const table = box.locator("table");
  await expect(table.locator("tr")).toHaveCount(2);
  await expect(table.locator("th")).toHaveCount(4);
  await expect(table.locator("td")).toHaveCount(4);
  await page.keyboard.type("Plant");
  await expect(table.locator("th").first()).toHaveText("Plant");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Height (cm)");
  await expect(table.locator("th").nth(1)).toHaveText("Height (cm)");

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await table.scrollIntoViewIfNeeded();
    await saveShot(page, `table-editor-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: /All changes saved at/ })).toBeVisible();

  // Stored with header cells that say what they head.
  const stored = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { html: string }[] };
  expect(stored.sections[0]!.html).toMatch(/<th[^>]*scope="col"[^>]*>.*Plant/);

  await page.goto(link);
  const section = page.getByRole("region", { name: "Data" });
  const shown = section.getByRole("table");
  await expect(shown).toBeVisible();
  await expect(shown.getByRole("columnheader")).toHaveText(["Plant", "Height (cm)", "", ""]);
  await expect(shown.getByRole("row")).toHaveCount(2);
  await expect(shown.getByRole("cell")).toHaveCount(4);
  await expectNoAxeViolations(page, "item page with a table");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await shown.scrollIntoViewIfNeeded();
    await saveShot(page, `table-item-page-${width}.png`);
    // The page itself does not scroll sideways for it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("a table wider than a phone scrolls in its own box, which Tab reaches by its headers' names, and the page does not scroll sideways; a table that fits stays out of the tab order", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Wide Table Collection`;
  const link = await itemWithSection(page, title, "Data");
  const heads = Array.from({ length: 12 }, (_, i) => `Week ${i + 1}`);
  const wide = `<table><tr>${heads.map((h) => `<th scope="col">${h}</th>`).join("")}</tr><tr>${heads.map(() => "<td>12.5</td>").join("")}</tr></table>`;
  const narrow = `<table><tr><th scope="col">Plant</th><th scope="col">Height</th></tr><tr><td>Bean</td><td>12</td></tr></table>`;
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const saved = await page.request.post(`${link}/update`, { data: { title, sections: [{ title: "Data", html: `<p>Growth:</p>${wide}<p>Summary:</p>${narrow}` }] }, headers });
  expect(saved.ok()).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  const section = page.getByRole("region", { name: "Data" });
  await expect(section.getByRole("table")).toHaveCount(2);
  const box = section.getByRole("region", { name: `Table: ${heads.join(", ")}` });
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute("tabindex", "0");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The narrow table fits: its box is no region and no tab stop.
  await expect(section.getByRole("region", { name: /^Table: Plant/ })).toHaveCount(0);
  await expect(section.locator(".table-scroll:not([tabindex])")).toHaveCount(1);
  // By keyboard: focus the box, then the arrow keys scroll it.
  await box.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page, "item page with a wide table at 390 px");
  await box.scrollIntoViewIfNeeded();
  await saveShot(page, `table-wide-390.png`);
});

test("on a phone the editor keeps a table's words whole (a header is not split mid-word) and scrolls the table in its own box; saving keeps the plain table", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Phone Table Collection`;
  const link = await itemWithSection(page, title, "Plan");
  const heads = ["Vocabulary", "Differentiation", "Assessment", "Accommodations"];
  const table = `<table><tr>${heads.map((h) => `<th scope="col">${h}</th>`).join("")}</tr><tr><td>photosynthesis</td><td>Small groups</td><td>Exit ticket</td><td>Extended time</td></tr></table>`;
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  expect((await page.request.post(`${link}/update`, { data: { title, sections: [{ title: "Plan", html: `<p>Plan:</p>${table}` }] }, headers })).ok()).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${link}/edit`);
  const editor = page.getByRole("textbox", { name: "Plan content" });
  await expect(editor.locator("th")).toHaveCount(4);
  // Each header and cell word sits on one line: its text makes one line box, not two or three pieces of a word.
  const lines = await editor.locator("th, td").evaluateAll((cells) =>
    cells.map((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
      }
      return [cell.textContent, tops.size];
    }),
  );
  expect(lines.filter(([text]) => !String(text).includes(" "))).toEqual([...heads, "photosynthesis"].map((word) => [word, 1]));
  // The page does not scroll sideways; the table's box does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const scroller = editor.locator(".rt-table-scroll");
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await saveShot(page, `table-editor-390.png`);

  // An edit in a cell, then Save: the stored section is the table itself, without the editor's scrolling box.
  await editor.locator("td").last().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" ok");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const storedHtml = async () => ((await (await page.request.get(`/api/content${link}`)).json()) as { sections: { html: string }[] }).sections[0]!.html;
  await expect.poll(storedHtml).toContain("Extended time ok");
  const html = await storedHtml();
  expect(html).toMatch(/^<p[^>]*>.*<\/p><table/);
  expect(html).not.toContain("rt-table-scroll");
});
