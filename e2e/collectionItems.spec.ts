import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, TEACHER, addResource, csrfToken, expectNoAxeViolations, signInViaApi, switchTo, tabTo, titleSortKey, saveShot } from "./helpers.js";

const stamp = Date.now().toString(36);

/** A new public collection of the signed-in profile's: its link. */
async function createCollection(page: Page, title: string): Promise<string> {
  const res = await page.request.post("/collections/create", { data: { title }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), `create ${title}`).toBeTruthy();
  return ((await res.json()) as { link: string }).link;
}

const itemsRegion = (page: Page) => page.getByRole("region", { name: "Items in this collection" });
const viewAll = (page: Page) => page.getByRole("dialog", { name: "Add Item" });

test("a collection's owner adds items from its page (the View All modal, by keyboard) and removes one; a member sees neither control", async ({ page }) => {
  const shelf = `Tide Shelf ${stamp}`;
  const guide = `Anemone Guide ${stamp}`;
  await signInViaApi(page, TEACHER);
  await addResource(page, guide, { url: "https://example.org/anemones" });
  const link = await createCollection(page, shelf);
  await page.goto(link);
  await expect(itemsRegion(page).getByText("This collection has no items yet.")).toBeVisible();

  // Add Item opens the View All modal: the first type, titles A to Z, 12 a page, at most two pages before the full search.
  const addItem = itemsRegion(page).getByRole("button", { name: "Add Item" });
  await tabTo(page, addItem, 80);
  await page.keyboard.press("Enter");
  const dialog = viewAll(page);
  await expect(dialog).toBeVisible();
  await expect(page.locator("#view-all-modal")).toBeVisible();
  const type = dialog.getByRole("combobox", { name: "Type" });
  await expect(type).toHaveValue("resources");
  const cards = dialog.getByRole("article");
  await expect(cards).toHaveCount(12);
  await expect(dialog.getByText("Page 1 of 2")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /^See all [\d,]+ in search$/ })).toHaveAttribute("href", /f%5Bt%5D%5B%5D=resources.*|s=title_lsort_asc/);
  const firstTitles = await cards.getByRole("heading").allTextContents();
  // A to Z as search sorts titles (a leading "The" aside).
  expect([...firstTitles].sort((a, b) => titleSortKey(a).localeCompare(titleSortKey(b)))).toEqual(firstTitles);
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Page 2 of 2")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Next" })).toBeDisabled();
  // Escape does not close it (the spec's rule): a half-done pick is not lost.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  // Another type starts over at page 1; a search finds the new resource, which is added by keyboard.
  await type.selectOption("lesson_plans");
  await expect(dialog.getByText(/^Page 1 of/)).toBeVisible();
  await type.selectOption("resources");
  const search = dialog.getByRole("searchbox", { name: "Search" });
  await search.fill("an");
  await expect(dialog.getByText("Please enter at least 3 characters to search.")).toBeVisible();
  // A term nothing matches: the empty state names the listed type (the second document's 'No {label} found').
  await search.fill(`zzq${stamp}`);
  await expect(dialog.getByText("No Resources found", { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await search.fill(stamp);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(guide);
  // One page of results: no pager ("Page 1 of 1" with two dead buttons, as it was).
  await expect(dialog.getByText(/^Page \d+ of/)).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Next" })).toHaveCount(0);
  const add = dialog.getByRole("button", { name: `Add ${guide}` });
  await tabTo(page, add, 20);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("status").first()).toHaveText(`${guide}: Added to ${shelf}.`);
  await expect(dialog.getByRole("button", { name: `Added ${guide}` })).toBeDisabled();
  // The pressed Add turned into Added and keeps the keyboard's focus inside the modal.
  await expect(dialog.getByRole("button", { name: `Added ${guide}` })).toBeFocused();
  await expectNoAxeViolations(page, "the View All modal (Add Item)");
  await saveShot(page, `view-all-add-item-1366.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await search.fill("");
  await expect(cards).toHaveCount(12);
  await saveShot(page, `view-all-add-item-390.png`);
  await page.setViewportSize({ width: 1366, height: 900 });

  // Close (the only way out) gives focus back to Add Item, and the collection lists the item.
  await tabTo(page, dialog.getByRole("button", { name: "Close" }), 60);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(addItem).toBeFocused();
  await expect(itemsRegion(page).getByRole("article")).toHaveCount(1);
  await expect(itemsRegion(page).getByRole("heading", { name: guide })).toBeVisible();

  // A member who may only read the collection sees its items without Add Item or Remove.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(itemsRegion(page).getByRole("heading", { name: guide })).toBeVisible();
  await expect(itemsRegion(page).getByRole("button", { name: "Add Item" })).toHaveCount(0);
  await expect(itemsRegion(page).getByRole("button", { name: /^Remove/ })).toHaveCount(0);

  // The owner removes it, after a confirmation; the item itself stays.
  await switchTo(page, TEACHER);
  await page.goto(link);
  await tabTo(page, itemsRegion(page).getByRole("button", { name: `Remove ${guide}` }), 80);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Remove item" });
  await expect(confirm).toContainText(`Remove “${guide}” from ${shelf}? The item itself is not deleted.`);
  await page.keyboard.press("Shift+Tab");
  await expect(confirm.getByRole("button", { name: "Remove", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Removed from ${shelf}.`)).toBeVisible();
  // The Remove button went with its item: focus is on the list's heading, not dropped to the page's start.
  await expect(itemsRegion(page).getByRole("heading", { name: "Items in this collection" })).toBeFocused();
  await expect(itemsRegion(page).getByText("This collection has no items yet.")).toBeVisible();
  await page.reload();
  await expect(itemsRegion(page).getByText("This collection has no items yet.")).toBeVisible();
});

