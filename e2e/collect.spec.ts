import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, openSearch, resultCards, tabTo, csrfToken, saveShot } from "./helpers.js";

/** A seeded resource (server/seed/vocabulary.ts: Science, "photosynthesis") and the search that shows it. */
const ITEM = "Photosynthesis Graphic Organizer";
const QUERY = "?st=photosynthesis";

/** A member of its own for this file, so its collections start empty and no other spec's data gets in the way. */
const RUN = Date.now().toString(36);
const MEMBER = { name: "Casey Collector", username: `collector-${RUN}`, email: `collector-${RUN}@example.test`, password: "collector-pass-1" };
const COLLECTION = `Science Week ${RUN}`;

/** Registers MEMBER the first time, signs it in after that (the page's context keeps the cookie). */
let registered = false;
async function signInMember(page: Page): Promise<void> {
  const token = await csrfToken(page.request);
  const response = registered
    ? await page.request.post("/auth", { data: { username: MEMBER.username, password: MEMBER.password }, headers: { "X-CSRF-Token": token } })
    : await page.request.post("/auth/register", { data: MEMBER, headers: { "X-CSRF-Token": token } });
  expect(response.ok(), `sign in ${MEMBER.username}: ${response.status()}`).toBeTruthy();
  registered = true;
}

/** Creates a collection for the signed-in profile without the UI; answers its link. */
async function createCollectionViaApi(page: Page, title: string): Promise<string> {
  const token = await csrfToken(page.request);
  const response = await page.request.post("/collections/create", { data: { title }, headers: { "X-CSRF-Token": token } });
  expect(response.ok(), `create ${title}`).toBeTruthy();
  return ((await response.json()) as { link: string }).link;
}

const collectButton = (page: Page, title: string): Locator => page.getByRole("button", { name: `Collect ${title}`, exact: true });
const collectDialog = (page: Page): Locator => page.locator("#add-to-collection-modal");
const toaster = (page: Page): Locator => page.getByRole("status", { name: "Notifications" });
const choice = (dialog: Locator, title: string): Locator => dialog.getByRole("checkbox", { name: title, exact: true });

/** The cards' titles on a collection's page, in order. */
const listedTitles = (page: Page) => page.getByRole("region", { name: "Items in this collection" }).getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();

/** Opens the dialog from a result card and waits for the collections list to settle. */
async function openDialogFor(page: Page, title: string): Promise<Locator> {
  await collectButton(page, title).click();
  const dialog = collectDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("role", "dialog");
  await expect(dialog.getByText("Loading your collections…")).toHaveCount(0);
  return dialog;
}

test.describe.configure({ mode: "serial" });

