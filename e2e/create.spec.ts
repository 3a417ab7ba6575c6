import { expect, test, type Page } from "@playwright/test";
import { addResource, expectNoAxeViolations, openCreator, openSearch, resultCards, saveShot } from "./helpers.js";

/** A word no seeded item carries, so each run's new items are easy to find. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** Presses Shift+Tab until the locator has focus (a few steps at most). */
async function tabBackTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 5 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Shift+Tab");
  await expect(target).toBeFocused();
}

test.describe("creating collections and groups", () => {
  test("by keyboard, confirming a type puts focus on its form's first field, and Choose Another Type on the chosen type", async ({ page }) => {
    const dialog = await openCreator(page);
    await expect(dialog.getByRole("radio", { name: "Resource" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(dialog.getByRole("radio", { name: "Collection" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Create a collection" })).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await tabBackTo(page, dialog.getByRole("button", { name: "Choose Another Type" }));
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("radio", { name: "Collection" })).toBeFocused();
    await expect(dialog.getByRole("radio", { name: "Collection" })).toBeChecked();
    // A curriculum type's first field is its Title (its templates are buttons before it).
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("radio", { name: "Outline" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Title")).toBeFocused();
  });

  test("the creator modal passes axe", async ({ page }) => {
    const dialog = await openCreator(page);
    await expect(dialog.getByRole("radio", { name: "Resource" })).toBeChecked();
    await expectNoAxeViolations(page, "creator modal");
    await dialog.getByRole("radio", { name: /Group/ }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog.getByLabel("Who can join")).toBeVisible();
    await expectNoAxeViolations(page, "create group form");
    await dialog.getByRole("button", { name: "Create Group" }).click();
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required.");
    // The field is labelled About, and its message says About (as the group page's edit does), not Description.
    await expect(dialog.getByLabel("About", { exact: true })).toHaveAccessibleDescription("About is required.");
    await expectNoAxeViolations(page, "create group form with errors");
  });

  test("a member creates a collection and lands in its editor, adds an item there (shown on its page), then finds it in search", async ({ page }) => {
    const title = `${unique()} Tide Pool Collection`;
    const dialog = await openCreator(page);
    const resource = `${unique()} Hermit Crab Guide`;
    await addResource(page, resource, { url: "https://example.org/hermit-crabs" });
    await dialog.getByText("Collection", { exact: true }).dblclick();
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("Title is required.");

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Creatures of the shore");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    // First document, routes: the redirect target after creating a collection is its link plus /edit.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/collections\/[\w-]+\/edit$/);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    // Focus starts on the new page's heading (it appears once the item has loaded), not back on the header's Create.
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeFocused();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Collection created.");

    // The editor, where a new collection lands, lists its items after the title and description, with Add Item.
    const items = page.getByRole("region", { name: "Items in this collection" });
    await expect(items.getByText("This collection has no items yet.")).toBeVisible();
    const fieldsAbove = await page.getByLabel("Description").evaluate((field, list) => !!(field.compareDocumentPosition(list!) & Node.DOCUMENT_POSITION_FOLLOWING), await items.elementHandle());
    expect(fieldsAbove, "the items follow the description").toBe(true);
    await expectNoAxeViolations(page, "a new collection's edit page");
    await items.getByRole("button", { name: "Add Item" }).click();
    const addItem = page.getByRole("dialog", { name: "Add Item" });
    await addItem.getByRole("searchbox", { name: "Search" }).fill(resource.split(" ")[0]!);
    await addItem.getByRole("button", { name: `Add ${resource}` }).click();
    await expect(addItem.getByRole("button", { name: `Added ${resource}` })).toBeVisible();
    await addItem.getByRole("button", { name: "Close" }).click();
    await expect(items.getByRole("heading", { name: resource })).toBeVisible();
    await expect(items.getByRole("button", { name: `Remove ${resource}` })).toBeVisible();
    await expectNoAxeViolations(page, "a collection's edit page with an item");
    await page.setViewportSize({ width: 1366, height: 768 });
    await saveShot(page, "collection-edit-1366-items.png");
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveShot(page, "collection-edit-1366.png");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveShot(page, "collection-edit-390.png");
    await items.evaluate((list) => list.scrollIntoView());
    await saveShot(page, "collection-edit-390-items.png");
    await page.setViewportSize({ width: 1366, height: 768 });

    // Its page shows the item too.
    await page.getByRole("link", { name: "View", exact: true }).click();
    await expect(page).toHaveURL(/\/collections\/[\w-]+$/);
    await expect(items.getByRole("heading", { name: resource })).toBeVisible();
    await openSearch(page, `?st=${encodeURIComponent(title.toLowerCase())}&f[t][]=collections`);
    await expect(resultCards(page).getByRole("heading", { name: title })).toBeVisible();
  });

  test("a member creates a group and lands on its page; Choose Another Type goes back", async ({ page }) => {
    const name = `${unique()} Estuary Educators`;
    const dialog = await openCreator(page);
    await dialog.getByRole("radio", { name: "Collection" }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(dialog.getByLabel("Title")).toBeVisible();
    await dialog.getByRole("button", { name: "Choose Another Type" }).click();
    await dialog.getByRole("radio", { name: /Group/ }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();

    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("About").fill("Teachers who study estuaries together.");
    await expect(dialog.getByLabel("Who can join")).toHaveValue("6");
    await expect(dialog.getByLabel("Who can see the group")).toHaveValue("3");
    await dialog.getByRole("button", { name: "Create Group" }).click();
    // First document, routes: the redirect target after creating a group is the new group's link.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/groups\/[\w-]+$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Teachers who study estuaries together.")).toBeVisible();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Group created.");
  });

  test("an 'Invitation only' group created with 'Also take requests to join' takes requests (can_request_join); the box belongs to that choice only", async ({ page }) => {
    const name = `${unique()} Marsh Mentors`;
    const dialog = await openCreator(page);
    await dialog.getByRole("radio", { name: /Group/ }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("About").fill("Mentors of marsh studies.");
    const asks = dialog.getByRole("checkbox", { name: "Also take requests to join" });
    await expect(asks).toHaveCount(0);
    await dialog.getByLabel("Who can join").selectOption({ label: "Invitation only" });
    await asks.check();
    await expectNoAxeViolations(page, "create group form taking requests");
    await dialog.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const members = page.getByRole("region", { name: "Members" });
    await expect(members.getByLabel("Who can join")).toHaveValue("4");
    await expect(members.getByRole("checkbox", { name: "Also take requests to join" })).toBeChecked();
  });
});
