import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, switchTo, tabTo, createLessonPlan, csrfToken, saveShot } from "./helpers.js";


/** A new public lesson plan of the signed-in profile with two sections. */
const createPlan = (page: Page) => createLessonPlan(page, `Dt${Date.now().toString(36)} Rock pools`, [{ title: "Warm-up", html: "<p>What lives in a rock pool?</p>" }, { title: "Field sketches", html: "<p>Draw three animals.</p>" }]);

test("the owner removes a commented section and still reads its comments in Deleted Comment Threads, by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInViaApi(page, TEACHER);
  const plan = await createPlan(page);
  const comment = await page.request.post("/comment/addcomment", {
    data: { type: "lesson_plan", type_id: plan.id, module: "section", module_id: plan.uids[1], content: "Label each sketch with the animal's name." },
    headers: { "X-CSRF-Token": await csrfToken(page.request) },
  });
  expect(comment.status()).toBe(201);

  // Nothing removed yet: no card.
  await page.goto(plan.link);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Comments (1) on Field sketches Open" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Deleted Comment Threads" })).toHaveCount(0);

  // The section is removed in the editor and the plan saved; the edit page lists its thread at once.
  await page.goto(`${plan.link}/edit`);
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
  await page.getByRole("button", { name: "Remove Field sketches" }).click();
  await page.getByRole("alertdialog", { name: "Remove section" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/All changes saved at/)).toBeVisible();
  const onEditPage = page.getByRole("complementary", { name: "Deleted Comment Threads" });
  await expect(onEditPage.getByRole("listitem")).toHaveCount(1);
  await expect(onEditPage).toContainText("Field sketches");
  await saveShot(page, `deleted-threads-edit-1366.png`, { fullPage: true });

  // Undo after the save brings the section back with its uid: the thread is under it again, and the card goes.
  await page.getByRole("status").filter({ hasText: "Section “Field sketches” removed." }).getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "Comments (1) on Field sketches Open" })).toBeVisible();
  await expect(onEditPage).toHaveCount(0);
  // Removed again for good.
  await page.getByRole("button", { name: "Remove Field sketches" }).click();
  await page.getByRole("alertdialog", { name: "Remove section" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(onEditPage.getByRole("listitem")).toHaveCount(1);

  // The item's page: the card in the sidebar, its entry opened by keyboard.
  await page.goto(plan.link);
  const card = page.getByRole("complementary", { name: "Deleted Comment Threads" });
  await expect(card.getByRole("heading", { name: "Deleted Comment Threads" })).toBeVisible();
  const entry = card.getByRole("listitem");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Field sketches");
  await expect(entry).toContainText("Open");
  await expect(entry).toContainText("1 comment");
  // The section is gone from the body, with its comments button.
  await expect(page.getByRole("region", { name: "Field sketches", exact: true })).toHaveCount(0);

  const view = card.getByRole("button", { name: "View comments on Field sketches" });
  // The sidebar follows the whole article (its sections, actions and Discuss card) in tab order.
  await tabTo(page, view, 150);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Comments on Field sketches" });
  await expect(dialog).toBeVisible();
  const read = dialog.getByRole("article", { name: `Comment by ${TEACHER.name}` });
  await expect(read).toContainText("Label each sketch with the animal's name.");
  await expect(dialog).toContainText("its comments can be read but not changed");
  // Read-only, even for the comment's writer.
  await expect(dialog.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await saveShot(page, `deleted-threads-dialog-1366.png`);
  await expectNoAxeViolations(page, "deleted thread dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(view).toBeFocused();

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await card.scrollIntoViewIfNeeded();
    await saveShot(page, `deleted-threads-${width}.png`);
    await expectNoAxeViolations(page, `deleted comment threads at ${width}px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no horizontal scrolling at ${width}px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // A reader who may not edit the plan sees no card.
  await switchTo(page, LEARNER);
  await page.goto(plan.link);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Comment on Warm-up" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Deleted Comment Threads" })).toHaveCount(0);
});
