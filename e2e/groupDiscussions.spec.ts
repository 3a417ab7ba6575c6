import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, switchTo, tabTo, DEMO_GROUP, demoGroupLink, saveShot } from "./helpers.js";

const GROUP = DEMO_GROUP;

const widget = (page: Page) => page.getByRole("region", { name: "Discussions" });
const threadList = (page: Page) => widget(page).getByRole("list", { name: "Discussion threads" });


/** Screenshots at both widths of what `target` shows (the page scrolled to it), with axe at each width. */
async function shootAndCheck(page: Page, name: string, target: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.locator(target).first().scrollIntoViewIfNeeded();
    await saveShot(page, `${name}-${width}.png`);
    await expectNoAxeViolations(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("a member starts a discussion, opens it and replies by keyboard, sorts and searches the threads; a guest gets the guest modal", async ({ page }) => {
  // A journey of 20 to 25 s in CI beside two other shards: three times the default timeout, for a slower machine.
  test.slow();
  const title = `Plant growth log ${Date.now().toString(36)}`;
  await signInViaApi(page, LEARNER);
  const link = await demoGroupLink(page);
  await page.goto(link);
  await expect(widget(page).getByRole("heading", { name: "Discussions", level: 2 })).toBeVisible();
  // The demo's threads, most recent activity first; the long one is cut to 5 lines with More.
  await expect(threadList(page).getByRole("heading", { level: 3 })).toHaveText(["Volunteers for the science fair judging", "Sharing rubrics for the ecosystem project", "Field trip to the science museum"]);
  await expect(threadList(page).getByRole("listitem").filter({ hasText: "Field trip" })).toContainText("2 comments");
  await expect(threadList(page).getByRole("listitem").filter({ hasText: "Sharing rubrics" }).getByRole("button", { name: "More" })).toBeVisible();

  // Start a discussion with the keyboard: the button opens the form with focus on the title.
  const startButton = widget(page).getByRole("button", { name: "Start a discussion..." });
  await tabTo(page, startButton, 150);
  await page.keyboard.press("Enter");
  const form = widget(page).getByRole("form", { name: "Start a discussion" });
  await expect(form.getByRole("textbox", { name: "Title" })).toBeFocused();
  // Without a title the spec's rule is said at the field.
  await page.keyboard.press("Tab");
  await page.keyboard.type("Seedlings are up in room 12.");
  await form.getByRole("button", { name: "Start discussion" }).press("Enter");
  await expect(form.getByText("The discussion title is required.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Title" })).toBeFocused();
  await page.keyboard.type(title);
  await form.getByRole("button", { name: "Start discussion" }).press("Enter");
  await expect(widget(page).getByRole("status")).toHaveText("Discussion started.");
  await expect(startButton).toBeFocused();
  const mine = threadList(page).getByRole("button", { name: title });
  await expect(threadList(page).getByRole("heading", { level: 3 }).first()).toHaveText(title);
  await shootAndCheck(page, "group-discussions", ".group-discussions");

  // Open it: the discussion modal, reply with Enter, react, then Escape gives focus back to the thread's title.
  await tabTo(page, mine, 20);
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal.getByRole("article", { name: `Comment by ${LEARNER.name}` })).toContainText("Seedlings are up in room 12.");
  const replyField = modal.getByRole("textbox", { name: `Reply to ${title}` });
  await tabTo(page, replyField, 20);
  await page.keyboard.type("Mine too: 6 of 8 sprouted.");
  await page.keyboard.press("Enter");
  await expect(modal.getByRole("article", { name: `Reply by ${LEARNER.name}` })).toContainText("Mine too: 6 of 8 sprouted.");
  await expect(modal.getByRole("status").last()).toHaveText("Reply posted.");
  const like = modal.getByRole("article", { name: `Comment by ${LEARNER.name}` }).getByRole("button", { name: /^Like\b/ }).first();
  await like.focus();
  await page.keyboard.press("Enter");
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await shootAndCheck(page, "group-discussion-modal", "#discussion-modal");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(mine).toBeFocused();
  await expect(threadList(page).getByRole("listitem").filter({ hasText: title })).toContainText("1 comment");

  // Sort: Oldest Threads First puts the demo's first thread first.
  await widget(page).getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Oldest Threads First" });
  await expect(threadList(page).getByRole("heading", { level: 3 }).first()).toHaveText("Field trip to the science museum");

  // Search: a reply's words find its thread, in the search modal.
  const search = widget(page).getByRole("searchbox", { name: "Search Discussions" });
  await search.fill("PLANETARIUM");
  await search.press("Enter");
  const results = page.getByRole("dialog", { name: "Search Discussions" });
  await expect(results.getByRole("list", { name: "Matching threads" }).getByRole("heading", { level: 3 })).toHaveText(["Field trip to the science museum"]);
  await page.keyboard.press("Escape");
  await expect(results).toBeHidden();

  // A guest: the same widget invites signing in instead of showing the threads or the form.
  const url = page.url();
  await switchTo(page, null);
  await page.goto(url);
  await widget(page).getByRole("button", { name: "Start a discussion..." }).click();
  await expect(page.getByRole("dialog")).toContainText("Sign in or register to read the group's discussions and join them.");
  await expect(threadList(page)).toHaveCount(0);
});

