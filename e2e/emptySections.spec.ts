import { expect, test } from "@playwright/test";
import { LEARNER, TEACHER, createLessonPlan, csrfToken, expectNoAxeViolations, saveShot, signInViaApi, switchTo } from "./helpers.js";

/** The editor's empty state as it saves it. */
const EMPTY = '<p class="rt-p"><br></p>';

test("a reader sees an empty section's title alone, no blank box for an empty untitled one, and still reaches comments on one", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const plan = await createLessonPlan(page, `Es${Date.now().toString(36)} Rock pools`, [
    { title: "Warm-up", html: "<p>Name a rock pool animal.</p>" },
    { title: "Reflection", html: EMPTY },
    { title: "", html: EMPTY },
    { title: "", html: EMPTY },
  ]);
  const res = await page.request.post("/comment/addcomment", { data: { type: "lesson_plan", type_id: plan.id, module: "section", module_id: plan.uids[3], content: "This part is still to write?" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.status()).toBe(201);

  await switchTo(page, LEARNER);
  await page.goto(plan.link);
  const reflection = page.getByRole("region", { name: "Reflection", exact: true });
  await expect(reflection.getByRole("heading", { name: "Reflection" })).toBeVisible();
  await expect(reflection.locator(".rich-content")).toHaveCount(0);
  // The empty untitled section without comments is left out; the one with a comment is shown, saying it is empty.
  const untitled = page.getByRole("region", { name: "Untitled section", exact: true });
  await expect(untitled).toHaveCount(1);
  await expect(untitled).toContainText("This section is empty; its comments are below.");
  await untitled.getByRole("button", { name: "Comments (1) on Section 4 Open" }).click();
  await expect(page.getByRole("region", { name: "Comments on Section 4" })).toContainText("This part is still to write?");
  await expectNoAxeViolations(page, "item page with empty sections");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
    await saveShot(page, `emptySections/view-${width}.png`, { fullPage: true });
  }
});
