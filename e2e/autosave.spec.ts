import { expect, test, type Page } from "@playwright/test";
import { TEACHER, csrfToken, holdRequests, signInViaApi, saveShot } from "./helpers.js";


/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** Creates a collection owned by the signed-in profile through the API; answers its link. */
async function createItem(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/collections/create", { data: { title, description: "Made by the autosave tests" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), `create ${title}`).toBeTruthy();
  return ((await res.json()) as { link: string }).link;
}

/** Counts the saves (POST {link}/update) the page sends. */
function countSaves(page: Page, link: string): { count(): number } {
  let saves = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === `${link}/update`) saves += 1;
  });
  return { count: () => saves };
}

const toggle = (page: Page) => page.getByRole("checkbox", { name: "Autosave" });
const saved = (page: Page) => page.getByRole("status").filter({ hasText: /All changes saved at/ });

test.describe("autosave (second document, section 4)", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
  });

  test("forced off on a new item; after the first save the author turns it on and it saves at once; then it saves only at the end of a cycle with changes", async ({ page }) => {
    const link = await createItem(page, `${unique()} Autosave Journey Collection`);
    const saves = countSaves(page, link);
    await page.clock.install();
    await page.goto(`${link}/edit`);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();

    // New: off, the switch disabled, and the reason read with it.
    await expect(toggle(page)).toBeDisabled();
    await expect(toggle(page)).not.toBeChecked();
    await expect(toggle(page)).toHaveAccessibleDescription("Autosave starts after the first save.");
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toHaveCount(0);
    // Time alone does nothing while it is forced off, changes or not.
    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByRole("textbox", { name: "Section 1 content" }).click();
    await page.keyboard.type("First words.");
    await page.clock.runFor(61_000);
    expect(saves.count()).toBe(0);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saved(page)).toBeVisible();
    expect(saves.count()).toBe(1);
    // The first save lets the author choose it; it does not switch itself on (and so start without its own save).
    await expect(toggle(page)).toBeEnabled();
    await expect(toggle(page)).not.toBeChecked();
    await expect(toggle(page)).toHaveAccessibleDescription("Off");
    await page.clock.runFor(61_000);
    expect(saves.count()).toBe(1);

    // Turning it on saves at once.
    await toggle(page).check();
    await expect.poll(() => saves.count()).toBe(2);
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toBeVisible();
    await expect(saved(page)).toBeVisible();
    await saveShot(page, `autosave-on.png`);

    // Whole cycles without changes: no save.
    await page.clock.runFor(125_000);
    expect(saves.count()).toBe(2);

    // A change: saved when the cycle completes, not before.
    await page.getByRole("textbox", { name: "Section 1 content" }).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" Then more.");
    await expect(page.getByRole("status").filter({ hasText: "Unsaved changes" })).toBeVisible();
    await page.clock.runFor(61_000);
    await expect.poll(() => saves.count()).toBe(3);
    await expect(saved(page)).toBeVisible();
    const stored = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { html: string }[] };
    expect(stored.sections[0]!.html).toContain("First words. Then more.");
    await page.clock.runFor(61_000);
    expect(saves.count()).toBe(3);
  });

  test("on by default for a saved item, but not before the page holds the edit lock", async ({ page }) => {
    const link = await createItem(page, `${unique()} Autosave Lock Collection`);
    const first = await page.request.post(`${link}/update`, { data: { title: "Autosave lock", sections: [{ title: "Notes", html: "<p>start</p>" }] }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(first.ok()).toBeTruthy();
    const saves = countSaves(page, link);
    const release = await holdRequests(page, "**/update-lock");
    await page.goto(`${link}/edit`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The lock is still being taken: nothing may be written, so autosave is off and its switch disabled, with why.
    await expect(toggle(page)).toBeDisabled();
    await expect(toggle(page)).not.toBeChecked();
    await expect(toggle(page)).toHaveAccessibleDescription("Autosave waits until this page may edit the item.");
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `autosave-waiting-phone.png`);

    release();
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    await expect(toggle(page)).toBeEnabled();
    await expect(toggle(page)).toBeChecked();
    await expect(page.getByRole("progressbar", { name: "Time until the next autosave" })).toBeVisible();
    expect(saves.count()).toBe(0);
  });
});

test.describe("the save time", () => {
  // A reader whose browser writes times otherwise (24-hour, D.M.YYYY) still reads the spec's M/D/YYYY and h:mm AM/PM.
  test.use({ locale: "de-DE", timezoneId: "UTC" });

  test("All changes saved at is written M/D/YYYY, h:mm AM/PM whatever the browser's locale", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const link = await createItem(page, `${unique()} Save Time Collection`);
    await page.clock.install({ time: new Date("2027-02-05T21:05:00Z") });
    await page.goto(`${link}/edit`);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(saved(page)).toHaveText(/^All changes saved at 2\/5\/2027, 9:0\d PM\.$/);
  });
});