test("a group's page shows its About text without the empty note; clearing a group's About text is refused, and the page keeps it", async ({ page }) => {
  const EMPTY_NOTE = "Nothing has been written here yet.";
  await signInViaApi(page, TEACHER);
  await page.goto(await demoGroupLink(page));
  await expect(page.locator(".item-page__description")).toHaveText(`${GROUP} brings educators together to share resources and plan units.`);
  await expect(page.getByText(EMPTY_NOTE)).toHaveCount(0);

  // A new group of the teacher's: its About text is required when it is made and when its page is saved.
  const name = `Quiet circle ${Date.now().toString(36)}`;
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const created = await page.request.post("/groups", { data: { name, description: "For a browser test." }, headers });
  expect(created.ok(), `create the group: ${created.status()}`).toBeTruthy();
  const { link } = ((await created.json()) as { objGroup: { link: string } }).objGroup;
  await page.goto(link);
  await expect(page.locator(".item-page__description")).toHaveText("For a browser test.");
  await expect(page.getByText(EMPTY_NOTE)).toHaveCount(0);
  const cleared = await page.request.post(`${link}/update`, { data: { title: name, description: "", sections: [] }, headers });
  expect(cleared.status()).toBe(422);
  expect(((await cleared.json()) as { message: string }).message).toBe("About is required.");
  await page.reload();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.locator(".item-page__description")).toHaveText("For a browser test.");
  await expect(page.getByText(EMPTY_NOTE)).toHaveCount(0);
});

/** Starts a discussion of the learner's in the demo group through the widget, and opens it. */
async function startAndOpen(page: Page, title: string, message: string) {
  await signInViaApi(page, LEARNER);
  await page.goto(await demoGroupLink(page));
  await widget(page).getByRole("button", { name: "Start a discussion..." }).click();
  const form = widget(page).getByRole("form", { name: "Start a discussion" });
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Message" }).fill(message);
  await form.getByRole("button", { name: "Start discussion" }).click();
  await expect(widget(page).getByRole("status")).toHaveText("Discussion started.");
  await threadList(page).getByRole("button", { name: title }).click();
  const modal = page.getByRole("dialog", { name: title });
  await expect(modal.getByRole("article", { name: `Comment by ${LEARNER.name}` })).toContainText(message);
  return modal;
}

test("the author edits a discussion's title with its text: the form holds both, the rules of starting one apply, the modal and the list show the new title", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const title = `Compost heap ${stamp}`;
  const renamed = `Compost heap temperatures ${stamp}`;
  const modal = await startAndOpen(page, title, "How warm does yours get?");
  const opening = modal.getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await opening.getByRole("button", { name: "Edit" }).click();
  const titleBox = opening.getByRole("textbox", { name: "Title" });
  await expect(titleBox).toHaveValue(title);
  await expect(opening.getByRole("textbox", { name: "Message" })).toBeFocused();
  // A title is required, as when starting one: said at the field, which takes focus.
  await titleBox.fill("   ");
  await opening.getByRole("button", { name: "Save" }).click();
  await expect(opening.getByText("The discussion title is required.")).toBeVisible();
  await expect(titleBox).toBeFocused();
  await titleBox.fill(renamed);
  await opening.getByRole("textbox", { name: "Message" }).fill("How warm does yours get in winter?");
  await opening.getByRole("button", { name: "Save" }).click();
  const renamedModal = page.getByRole("dialog", { name: renamed });
  await expect(renamedModal.locator(".comment__title")).toHaveText(renamed);
  await expect(renamedModal.getByRole("article", { name: `Comment by ${LEARNER.name}` })).toContainText("How warm does yours get in winter?");
  await expect(renamedModal.getByRole("article", { name: `Comment by ${LEARNER.name}` }).getByRole("button", { name: "Edit" })).toBeFocused();
  await expectNoAxeViolations(page, "the discussion modal after a title edit");
  await page.keyboard.press("Escape");
  await expect(threadList(page).getByRole("heading", { level: 3 }).first()).toHaveText(renamed);
  // Saved: the page read again shows it.
  await page.reload();
  await expect(threadList(page).getByRole("button", { name: renamed })).toBeVisible();
  await expect(threadList(page).getByRole("button", { name: title, exact: true })).toHaveCount(0);
});

