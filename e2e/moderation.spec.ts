import { expect, test } from "@playwright/test";
import { DEMO_GROUP, LEARNER, TEACHER, createLessonPlan, csrfToken, demoGroupLink, expectNoAxeViolations, signInViaApi, tabTo, switchTo, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;

test("moderation: a member's report reaches the moderator's Reports page, which resolves and reopens it by keyboard, and a contact message is read there; members cannot open them", async ({ page }) => {
  // A member reports an item, as the flagging dialog does.
  await signInViaApi(page, LEARNER);
  // An item of her own, which nobody has reported yet: a second open report of one item by one person only updates the first, and tells nobody again.
  const title = `Md${Date.now().toString(36)} Pond study`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>What lives in a pond?</p>" }]);
  const item = { id: plan.id, model_key: "lesson_plan", title };
  const message = `Broken since ${Date.now().toString(36)}`;
  const token = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
  const flagged = await page.request.post("/profile/flag", { data: { type: `${item.model_key}:${item.id}`, value: "broken", message }, headers: { "X-CSRF-Token": token } });
  expect(flagged.ok()).toBeTruthy();
  // And writes to the staff, as the footer's Contact us does.
  const note = `Please add more Grade 5 fractions (${Date.now().toString(36)}).\nThanks!`;
  const sent = await page.request.post("/contact/send", { data: { name: "Sam Carter", email: "sam@example.org", message: note, page: "/search/" }, headers: { "X-CSRF-Token": token } });
  expect(sent.ok()).toBeTruthy();

  // Members get no Reports link, and the page tells them it is not theirs.
  await page.goto("/moderation/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByText("Only moderators and administrators may see this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Moderation" })).toHaveCount(0);
  await page.goto("/moderation/messages");
  await expect(page.getByText("Only moderators and administrators may see this page.")).toBeVisible();

  await switchTo(page, MODERATOR);
  await page.goto("/search/");
  const nav = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Moderation" });
  await tabTo(page, nav);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/moderation\/reports$/);
  const report = page.getByRole("listitem").filter({ hasText: message });
  await expect(report).toBeVisible();
  await expect(report.getByRole("heading", { level: 2 })).toHaveText(`Item ${item.title}`);
  await expect(report.getByRole("link", { name: item.title })).toBeVisible();
  await expect(report).toContainText("Broken link or content:");
  await expect(report).toContainText(`Reported by ${LEARNER.name}`);
  // The demo's two reports are there too, older.
  await expect(page.getByRole("listitem").filter({ hasText: "The video link opens a page that says it was removed." })).toBeVisible();
  await expectNoAxeViolations(page, "reports page");
  await saveShot(page, `reports-1366.png`, { fullPage: true });

  // Resolving asks for the outcome (No action needed first, and focused) and an optional note for the staff.
  const resolve = report.getByRole("button", { name: /^Resolve/ });
  await tabTo(page, resolve);
  await page.keyboard.press("Enter");
  const form = report.getByRole("form", { name: /^Resolve the report of/ });
  const none = form.getByRole("radio", { name: "No action needed" });
  await expect(none).toBeFocused();
  await expect(none).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "Content removed or hidden" })).toBeChecked();
  await expect(form).toContainText("Records the outcome only: hide or delete the item yourself");
  await page.keyboard.press("ArrowUp");
  await expect(none).toBeChecked();
  await page.keyboard.press("Tab");
  const staffNote = form.getByRole("textbox", { name: "Note for the staff (optional)" });
  await expect(staffNote).toBeFocused();
  await page.keyboard.type("The link works for me.");
  await expect(form).toContainText("22/500");
  await expectNoAxeViolations(page, "reports page, resolving");
  await saveShot(page, `reports-resolving-1366.png`, { fullPage: true });
  // Cancel closes the form and gives focus back to Resolve.
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toHaveCount(0);
  await expect(resolve).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(none).toBeFocused();
  await form.getByRole("textbox", { name: "Note for the staff (optional)" }).fill("The link works for me.");
  await form.getByRole("button", { name: "Resolve report" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("The report was resolved.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: message })).toHaveCount(0);
  // Focus stays in the list, on the next report's button.
  await expect(page.locator(".report__action").first()).toBeFocused();

  // The Resolved tab lists it, and it can be opened again.
  const openTab = page.getByRole("tab", { name: "Open" });
  await openTab.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Resolved" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/status=resolved/);
  const resolved = page.getByRole("listitem").filter({ hasText: message });
  await expect(resolved).toContainText("Resolved by Morgan Moderator on");
  await expect(resolved).toContainText("Outcome: No action needed — The link works for me.");
  await saveShot(page, `reports-resolved-1366.png`, { fullPage: true });
  await resolved.getByRole("button", { name: /^Open again/ }).click();
  await expect(page.getByText("The report was opened again.")).toBeVisible();
  await expect(page.getByText("No resolved reports yet.")).toBeVisible();

  // The contact message, from the pages' own navigation.
  await page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Contact messages" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
  const letter = page.getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" });
  await expect(letter.getByRole("heading", { level: 2 })).toHaveText("Sam Carter <sam@example.org>");
  await expect(letter.getByRole("link", { name: "sam@example.org" })).toHaveAttribute("href", "mailto:sam@example.org");
  await expect(letter).toContainText(`by the signed-in profile ${LEARNER.name} from /search/`);
  await expectNoAxeViolations(page, "contact messages page");
  // A page past the end says so and leads back.
  await page.goto("/moderation/messages?page=99");
  await expect(page.getByText("Nothing on this page.")).toBeVisible();
  await page.getByRole("button", { name: "Go to the first page" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" })).toBeVisible();
  await saveShot(page, `contact-messages-open-1366.png`, { fullPage: true });

  // Marked handled, it leaves the Open tab for the Handled one, which says who and when; and it can be opened again.
  await page.getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" }).getByRole("button", { name: /^Mark handled/ }).click();
  await expect(page.getByText("The message was marked handled.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Handled" }).click();
  await expect(page).toHaveURL(/status=handled/);
  const handled = page.getByRole("list", { name: "Handled contact messages" }).getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" });
  await expect(handled).toContainText("Marked handled by Morgan Moderator on");
  await expectNoAxeViolations(page, "handled contact messages");
  await saveShot(page, `contact-messages-handled-1366.png`, { fullPage: true });
  await handled.getByRole("button", { name: /^Mark open again/ }).click();
  await expect(page.getByText("The message was marked open again.")).toBeVisible();
  await page.getByRole("tab", { name: "Open" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Please add more Grade 5 fractions" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/moderation/reports");
  await expect(page.getByRole("listitem").filter({ hasText: message })).toBeVisible();
  await expectNoAxeViolations(page, "reports page at 390 px");
  // On a phone the header's Moderation link folds into the Menu with the other actions, so the header stays one row.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Moderation" })).toHaveCount(0);
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.locator(".account__actions").getByRole("link", { name: "Moderation" })).toBeVisible();
  await saveShot(page, `reports-390.png`, { fullPage: true });
});

test("moderation: a reported comment its author deleted since says so on the Reports page", async ({ page }) => {
  // The author writes a comment on an item of their own; a member reports it; the author deletes it.
  await signInViaApi(page, LEARNER);
  const title = `Md${Date.now().toString(36)} Deleted since`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>Ponds.</p>" }]);
  const opaqueId = ((await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string }).opaque_id;
  let headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const text = `Regrettable words ${Date.now().toString(36)}`;
  const posted = await page.request.post("/comment/thread/comment", { data: { opaque_id: opaqueId, comment: text }, headers });
  const commentId = ((await posted.json()) as { id: number }).id;
  await switchTo(page, TEACHER);
  headers = { "X-CSRF-Token": await csrfToken(page.request) };
  expect((await page.request.post("/comment/thread/comment/flag", { data: { opaque_id: opaqueId, comment_id: commentId, value: "inappropriate", message: "Rude." }, headers })).ok()).toBeTruthy();
  await switchTo(page, LEARNER);
  headers = { "X-CSRF-Token": await csrfToken(page.request) };
  expect((await page.request.delete("/comment/thread/comment", { data: { opaque_id: opaqueId, comment_id: commentId }, headers })).ok()).toBeTruthy();

  await switchTo(page, MODERATOR);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/moderation/reports");
  const report = page.getByRole("listitem").filter({ hasText: text });
  await expect(report.getByText(/^The comment was deleted on \d{1,2}\/\d{1,2}\/\d{4}, after it was reported: nobody sees it in the discussion any more\.$/)).toBeVisible();
  await expectNoAxeViolations(page, "reports page with a deleted comment");
  await report.getByRole("button", { name: /^Resolve/ }).click();
  await report.getByRole("button", { name: "Resolve report" }).click();
  await expect(page.getByText("The report was resolved.")).toBeVisible();
});

test("moderation: a reported comment resolved as removed is deleted, shown so in the resolved list, and the reporter is told the outcome without the moderator's name", async ({ page }) => {
  await signInViaApi(page, LEARNER);
  const title = `Md${Date.now().toString(36)} Removed`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>Ponds.</p>" }]);
  const opaqueId = ((await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string }).opaque_id;
  let headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const text = `Spammy words ${Date.now().toString(36)}`;
  const commentId = ((await (await page.request.post("/comment/thread/comment", { data: { opaque_id: opaqueId, comment: text }, headers })).json()) as { id: number }).id;
  await switchTo(page, TEACHER);
  headers = { "X-CSRF-Token": await csrfToken(page.request) };
  expect((await page.request.post("/comment/thread/comment/flag", { data: { opaque_id: opaqueId, comment_id: commentId, value: "inappropriate", message: "Spam, twice." }, headers })).ok()).toBeTruthy();

  await switchTo(page, MODERATOR);
  await page.goto("/moderation/reports");
  const report = page.getByRole("listitem").filter({ hasText: text });
  await report.getByRole("button", { name: /^Resolve/ }).click();
  await report.getByRole("radio", { name: "Content removed or hidden" }).check();
  await expect(report).toContainText("Deletes the comment, as its author's Delete would");
  // A note past the limit is refused with the server's message (the field's own limit is lifted to show it).
  const note = report.getByRole("textbox", { name: "Note for the staff (optional)" });
  await note.evaluate((el) => el.removeAttribute("maxlength"));
  await note.fill("x".repeat(501));
  await report.getByRole("button", { name: "Resolve report" }).click();
  await expect(report.getByRole("alert")).toHaveText("The note may be at most 500 characters.");
  await note.fill("Advert for pens.");
  await report.getByRole("button", { name: "Resolve report" }).click();
  await expect(page.getByText("The report was resolved.")).toBeVisible();
  await page.getByRole("tab", { name: "Resolved" }).click();
  const resolved = page.getByRole("listitem").filter({ hasText: text });
  await expect(resolved).toContainText("Outcome: Content removed or hidden — Advert for pens.");
  await expect(resolved.getByText(/^The comment was deleted on/)).toBeVisible();
  await saveShot(page, `reports-removed-1366.png`, { fullPage: true });

  // The reporter hears the outcome, and not who decided it nor the staff's note.
  await switchTo(page, TEACHER);
  await page.goto("/notifications");
  const told = page.getByRole("listitem").filter({ hasText: `Your report about ${title} was resolved` });
  await expect(told).toContainText('Content removed or hidden. You reported a comment: "Spam, twice."');
  await expect(told).not.toContainText("Morgan Moderator");
  await expect(told).not.toContainText("Advert for pens.");
  await saveShot(page, `report-outcome-notification-1366.png`, { fullPage: true });
});

test("moderation: a reported reply in a group discussion names its author and leads to its thread, opened in its modal on the group's page", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as { id: number };
  };
  // The teacher starts a discussion in the demo group, the learner replies, and the teacher reports the reply.
  await signInViaApi(page, TEACHER);
  const link = await demoGroupLink(page);
  const opaqueId = ((await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string }).opaque_id;
  const title = `Md${Date.now().toString(36)} Lab coats`;
  const thread = await post("/comment/thread/comment", { opaque_id: opaqueId, context: "group", title, comment: "Who still needs one?" });
  await switchTo(page, LEARNER);
  const text = `Unkind reply ${Date.now().toString(36)}`;
  const reply = await post("/comment/thread/comment", { opaque_id: opaqueId, context: "group", comment: text, reply_to: thread.id });
  await switchTo(page, TEACHER);
  await post("/comment/thread/comment/flag", { opaque_id: opaqueId, context: "group", comment_id: reply.id, value: "inappropriate", message: "Unkind." });

  await switchTo(page, MODERATOR);
  await page.goto("/moderation/reports");
  const report = page.getByRole("listitem").filter({ hasText: text });
  await expect(report.getByRole("heading", { level: 2 })).toHaveText(`Comment in “${title}” on ${DEMO_GROUP}`);
  await expect(report.getByText(`Written by ${LEARNER.name}`)).toBeVisible();
  await expect(report.getByRole("link", { name: LEARNER.name })).toHaveAttribute("href", /^\/profiles\/[\w-]+$/);
  await expect(report.getByRole("link", { name: DEMO_GROUP })).toHaveAttribute("href", link);
  await report.scrollIntoViewIfNeeded();
  await saveShot(page, "reports-group-discussion-1366.png");
  await expectNoAxeViolations(page, "reports page with a group discussion's comment");

  // Its thread's link opens the discussion on the group's page, the reported reply in it.
  await report.getByRole("link", { name: `“${title}”` }).click();
  await expect(page).toHaveURL(new RegExp(`${link}\\?discussion=${thread.id}$`));
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal.getByRole("article", { name: `Reply by ${LEARNER.name}` })).toContainText(text);
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
});