test.describe("collect (add to collection)", () => {
  let collectionLink = "";
  let otherItem = "";

  test("a guest who uses Collect gets the guest modal, not the dialog", async ({ page }) => {
    await openSearch(page, QUERY);
    await collectButton(page, ITEM).click();
    const guest = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(guest).toBeVisible();
    await expect(guest.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expect(collectDialog(page)).toHaveCount(0);
    await guest.getByRole("button", { name: "Close" }).click();
    await expect(guest).toBeHidden();
    await expect(collectButton(page, ITEM)).toBeFocused();
  });

  test("a member without collections creates one from the Create tab and the item goes into it", async ({ page }) => {
    await signInMember(page);
    await openSearch(page, QUERY);
    await expect(page.getByRole("banner").getByText(MEMBER.name)).toBeVisible();

    const dialog = await openDialogFor(page, ITEM);
    await expect(dialog.getByRole("heading", { name: "Add to collection" })).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Search" })).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByText("You have no collections yet.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Add to collection" })).toBeDisabled();

    // The empty state leads to the Create tab, with the caret in the title.
    await dialog.getByRole("button", { name: "Create a collection" }).click();
    const createTab = dialog.getByRole("tab", { name: "Create" });
    await expect(createTab).toHaveAttribute("aria-selected", "true");
    const panel = dialog.getByRole("tabpanel", { name: "Create" });
    await expect(panel.getByLabel("Title")).toBeFocused();

    // The title is required (the spec's message), and the field says so.
    await panel.getByRole("button", { name: "Create and add" }).click();
    await expect(panel.getByText("Title is required.")).toBeVisible();
    await expect(panel.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

    await panel.getByLabel("Title").fill(COLLECTION);
    await panel.getByLabel("Description (optional)").fill("Everything for the science week.");
    const created = page.waitForResponse((r) => r.url().endsWith("/collections/create") && r.request().method() === "POST");
    await panel.getByRole("button", { name: "Create and add" }).click();
    const answer = (await (await created).json()) as { link: string; id: number };
    collectionLink = answer.link;
    expect(answer.id).toBeGreaterThan(0);

    await expect(dialog).toBeHidden();
    await expect(toaster(page)).toContainText(`Added to ${COLLECTION}.`);
    // The toast leads to the new collection, by its name.
    await expect(toaster(page).getByRole("link", { name: `Go to ${COLLECTION}`, exact: true })).toHaveAttribute("href", collectionLink);
    await expect(collectButton(page, ITEM)).toBeFocused();

    // The collection's page lists the item.
    await page.goto(collectionLink);
    await expect(page.getByRole("heading", { name: COLLECTION, level: 1 })).toBeVisible();
    await expect.poll(() => listedTitles(page)).toEqual([ITEM]);
    await expect(page.getByText("1 item", { exact: true })).toBeVisible();
  });

  test("another item goes into the same collection through the Search tab", async ({ page }) => {
    expect(collectionLink, "the create test ran first").not.toBe("");
    await signInMember(page);
    await openSearch(page, QUERY);
    const titles = await resultCards(page).getByRole("heading", { level: 3 }).allInnerTexts();
    otherItem = titles.find((t) => t !== ITEM) ?? "";
    expect(otherItem, "a second photosynthesis result").not.toBe("");

    const dialog = await openDialogFor(page, otherItem);
    const box = choice(dialog, COLLECTION);
    await expect(box).not.toBeChecked();
    await expect(box).toBeEnabled();
    const submit = dialog.getByRole("button", { name: "Add to collection" });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText("No collection chosen")).toBeVisible();

    await box.check();
    await expect(dialog.getByText("1 collection chosen")).toBeVisible();
    await expect(submit).toBeEnabled();
    // Unticking makes the submit unavailable again.
    await box.uncheck();
    await expect(submit).toBeDisabled();
    await box.check();

    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(toaster(page)).toContainText(`Added to ${COLLECTION}.`);

    await page.goto(collectionLink);
    // In the order they were added.
    await expect.poll(() => listedTitles(page)).toEqual([ITEM, otherItem]);
    await expect(page.getByText("2 items", { exact: true })).toBeVisible();
  });

  test("a collection that holds the item already is ticked and disabled, and the submit stays disabled", async ({ page }) => {
    await signInMember(page);
    const spare = `Spare shelf ${RUN}`;
    await createCollectionViaApi(page, spare);
    await openSearch(page, QUERY);

    const dialog = await openDialogFor(page, ITEM);
    const held = choice(dialog, COLLECTION);
    await expect(held).toBeChecked();
    await expect(held).toBeDisabled();
    await expect(held).toHaveAccessibleDescription("2 items Already added");
    await expect(dialog.getByRole("button", { name: "Add to collection" })).toBeDisabled();
    // Clicking the held one changes nothing.
    await held.click({ force: true });
    await expect(held).toBeChecked();
    await expect(dialog.getByRole("button", { name: "Add to collection" })).toBeDisabled();

    // The filter asks the server with st, and narrows the list.
    const filtered = page.waitForRequest((r) => r.url().includes("/collections/autocomplete/find") && new URL(r.url()).searchParams.get("st") === "spare");
    await dialog.getByLabel("Filter your collections").fill("spare");
    await filtered;
    await expect(choice(dialog, spare)).toBeVisible();
    await expect(choice(dialog, COLLECTION)).toHaveCount(0);
    await dialog.getByLabel("Filter your collections").fill("nothing-called-this");
    await expect(dialog.getByText("No results found.", { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("the dialog works with the keyboard alone", async ({ page }) => {
    await signInMember(page);
    await openSearch(page, QUERY);
    const button = collectButton(page, ITEM);
    // From the Results heading (where paging puts focus), so the walk does not depend on how many filters the
    // catalogue offers by the time this runs.
    await page.getByRole("heading", { name: "Results", level: 2 }).focus();
    await tabTo(page, button);
    await page.keyboard.press("Enter");
    const dialog = collectDialog(page);
    await expect(dialog).toBeVisible();

    // Focus starts on the selected tab; arrows (and Home/End) move between tabs.
    const searchTab = dialog.getByRole("tab", { name: "Search" });
    const createTab = dialog.getByRole("tab", { name: "Create" });
    await expect(searchTab).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(createTab).toBeFocused();
    await expect(createTab).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("tabpanel", { name: "Create" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(searchTab).toBeFocused();
    await page.keyboard.press("End");
    await expect(createTab).toBeFocused();
    await page.keyboard.press("Home");
    await expect(searchTab).toBeFocused();

    // Escape closes and gives focus back to the button.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    // Create and add with keys only.
    const keyed = `Keyboard picks ${RUN}`;
    await page.keyboard.press("Enter");
    await expect(searchTab).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(createTab).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(keyed);
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Description (optional)")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Create and add" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(toaster(page)).toContainText(`Added to ${keyed}.`);
    await expect(button).toBeFocused();

    // The Search tab with keys only: the other item into the spare collection.
    expect(otherItem, "the search-tab test ran first").not.toBe("");
    const second = collectButton(page, otherItem);
    // Its card may come before or after the first one's: walk from the Results heading again.
    await page.getByRole("heading", { name: "Results", level: 2 }).focus();
    await tabTo(page, second);
    await page.keyboard.press("Enter");
    await expect(searchTab).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Filter your collections")).toBeFocused();
    await page.keyboard.type("spare");
    await expect(choice(dialog, `Spare shelf ${RUN}`)).toBeVisible();
    await expect(choice(dialog, COLLECTION)).toHaveCount(0);
    // Enter in the filter filters; it does not submit.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(choice(dialog, `Spare shelf ${RUN}`)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(choice(dialog, `Spare shelf ${RUN}`)).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Add to collection" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(toaster(page)).toContainText(`Added to Spare shelf ${RUN}.`);
    await expect(second).toBeFocused();
  });

  test("the server's refusals are shown in the dialog, which stays open", async ({ page }) => {
    await signInMember(page);
    await openSearch(page, QUERY);
    const dialog = await openDialogFor(page, otherItem);
    const spare = choice(dialog, `Spare shelf ${RUN}`);
    // The keyboard test put the other item in the spare shelf, and only the first item in its own collection.
    const free = choice(dialog, `Keyboard picks ${RUN}`);
    await expect(spare).toBeDisabled();
    await free.check();

    // A refusal with the server's message shows that message.
    await page.route("**/collections/items", (route) => route.fulfill({ status: 403, json: { message: "You can only add items to collections you can edit." } }));
    await dialog.getByRole("button", { name: "Add to collection" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("You can only add items to collections you can edit.");
    await expect(dialog).toBeVisible();

    // A failure without one shows the spec's text.
    await page.unroute("**/collections/items");
    await page.route("**/collections/items", (route) => route.fulfill({ status: 500, body: "upstream down" }));
    await dialog.getByRole("button", { name: "Add to collection" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("An error occurred while updating your collections.  Please wait a moment and try again.");

    // Creating fails with the spec's create text.
    await page.route("**/collections/create", (route) => route.fulfill({ status: 500, body: "" }));
    await dialog.getByRole("tab", { name: "Create" }).click();
    const panel = dialog.getByRole("tabpanel", { name: "Create" });
    await panel.getByLabel("Title").fill("Never made");
    await panel.getByRole("button", { name: "Create and add" }).click();
    await expect(panel.getByRole("alert")).toContainText("An error occurred while creating a collection.");
    await expect(dialog).toBeVisible();
  });

  test("the Collect button of an item's page opens the same dialog", async ({ page }) => {
    await signInMember(page);
    await openSearch(page, QUERY);
    const href = await resultCards(page)
      .filter({ has: page.getByRole("heading", { name: ITEM, exact: true }) })
      .getByRole("link", { name: ITEM })
      .getAttribute("href");
    expect(href).toBeTruthy();
    await page.goto(href!);
    await expect(page.getByRole("heading", { name: ITEM, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Collect", exact: true }).click();
    const dialog = collectDialog(page);
    await expect(choice(dialog, COLLECTION)).toBeChecked();
    await expect(choice(dialog, COLLECTION)).toBeDisabled();
  });

  test("a collection with no items says so", async ({ page }) => {
    await signInMember(page);
    const link = await createCollectionViaApi(page, `Empty for now ${RUN}`);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: `Empty for now ${RUN}`, level: 1 })).toBeVisible();
    await expect(page.getByText("This collection has no items yet.")).toBeVisible();
  });

  test("axe finds no violations in the open dialog (both tabs) or on a collection's page", async ({ page }) => {
    await signInMember(page);
    await openSearch(page, QUERY);
    const dialog = await openDialogFor(page, ITEM);
    await expect(choice(dialog, COLLECTION)).toBeVisible();
    await expectNoAxeViolations(page, "add-to-collection dialog, search tab");
    await dialog.getByRole("tab", { name: "Create" }).click();
    await dialog.getByRole("button", { name: "Create and add" }).click();
    await expect(dialog.getByText("Title is required.")).toBeVisible();
    await expectNoAxeViolations(page, "add-to-collection dialog, create tab with an error");
    await page.keyboard.press("Escape");

    await page.goto(collectionLink);
    await expect.poll(() => listedTitles(page)).toEqual([ITEM, otherItem]);
    await expectNoAxeViolations(page, "collection page");
  });

  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`screenshots at ${viewport.width}px: dialog tabs and a collection page`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInMember(page);
      await openSearch(page, QUERY);
      const dialog = await openDialogFor(page, ITEM);
      await dialog.getByRole("checkbox", { name: `Spare shelf ${RUN}` }).check();
      await saveShot(page, `collect-search-${viewport.width}.png`);
      await dialog.getByRole("tab", { name: "Create" }).click();
      await dialog.getByLabel("Title").fill("Grade 5 favourites");
      await saveShot(page, `collect-create-${viewport.width}.png`);
      await page.keyboard.press("Escape");

      await page.goto(collectionLink);
      await expect.poll(() => listedTitles(page)).toEqual([ITEM, otherItem]);
      await saveShot(page, `collection-page-${viewport.width}.png`, { fullPage: true });
    });
  }

  test("the toast after adding leads to each collection the item went into, by its name (one a filter hid included)", async ({ page }) => {
    await signInMember(page);
    const first = `Toast shelf one ${RUN}`;
    const second = `Toast shelf two ${RUN}`;
    const firstLink = await createCollectionViaApi(page, first);
    const secondLink = await createCollectionViaApi(page, second);
    await openSearch(page, QUERY);
    const dialog = await openDialogFor(page, ITEM);
    const filter = dialog.getByLabel("Filter your collections");
    await filter.fill("shelf one");
    await choice(dialog, first).check();
    // The second ticked while the filter hides the first: both are added.
    await filter.fill("shelf two");
    await expect(choice(dialog, first)).toHaveCount(0);
    await choice(dialog, second).check();
    await expect(dialog.getByText("2 collections chosen")).toBeVisible();
    await dialog.getByRole("button", { name: "Add to collection" }).click();
    await expect(dialog).toBeHidden();

    await expect(toaster(page)).toContainText("Added to 2 collections.");
    const toFirst = toaster(page).getByRole("link", { name: `Go to ${first}`, exact: true });
    const toSecond = toaster(page).getByRole("link", { name: `Go to ${second}`, exact: true });
    await expect(toFirst).toHaveAttribute("href", firstLink);
    await expect(toSecond).toHaveAttribute("href", secondLink);
    // On the toast it stays (WCAG 2.2.1), for the screenshot and the axe check.
    await toSecond.hover();
    await expectNoAxeViolations(page, "the toast after adding to collections");
    await saveShot(page, "collect-toast-links-1366.png");
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, "collect-toast-links-390.png");
    await page.setViewportSize({ width: 1366, height: 900 });

    // Following one opens that collection, with the item in it; the toast is done with.
    await toSecond.click();
    await expect(page).toHaveURL(new RegExp(`${secondLink}$`));
    await expect(page.getByRole("heading", { name: second, level: 1 })).toBeVisible();
    await expect.poll(() => listedTitles(page)).toEqual([ITEM]);
    await expect(toaster(page).getByText("Added to 2 collections.")).toHaveCount(0);
  });
});