test("the widget's status line tells what last happened: a discussion started, then edited and deleted in its modal", async ({ page }) => {
  const title = `Worm farm ${Date.now().toString(36)}`;
  // The card's own line (hidden from the accessibility tree while the modal is open, as everything behind it is).
  const status = page.locator(".group-discussions").getByRole("status", { includeHidden: true });
  const modal = await startAndOpen(page, title, "Red wrigglers or nightcrawlers?");
  // Opening a thread starts the line afresh: nothing stale is left for after the modal.
  await expect(status).toHaveText("");
  const opening = modal.getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await opening.getByRole("button", { name: "Edit" }).click();
  await opening.getByRole("textbox", { name: "Message" }).fill("Red wrigglers, surely?");
  await opening.getByRole("button", { name: "Save" }).click();
  await expect(modal.getByRole("status")).toHaveText("Discussion updated.");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(status).toHaveText("Discussion updated.");

  await threadList(page).getByRole("button", { name: title }).click();
  await modal.getByRole("article", { name: `Comment by ${LEARNER.name}` }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(modal.getByRole("status")).toHaveText("Discussion deleted.");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(status).toHaveText("Discussion deleted.");
  await expect(threadList(page).getByRole("button", { name: title })).toHaveCount(0);
});

test("Escape in the discussion modal's reply or edit form is the form's: it asks before dropping a draft and cancels an edit, and the modal stays open", async ({ page }) => {
  const title = `Bean sprouts ${Date.now().toString(36)}`;
  const modal = await startAndOpen(page, title, "Day 3: roots showing.");
  const reply = modal.getByRole("textbox", { name: `Reply to ${title}` });
  await reply.fill("Mine are slower");
  await page.keyboard.press("Escape");
  const confirm = page.getByRole("alertdialog", { name: "Discard your message?" });
  await expect(confirm).toBeVisible();
  // Still on screen under the question (hidden from the accessibility tree while the question is open).
  await expect(page.locator("#discussion-modal")).toBeVisible();
  await confirm.getByRole("button", { name: "Keep writing" }).click();
  await expect(confirm).toBeHidden();
  await expect(modal).toBeVisible();
  await expect(reply).toHaveValue("Mine are slower");
  await reply.focus();
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog", { name: "Discard your message?" }).getByRole("button", { name: "Discard" }).click();
  await expect(reply).toHaveValue("");
  await expect(modal).toBeVisible();

  // An unchanged edit: Escape (in the title, or on the form's buttons) closes the form, not the modal.
  const opening = modal.getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await opening.getByRole("button", { name: "Edit" }).click();
  await opening.getByRole("textbox", { name: "Title" }).focus();
  await page.keyboard.press("Escape");
  await expect(opening.getByRole("textbox", { name: "Title" })).toHaveCount(0);
  await expect(modal).toBeVisible();
  await expect(opening.getByRole("button", { name: "Edit" })).toBeFocused();
  await opening.getByRole("button", { name: "Edit" }).click();
  await opening.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("Escape");
  await expect(opening.getByRole("textbox", { name: "Message" })).toHaveCount(0);
  await expect(modal).toBeVisible();

  // With nothing of the form's to answer, Escape closes the modal as before.
  await reply.focus();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
});

test("the paging arrows show only when the threads take more than one page, each disabled at its end and named", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const name = `Paging circle ${Date.now().toString(36)}`;
  const created = await page.request.post("/groups", { data: { name, description: "For a browser test of paging." }, headers });
  expect(created.ok(), `create the group: ${created.status()}`).toBeTruthy();
  const { link } = ((await created.json()) as { objGroup: { link: string } }).objGroup;
  const { opaque_id } = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  const start = async (n: number) => {
    const res = await page.request.post("/comment/thread/comment", { data: { opaque_id, context: "group", title: `Thread ${n}`, comment: `Message ${n}` }, headers });
    expect(res.ok(), `start thread ${n}: ${res.status()}`).toBeTruthy();
  };
  const pager = widget(page).getByRole("navigation", { name: "Discussion pages" });

  // No thread, then one: a single page, so no "Page 1 of 1" and no arrows.
  await page.goto(link);
  await expect(widget(page).getByRole("heading", { name: "Discussions", level: 2 })).toBeVisible();
  await expect(widget(page).getByText(/Page \d+ of \d+/)).toHaveCount(0);
  await start(1);
  await page.reload();
  await expect(threadList(page).getByRole("heading", { level: 3 })).toHaveText(["Thread 1"]);
  await expect(pager).toHaveCount(0);
  await expect(widget(page).getByText(/Page \d+ of \d+/)).toHaveCount(0);

  // Six threads: two pages of five.
  for (let n = 2; n <= 6; n++) await start(n);
  await page.reload();
  await expect(pager).toBeVisible();
  await expect(pager).toContainText("Page 1 of 2");
  const previous = pager.getByRole("button", { name: "Previous page" });
  const next = pager.getByRole("button", { name: "Next page" });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(threadList(page).getByRole("heading", { level: 3 })).toHaveText(["Thread 1"]);
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await shootAndCheck(page, "group-discussions-pager", ".thread-pager");
});

