import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, switchTo, tabTo, demoGroupLink, saveShot } from "./helpers.js";

const NEWCOMER = "Morgan Moderator";

const membersCard = (page: Page) => page.getByRole("region", { name: "Members" });
const personRow = (page: Page, name: string) => membersCard(page).getByRole("list", { name: "Members" }).getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });


/** Screenshots of the Members card at both widths. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.locator(".members-card").scrollIntoViewIfNeeded();
    await saveShot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a group's leader adds a person, makes them a leader and a member again, and removes them, by keyboard; a member only reads", async ({ page }) => {
  test.slow();
  await signInViaApi(page, TEACHER);
  const link = await demoGroupLink(page);
  await page.goto(link);
  const card = membersCard(page);
  await expect(card.getByText("You lead this group")).toBeVisible();
  await expect(personRow(page, TEACHER.name)).toContainText("Leader");
  await expect(personRow(page, LEARNER.name)).toContainText("Member");
  // The group's only leader is offered neither Make member nor Remove (the server would refuse both).
  await expect(personRow(page, TEACHER.name).getByRole("button")).toHaveCount(0);
  await expectNoAxeViolations(page, "the Members card for a leader");

  // Add a member by name: type, then Tab to the match and press Enter.
  const field = card.getByRole("searchbox", { name: "Add a member" });
  await tabTo(page, field);
  await page.keyboard.type("Morgan Mod");
  const match = card.getByRole("list", { name: "Matching people" }).getByRole("button", { name: `Add ${NEWCOMER}` });
  await expect(match).toBeVisible();
  await tabTo(page, match);
  await page.keyboard.press("Enter");
  await expect(personRow(page, NEWCOMER)).toContainText("Member");
  await expect(card.getByRole("status")).toHaveText(`${NEWCOMER} was added to this group.`);
  await shoot(page, "group-members-leader");

  // Make them a leader, then a member again. The card's buttons are inert (aria-disabled, a press ignored) while a
  // change is pending; they work again once the card's list shows the change, though the rest of the page is still
  // being read again: here the feed's read is held back until then (they stayed inert until every query on the page
  // was read again, so CI's Make member, pressed once the role said Leader, was ignored and the role stayed Leader).
  let releaseFeed = () => {};
  const feedHeld = new Promise<void>((resolve) => (releaseFeed = resolve));
  let feedReadsHeld = 0;
  await page.route("**/feeds/by-type/**", async (route) => {
    if (route.request().method() === "GET") {
      feedReadsHeld++;
      await feedHeld;
    }
    await route.fallback();
  });
  await tabTo(page, personRow(page, NEWCOMER).getByRole("button", { name: `Make leader ${NEWCOMER}` }));
  await page.keyboard.press("Enter");
  await expect(personRow(page, NEWCOMER).locator(".members-card__role")).toHaveText("Leader");
  const makeMember = personRow(page, NEWCOMER).getByRole("button", { name: `Make member ${NEWCOMER}` });
  await expect(makeMember).toBeEnabled();
  await expect(card.getByRole("status")).toHaveText(`${NEWCOMER} is now a leader.`);
  expect(feedReadsHeld, "the feed was being read again meanwhile").toBeGreaterThan(0);
  releaseFeed();
  await page.unroute("**/feeds/by-type/**");
  // Two leaders now: either may step down.
  await expect(personRow(page, TEACHER.name).getByRole("button", { name: `Make member ${TEACHER.name}` })).toBeVisible();
  await tabTo(page, makeMember);
  await page.keyboard.press("Enter");
  await expect(personRow(page, NEWCOMER).locator(".members-card__role")).toHaveText("Member");
  await expect(card.getByRole("status")).toHaveText(`${NEWCOMER} is now a member.`);

  // Remove asks first; Cancel has focus, so the confirming button is one Shift+Tab away.
  const remove = personRow(page, NEWCOMER).getByRole("button", { name: `Remove ${NEWCOMER}` });
  await expect(remove).toBeEnabled();
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Remove member" });
  await expect(dialog).toContainText(`Remove ${NEWCOMER} from this group?`);
  await expectNoAxeViolations(page, "the Remove member question");
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Remove", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(personRow(page, NEWCOMER)).toHaveCount(0);
  await expect(card.getByRole("heading", { name: "Members" })).toBeFocused();

  // A plain member sees the people and their own place, with nothing to manage.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(membersCard(page).getByText("You are a member of this group")).toBeVisible();
  await expect(personRow(page, TEACHER.name)).toBeVisible();
  await expect(membersCard(page).getByRole("button", { name: /Make leader|Remove/ })).toHaveCount(0);
  await expect(membersCard(page).getByRole("searchbox", { name: "Add a member" })).toHaveCount(0);
  await shoot(page, "group-members-member");
});

test("a guest on a public group's page is asked to sign in to see its people, and sees them once signed in", async ({ page }) => {
  const link = await demoGroupLink(page);
  await page.goto(link);
  const card = membersCard(page);
  await expect(card.getByText("to see who is in this group.")).toBeVisible();
  await expect(card.getByRole("list", { name: "Members" })).toHaveCount(0);
  await expect(card.getByText(TEACHER.name)).toHaveCount(0);
  await card.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Username").fill(LEARNER.username);
  await page.getByLabel("Password", { exact: true }).fill(LEARNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(personRow(page, TEACHER.name)).toContainText("Leader");
  await expect(card.getByText("You are a member of this group")).toBeVisible();
});

test("a leader pages a group of more than 50 people, and changes someone on page 2 without leaving it", async ({ page, playwright }) => {
  test.slow();
  const runId = Date.now().toString(36);
  const person = (i: number) => `Paging ${runId} Person ${String(i).padStart(2, "0")}`;
  // A new group anyone can join, led by the teacher, and 55 people registered through the API who join it: 56 in all.
  await signInViaApi(page, TEACHER);
  const created = await page.request.post("/groups", { data: { name: `Paging Group ${runId}`, description: "A group with more people than a page lists.", join_permission: 6 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(created.ok(), `POST /groups: ${created.status()}`).toBeTruthy();
  const link = ((await created.json()) as { objGroup: { link: string } }).objGroup.link;
  const uid = link.split("/").at(-1)!;
  const baseURL = test.info().project.use.baseURL;
  for (let i = 0; i < 55; i++) {
    const context = await playwright.request.newContext({ baseURL });
    const username = `paging${runId}${i}`;
    const registered = await context.post("/auth/register", { data: { name: person(i), username, email: `${username}@example.com`, password: "paging person pass" }, headers: { "X-CSRF-Token": await csrfToken(context) } });
    expect(registered.status(), `register ${username}`).toBe(201);
    const joined = await context.post(`/groups/${uid}/membership`, { headers: { "X-CSRF-Token": await csrfToken(context) } });
    expect(joined.ok(), `${username} joins: ${joined.status()}`).toBeTruthy();
    await context.dispose();
  }

  await page.goto(link);
  const card = membersCard(page);
  const pager = card.getByRole("navigation", { name: "Pages of members" });
  await expect(card.getByText("56 people")).toBeVisible();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(personRow(page, person(48))).toBeVisible();
  await expect(personRow(page, person(49))).toHaveCount(0);
  // Add a member offers nobody already in the group, whichever page lists them: Person 5 and 50 to 54 (page 2) are all in it.
  await card.getByRole("searchbox", { name: "Add a member" }).fill(`Paging ${runId} Person 5`);
  await expect(card.getByRole("list", { name: "Matching people" })).toHaveText("No results found.");
  await card.getByRole("searchbox", { name: "Add a member" }).fill("");

  // Next by keyboard (focused directly: a leader's 50 rows hold 100 buttons before it): page 2, kept in the address;
  // Next is disabled there (aria-disabled), and keeps focus.
  const next = pager.getByRole("button", { name: "Next" });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]members_page=2/);
  await expect(personRow(page, person(49))).toContainText("Member");
  await expect(card.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(6);
  await expect(next).toBeDisabled();
  await expect(next).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pager).toContainText("Page 2 of 2");
  await expectNoAxeViolations(page, "the Members card on its page 2");
  await shoot(page, "group-members-page-2");

  // Remove someone on page 2: the card stays there, without them.
  await personRow(page, person(54)).getByRole("button", { name: `Remove ${person(54)}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove member" });
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(card.getByRole("status")).toHaveText(`${person(54)} was removed from this group.`);
  await expect(personRow(page, person(54))).toHaveCount(0);
  await expect(card.getByText("55 people")).toBeVisible();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]members_page=2/);
  await expect(card.getByRole("list", { name: "Members" }).getByRole("listitem")).toHaveCount(5);

  // Make someone on page 2 a leader: leaders come first, so they go to page 1 and the card stays on page 2, now
  // starting with the member they made room for; focus, left on a button that went with them, goes to the heading.
  await tabTo(page, personRow(page, person(49)).getByRole("button", { name: `Make leader ${person(49)}` }));
  await page.keyboard.press("Enter");
  await expect(card.getByRole("status")).toHaveText(`${person(49)} is now a leader.`);
  await expect(personRow(page, person(49))).toHaveCount(0);
  await expect(personRow(page, person(48))).toContainText("Member");
  await expect(pager).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]members_page=2/);
  await expect(card.getByRole("heading", { name: "Members" })).toBeFocused();

  // Back on page 1 they lead; a page past the end of the list goes to its last page.
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(pager).toContainText("Page 1 of 2");
  await expect(personRow(page, person(49))).toContainText("Leader");
  await page.goto(`${link}?members_page=9`);
  await expect(membersCard(page).getByRole("navigation", { name: "Pages of members" })).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/[?&]members_page=2/);
  await expect(personRow(page, person(53))).toBeVisible();
});
