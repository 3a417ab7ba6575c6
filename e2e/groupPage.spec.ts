import { expect, test } from "@playwright/test";
import { ADMIN, TEACHER, csrfToken, expectNoAxeViolations, openAccountMenu, signInViaApi, switchTo } from "./helpers.js";

/** The demo's group led by the teacher (Maria Lopez), and a public lesson item of hers for comparison (server/seed). */
const GROUP = "Grade 5 Science Team";

/** The link of the first search card titled `title`. */
async function linkOf(page: import("@playwright/test").Page, title: string): Promise<string> {
  const found = (await (await page.request.get(`/api/search?query=${encodeURIComponent(title)}`)).json()) as { data: { title: string; link: string }[] };
  const card = found.data.find((d) => d.title === title);
  expect(card, `search card "${title}"`).toBeTruthy();
  return card!.link;
}

test("a group's page names its leader (Led by), where other items name their author (By)", async ({ page }) => {
  await page.goto(await linkOf(page, GROUP));
  await expect(page.getByRole("heading", { level: 1, name: GROUP })).toBeVisible();
  await expect(page.locator(".item-page__owner")).toHaveText(`Led by ${TEACHER.name}`);
  await page.goto(await linkOf(page, "Photosynthesis Reading Passage"));
  await expect(page.locator(".item-page__owner")).toHaveText(/^By /);
});

/** A new group of the signed-in teacher's, open to everyone (the demo's groups stay as other specs expect them). */
async function makeGroup(page: import("@playwright/test").Page, name: string): Promise<string> {
  const made = await page.request.post("/groups", { data: { name, description: "We study tide pools.", join_permission: 6, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  return ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
}

test("a group's edit page calls its name Name and its description About, and an emptied Name or About is refused under the field", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const name = `Rock Pool Circle ${Date.now().toString(36)}`;
  await page.goto(`${await makeGroup(page, name)}/edit`);
  const nameField = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(nameField).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toHaveCount(0);
  await nameField.fill(" ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(nameField).toHaveAccessibleDescription("Name is required.");
  await expect(nameField).toBeFocused();
  await nameField.fill(name);
  const about = page.getByRole("textbox", { name: "About", exact: true });
  await expect(about).toHaveValue("We study tide pools.");
  await expect(about).toBeEditable();
  await expect(page.getByRole("textbox", { name: "Description", exact: true })).toHaveCount(0);

  await about.fill("   ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const error = page.locator(".field__error", { hasText: "About is required." });
  await expect(error).toBeVisible();
  await expect(about).toHaveAttribute("aria-invalid", "true");
  await expect(about).toHaveAttribute("aria-describedby", (await error.getAttribute("id"))!);
  await expect(about).toBeFocused();
  await expectNoAxeViolations(page, "a group's edit page with About refused");

  await about.fill("We study rock pools.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/All changes saved at/)).toBeVisible();
  await expect(error).toHaveCount(0);
  await expect(about).not.toHaveAttribute("aria-invalid", "true");
  await expect.poll(async () => ((await (await page.request.get(`/api/search?query=${encodeURIComponent(name)}`)).json()) as { data: { title: string; description: string }[] }).data.find((d) => d.title === name)?.description).toBe("We study rock pools.");
});

test("another item's edit page keeps Description, which may be left empty (a collection: curriculum items require their Introduction)", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const created = await page.request.post("/collections/create", { data: { title: `Kelp Forest Picks ${Date.now().toString(36)}`, description: "Kelp and its neighbours" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(created.ok()).toBeTruthy();
  const { link } = (await created.json()) as { link: string };
  await page.goto(`${link}/edit`);
  const description = page.getByRole("textbox", { name: "Description", exact: true });
  await expect(description).toBeEditable();
  await expect(page.getByRole("textbox", { name: "About", exact: true })).toHaveCount(0);
  await description.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/All changes saved at/)).toBeVisible();
  await expect(page.locator(".field__error")).toHaveCount(0);
});

test("a group's page offers no Export and no Related content (always empty for a group), and keeps Share and Similar content", async ({ page }) => {
  const related: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/related-content") related.push(request.url());
  });
  await page.goto(await linkOf(page, GROUP));
  const actions = page.locator(".item-page__actions");
  await expect(actions.getByRole("button", { name: "Share", exact: true })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Export", exact: true })).toHaveCount(0);
  const sidebar = page.getByRole("complementary", { name: "Similar content" });
  await expect(sidebar.getByRole("heading", { name: "Similar content" })).toBeVisible();
  // Its answer has come (other groups named alike, or none yet).
  await expect(sidebar.getByText("Loading…")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Related content" })).toHaveCount(0);
  expect(related, "Related content is not asked for").toEqual([]);

  // Any other item keeps both.
  await page.goto(await linkOf(page, "Photosynthesis Reading Passage"));
  await expect(page.locator(".item-page__actions").getByRole("button", { name: "Export", exact: true })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Related and similar content" }).getByRole("heading", { name: "Related content" })).toBeVisible();
});

test("a moderator meets a group's page without Edit or Design Thumbnail (a group's page is its leaders'), and its leader has both", async ({ page }) => {
  await signInViaApi(page, { username: "moderator", password: "moderator-demo-pass" });
  const link = await linkOf(page, GROUP);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: GROUP })).toBeVisible();
  const actions = page.locator(".item-page__actions");
  await expect(actions.getByRole("button", { name: "Share", exact: true })).toBeVisible();
  await expect(actions.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
  await expect(actions.getByRole("button", { name: "Design Thumbnail" })).toHaveCount(0);
  // The edit page tells them so rather than offering a form the server would refuse.
  await page.goto(`${link}/edit`);
  await expect(page.getByText("You do not have permission to edit this group.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveCount(0);

  await switchTo(page, TEACHER);
  await page.goto(link);
  await expect(page.locator(".item-page__actions").getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await expect(page.locator(".item-page__actions").getByRole("button", { name: "Design Thumbnail" })).toBeVisible();
});

test("a group's leader is not offered Flag on its own page, a moderator is; a moderator gets the feed's post form, as the discussions' Start a discussion", async ({ page }) => {
  await signInViaApi(page, { username: "moderator", password: "moderator-demo-pass" });
  const link = await linkOf(page, GROUP);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Flag", exact: true })).toBeVisible();
  // Not a member, yet it may take part in the group's conversation (nothing is posted: the demo feed stays empty).
  const feed = page.getByRole("region", { name: "Feed" });
  await expect(feed.getByRole("textbox", { name: "Write a post" })).toBeVisible();
  await expect(feed.getByText("Only members of this group can post here.")).toHaveCount(0);

  await switchTo(page, TEACHER);
  await page.goto(link);
  const actions = page.locator(".item-page__actions");
  await expect(actions.getByRole("button", { name: "Share", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "More info", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Flag", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "a group's page as its leader, without Flag");
});

test("an administrator flags a group it does not lead, but not one it leads (a leader is a leader), nor its own profile", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto(await linkOf(page, GROUP));
  await expect(page.getByRole("button", { name: "Flag", exact: true })).toBeVisible();

  const made = await page.request.post("/groups", { data: { name: `Admin Led ${Date.now().toString(36)}`, description: "Led by the administrator." }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.status()).toBe(200);
  await page.goto(((await made.json()) as { objGroup: { link: string } }).objGroup.link);
  await expect(page.getByRole("button", { name: "More info", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Flag", exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, "a group's page as its administrator leader, without Flag");

  await page.goto("/search/");
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("link", { name: "Your profile" }).first().click();
  await expect(page.getByRole("button", { name: "Edit profile" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Flag", exact: true })).toHaveCount(0);
});
