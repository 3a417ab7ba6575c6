import { expect, test } from "@playwright/test";
import { TEACHER, csrfToken, expectNoAxeViolations, openSearch, resultCards, signInViaApi, saveShot } from "./helpers.js";


/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zi${Date.now().toString(36)}`;

test.describe("icon picker in the thumbnail designer", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
  });

  test("an owner searches icons, meets 'Icon type not found', picks one by keyboard and mouse, and the item's thumbnail and card show it", async ({ page }) => {
    // Under load the grid's icons (one SVG each) can take a while on a shared machine.
    test.setTimeout(60_000);
    const word = unique();
    const title = `${word} Orchard Collection`;
    const created = await page.request.post("/collections/create", { data: { title, description: "Apples and pears" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(created.ok()).toBeTruthy();
    const link = ((await created.json()) as { link: string }).link;

    await page.goto(link);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await dialog.getByRole("tab", { name: "Theme Settings" }).click();

    const picker = dialog.getByRole("group", { name: "Icon", exact: true });
    await expect(picker).toContainText("None chosen: the content type's own icon.");
    // Only the styles the server has, named and ordered as the first document names them (Light and Duotone are Pro).
    await expect(picker.getByRole("tablist", { name: "Icon styles" }).getByRole("tab")).toHaveText(["Regular", "Solid", "Brands"]);
    await expect(picker.getByRole("tab", { name: "Solid" })).toHaveAttribute("aria-selected", "true");
    const grid = picker.getByRole("group", { name: "Solid icons" });
    await expect(grid).toHaveCSS("max-height", `${16 * 16}px`);
    expect(await grid.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Unsearched, the common icons come first.
    await expect(grid.getByRole("button").first()).toHaveAccessibleName("Apple Whole");
    await page.waitForLoadState("networkidle");
    await saveShot(picker, `icon-picker-initial.png`);
    // 96 are drawn at first; scrolling to the grid's end draws more.
    await expect(grid.getByRole("button")).toHaveCount(96);
    await grid.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => grid.getByRole("button").count()).toBeGreaterThan(96);

    const search = picker.getByRole("searchbox", { name: "Search icons" });
    await search.fill("qwxz nonsense");
    await expect(picker.getByRole("status")).toHaveText("Icon type not found");
    await expect(grid).toHaveCount(0);

    // Search reads terms too: "diploma" is a term of Graduation Cap, not its name.
    await search.fill("diploma");
    const cap = grid.getByRole("button", { name: "Graduation Cap" });
    await expect(cap).toBeVisible();
    await expect(cap).toHaveAttribute("aria-pressed", "false");

    // The keyboard: Tab reaches the grid's one tab stop, arrow keys move, Enter picks.
    await search.fill("book");
    const first = grid.getByRole("button").first();
    await search.focus();
    await page.keyboard.press("Tab");
    await expect(picker.getByRole("tab", { name: "Solid" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowRight");
    const second = grid.getByRole("button").nth(1);
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(grid.getByRole("button", { pressed: true })).toHaveCount(1);
    // End walks past what is drawn (96 of 149 arrows): the last is drawn and focused; Home goes back.
    await search.fill("arrow");
    await expect(grid.getByRole("button")).toHaveCount(96);
    await first.focus();
    await page.keyboard.press("End");
    await expect(grid.getByRole("button")).toHaveCount(149);
    await expect(grid.getByRole("button").last()).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();

    await search.fill("graduation");
    await cap.click();
    await expect(cap).toHaveAttribute("aria-pressed", "true");
    await expect(picker).toContainText("Chosen: Graduation Cap (Solid)");
    await dialog.getByLabel("Icon color").fill("#aa3300");
    const preview = dialog.getByRole("img", { name: /thumbnail preview/ });
    await expect(preview.locator('[data-icon="fas graduation-cap"]')).toHaveCSS("background-color", "rgb(170, 51, 0)");

    // Brands are a style of their own.
    await picker.getByRole("tab", { name: "Brands" }).click();
    await search.fill("github");
    await expect(picker.getByRole("group", { name: "Brands icons" }).getByRole("button", { name: "Github", exact: true })).toBeVisible();
    await search.fill("graduation");
    await picker.getByRole("tab", { name: "Solid" }).click();
    await expectNoAxeViolations(page, "thumbnail designer with the icon picker");
    await picker.scrollIntoViewIfNeeded();
    await saveShot(page, `icon-picker.png`);

    await dialog.getByRole("button", { name: "Save Thumbnail" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Thumbnail saved.")).toBeVisible();

    // The item page draws the chosen icon in the icon colour, from the icon's SVG.
    const pageThumb = page.getByRole("img", { name: `${title} thumbnail` });
    const glyph = pageThumb.locator('[data-icon="fas graduation-cap"]');
    await expect(glyph).toHaveCSS("background-color", "rgb(170, 51, 0)");
    expect(await glyph.evaluate((el) => getComputedStyle(el).maskImage)).toContain("/system/icons/fas/graduation-cap.svg");
    const svg = await page.request.get("/system/icons/fas/graduation-cap.svg");
    expect(svg.headers()["content-type"]).toBe("image/svg+xml");
    await saveShot(pageThumb, `item-thumbnail.png`);

    // So does its search card.
    await openSearch(page, `?st=${word.toLowerCase()}`);
    const card = resultCards(page).filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.locator('.designed-thumb [data-icon="fas graduation-cap"]')).toHaveCSS("background-color", "rgb(170, 51, 0)");
    await saveShot(card, `icon-card.png`);

    // Clear brings back the type's own icon.
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    await dialog.getByRole("tab", { name: "Theme Settings" }).click();
    await expect(picker).toContainText("Chosen: Graduation Cap (Solid)");
    await picker.getByRole("button", { name: "Clear the chosen icon" }).click();
    await expect(picker).toContainText("None chosen");
    await dialog.getByRole("button", { name: "Save Thumbnail" }).click();
    await expect(dialog).toBeHidden();
    await expect(pageThumb.locator("[data-icon]")).toHaveCount(0);
  });

  test("on a phone the picker fits the designer; a failed icon list is silently ignored", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const title = `${unique()} Pocket Collection`;
    const created = await page.request.post("/collections/create", { data: { title, description: "Small screens" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    const link = ((await created.json()) as { link: string }).link;
    await page.goto(link);
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    const dialog = page.getByRole("dialog", { name: "Thumbnail Designer" });
    await dialog.getByRole("tab", { name: "Theme Settings" }).click();
    const picker = dialog.getByRole("group", { name: "Icon", exact: true });
    const grid = picker.getByRole("group", { name: "Solid icons" });
    await expect(grid.getByRole("button").first()).toBeVisible();
    const box = (await grid.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await grid.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await picker.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    await saveShot(page, `icon-picker-390.png`);

    // The list fails: no toast, no false 'Icon type not found'; the rest of the designer works.
    await page.route("**/system/icons/supported**", (route) => route.abort("connectionrefused"));
    await page.reload();
    await page.getByRole("button", { name: "Design Thumbnail" }).click();
    await dialog.getByRole("tab", { name: "Theme Settings" }).click();
    await expect(picker).toContainText("None chosen");
    await expect(picker.getByRole("tablist")).toHaveCount(0);
    await expect(picker.getByText("Loading icons…")).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText("Icon type not found")).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.locator(".toast")).toHaveCount(0);
    await expect(dialog.getByLabel("Icon color")).toBeVisible();
  });
});
