import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, switchTo, tabTo, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass", name: "Morgan Moderator" } as const;

const feedCard = (page: Page) => page.getByRole("region", { name: "Feed" });
/** A group's way in, beside its name at the top of its page (the Feed card points there). */
const joinOffer = (page: Page) => page.locator("#group-join-offer");
const membersCard = (page: Page) => page.getByRole("region", { name: "Members" });
const requestsOf = (page: Page) => membersCard(page).getByRole("region", { name: /Requests to join/ });
const toast = (page: Page) => page.getByRole("status", { name: "Notifications" });

/** Screenshots of the page at both widths, the card in view. */
async function shoot(page: Page, name: string, card: string): Promise<void> {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.locator(card).scrollIntoViewIfNeeded();
    await saveShot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Asks to join the group at `link` from the top of its page, by keyboard, as the signed-in reader. */
async function requestToJoin(page: Page, link: string): Promise<void> {
  await page.goto(link);
  const offer = joinOffer(page);
  await expect(offer.getByText("This group's leaders approve new members.")).toBeVisible();
  await tabTo(page, offer.getByRole("button", { name: "Request to join" }), 80);
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Your request to join this group was sent to its leaders.");
  await expect(offer.getByText(/You asked to join this group on \d+\/\d+\/\d{4}\./)).toBeVisible();
  // The button pressed is gone: reading goes on from the group's name.
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
}

test("a reader asks to join a 'Request to join' group and its leader approves by keyboard; another's request is declined and they are told", async ({ page }) => {
  test.slow();
  // The teacher makes a group whose leaders approve new members; the learner and the moderator are not in it.
  const name = `Rock Pool Readers ${Date.now().toString(36)}`;
  await signInViaApi(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name, description: "We read about rock pools.", join_permission: 5, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;

  // The learner asks, sees the request pending, withdraws it and asks again.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Join group" })).toHaveCount(0);
  await expectNoAxeViolations(page, "a 'Request to join' group's feed for a reader");
  await requestToJoin(page, link);
  // The feed says the request waits (a moderator, who posts without being a member, gets the post form instead).
  await expect(feedCard(page).getByText("Your request to join is waiting for its leaders.")).toBeVisible();
  await expectNoAxeViolations(page, "a pending request to join");
  await shoot(page, "group-join-pending", ".item-page__header");
  await tabTo(page, joinOffer(page).getByRole("button", { name: "Withdraw request" }), 80);
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Your request to join this group was withdrawn.");
  await expect(joinOffer(page).getByRole("button", { name: "Request to join" })).toBeVisible();
  await requestToJoin(page, link);

  // The moderator asks too.
  await switchTo(page, MODERATOR);
  await requestToJoin(page, link);

  // The leader is told, and answers on the Members card: Approve the learner, Decline the moderator.
  await switchTo(page, TEACHER);
  await page.goto("/notifications");
  await expect(page.getByRole("main")).toContainText(`${LEARNER.name} asked to join ${name}`);
  await page.goto(link);
  const requests = requestsOf(page);
  await expect(requests.getByRole("heading", { name: "Requests to join (2)" })).toBeVisible();
  await expect(requests.getByRole("link", { name: LEARNER.name })).toBeVisible();
  await expectNoAxeViolations(page, "the Members card with requests to join");
  await shoot(page, "group-join-requests-leader", ".members-card");
  await tabTo(page, requests.getByRole("button", { name: `Approve ${LEARNER.name}` }), 80);
  await page.keyboard.press("Enter");
  await expect(membersCard(page).getByRole("status")).toHaveText(`${LEARNER.name} is now a member of this group.`);
  await expect(membersCard(page).getByRole("list", { name: "Members" }).getByRole("link", { name: LEARNER.name })).toBeVisible();
  await expect(membersCard(page).getByRole("heading", { name: "Members" })).toBeFocused();
  await expect(requests.getByRole("heading", { name: "Requests to join (1)" })).toBeVisible();
  await tabTo(page, requests.getByRole("button", { name: `Decline ${MODERATOR.name}` }), 80);
  await page.keyboard.press("Enter");
  await expect(membersCard(page).getByRole("status")).toHaveText(`${MODERATOR.name}'s request was declined.`);
  await expect(requests).toHaveCount(0);
  await expect(membersCard(page).getByRole("list", { name: "Members" }).getByRole("link", { name: MODERATOR.name })).toHaveCount(0);

  // The learner is a member now and posts; the moderator is told no and may ask again.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(membersCard(page).getByText("You are a member of this group")).toBeVisible();
  await expect(feedCard(page).getByRole("textbox", { name: "Write a post" })).toBeVisible();
  await page.goto("/notifications");
  await expect(page.getByRole("main")).toContainText(`${TEACHER.name} approved your request to join ${name}`);
  await switchTo(page, MODERATOR);
  await page.goto("/notifications");
  await expect(page.getByRole("main")).toContainText(`${TEACHER.name} declined your request to join ${name}`);
  await expectNoAxeViolations(page, "the notifications of an answered request to join");
  await page.goto(link);
  await expect(joinOffer(page).getByRole("button", { name: "Request to join" })).toBeVisible();
});

test("a group's leader chooses who can join in its Members card; a reader then finds Request to join instead of Join group", async ({ page }) => {
  const name = `Tide Watchers ${Date.now().toString(36)}`;
  await signInViaApi(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name, description: "We watch the tides.", join_permission: 6, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;

  await page.goto(link);
  const choice = membersCard(page).getByLabel("Who can join");
  await expect(choice).toHaveValue("6");
  const save = membersCard(page).getByRole("button", { name: "Save who can join" });
  // Nothing to save until the choice changes.
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await choice.selectOption({ label: "Request to join" });
  await tabTo(page, save, 80);
  await page.keyboard.press("Enter");
  await expect(membersCard(page).getByRole("status")).toHaveText("Who can join is now: Request to join.");
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expectNoAxeViolations(page, "a group's Members card with who can join");

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(joinOffer(page).getByRole("button", { name: "Request to join" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Join group" })).toHaveCount(0);
  // Readers are offered no choice.
  await expect(membersCard(page).getByLabel("Who can join")).toHaveCount(0);
});

test("an 'Invitation only' group whose leader ticks 'Also take requests to join' offers Request to join; without it, readers may only be invited", async ({ page }) => {
  const name = `Kelp Keepers ${Date.now().toString(36)}`;
  await signInViaApi(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name, description: "We keep kelp.", join_permission: 4, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(feedCard(page).getByText("Only members of this group can post here.")).toBeVisible();
  await expect(joinOffer(page)).toHaveText("This group is invitation only: a leader adds its members.");
  await expect(page.getByRole("button", { name: "Request to join" })).toHaveCount(0);

  await switchTo(page, TEACHER);
  await page.goto(link);
  await expect(membersCard(page).getByLabel("Who can join")).toHaveValue("4");
  const asks = membersCard(page).getByRole("checkbox", { name: "Also take requests to join" });
  await expect(asks).not.toBeChecked();
  // The box belongs to "Invitation only": the other choices hide it.
  await membersCard(page).getByLabel("Who can join").selectOption({ label: "Anyone can join" });
  await expect(asks).toHaveCount(0);
  await membersCard(page).getByLabel("Who can join").selectOption({ label: "Invitation only" });
  await asks.check();
  const save = membersCard(page).getByRole("button", { name: "Save who can join" });
  await tabTo(page, save, 80);
  await page.keyboard.press("Enter");
  await expect(membersCard(page).getByRole("status")).toHaveText("Who can join is now: Invitation only, taking requests to join.");
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expectNoAxeViolations(page, "an invitation-only group taking requests");
  await shoot(page, "group-invitation-asks", ".members-card");

  await switchTo(page, LEARNER);
  await requestToJoin(page, link);
});

test("an outsider who follows the link of an 'Only members' group meets its name and a way in, never its page; one taking no requests is not found", async ({ page }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  await signInViaApi(page, TEACHER);
  const make = async (name: string, join_permission: number) => {
    const made = await page.request.post("/groups", { data: { name, description: `About ${name}: members only.`, join_permission, view_permission: 1 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
    return ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
  };
  const asking = await make(`Hidden Herons ${stamp}`, 5);
  const open = await make(`Hidden Otters ${stamp}`, 6);
  const closed = await make(`Hidden Owls ${stamp}`, 4);

  await switchTo(page, LEARNER);
  await page.goto(asking);
  await expect(page.getByRole("heading", { level: 1, name: `Hidden Herons ${stamp}` })).toBeVisible();
  await expect(page.getByText("This group's page, its people and its conversations are for its members only.")).toBeVisible();
  await expect(page.getByText(`About Hidden Herons ${stamp}`)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Members" })).toHaveCount(0);
  await expectNoAxeViolations(page, "an 'Only members' group met by its link");
  await shoot(page, "group-hidden-outsider", ".preview-card");
  await tabTo(page, page.getByRole("button", { name: "Request to join" }), 40);
  await page.keyboard.press("Enter");
  await expect(toast(page)).toContainText("Your request to join this group was sent to its leaders.");
  await expect(page.getByText(/You asked to join this group on \d+\/\d+\/\d{4}\./)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Hidden Herons ${stamp}` })).toBeFocused();

  // Open to anyone: Join group opens the page itself.
  await page.goto(open);
  await page.getByRole("button", { name: "Join group" }).click();
  await expect(toast(page)).toContainText("You joined this group");
  await expect(page.getByText(`About Hidden Otters ${stamp}`)).toBeVisible();
  await expect(feedCard(page).getByRole("textbox", { name: "Write a post" })).toBeVisible();

  // A guest is asked to sign in to see the group or ask to join it.
  await switchTo(page, null);
  await page.goto(asking);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to see this group" })).toBeVisible();
  await expect(page.getByText("Sign in, or create an account, to see it or to ask to join it.")).toBeVisible();
  await expect(page.getByText(`Hidden Herons ${stamp}`)).toHaveCount(0);
  await switchTo(page, LEARNER);

  // By invitation only: nothing to offer, nothing to see.
  await page.goto(closed);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(`Hidden Owls ${stamp}`);
  await expect(page.getByText("The item you asked for does not exist, or you may not see it.")).toBeVisible();
});

test("a leader with more requests to join than a page of the card holds pages through them", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name: `Busy Readers ${Date.now().toString(36)}`, description: "Many ask to join.", join_permission: 5, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(made.ok(), `POST /groups: ${made.status()}`).toBeTruthy();
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
  // The server sends 50 of 60 requests on each page (real ones would take 60 accounts): the card got the answer as it is, with them.
  // The card asks for a page of its people (?page=1).
  await page.route(/\/groups\/\d+\/members(\?|$)/, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    let answer: Record<string, unknown>;
    try {
      answer = (await (await route.fetch()).json()) as Record<string, unknown>;
    } catch {
      // The page let the request go (a newer one for the card replaced it) before its answer was read.
      return route.abort().catch(() => {});
    }
    const requests = Array.from({ length: 50 }, (_, i) => ({ id: 900_000 + i, name: `Asker ${i}`, link: `/profiles/asker${i}`, created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
    await route.fulfill({ json: { ...answer, requests, requests_total: 60 } });
  });
  await page.goto(link);
  const requests = requestsOf(page);
  await expect(requests.getByRole("heading", { name: "Requests to join (60)" })).toBeVisible();
  await expect(requests.getByRole("listitem")).toHaveCount(50);
  const pager = requests.getByRole("navigation", { name: "Pages of requests to join" });
  await expect(pager).toContainText("Page 1 of 2");
  await expectNoAxeViolations(page, "the Members card with more requests than it shows");
  // Next asks the server for the second page of requests (requests_page=2), the people's page left as it is.
  const asked = page.waitForRequest((request) => /\/members\?/.test(request.url()) && new URL(request.url()).searchParams.get("requests_page") === "2");
  await pager.getByRole("button", { name: "Next" }).click();
  expect(new URL((await asked).url()).searchParams.get("page")).toBe("1");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]requests_page=2/);
  // Next, disabled on the last page (aria-disabled), keeps keyboard focus.
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "Next" })).toBeFocused();
});
