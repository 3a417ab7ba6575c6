import { expect, test, type Page } from "@playwright/test";
import { DEMO_GROUP, LEARNER, TEACHER, createLessonPlan, csrfToken, demoGroupLink, expectNoAxeViolations, holdRequests, signInViaApi, switchTo, tabTo, saveShot } from "./helpers.js";


/** Posts to the Discuss card of the item with this opaque_id as the signed-in profile: a comment, or a reply to one. */
async function comment(page: Page, opaqueId: string, text: string, replyTo?: number): Promise<number> {
  const res = await page.request.post("/comment/thread/comment", { data: { opaque_id: opaqueId, comment: text, reply_to: replyTo }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.status(), `comment: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const unreadCount = async (page: Page) => ((await (await page.request.get("/api/notifications/unread")).json()) as { unread_count: number }).unread_count;

test("a reply to her comment reaches the teacher's Notifications page through the header's bell, by keyboard; turned off in Manage Notifications, the next one does not", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInViaApi(page, TEACHER);
  const title = `Nt${Date.now().toString(36)} Tide tables`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>When is low tide?</p>" }]);
  const opaqueId = ((await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string }).opaque_id;
  const question = await comment(page, opaqueId, "Which tide table did your class use?");
  // Whatever earlier tests of this run left for her is read, so the count below is this test's.
  await page.request.post("/api/notifications/read", { data: { all: true }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });

  await switchTo(page, LEARNER);
  await comment(page, opaqueId, "The harbour's, printed from the council site.", question);

  // The teacher's header counts it: on a phone on the Menu button that folds the bell away, on a wide screen on the bell.
  await switchTo(page, TEACHER);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/search/");
  await page.getByRole("button", { name: "Menu (1 unread notification)" }).click();
  await expect(page.getByRole("link", { name: "Notifications (1 unread)" })).toBeVisible();
  await saveShot(page, `notifications-menu-390.png`);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/search/");
  const bell = page.getByRole("link", { name: "Notifications (1 unread)" });
  await expect(bell).toBeVisible();
  await tabTo(page, bell);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const list = page.getByRole("list", { name: "Notifications" });
  const newest = list.getByRole("listitem").first();
  await expect(newest).toContainText(`New${LEARNER.name} replied in the discussion of ${title}`);
  await expect(newest).toContainText("The harbour's, printed from the council site.");
  await expect(page.getByRole("status").filter({ hasText: "1 unread" })).toBeVisible();
  await saveShot(page, `notifications-1366.png`, { fullPage: true });
  await expectNoAxeViolations(page, "the notifications page");

  // Manage Notifications: she stops hearing of replies.
  await page.getByRole("button", { name: "Manage Notifications" }).click();
  const dialog = page.getByRole("dialog", { name: "Manage Notifications" });
  const replies = dialog.getByRole("checkbox", { name: "Replies in discussions I follow" });
  await expect(replies).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "New discussions in my groups" })).toBeChecked();
  await saveShot(page, `manage-notifications-1366.png`);
  await expectNoAxeViolations(page, "the Manage Notifications dialog");
  await replies.press("Space");
  await expect(replies).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Your notification settings were saved.")).toBeVisible();

  await switchTo(page, LEARNER);
  await comment(page, opaqueId, "Low tide was at 10:40 that day.", question);
  await switchTo(page, TEACHER);
  expect(await unreadCount(page)).toBe(1);

  // Opening the notification's item reads it: the bell and the page say nothing is unread.
  await page.goto("/notifications");
  await list.getByRole("listitem").first().getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${plan.link}$`));
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  // The Discuss card's header opens the same settings, where replies are still off.
  const discuss = page.getByRole("region", { name: "Discuss" });
  await discuss.getByRole("button", { name: "Manage Notifications" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Replies in discussions I follow" })).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(discuss.getByRole("button", { name: "Manage Notifications" })).toBeFocused();
  await page.goto("/notifications");
  await expect(page.getByRole("status").filter({ hasText: "0 unread" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveAttribute("aria-disabled", "true");
  await expect(list.getByRole("listitem").first()).not.toContainText("New");

  // Her setting back on, as the demo had it.
  await page.getByRole("button", { name: "Manage Notifications" }).click();
  await dialog.getByRole("checkbox", { name: "Replies in discussions I follow" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  expect(((await (await page.request.get("/notification-settings")).json()) as { subscriber: Record<string, boolean> }).subscriber.comment_replies).toBe(true);
});

test("a guest at /notifications is asked to sign in, and has no bell", async ({ page }) => {
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login?redirect=%2Fnotifications");
  await expect(page.getByRole("link", { name: /^Notifications/ })).toHaveCount(0);
});

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;

test("a member's report of an item reaches the moderator's Notifications page and leads to the Reports page; only the staff have the reports setting, and e-mail starts off", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const dialog = page.getByRole("dialog", { name: "Manage Notifications" });

  // The member's settings: e-mail off until asked for, and no reports setting.
  await signInViaApi(page, LEARNER);
  await page.goto("/notifications");
  await page.getByRole("button", { name: "Manage Notifications" }).click();
  await expect(dialog.getByRole("checkbox", { name: "E-mail me my notifications" })).not.toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Replies in discussions I follow" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Reports of content" })).toHaveCount(0);
  await saveShot(page, `manage-notifications-member-1366.png`);
  await expectNoAxeViolations(page, "the member's Manage Notifications dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // She reports an item, as the flagging dialog does.
  // An item of her own, which nobody has reported yet: a second open report of one item by one person only updates the first, and tells nobody again.
  const title = `Nt${Date.now().toString(36)} Pond study`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>What lives in a pond?</p>" }]);
  const item = { id: plan.id, model_key: "lesson_plan", title };
  const message = `Dead link ${Date.now().toString(36)}`;
  const flagged = await page.request.post("/profile/flag", { data: { type: `${item.model_key}:${item.id}`, value: "broken", message }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(flagged.ok()).toBeTruthy();

  // The moderator is told, and the notification opens the Reports page.
  await switchTo(page, MODERATOR);
  await page.goto("/notifications");
  const told = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").filter({ hasText: message });
  await expect(told).toContainText(`New${LEARNER.name} reported content in ${item.title}`);
  await expect(told).toContainText(`The item reported as "Broken link or content": ${message}`);
  await saveShot(page, `notifications-report-moderator-1366.png`);
  await expectNoAxeViolations(page, "the moderator's notifications page");

  await page.getByRole("button", { name: "Manage Notifications" }).click();
  await expect(dialog.getByRole("checkbox", { name: "Reports of content" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "E-mail me my notifications" })).not.toBeChecked();
  await saveShot(page, `manage-notifications-moderator-1366.png`);
  await expectNoAxeViolations(page, "the moderator's Manage Notifications dialog");
  await page.keyboard.press("Escape");

  await told.getByRole("link", { name: item.title }).click();
  await expect(page).toHaveURL(/\/moderation\/reports$/);
  await expect(page.getByRole("listitem").filter({ hasText: message })).toBeVisible();
});

test("an access request's notification opens the item with its Permissions dialog on that request, by keyboard; accepted and saved, the link says the request was answered", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, TEACHER);
  const title = `Nt${Date.now().toString(36)} Moon phases`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>Why does the moon change shape?</p>" }]);
  const item = (await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string; uid: string };
  // Restricted: nobody but the owner may view it.
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();
  await page.request.post("/api/notifications/read", { data: { all: true }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });

  await switchTo(page, LEARNER);
  const asked = await page.request.post("/permissions/request", { data: { uid: item.uid, requestReason: "For my lunar unit" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(asked.ok()).toBeTruthy();
  const requestId = ((await asked.json()) as { request: { id: number } }).request.id;

  await switchTo(page, TEACHER);
  await page.goto("/notifications");
  const told = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").first();
  await expect(told).toContainText(`New${LEARNER.name} asked for access to ${title}`);
  const link = told.getByRole("link", { name: title });
  await expect(link).toHaveAttribute("href", `${plan.link}?permission_request=${requestId}`);
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const accept = dialog.getByRole("button", { name: `Accept ${LEARNER.name}'s request` });

  // On a phone, the link opens the dialog scrolled to the request, the keyboard on its Accept button.
  // The profile answered after the item (it says whether she may manage it): the dialog still opens once it comes.
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdRequests(page, /\/getInitializeData/);
  await page.goto(`${plan.link}?permission_request=${requestId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  release();
  await expect(accept).toBeFocused();
  await expect(accept).toBeInViewport();
  await saveShot(page, `permissions-from-notification-390.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/notifications");
  await tabTo(page, link);
  await page.keyboard.press("Enter");

  // The item's page, with the dialog open on the request and the keyboard on its Accept button.
  await expect(page).toHaveURL(new RegExp(`${plan.link}\\?permission_request=${requestId}$`));
  await expect(accept).toBeFocused();
  await expect(accept.locator("xpath=ancestor::tr")).toHaveAttribute("aria-current", "true");
  await expect(accept.locator("xpath=ancestor::tr")).toContainText("For my lunar unit");
  await saveShot(page, `permissions-from-notification-1280.png`);
  await expectNoAxeViolations(page, "the Permissions dialog opened from an access request's notification");

  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("checkbox", { name: `${LEARNER.name} may read` })).toBeChecked();
  await dialog.getByRole("button", { name: "Save permissions" }).press("Enter");
  await expect(dialog).toHaveCount(0);
  // Closed, the dialog's parameter leaves the address: a reload does not open it again.
  await expect(page).toHaveURL(new RegExp(`${plan.link}$`));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The notification's link again, once the request is answered: the dialog says so instead of showing it.
  await page.goto(`${plan.link}?permission_request=${requestId}`);
  await expect(dialog.getByText("This request was answered already: it is no longer open.")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The reader, now let in, has no Permissions dialog to open: the parameter does nothing for her.
  await switchTo(page, LEARNER);
  await page.goto(`${plan.link}?permission_request=${requestId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test("a notification names its item as it is now: renamed, the new title; once the reader may no longer open it, its type only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, TEACHER);
  const title = `Nt${Date.now().toString(36)} Star maps`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>Which star is brightest?</p>" }]);
  const item = (await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string; uid: string };
  const post = async (url: string, data: object) => expect((await page.request.post(url, { data, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();
  await post("/permissions", { opaque_id: item.opaque_id });

  await switchTo(page, LEARNER);
  await post("/permissions/request", { uid: item.uid, requestReason: "For astronomy club" });
  await switchTo(page, TEACHER);
  const requestId = ((await (await page.request.get(`/permissions?opaque_id=${item.opaque_id}`)).json()) as { permission_requests: { id: number }[] }).permission_requests[0]!.id;
  await post("/permissions", { opaque_id: item.opaque_id, accepted_requests: [requestId] });
  const renamed = `${title} of the southern sky`;
  await post(`${plan.link}/update`, { title: renamed, sections: [{ title: "Warm-up", html: "<p>Which star is brightest?</p>" }] });

  // The owner's notification of the request, and the reader's of its answer, both say the new title.
  await page.goto("/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  await expect(list.getByRole("listitem").filter({ hasText: "For astronomy club" })).toContainText(`${LEARNER.name} asked for access to ${renamed}`);
  await switchTo(page, LEARNER);
  await page.goto("/notifications");
  const answer = list.getByRole("listitem").filter({ hasText: `${TEACHER.name} accepted your request for access to` }).first();
  await expect(answer).toContainText(renamed);
  await expect(answer.getByRole("link", { name: renamed })).toHaveAttribute("href", plan.link);

  // Her access taken back: the notification names the item by its type, and the page shows neither title.
  await switchTo(page, TEACHER);
  await post("/permissions", { opaque_id: item.opaque_id });
  await switchTo(page, LEARNER);
  await page.goto("/notifications");
  await expect(list.getByRole("listitem").first()).toContainText(`${TEACHER.name} accepted your request for access to this Lesson Plan`);
  await expect(page.getByRole("main")).not.toContainText(title);
  await saveShot(page, `notifications-no-longer-viewable-1280.png`);
  await expectNoAxeViolations(page, "the notifications page naming an item by its type");
});

test("one notification is marked read by keyboard, its time shown with the date; the others stay unread, and the bell counts them (phone)", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Nt${Date.now().toString(36)} Rock cycle`;
  const plan = await createLessonPlan(page, title, [{ title: "Warm-up", html: "<p>Where do rocks come from?</p>" }]);
  const opaqueId = ((await (await page.request.get(`/api/content${plan.link}`)).json()) as { opaque_id: string }).opaque_id;
  const question = await comment(page, opaqueId, "Which rock did your class find?");
  await page.request.post("/api/notifications/read", { data: { all: true }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  await switchTo(page, LEARNER);
  await comment(page, opaqueId, "Granite, by the river.", question);
  await comment(page, opaqueId, "And some slate.", question);

  await switchTo(page, TEACHER);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/notifications");
  const list = page.getByRole("list", { name: "Notifications" });
  const [newest, older] = [list.getByRole("listitem").first(), list.getByRole("listitem").nth(1)];
  await expect(newest).toContainText("And some slate.");
  await expect(page.getByRole("status").filter({ hasText: "2 unread" })).toBeVisible();
  // When: the date and the time.
  await expect(newest.locator("time")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4},? \d{1,2}:\d{2}/);
  const markOne = newest.getByRole("button", { name: "Mark as read" });
  await expect(markOne).toHaveAccessibleDescription(`New${LEARNER.name} replied in the discussion of ${title}`);
  await saveShot(page, `notifications-mark-one-390.png`);
  await expectNoAxeViolations(page, "the notifications page with Mark as read");
  await tabTo(page, markOne);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("status").filter({ hasText: "1 unread" })).toBeVisible();
  await expect(newest).not.toContainText("New");
  await expect(newest.getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  // The keyboard stays on the entry, and the next Tab reaches what follows it.
  await expect(newest.locator(".notification__text")).toBeFocused();
  await expect(older).toContainText(`New${LEARNER.name} replied`);
  await page.getByRole("button", { name: "Menu (1 unread notification)" }).click();
  await expect(page.getByRole("link", { name: "Notifications (1 unread)" })).toBeVisible();
  expect(await unreadCount(page)).toBe(1);

  // Mark all as read turns itself off and keeps the keyboard where it was (a disabled button would drop focus to the page).
  await page.keyboard.press("Escape");
  const markAll = page.getByRole("button", { name: "Mark all as read" });
  await markAll.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "0 unread" })).toBeVisible();
  await expect(older).not.toContainText("New");
  await expect(markAll).toHaveAttribute("aria-disabled", "true");
  await expect(markAll).toBeFocused();
});

test("a leader removed from an 'Only members' group reads its old request to join as 'Someone asked to join this group': no name, no group", async ({ page }) => {
  const MODERATOR = { username: "moderator", password: "moderator-demo-pass", name: "Morgan Moderator" } as const;
  const name = `Quiet Readers ${Date.now().toString(36)}`;
  const write = async (method: "post" | "put" | "delete", url: string, data?: object) => {
    const res = await page.request[method](url, { data, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(res.ok(), `${method} ${url}: ${res.status()}`).toBeTruthy();
  };
  await switchTo(page, LEARNER);
  const learnerId = ((await (await page.request.get("/getInitializeData")).json()) as { profile: { id: number } }).profile.id;
  await switchTo(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name, description: "Hidden.", join_permission: 5, view_permission: 1 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
  // The page's id, as its Members card asks for it.
  const listed = page.waitForResponse((r) => /\/groups\/\d+\/members$/.test(new URL(r.url()).pathname));
  await page.goto(link);
  const members = new URL((await listed).url()).pathname;
  await write("post", members, { profile_id: learnerId });
  await write("put", `${members}/${learnerId}`, { role: "leader" });
  await switchTo(page, MODERATOR);
  await write("post", `/groups/${link.split("/").pop()}/join-request`);

  await switchTo(page, LEARNER);
  await page.goto("/notifications");
  await expect(page.getByRole("main")).toContainText(`${MODERATOR.name} asked to join ${name}`);
  await switchTo(page, TEACHER);
  await write("delete", `${members}/${learnerId}`);
  await switchTo(page, LEARNER);
  await page.goto("/notifications");
  // The newest notification is that request; no other names the group.
  const newest = page.locator("li.notification").first();
  await expect(newest).toContainText("Someone asked to join this group");
  await expect(newest).not.toContainText(MODERATOR.name);
  await expect(page.getByRole("main")).not.toContainText(name);
});

test("a reply in a group discussion's notification opens the thread in its modal on the group's page, by keyboard; closed, the group's page stays and Back returns to the notifications; the thread's address can be opened again, and a gone one says so", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const title = `Nt${Date.now().toString(36)} Seed swap`;
  const write = async (data: object) => {
    const res = await page.request.post("/comment/thread/comment", { data, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
    expect(res.status(), `comment: ${await res.text()}`).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const markAllRead = async () => page.request.post("/api/notifications/read", { data: { all: true }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });

  // The learner, a member of the demo group, starts a discussion there.
  await signInViaApi(page, LEARNER);
  const link = await demoGroupLink(page);
  const opaqueId = ((await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string }).opaque_id;
  await markAllRead();
  const threadId = await write({ opaque_id: opaqueId, context: "group", title, comment: "Who has spare bean seeds?" });
  const threadLink = `${link}?discussion=${threadId}`;

  // The teacher, its leader, is told of it by the thread's title, which leads to it; she replies.
  await switchTo(page, TEACHER);
  await page.goto("/notifications");
  const started = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(started).toContainText(`${LEARNER.name} started the discussion “${title}” in ${DEMO_GROUP}`);
  await expect(started.getByRole("link", { name: title })).toHaveAttribute("href", threadLink);
  await write({ opaque_id: opaqueId, context: "group", comment: "I have a jar of runner beans.", reply_to: threadId });

  // The learner's notification names the thread and leads into it.
  await switchTo(page, LEARNER);
  await page.goto("/notifications");
  const told = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").first();
  await expect(told).toContainText(`New${TEACHER.name} replied to “${title}” in ${DEMO_GROUP}`);
  await expect(told).toContainText("I have a jar of runner beans.");
  await saveShot(page, "notifications-group-discussion-1366.png");
  await expectNoAxeViolations(page, "the notifications page with a group discussion's reply");
  const threadLinkInNotification = told.getByRole("link", { name: title });
  await tabTo(page, threadLinkInNotification);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(new RegExp(`${link}\\?discussion=${threadId}$`));
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal).toHaveAccessibleDescription(`Started by ${LEARNER.name}`);
  await expect(modal.getByRole("article", { name: `Comment by ${LEARNER.name}` })).toContainText("Who has spare bean seeds?");
  await expect(modal.getByRole("article", { name: `Reply by ${TEACHER.name}` })).toContainText("I have a jar of runner beans.");
  await expect(modal.getByRole("textbox", { name: `Reply to ${title}` })).toBeVisible();
  await saveShot(page, "group-discussion-from-notification-1366.png");
  await expectNoAxeViolations(page, "a group discussion opened from its notification");

  // Closed: the group's page, without the thread in its address; Back leaves it for the notifications (no step for the modal).
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByRole("heading", { level: 1, name: DEMO_GROUP })).toBeVisible();
  await expect(page.getByRole("region", { name: "Discussions" }).getByRole("button", { name: title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(told).not.toContainText("New");

  // The thread's address, bookmarked, opens it again; opened from the list, the address follows.
  await page.goto(threadLink);
  await expect(modal.getByRole("article", { name: `Reply by ${TEACHER.name}` })).toBeVisible();
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await page.getByRole("region", { name: "Discussions" }).getByRole("button", { name: title }).click();
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${link}\\?discussion=${threadId}$`));

  // A thread that is gone: the modal says so.
  await page.goto(`${link}?discussion=2147483000`);
  const missing = page.getByRole("dialog", { name: "Discussion" });
  await expect(missing.getByText("The discussion was not found.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(missing).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
});
