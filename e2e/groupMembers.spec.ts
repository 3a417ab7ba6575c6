import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, switchTo, tabTo, demoGroupLink, saveShot } from "./helpers.js";

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
