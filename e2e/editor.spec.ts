import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { TEACHER, expectNoAxeViolations, signInViaApi } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;
const SHOTS = "/tmp/shots";

/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** The session's CSRF token, for writes made with page.request. */
async function csrf(page: Page): Promise<string> {
  const res = await page.request.get("/getInitializeData");
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/** Creates a collection owned by the signed-in profile through the API; answers its link. */
async function createItem(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/collections/create", { data: { title, description: "Made by the editor tests" }, headers: { "X-CSRF-Token": await csrf(page) } });
  expect(res.ok(), `create ${title}`).toBeTruthy();
  return ((await res.json()) as { link: string }).link;
}

/** Saves an item's body through the API (so the item is no longer new). */
async function saveViaApi(page: Page, link: string, body: unknown): Promise<void> {
  const res = await page.request.post(`${link}/update`, { data: body, headers: { "X-CSRF-Token": await csrf(page) } });
  expect(res.ok(), `save ${link}: ${res.status()}`).toBeTruthy();
}

/** Opens the edit page and waits until the lock is taken (the editors become editable). */
async function openEditor(page: Page, link: string): Promise<void> {
  await page.goto(`${link}/edit`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
}

/** The rich-text box of a section by its name. */
const sectionBox = (page: Page, name: string) => page.getByRole("textbox", { name: `${name} content` });

test.describe("editing an item", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
  });

  test("an owner writes a heading and an equation, saves, reloads and finds them; the view page renders the math", async ({ page }) => {
    const title = `${unique()} Tides Collection`;
    const link = await createItem(page, title);
    await openEditor(page, link);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    // A new item: autosave is forced off until the first save.
    await expect(page.getByRole("checkbox", { name: "Autosave" })).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: "Autosave" })).not.toBeChecked();

    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByLabel("Section 1 title").fill("Introduction");
    const box = sectionBox(page, "Introduction");
    await box.click();
    await page.keyboard.type("Tides rise twice a day.");
    await page.keyboard.press("Enter");
    await page.getByRole("toolbar", { name: "Introduction content formatting" }).getByRole("button", { name: "Heading", exact: true }).click();
    await page.keyboard.type("Gravity");
    await page.keyboard.press("Enter");
    await page.keyboard.type("The pull is ");
    await page.getByRole("toolbar", { name: "Introduction content formatting" }).getByRole("button", { name: "Equation" }).click();

    const dialog = page.getByRole("dialog", { name: "Configure Equation" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Equation").fill("F = G\\frac{m_1 m_2}{r^2}");
    await dialog.getByLabel("Size/Zoom").fill("2");
    await expect(dialog.locator(".katex")).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/editor-equation-dialog.png` });
    await expectNoAxeViolations(page, "Configure Equation dialog");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    await expect(box.getByRole("heading", { name: "Gravity", level: 2 })).toBeVisible();
    await expect(box.locator(".katex .mfrac")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved at/)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Autosave" })).toBeEnabled();

    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/editor-edit-page.png`, fullPage: true });

    await page.reload();
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    const reloaded = sectionBox(page, "Introduction");
    await expect(reloaded).toContainText("Tides rise twice a day.");
    await expect(reloaded.getByRole("heading", { name: "Gravity", level: 2 })).toBeVisible();
    await expect(reloaded.getByRole("button", { name: "Equation F = G\\frac{m_1 m_2}{r^2}, edit" })).toBeVisible();
    await expect(reloaded.locator(".katex .mfrac")).toBeVisible();
    await expectNoAxeViolations(page, "edit page");

    await page.getByRole("link", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const section = page.getByRole("region", { name: "Introduction" });
    await expect(section.getByRole("heading", { name: "Introduction", level: 2 })).toBeVisible();
    await expect(section.getByRole("heading", { name: "Gravity", level: 2 })).toBeVisible();
    const math = section.locator(".math-equation");
    await expect(math.locator(".katex-html .mfrac")).toBeVisible();
    await expect(math).toHaveAttribute("style", "font-size:2em");
    await expect(math.locator("annotation")).toHaveText("F = G\\frac{m_1 m_2}{r^2}");
    // KaTeX's own fonts come from this server's bundle, not a CDN.
    const fontsLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      let loaded = 0;
      document.fonts.forEach((f) => {
        if (f.family.includes("KaTeX") && f.status === "loaded") loaded += 1;
      });
      return loaded;
    });
    expect(fontsLoaded).toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
    await expectNoAxeViolations(page, "view page");
    await page.screenshot({ path: `${SHOTS}/editor-view-page.png`, fullPage: true });
  });

  test("removing a section asks first, and Undo brings it back with its text", async ({ page }) => {
    const link = await createItem(page, `${unique()} Undo Collection`);
    await saveViaApi(page, link, { title: "Undo practice", sections: [{ title: "Keep me", html: "<p>first</p>" }, { title: "Remove me", html: "<p>second words</p>" }] });
    await openEditor(page, link);
    await sectionBox(page, "Remove me").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" and more");

    await page.getByRole("button", { name: "Remove Remove me" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove section" });
    await expect(confirm).toContainText("Are you sure you want to remove this section?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(sectionBox(page, "Remove me")).toBeVisible();

    await page.getByRole("button", { name: "Remove Remove me" }).click();
    await page.getByRole("alertdialog", { name: "Remove section" }).getByRole("button", { name: "Remove" }).click();
    await expect(sectionBox(page, "Remove me")).toHaveCount(0);
    const undoBar = page.getByRole("status").filter({ hasText: "Section “Remove me” removed." });
    await expect(undoBar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/editor-undo-bar.png` });
    await undoBar.getByRole("button", { name: "Undo" }).click();
    await expect(sectionBox(page, "Remove me")).toContainText("second words and more");
    await expect(page.getByRole("textbox", { name: /content$/ })).toHaveCount(2);

    // Reorder: move it up, save, and the view shows the new order.
    await page.getByRole("button", { name: "Move Remove me up" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved at/)).toBeVisible();
    await page.goto(link);
    await expect(page.locator(".item-section__title")).toHaveText(["Remove me", "Keep me"]);
  });

  test("a second editor is told who holds the lock and cannot change the text", async ({ page, browser }) => {
    const link = await createItem(page, `${unique()} Lock Collection`);
    await openEditor(page, link);

    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await signInViaApi(second, MODERATOR);
      await second.goto(`${link}/edit`);
      await expect(second.getByRole("alert")).toContainText("This item is being edited by Maria Lopez.");
      await expect(second.getByRole("button", { name: "+ Add section" })).toBeDisabled();
      await expect(second.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
      await expectNoAxeViolations(second, "edit page, locked by someone else");
      await second.screenshot({ path: `${SHOTS}/editor-locked.png` });
    } finally {
      await other.close();
    }
  });

  test("a save that fails (the session ended) says so and keeps the text", async ({ page }) => {
    const link = await createItem(page, `${unique()} Failing Collection`);
    await openEditor(page, link);
    await page.getByRole("button", { name: "+ Add section" }).click();
    await sectionBox(page, "Section 1").click();
    await page.keyboard.type("Words that must not be lost");

    // Sign out behind the page's back (another tab, say).
    const logout = await page.request.post("/auth/logout", { headers: { "X-CSRF-Token": await csrf(page) } });
    expect(logout.ok()).toBeTruthy();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Your changes could not be saved. They are still here; please try again.");
    await expect(sectionBox(page, "Section 1")).toHaveText("Words that must not be lost");
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
    await expect(alert.getByRole("link", { name: "Sign in again in a new tab" })).toHaveAttribute("target", "_blank");
    await page.screenshot({ path: `${SHOTS}/editor-save-failed.png` });

    // Signing in again elsewhere and saving once more keeps every word.
    await signInViaApi(page, TEACHER);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved at/)).toBeVisible();
    const stored = await page.request.get(`/api/content${link}`);
    expect(((await stored.json()) as { sections: { html: string }[] }).sections[0]!.html).toContain("Words that must not be lost");
  });

  test("with no edit activity until the lock expires the page says Edit time expired", async ({ page }) => {
    const link = await createItem(page, `${unique()} Idle Collection`);
    await page.clock.install();
    await openEditor(page, link);
    await expect(page.getByText("Edit time expired")).toHaveCount(0);
    // edit_lock_expiry is 900 seconds by default.
    await page.clock.fastForward("15:01");
    await expect(page.getByText("Edit time expired")).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh Page to continue" })).toBeVisible();
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/editor-expired.png` });
  });

  test("autosave saves changes when its countdown completes", async ({ page }) => {
    const link = await createItem(page, `${unique()} Autosave Collection`);
    await saveViaApi(page, link, { title: "Autosave practice", sections: [{ title: "Notes", html: "<p>start</p>" }] });
    await page.clock.install();
    await openEditor(page, link);
    const toggle = page.getByRole("checkbox", { name: "Autosave" });
    await expect(toggle).toBeChecked();
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toBeVisible();

    await sectionBox(page, "Notes").click();
    await page.keyboard.press("End");
    await page.keyboard.type(" autosaved");
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
    // auto_save_time is 60 seconds by default.
    await page.clock.runFor(61_000);
    await expect(page.getByText(/All changes saved at/)).toBeVisible();
    const stored = await page.request.get(`/api/content${link}`);
    expect(((await stored.json()) as { sections: { html: string }[] }).sections[0]!.html).toContain("start autosaved");
  });
});