test("an administrator features a public collection in every page's footer from its page; members are not offered it", async ({ page }) => {
  const shelf = `Reef Picks ${stamp}`;
  await signInViaApi(page, TEACHER);
  const link = await createCollection(page, shelf);
  // The footer shows a collection with items: one goes in by the add-to-collection call.
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const made = await page.request.post("/resources/create-fetch", { data: { title: `Reef Map ${stamp}`, url: "https://example.org/reef" }, headers });
  const collectionId = ((await (await page.request.get(`/api${link.replace("/collections/", "/content/collections/")}`)).json()) as { id: number }).id;
  const added = await page.request.post("/collections/items", { data: { type: "resource", type_id: ((await made.json()) as { response: { id: number } }).response.id, collection_id: [collectionId] }, headers });
  expect(added.ok()).toBeTruthy();
  await page.goto(link);
  await expect(itemsRegion(page).getByRole("button", { name: "Add Item" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Feature in footer" })).toHaveCount(0);

  await switchTo(page, ADMIN);
  const before = ((await (await page.request.get("/api/carousels/featured")).json()) as { uid: string }).uid;
  try {
    await page.goto(link);
    const feature = itemsRegion(page).getByRole("button", { name: "Feature in footer" });
    await tabTo(page, feature, 80);
    await page.keyboard.press("Enter");
    await expect(page.getByText(`${shelf} is now the featured collection.`)).toBeVisible();
    await expect(itemsRegion(page).getByText("Featured in the footer")).toBeVisible();
    await expect(page.getByRole("region", { name: `Featured collection ${shelf}` })).toBeVisible();
  } finally {
    // The footer is every test's: it goes back to the demo's choice.
    const res = await page.request.put("/api/carousels/featured", { data: { uid: before }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(res.ok()).toBeTruthy();
  }
});

test("a collection's owner puts its items in order with Move up and Move down (kept after a reload); a member sees neither", async ({ page }) => {
  const shelf = `Order Shelf ${stamp}`;
  const [first, second] = [`Barnacle Chart ${stamp}`, `Crab Key ${stamp}`];
  await signInViaApi(page, TEACHER);
  const link = await createCollection(page, shelf);
  const collection = (await (await page.request.get(`/api/content${link}`)).json()) as { id: number };
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  for (const title of [first, second]) {
    const itemLink = await addResource(page, title, { url: "https://example.org/shore" });
    const item = (await (await page.request.get(`/api/content${itemLink}`)).json()) as { id: number };
    expect((await page.request.post("/collections/items", { data: { type: "resource", type_id: item.id, collection_id: [collection.id] }, headers })).ok()).toBeTruthy();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  const titles = itemsRegion(page).getByRole("article").getByRole("heading");
  await expect(titles).toHaveText([first, second]);
  // The first has no Move up, the last no Move down.
  await expect(itemsRegion(page).getByRole("button", { name: `Move up ${first}` })).toHaveCount(0);
  await expect(itemsRegion(page).getByRole("button", { name: `Move down ${second}` })).toHaveCount(0);
  // By keyboard: Move up takes the second to the top, where it has no Move up: its Move down has the focus, not <body>.
  const moveButton = (direction: "up" | "down", title: string) => itemsRegion(page).getByRole("button", { name: `Move ${direction} ${title}` });
  await moveButton("up", second).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`Moved ${second} up. It is now 1 of 2.`);
  await expect(titles).toHaveText([second, first]);
  await expect(moveButton("down", second)).toBeFocused();
  // And back down to the end, where its Move up takes the focus; then up again.
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText([first, second]);
  await expect(moveButton("up", second)).toBeFocused();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`Moved ${second} down. It is now 2 of 2.`);
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText([second, first]);
  await expect(moveButton("down", second)).toBeFocused();
  // On a phone the buttons sit under the card's text, which keeps the width of its column.
  const card = itemsRegion(page).getByRole("article").first();
  const heading = (await card.getByRole("heading").boundingBox())!;
  const button = (await card.getByRole("button", { name: `Move down ${second}` }).boundingBox())!;
  expect(button.y, "Move down below the title").toBeGreaterThan(heading.y + heading.height);
  await expectNoAxeViolations(page, "collection items with Move up and Move down");
  await page.reload();
  await expect(titles).toHaveText([second, first]);

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(titles).toHaveText([second, first]);
  await expect(itemsRegion(page).getByRole("button", { name: /^Move (up|down) / })).toHaveCount(0);
});
