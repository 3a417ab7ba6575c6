import { expect, test } from "@playwright/test";
import { ADMIN, LEARNER, TEACHER, csrfToken, expectNoAxeViolations, openAccountMenu, resultCards, saveShot, signInViaApi, switchTo, tabTo } from "./helpers.js";

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

/** A new group of the signed-in teacher's, visible to everyone, joined as `join_permission` says (6 anyone, 5 by request, 4 by invitation). */
async function makeGroupJoined(page: import("@playwright/test").Page, name: string, join_permission: number): Promise<string> {
  const made = await page.request.post("/groups", { data: { name, description: `About ${name}.`, join_permission, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  return ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
}

/** The page's header at desktop and phone widths. */
async function shootHeader(page: import("@playwright/test").Page, name: string): Promise<void> {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await saveShot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a reader meets a group's way in beside its name: Join group, Request to join with Withdraw, or that it is invitation only; the Feed card points up to it", async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  await signInViaApi(page, TEACHER);
  const open = await makeGroupJoined(page, `Harbor Seals ${stamp}`, 6);
  const asking = await makeGroupJoined(page, `Harbor Gulls ${stamp}`, 5);
  const invited = await makeGroupJoined(page, `Harbor Crabs ${stamp}`, 4);
  // Its leader is offered no way in.
  await page.goto(open);
  await expect(page.getByRole("heading", { level: 1, name: `Harbor Seals ${stamp}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Members" }).getByText("You lead this group")).toBeVisible();
  await expect(page.locator("#group-join-offer")).toHaveCount(0);

  await switchTo(page, LEARNER);
  const offer = page.locator(".item-page__header #group-join-offer");
  const feed = page.getByRole("region", { name: "Feed" });
  // Open to anyone: Join group under the group's name and leader.
  await page.goto(open);
  await expect(offer).toContainText("Anyone can join this group.");
  await expect(offer.getByRole("button", { name: "Join group" })).toBeVisible();
  // One Join group on the page: the feed tells how to post and points up.
  await expect(page.getByRole("button", { name: "Join group", exact: true })).toHaveCount(1);
  await expect(feed.getByText("Join this group to post here.")).toBeVisible();
  await expectNoAxeViolations(page, "a group's page with its way in at the top");
  await shootHeader(page, "group-page-join-open");

  // By request: Request to join, then the request waiting with Withdraw request, at the top; the feed says it waits.
  await page.goto(asking);
  await expect(offer.getByText("This group's leaders approve new members.")).toBeVisible();
  await tabTo(page, offer.getByRole("button", { name: "Request to join" }), 40);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your request to join this group was sent to its leaders.");
  await expect(offer.getByText(/You asked to join this group on \d+\/\d+\/\d{4}\./)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Harbor Gulls ${stamp}` })).toBeFocused();
  await expect(feed.getByText("Your request to join is waiting for its leaders.")).toBeVisible();
  await expectNoAxeViolations(page, "a group's page with a waiting request at the top");
  await shootHeader(page, "group-page-join-pending");
  // The feed's pointer takes the keyboard to Withdraw request.
  await tabTo(page, feed.getByRole("button", { name: "Go to your request" }), 80);
  await page.keyboard.press("Enter");
  await expect(offer.getByRole("button", { name: "Withdraw request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your request to join this group was withdrawn.");
  await expect(offer.getByRole("button", { name: "Request to join" })).toBeVisible();
  await expect(feed.getByRole("button", { name: "Go to Request to join" })).toBeVisible();

  // Invitation only: a plain sentence, nothing to press; the feed says only members post.
  await page.goto(invited);
  await expect(offer).toHaveText("This group is invitation only: a leader adds its members.");
  await expect(offer.getByRole("button")).toHaveCount(0);
  await expect(feed.getByText("Only members of this group can post here.")).toBeVisible();
  await expectNoAxeViolations(page, "an invitation-only group's page for a reader");
  await shootHeader(page, "group-page-join-invitation");

  // A guest reads the invitation-only group's page with no way in at the top (signing in would not let them in either).
  await switchTo(page, null);
  await page.goto(invited);
  await expect(page.getByRole("heading", { level: 1, name: `Harbor Crabs ${stamp}` })).toBeVisible();
  await expect(feed.getByText("to post to this group's feed.")).toBeVisible();
  await expect(page.locator("#group-join-offer")).toHaveCount(0);
});

test("a guest on a group's page is told at the top how to get in, with a Sign in link that comes back to the group; nothing for an invitation-only group", async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  await signInViaApi(page, TEACHER);
  const open = await makeGroupJoined(page, `Harbor Otters ${stamp}`, 6);
  const asking = await makeGroupJoined(page, `Harbor Terns ${stamp}`, 5);
  const invited = await makeGroupJoined(page, `Harbor Eels ${stamp}`, 4);
  await switchTo(page, null);
  const offer = page.locator(".item-page__header #group-join-offer");

  // By request: the leaders approve members, and signing in is how to ask.
  await page.goto(asking);
  await expect(offer).toHaveText("This group's leaders approve new members: Sign in to ask to join.");
  await expect(offer.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", `/auth/login?redirect=${encodeURIComponent(asking)}`);
  await expect(offer.getByRole("button")).toHaveCount(0);
  await shootHeader(page, "group-page-join-guest-request");

  // Invitation only: nothing at the top, as for a member.
  await page.goto(invited);
  await expect(page.getByRole("heading", { level: 1, name: `Harbor Eels ${stamp}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Feed" }).getByText("to post to this group's feed.")).toBeVisible();
  await expect(page.locator("#group-join-offer")).toHaveCount(0);

  // Open to anyone: the hint's Sign in leads to the sign-in page and back to the group, where Join group waits.
  await page.goto(open);
  await expect(offer).toHaveText("Anyone can join this group: Sign in to join it.");
  await expectNoAxeViolations(page, "a group's page with the sign-in hint for a guest");
  await shootHeader(page, "group-page-join-guest-open");
  await tabTo(page, offer.getByRole("link", { name: "Sign in", exact: true }), 40);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByLabel("Username").fill(LEARNER.username);
  await page.getByLabel("Password", { exact: true }).fill(LEARNER.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${open}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Harbor Otters ${stamp}` })).toBeVisible();
  await expect(offer.getByRole("button", { name: "Join group" })).toBeVisible();
  await expect(offer.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
});

test("group cards on the search screen say how one joins each group, and follow its leaders' change", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInViaApi(page, TEACHER);
  await makeGroupJoined(page, `Estuary Anyone ${stamp}`, 6);
  await makeGroupJoined(page, `Estuary Asking ${stamp}`, 5);
  const invited = await makeGroupJoined(page, `Estuary Invited ${stamp}`, 4);
  await switchTo(page, LEARNER);
  const search = `/search/?st=${stamp}`;
  await page.goto(search);
  const card = (name: string) => resultCards(page).filter({ has: page.getByRole("heading", { name: `${name} ${stamp}` }) });
  await expect(card("Estuary Anyone")).toContainText("Anyone can join");
  await expect(card("Estuary Asking")).toContainText("Request to join");
  await expect(card("Estuary Invited")).toContainText("Invitation only");
  // Said to a screen reader as what it is.
  await expect(card("Estuary Invited").locator(".result-card__joining")).toHaveText("How to join: Invitation only");
  await expectNoAxeViolations(page, "group cards with their join modes");
  await shootHeader(page, "search-group-join-modes");

  // Its leader lets the invitation-only group take requests: its card says so.
  await switchTo(page, TEACHER);
  const { id } = (await (await page.request.get(`/api/content${invited}`)).json()) as { id: number };
  const saved = await page.request.put(`/groups/${id}/join-permission`, { data: { join_permission: 4, can_request_join: true }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(saved.ok(), `PUT join-permission: ${saved.status()}`).toBeTruthy();
  await switchTo(page, LEARNER);
  await page.goto(search);
  await expect(card("Estuary Invited")).toContainText("Request to join");
});
