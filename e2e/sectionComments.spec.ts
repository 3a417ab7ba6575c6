import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, tabTo, switchTo, createLessonPlan, csrfToken, saveShot } from "./helpers.js";


/** A new public lesson plan of the signed-in profile with two sections. */
const createPlan = (page: Page) => createLessonPlan(page, `Sc${Date.now().toString(36)} Tide pools`, [{ title: "Warm-up", html: "<p>What lives in a tide pool?</p>" }, { title: "Practice", html: "<p>Sort the animals.</p>" }]);

test("a member reads a section's last comments, the earlier ones in a dialog, comments and edits by keyboard; the owner resolves the thread", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const plan = await createPlan(page);
  const token = await csrfToken(page.request);
  for (const n of [1, 2, 3, 4]) {
    const res = await page.request.post("/comment/addcomment", { data: { type: "lesson_plan", type_id: plan.id, module: "section", module_id: plan.uids[0], content: `Note ${n} on the warm-up` }, headers: { "X-CSRF-Token": token } });
    expect(res.status()).toBe(201);
  }

  await switchTo(page, LEARNER);
  await page.goto(plan.link);
  await expect(page.getByText("1 open comment thread on this lesson plan's sections")).toBeVisible();
  const warmUp = page.getByRole("region", { name: "Warm-up", exact: true });
  const warmUpToggle = warmUp.getByRole("button", { name: "Comments (4) on Warm-up Open" });
  await tabTo(page, warmUpToggle);
  await page.keyboard.press("Enter");
  const warmUpPanel = page.getByRole("region", { name: "Comments on Warm-up" });
  // The last three, oldest first, and the rest behind View Previous Comments.
  await expect(warmUpPanel.getByRole("article")).toHaveText([/Note 2/, /Note 3/, /Note 4/]);
  // The thread was started by the teacher: no status toggle for this member, and no Edit on others' comments.
  await expect(warmUpPanel.getByRole("button", { name: "Mark As Resolved" })).toHaveCount(0);
  await expect(warmUpPanel.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await warmUpPanel.getByRole("button", { name: "View Previous Comments (1)" }).click();
  const all = page.getByRole("dialog", { name: "Comments on Warm-up" });
  await expect(all.getByRole("article")).toHaveCount(4);
  await expect(all.getByRole("article").first()).toContainText("Note 1 on the warm-up");
  await page.keyboard.press("Escape");
  await expect(all).toBeHidden();

  // A first comment on Practice starts its thread.
  const practiceToggle = page.getByRole("button", { name: "Comment on Practice" });
  await practiceToggle.click();
  const practicePanel = page.getByRole("region", { name: "Comments on Practice" });
  await expect(practicePanel).toContainText("No comments on this section yet.");
  const box = practicePanel.getByRole("textbox", { name: "Comment on Practice" });
  await box.focus();
  await expect(practicePanel.getByRole("button", { name: "Comment", exact: true })).toBeDisabled();
  await page.keyboard.type("Could we add a photo of each animal?");
  // A send that fails other than with a 422 shows the first document's long text in the form's banner, never the bare
  // "System error" (the text read whole: the spec's two spaces after "request." included).
  await page.route("**/comment/addcomment", (route) => route.fulfill({ status: 500, json: { message: "Internal failure" } }), { times: 1 });
  await page.keyboard.press("Enter");
  const banner = practicePanel.getByRole("alert");
  await expect(banner).toBeVisible();
  expect(await banner.textContent()).toBe("An unexpected error occurred while processing your request.  Please wait a moment and try again.");
  await box.focus();
  await page.keyboard.press("Enter");
  const mine = practicePanel.getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await expect(mine).toContainText("Could we add a photo of each animal?");
  await expect(page.getByRole("button", { name: "Comments (1) on Practice Open" })).toBeVisible();
  await expect(page.getByText("2 open comment threads on this lesson plan's sections")).toBeVisible();
  // Its writer may change it, and it says so.
  await mine.getByRole("button", { name: "Edit" }).click();
  const edit = mine.getByRole("textbox", { name: "Edit your comment" });
  await expect(edit).toBeFocused();
  await edit.fill("Could we add a labelled photo of each animal?");
  await page.keyboard.press("Enter");
  await expect(mine).toContainText("Could we add a labelled photo of each animal?");
  await expect(mine.getByText("Edited")).toBeVisible();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await warmUp.scrollIntoViewIfNeeded();
    await saveShot(page, `section-comments-${width}.png`);
    await expectNoAxeViolations(page, `section comments at ${width}px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // The owner resolves the member's thread; the badge counts one open thread again.
  await switchTo(page, TEACHER);
  await page.goto(plan.link);
  await page.getByRole("button", { name: "Comments (1) on Practice Open" }).click();
  await page.getByRole("region", { name: "Comments on Practice" }).getByRole("button", { name: "Mark As Resolved" }).click();
  await expect(page.getByRole("button", { name: "Comments (1) on Practice Resolved" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Comments on Practice" }).getByRole("button", { name: "Re-open" })).toBeVisible();
  await expect(page.getByText("1 open comment thread on this lesson plan's sections")).toBeVisible();

  // The edit page shows the same threads under each saved section.
  await page.goto(`${plan.link}/edit`);
  await expect(page.getByRole("button", { name: "Comments (4) on Warm-up Open" })).toBeVisible();
  await page.getByRole("button", { name: "Comments (1) on Practice Resolved" }).click();
  await expect(page.getByRole("region", { name: "Comments on Practice" })).toContainText("Could we add a labelled photo of each animal?");
  await saveShot(page, `section-comments-edit-1366.png`);
});
