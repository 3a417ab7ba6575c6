import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, openSearch, resultCards, signInViaApi } from "./helpers.js";

/** A word no seeded item carries, so each run's new items are easy to find. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** Signs in as the teacher and opens the creator modal from the header. */
async function openCreator(page: Page) {
  await signInViaApi(page);
  await openSearch(page);
  await page.getByRole("button", { name: "Create", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("creating collections and groups", () => {
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
    await expectNoAxeViolations(page, "create group form with errors");
  });

  test("a member creates a collection and finds it in search", async ({ page }) => {
    const title = `${unique()} Tide Pool Collection`;
    const dialog = await openCreator(page);
    await dialog.getByText("Collection", { exact: true }).dblclick();
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("Title is required.");

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Creatures of the shore");
    await dialog.getByRole("button", { name: "Create Collection" }).click();
    await expect(dialog.getByRole("status")).toContainText("Collection created.");
    await dialog.getByRole("link", { name: `Find ${title} in search` }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).getByRole("heading", { name: title })).toBeVisible();
  });

  test("a member creates a group; Choose Another Type goes back", async ({ page }) => {
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
    await expect(dialog.getByRole("status")).toContainText("Group created.");
    await dialog.getByRole("link", { name: `Find ${name} in search` }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).getByRole("heading", { name })).toBeVisible();
  });
});