test("a new discussion and a reply in it take files (group-discussions.attachments), shown in the thread and read back as sent", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  // A group of the teacher's own (its leader starts discussions), so the demo group's threads stay as the other tests expect.
  const name = `Garden circle ${Date.now().toString(36)}`;
  const created = await page.request.post("/groups", { data: { name, description: "For a browser test of attachments." }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(created.ok(), `create the group: ${created.status()}`).toBeTruthy();
  await page.goto(((await created.json()) as { objGroup: { link: string } }).objGroup.link);

  const title = "Seed order for spring";
  await widget(page).getByRole("button", { name: "Start a discussion..." }).click();
  const form = widget(page).getByRole("form", { name: "Start a discussion" });
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Message" }).fill("The list is attached.");
  await form.locator('input[type="file"]').setInputFiles({ name: "seed-list.txt", mimeType: "text/plain", buffer: Buffer.from("Tomatoes, beans, basil") });
  await expect(form.getByRole("list", { name: "Files to attach" })).toContainText("Ready");
  await shootAndCheck(page, "group-discussion-start-attachment", ".start-discussion");
  await form.getByRole("button", { name: "Start discussion" }).click();
  await expect(widget(page).getByRole("status")).toHaveText("Discussion started.");

  // The thread shows the file; it reads back as sent.
  await threadList(page).getByRole("button", { name: title }).click();
  const modal = page.getByRole("dialog", { name: title });
  const opening = modal.getByRole("article", { name: `Comment by ${TEACHER.name}` });
  const listFile = opening.getByRole("link", { name: "seed-list.txt" });
  await expect(listFile).toBeVisible();
  expect(await (await page.request.get((await listFile.getAttribute("href"))!)).text()).toBe("Tomatoes, beans, basil");

  // The modal's reply form takes a file too.
  const replyForm = modal.locator("form.comment-form").filter({ has: page.getByRole("textbox", { name: `Reply to ${title}` }) });
  await replyForm.getByRole("textbox").fill("And the planting plan.");
  await replyForm.locator('input[type="file"]').setInputFiles({ name: "planting-plan.txt", mimeType: "text/plain", buffer: Buffer.from("Row 1: tomatoes") });
  await expect(replyForm.getByRole("list", { name: "Files to attach" })).toContainText("Ready");
  await replyForm.getByRole("button", { name: "Send reply" }).click();
  const reply = modal.getByRole("article", { name: `Reply by ${TEACHER.name}` });
  await expect(reply.getByRole("link", { name: "planting-plan.txt" })).toBeVisible();
  await expect(replyForm.getByRole("list", { name: "Files to attach" })).toHaveCount(0);
  await shootAndCheck(page, "group-discussion-attachments", "#discussion-modal");
});
