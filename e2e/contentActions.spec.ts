import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, TEACHER, expectNoAxeViolations, facetGroup, resultCards, signInViaApi, tick, switchTo, csrfToken, saveShot } from "./helpers.js";

/** A word no seeded item carries, so each test's item is its own. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** The session's CSRF token, for writes made with page.request. */
/** Starts a lesson plan owned by the signed-in profile through the API; answers its link and id. */
async function startLessonPlan(page: Page, title: string): Promise<{ link: string; id: number }> {
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the content action tests" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), `start ${title}: ${res.status()}`).toBeTruthy();
  const body = (await res.json()) as { data: { link: string; id: number } };
  return body.data;
}

const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });

test.describe("around an item", () => {
  test("standards chosen in the selector on the edit page are shown on the view page and found by the search screen's standards filter", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    const plan = await startLessonPlan(page, `${word} Fractions Plan`);
    await page.goto(`${plan.link}/edit`);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    await page.getByRole("button", { name: "Standards", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Select Standards" });
    await expect(dialog.getByRole("tab")).toHaveText(["Browse", "Search", "Selected Standards (0)"]);

    // Browse: frameworks and domains have no tick box; leaves do.
    await dialog.getByRole("button", { name: "Expand Common Core State Standards for Mathematics" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Number and Operations: Fractions" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Expand Number and Operations: Fractions" }).click();
    await dialog.getByRole("checkbox", { name: "Explain equivalence of fractions" }).check();

    // Search: from 2 characters; no hits say so.
    await dialog.getByRole("tab", { name: "Search" }).click();
    const search = dialog.getByLabel("Search standards");
    await search.fill("f");
    await expect(dialog.getByText("Please enter at least 2 characters to search.")).toBeVisible();
    await search.fill("zzqx");
    await expect(dialog.getByText("No results found for zzqx")).toBeVisible();
    await search.fill("number line");
    await dialog.getByRole("checkbox", { name: /Understand a fraction as a number on the number line/ }).check();
    await expect(dialog.getByRole("checkbox", { name: /Explain equivalence of fractions/ })).toHaveCount(0);
    await expectNoAxeViolations(page, "standards selector, search");

    // Selected Standards: removing asks first.
    await dialog.getByRole("tab", { name: "Selected Standards (2)" }).click();
    await saveShot(page, `standards-selected.png`);
    await dialog.getByRole("button", { name: /^Remove CCSS\.MATH\.NF\.1/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove standard" });
    await expect(confirm).toContainText("Are you sure you want to remove this standard?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog.getByRole("list", { name: "Selected standards" }).getByRole("listitem")).toHaveCount(2);
    await dialog.getByRole("button", { name: /^Remove CCSS\.MATH\.NF\.1/ }).click();
    await page.getByRole("alertdialog", { name: "Remove standard" }).getByRole("button", { name: "Remove" }).click();
    await expect(dialog.getByRole("list", { name: "Selected standards" }).getByRole("listitem")).toHaveText([/Explain equivalence of fractions/]);
    await dialog.getByRole("button", { name: "Save standards" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Standards saved.");

    // The view page lists it in the view-standards dialog (accordion of frameworks).
    await page.goto(plan.link);
    await page.getByRole("button", { name: "View standards" }).click();
    const view = page.locator("#view-standards-modal");
    await expect(view.getByRole("button", { name: "Common Core State Standards for Mathematics (1)" })).toHaveAttribute("aria-expanded", "true");
    await expect(view.getByRole("listitem")).toHaveText(["CCSS.MATH.NF.2 Explain equivalence of fractions"]);
    await expectNoAxeViolations(page, "view standards dialog");
    await saveShot(page, `view-standards.png`);
    await view.getByRole("button", { name: "Close" }).click();

    // The search screen's Standards filter finds it at once.
    await page.goto(`/search/?st=${word.toLowerCase()}`);
    await expect(resultCards(page)).toHaveCount(1);
    await tick(facetGroup(page, "Standards").getByRole("checkbox", { name: /^CCSS\.MATH\.NF\.2 Explain equivalence of fractions/ }));
    await expect(page).toHaveURL(/standards/);
    await expect(resultCards(page)).toHaveCount(1);
    await expect(resultCards(page).first()).toContainText(`${word} Fractions Plan`);
  });

  test("copy: the dialog proposes the title plus ' (Copy)', requires a title, and opens the copy, which says where it came from", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    const plan = await startLessonPlan(page, `${word} Original`);
    await signInViaApi(page, LEARNER);
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    const dialog = page.locator("#copy-modal");
    const title = dialog.getByLabel("New title");
    await expect(title).toHaveValue(`${word} Original (Copy)`);
    await title.fill("  ");
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(dialog.getByText("A title for the copy is required.")).toBeVisible();
    await expectNoAxeViolations(page, "copy dialog");
    await title.fill(`${word} Mine`);
    await dialog.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${word} Mine` })).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`${plan.link}$`));
    await expect(page.getByText(`By ${LEARNER.name}`)).toBeVisible();
    // The About card: the original's owner created it, the copier copied it (when), from the original.
    const about = page.getByRole("region", { name: "About" });
    await expect(about).toContainText(`Created by${TEACHER.name}`);
    await expect(about).toContainText(`Copied by${LEARNER.name} on`);
    await expect(about.getByRole("link", { name: LEARNER.name })).toHaveAttribute("href", /^\/profiles\//);
    await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
    await saveShot(page, `copy-view.png`);
    await about.getByRole("link", { name: `${word} Original` }).click();
    await expect(page).toHaveURL(new RegExp(`${plan.link}$`));
  });

  test("change owner: an option is required, 'other' needs a pick from 3 characters, success reloads with the server's message", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    const plan = await startLessonPlan(page, `${word} Handover`);
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Change owner" }).click();
    const dialog = page.getByRole("dialog", { name: "Change owner" });
    await dialog.getByRole("button", { name: "Change owner" }).click();
    await expect(dialog.getByText("Please choose who the new owner is.")).toBeVisible();
    await dialog.getByRole("radio", { name: "Someone else" }).check();
    // The option is chosen now: the message asking for one goes.
    await expect(dialog.getByText("Please choose who the new owner is.")).toBeHidden();
    await dialog.getByRole("button", { name: "Change owner" }).click();
    await expect(dialog.getByText("Please pick the new owner.")).toBeVisible();
    const owner = dialog.getByLabel("Search people and groups");
    await owner.fill("Sa");
    await expect(dialog.getByText("Please enter at least 3 characters to search.")).toBeVisible();
    await owner.fill("Sam C");
    await dialog.getByRole("button", { name: LEARNER.name }).click();
    await expect(dialog.getByText(`Chosen: ${LEARNER.name}`)).toBeVisible();
    await expectNoAxeViolations(page, "change owner dialog");
    await dialog.getByRole("button", { name: "Change owner" }).click();
    await expect(toasts(page)).toContainText(`The owner has been changed to ${LEARNER.name}.`);
    await expect(page.getByText(`By ${LEARNER.name}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Change owner" })).toHaveCount(0);
  });

  test("change owner refused by the server shows its message in a danger alert", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const plan = await startLessonPlan(page, `${unique()} Refused`);
    await page.goto(plan.link);
    await page.route("**/profile/owner/change", (route) => route.fulfill({ status: 403, contentType: "application/json", body: JSON.stringify({ message: "Only the owner or an administrator may change the owner." }) }));
    await page.getByRole("button", { name: "Change owner" }).click();
    const dialog = page.getByRole("dialog", { name: "Change owner" });
    await dialog.getByRole("radio", { name: "Someone else" }).check();
    await dialog.getByLabel("Search people and groups").fill("Sam C");
    await dialog.getByRole("button", { name: LEARNER.name }).click();
    await dialog.getByRole("button", { name: "Change owner" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Only the owner or an administrator may change the owner." })).toBeVisible();
  });

  test("change owner of a group's item: its leader is offered only 'Someone else' (no taking it), an admin 'Me' too", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    const created = await page.request.post("/groups", { data: { name: `${word} Team`, description: "Made by the content action tests" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(created.ok(), `group: ${created.status()}`).toBeTruthy();
    const group = ((await created.json()) as { objGroup: { id: number; name: string } }).objGroup;
    const plan = await startLessonPlan(page, `${word} Team Plan`);
    const opaqueId = ((await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string }).opaque_id;
    const given = await page.request.post("/profile/owner/change", { data: { opaque_id: opaqueId, selected_profile: group.id }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(given.ok(), `give to the group: ${given.status()}`).toBeTruthy();

    // The teacher leads the owning group: it may give the item away, not take it.
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Change owner" }).click();
    const dialog = page.getByRole("dialog", { name: "Change owner" });
    await expect(dialog.getByText(`Currently owned by ${group.name}.`)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Someone else" })).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /^Me / })).toHaveCount(0);

    await switchTo(page, ADMIN);
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Change owner" }).click();
    await expect(page.getByRole("dialog", { name: "Change owner" }).getByRole("radio", { name: /^Me / })).toBeVisible();
  });

  test("flag: guests get the guest modal; members choose a reason and describe it, and are thanked", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const plan = await startLessonPlan(page, `${unique()} Flaggable`);
    await switchTo(page, null);
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Flag" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await page.getByRole("dialog", { name: "Sign in to continue" }).getByRole("button", { name: "Close" }).click();

    await signInViaApi(page, LEARNER);
    await page.goto(plan.link);
    await page.getByRole("button", { name: "Flag" }).click();
    const dialog = page.locator("#flagging-modal");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Please choose a reason.")).toBeVisible();
    await expect(dialog.getByText("Please describe the problem.")).toBeVisible();
    await dialog.getByRole("radio", { name: "Broken link or content" }).check();
    await dialog.getByLabel("Description").fill("The second section is empty.");
    await expectNoAxeViolations(page, "flagging dialog");
    await saveShot(page, `flag-dialog.png`);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Thank you for your feedback!");
  });

  test("the related and similar sidebars list viewable items; quick-info shows on hover for signed-in members; more-info opens", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    const first = await startLessonPlan(page, `${word} Volcano Lesson`);
    const second = await startLessonPlan(page, `${word} Volcano Review`);
    // Similar by its title only (no shared tags).
    await startLessonPlan(page, `${word} Volcano Quiz`);
    const standards = (await (await page.request.post("/attributes/getMultipleItemBySearchTerm", { data: { type: "standard", st: "equivalence" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).json()) as { arrObjResponse: { id: number }[] };
    const standardId = standards.arrObjResponse[0]!.id;
    for (const link of [first.link, second.link]) {
      const res = await page.request.post(`${link}/tags`, { data: { attribute_ids: [standardId], keywords: ["magma"] }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
      expect(res.ok()).toBeTruthy();
    }
    // A controllable clock: quick-info's 2-second hover delay is run forward rather than waited out.
    await page.clock.install();
    await page.goto(first.link);
    const related = page.getByRole("region", { name: "Related content" });
    const similar = page.getByRole("region", { name: "Similar content" });
    await expect(related.getByRole("link", { name: `${word} Volcano Review` })).toBeVisible();
    await expect(similar.getByRole("link", { name: `${word} Volcano Quiz` })).toBeVisible();
    // Similar too (same type, similar title), but already listed under Related content.
    await expect(similar.getByRole("link", { name: `${word} Volcano Review` })).toHaveCount(0);
    await expect(related.getByRole("link", { name: `${word} Volcano Lesson` })).toHaveCount(0);

    const link = related.getByRole("link", { name: `${word} Volcano Review` });
    // The page's time stands still while the delay is checked: running on, a busy machine's slow steps added to it (the
    // popover showed at what the test counted as 1.2 s).
    await page.clock.pauseAt(Date.now() + 1_000);
    await link.hover();
    await page.clock.runFor(1200);
    // Real time for a render, had a timer fired (the clock runs timers; React renders on its own schedule).
    await page.waitForTimeout(500);
    await expect(page.getByTestId("quick-info")).toHaveCount(0);
    await page.clock.runFor(1000);
    const popover = page.getByRole("tooltip");
    await expect(popover).toBeVisible();
    // Time runs on again for what the popover loads (the query's updates wait on timers).
    await page.clock.resume();
    await expect(popover).toContainText(`Lesson Plan by ${TEACHER.name}`, { timeout: 4000 });
    await expect(popover).toContainText("Standards:");
    await expect(popover).toContainText("CCSS.MATH.NF.2");
    await saveShot(page, `related-quick-info.png`);
    await page.mouse.move(5, 5);
    await expect(popover).toBeHidden();

    await page.getByRole("button", { name: "More info" }).click();
    const info = page.locator("#more-info-modal");
    await expect(info.getByRole("definition").first()).toHaveText("Lesson Plan");
    await expect(info).toContainText(TEACHER.name);
    await expectNoAxeViolations(page, "more info dialog");
    await info.getByRole("button", { name: "Close" }).click();
    await expectNoAxeViolations(page, "view page with sidebars");

    // Guests see the sidebars but get no quick-info.
    await switchTo(page, null);
    await page.goto(first.link);
    await page.getByRole("region", { name: "Related content" }).getByRole("link", { name: `${word} Volcano Review` }).hover();
    await page.clock.runFor(2600);
    await page.waitForTimeout(500);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
  });

  test("a search result's title shows quick-info on hover for signed-in members, opening rightwards inside the page", async ({ page }) => {
    await signInViaApi(page, TEACHER);
    const word = unique();
    await startLessonPlan(page, `${word} Tide Pools`);
    await page.clock.install();
    await page.goto(`/search/?st=${word}`);
    const title = resultCards(page).first().getByRole("link", { name: `${word} Tide Pools` });
    await title.hover();
    await page.clock.runFor(2100);
    const popover = page.getByRole("tooltip");
    await expect(popover).toContainText(`Lesson Plan by ${TEACHER.name}`, { timeout: 4000 });
    // Not in the heading's bold, and wholly on the screen (anchored at the title's left, where the sidebar's is at its right).
    expect(await popover.evaluate((el) => getComputedStyle(el).fontWeight)).toBe("400");
    const [box, titleBox] = [await popover.boundingBox(), await title.boundingBox()];
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(Math.abs(box!.x - titleBox!.x)).toBeLessThan(2);
    await saveShot(page, "search-quick-info.png");
    await page.mouse.move(5, 5);
    await expect(popover).toBeHidden();
  });
});
