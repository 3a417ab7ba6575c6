import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, tabTo, switchTo, csrfToken, saveShot } from "./helpers.js";

const CANCEL_CONFIRM = "Are you sure you want to cancel? Your message will be lost.";
const unique = () => `Zd${Date.now().toString(36)}`;

const card = (page: Page) => page.getByRole("region", { name: "Discuss" });
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });
/** A comment's own reactions (a top-level comment's article also holds its replies' reactions, later in the page). */
const reaction = (comment: Locator, label: string) => comment.getByRole("group", { name: "Reactions" }).first().getByRole("button", { name: new RegExp(`^${label}\\b`) });

/** A new public lesson plan owned by the signed-in profile: its link and opaque_id. */
async function createItem(page: Page, label: string): Promise<{ link: string; title: string; opaqueId: string }> {
  const title = `${unique()} ${label}`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the discussions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), "create the item").toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  return { link, title, opaqueId: await opaqueIdOf(page, link) };
}

/** The item API's opaque_id of the item at `link` (every discussion call names the item by it). */
async function opaqueIdOf(page: Page, link: string): Promise<string> {
  const item = await page.request.get(`/api/content${link}`);
  expect(item.ok(), "read the item").toBeTruthy();
  return ((await item.json()) as { opaque_id: string }).opaque_id;
}

/** Posts a comment (or a reply) through the API as the page's profile; answers its id. */
async function postComment(page: Page, opaqueId: string, comment: string, replyTo?: number): Promise<number> {
  const res = await page.request.post("/comment/thread/comment", { data: { opaque_id: opaqueId, comment, ...(replyTo ? { reply_to: replyTo } : {}) }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.status(), `post "${comment}"`).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Screenshots of the card at both widths (the page scrolled to it). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // By class: behind an open dialog the card is hidden from the accessibility tree, and so from getByRole.
    await page.locator(".discuss-card").scrollIntoViewIfNeeded();
    await saveShot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("a guest sees the count, and View comments or the form opens the guest modal (no comments loaded)", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Guest discussion");
  await postComment(page, opaqueId, "A comment guests may not read");
  await switchTo(page, null);

  let threadCalls = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/comment/thread/bulk")) threadCalls++;
  });
  await page.goto(link);
  await expect(card(page).getByText("1 comment", { exact: true })).toBeVisible();
  await expect(card(page).getByText("A comment guests may not read")).toHaveCount(0);
  const view = card(page).getByRole("button", { name: "View comments" });
  await view.focus();
  await page.keyboard.press("Enter");
  const guest = page.getByRole("dialog", { name: "Sign in to continue" });
  await expect(guest).toContainText("Sign in or register to read the comments and join the discussion.");
  await page.keyboard.press("Escape");
  await expect(guest).toBeHidden();
  await expect(view).toBeFocused();
  await card(page).getByRole("button", { name: "Join the discussion..." }).click();
  await expect(guest).toBeVisible();
  await guest.getByRole("button", { name: "Close" }).click();
  await expectNoAxeViolations(page, "Discuss card, guest");
  await shoot(page, "discuss-guest");
  expect(threadCalls, "a guest's card never asks for the comments").toBe(0);
});

test("a member posts, replies, edits (Edited), reacts (count and pressed state) and deletes", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link } = await createItem(page, "Member discussion");
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(card(page).getByText("No comments yet")).toBeVisible();

  // Post: plain text stays text (no markup is made of it) and keeps its lines.
  const form = card(page).getByRole("textbox", { name: "Start the discussion" });
  await expect(form).toHaveAttribute("placeholder", "Start the discussion...");
  const send = card(page).getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await form.fill("   ");
  await expect(send).toBeDisabled();
  await form.fill("First line <b>not bold</b>\nSecond line");
  await send.click();
  const comment = card(page).getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await expect(comment).toBeVisible();
  await expect(comment.getByText("First line <b>not bold</b>")).toBeVisible();
  await expect(comment.locator("b")).toHaveCount(0);
  await expect(card(page).getByText("1 comment", { exact: true })).toBeVisible();
  // The same field, emptied, now invites others to join.
  await expect(card(page).getByRole("textbox", { name: "Join the discussion" })).toHaveValue("");
  await expect(card(page).getByRole("textbox", { name: "Join the discussion" })).toHaveAttribute("placeholder", "Join the discussion...");
  await expect(comment.locator("time")).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);

  // Reply.
  await comment.getByRole("button", { name: "Reply" }).click();
  const replyBox = card(page).getByRole("textbox", { name: `Reply to ${LEARNER.name}` });
  await expect(replyBox).toBeFocused();
  await replyBox.fill("A reply of mine");
  await page.keyboard.press("Enter");
  const reply = comment.getByRole("list", { name: `Replies to ${LEARNER.name}` }).getByRole("article", { name: `Reply by ${LEARNER.name}` });
  await expect(reply).toContainText("A reply of mine");
  await expect(replyBox).toBeHidden();
  await expect(card(page).getByText("2 comments", { exact: true })).toBeVisible();

  // Edit: the Edited marker.
  await expect(comment.getByText("Edited", { exact: true })).toHaveCount(0);
  const edit = comment.getByRole("button", { name: "Edit" }).first();
  await edit.click();
  const editBox = comment.getByRole("textbox", { name: "Edit your comment" });
  await expect(editBox).toBeFocused();
  await editBox.fill("The first comment, edited");
  await comment.getByRole("button", { name: "Save" }).click();
  await expect(comment.getByText("The first comment, edited")).toBeVisible();
  await expect(comment.locator(".comment__header").first().getByText("Edited", { exact: true })).toBeVisible();
  await expect(edit).toBeFocused();

  // React: pressed with its count, and choosing it again takes it back.
  const like = reaction(comment, "Like");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like).toHaveText(/Like\s*0/);
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveText(/Like\s*1/);
  const love = reaction(comment, "Love");
  await love.click();
  await expect(love).toHaveAttribute("aria-pressed", "true");
  await expect(love).toHaveText(/Love\s*1/);
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await expect(like).toHaveText(/Like\s*0/);
  await love.click();
  await expect(love).toHaveAttribute("aria-pressed", "false");
  await expect(love).toHaveText(/Love\s*0/);
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");

  // The author is subscribed to their own comment; unsubscribing asks first.
  await comment.getByRole("button", { name: "Unsubscribe" }).click();
  const unsubscribe = page.getByRole("alertdialog", { name: "Unsubscribe" });
  await unsubscribe.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(comment.getByRole("button", { name: "Subscribe", exact: true })).toBeVisible();
  await comment.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(comment.getByRole("button", { name: "Unsubscribe" })).toBeVisible();

  // The state is the server's: it is the same after a reload (1 to 3 comments load by themselves).
  await page.reload();
  await expect(reaction(comment, "Like")).toHaveAttribute("aria-pressed", "true");
  await expect(comment.getByText("A reply of mine")).toBeVisible();
  await expectNoAxeViolations(page, "Discuss card, member with a comment and a reply");
  await shoot(page, "discuss-member");

  // Delete the reply (confirmed): gone, and the count drops.
  await reply.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete comment" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(reply).toHaveCount(0);
  await expect(card(page).getByText("1 comment", { exact: true })).toBeVisible();

  // Delete the comment: no replies left, so it leaves the list.
  await comment.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
  await expect(comment).toHaveCount(0);
  await expect(card(page).getByText("No comments yet")).toBeVisible();
  await expect(card(page).getByRole("heading", { name: "Discuss" })).toBeFocused();
});

test("a comment and a reply take files (model-discussions.attachments), read back as sent", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link } = await createItem(page, "Attachments");
  await page.goto(link);
  const discuss = card(page);
  await discuss.getByRole("textbox").fill("Worksheet for Friday");
  await discuss.locator('input[type="file"]').setInputFiles({ name: "worksheet.txt", mimeType: "text/plain", buffer: Buffer.from("Question 1") });
  await expect(discuss.getByRole("list", { name: "Files to attach" })).toContainText("Ready");
  await discuss.getByRole("button", { name: "Send" }).click();
  const comment = discuss.getByRole("article", { name: `Comment by ${TEACHER.name}` }).filter({ hasText: "Worksheet for Friday" });
  await expect(comment.getByRole("link", { name: "worksheet.txt" })).toBeVisible();
  // A reply takes a file too.
  await comment.getByRole("button", { name: "Reply" }).first().click();
  const replyForm = comment.locator(".replies__form");
  await replyForm.getByRole("textbox").fill("Answers attached");
  await replyForm.locator('input[type="file"]').setInputFiles({ name: "answers.txt", mimeType: "text/plain", buffer: Buffer.from("Answer 1") });
  await expect(replyForm.getByRole("list", { name: "Files to attach" })).toContainText("Ready");
  await replyForm.getByRole("button", { name: "Send reply" }).click();
  const reply = comment.getByRole("article", { name: `Reply by ${TEACHER.name}` });
  await expect(reply.getByRole("link", { name: "answers.txt" })).toBeVisible();
  expect(await (await page.request.get((await reply.getByRole("link", { name: "answers.txt" }).getAttribute("href"))!)).text()).toBe("Answer 1");
  // The reply goes first, so the comment (then without replies) is removed outright and the card is as it was.
  await reply.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(reply).toHaveCount(0);
  await comment.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(comment).toHaveCount(0);
});

test("a deleted comment with replies is kept with a Deleted marker; 'View N more replies' loads the rest", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Replies discussion");
  const parent = await postComment(page, opaqueId, "A question with many answers");
  for (let i = 1; i <= 5; i++) await postComment(page, opaqueId, `Answer ${i}`, parent);
  await page.goto(link);
  // 6 comments: more than the card loads by itself.
  await expect(card(page).getByText("6 comments", { exact: true })).toBeVisible();
  await card(page).getByRole("button", { name: "View comments" }).click();
  const comment = card(page).getByRole("article", { name: `Comment by ${TEACHER.name}` });
  const replies = comment.getByRole("list", { name: `Replies to ${TEACHER.name}` }).getByRole("article");
  await expect(replies).toHaveCount(3);
  await expect(replies.first()).toContainText("Answer 3");
  await comment.getByRole("button", { name: "View 2 more replies" }).click();
  await expect(replies).toHaveCount(5);
  await expect(replies.first()).toContainText("Answer 1");

  await comment.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
  await expect(comment.getByText("This comment has been deleted.")).toBeVisible();
  await expect(comment.locator(".comment__header").first().getByText("Deleted", { exact: true })).toBeVisible();
  await expect(replies).toHaveCount(5);
});

test("a comment kept only for its reply leaves the card with that reply", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Last reply discussion");
  const parent = await postComment(page, opaqueId, "Asked once");
  await postComment(page, opaqueId, "Answered once", parent);
  await page.goto(link);
  const comment = card(page).getByRole("article", { name: `Comment by ${TEACHER.name}` }).first();
  await comment.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
  await expect(comment.getByText("This comment has been deleted.")).toBeVisible();
  const reply = comment.getByRole("list", { name: `Replies to ${TEACHER.name}` }).getByRole("article");
  await reply.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
  await expect(card(page).getByRole("article")).toHaveCount(0);
  await expect(card(page).getByText("This comment has been deleted.")).toHaveCount(0);
  // The same after a reload: the server removed it too.
  await page.reload();
  await expect(card(page).getByRole("textbox", { name: "Start the discussion" })).toHaveAttribute("placeholder", "Start the discussion...");
});

test("a long comment collapses after 8 lines with More, and Less folds it again", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Long comment discussion");
  await postComment(page, opaqueId, Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a long comment`).join("\n"));
  await page.goto(link);
  const comment = card(page).getByRole("article", { name: `Comment by ${TEACHER.name}` });
  const body = comment.locator(".comment__body");
  const linesShown = () => body.evaluate((el) => Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)));
  const more = comment.getByRole("button", { name: "More" });
  await expect(more).toHaveAttribute("aria-expanded", "false");
  // Second document: "Read-more collapses after 8 lines by default".
  expect(await linesShown()).toBe(8);
  await more.click();
  await expect(comment.getByRole("button", { name: "Less" })).toHaveAttribute("aria-expanded", "true");
  expect(await linesShown()).toBe(12);
  await comment.getByRole("button", { name: "Less" }).click();
  expect(await linesShown()).toBe(8);
});

test("comments come 10 at a time, newest first; View more comments loads older ones and takes focus there", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Busy discussion");
  for (let i = 1; i <= 12; i++) await postComment(page, opaqueId, `Comment number ${i}`);
  await page.goto(link);
  await expect(card(page).getByText("12 comments", { exact: true })).toBeVisible();
  await card(page).getByRole("button", { name: "View comments" }).click();
  const list = card(page).getByRole("list", { name: "Comments" });
  const items = list.locator(":scope > li");
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText("Comment number 12");
  const more = card(page).getByRole("button", { name: "View more comments" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(items).toHaveCount(12);
  await expect(items.last()).toContainText("Comment number 1");
  await expect(more).toHaveCount(0);
  await expect(items.nth(10).getByRole("link", { name: TEACHER.name })).toBeFocused();
});

test("a thread that fails to load says so in the card, and Try again loads it", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Failing discussion");
  await postComment(page, opaqueId, "Loaded on the second try");
  let failures = 0;
  await page.route("**/comment/thread/bulk", async (route) => {
    // Twice: the query tries a server failure once more before giving up.
    if (failures++ < 2) await route.fulfill({ status: 500, json: { message: "boom" } });
    else await route.continue();
  });
  await page.goto(link);
  await expect(card(page).getByRole("alert")).toHaveText("Oops! Something went wrong, try again after sometime");
  await card(page).getByRole("button", { name: "Try again" }).click();
  await expect(card(page).getByText("Loaded on the second try")).toBeVisible();
  await expect(card(page).getByRole("alert")).toHaveCount(0);
});

test("a refusal (422) shows the server's message in the form, and the draft stays", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link } = await createItem(page, "Refused reply");
  await switchTo(page, LEARNER);
  const opaqueId = await opaqueIdOf(page, link);
  const id = await postComment(page, opaqueId, "Soon gone");
  await page.goto(link);
  const comment = card(page).getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await comment.getByRole("button", { name: "Reply" }).click();
  const replyBox = card(page).getByRole("textbox", { name: `Reply to ${LEARNER.name}` });
  await replyBox.fill("Too late");
  // Deleted meanwhile (in another tab, say).
  const gone = await page.request.delete("/comment/thread/comment", { data: { opaque_id: opaqueId, comment_id: id }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(gone.ok(), "delete through the API").toBeTruthy();
  await replyBox.press("Enter");
  await expect(comment.getByRole("alert")).toHaveText("The comment you are replying to no longer exists.");
  await expect(replyBox).toHaveValue("Too late");
});

test("keyboard only: Enter posts, Shift+Enter adds a line, Escape asks before losing a draft", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link } = await createItem(page, "Keyboard discussion");
  await switchTo(page, LEARNER);
  await page.goto(link);
  const box = card(page).getByRole("textbox", { name: "Start the discussion" });
  await tabTo(page, box, 80);
  await page.keyboard.type("Typed with the keyboard");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("on two lines");
  await expect(box).toHaveValue("Typed with the keyboard\non two lines");

  // Escape with a draft: the spec's question; keeping it leaves the draft, discarding empties it.
  await page.keyboard.press("Escape");
  const confirm = page.getByRole("alertdialog", { name: "Discard your message?" });
  await expect(confirm).toContainText(CANCEL_CONFIRM);
  await expect(confirm.getByRole("button", { name: "Keep writing" })).toBeFocused();
  await expectNoAxeViolations(page, "cancel confirmation");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("Typed with the keyboard\non two lines");

  await page.keyboard.press("Enter");
  const comment = card(page).getByRole("article", { name: `Comment by ${LEARNER.name}` });
  await expect(comment).toContainText("Typed with the keyboard");
  await expect(comment.locator(".comment__body")).toHaveText("Typed with the keyboard\non two lines");
  await expect(card(page).getByRole("status")).toHaveText("Comment posted.");
  const joinBox = card(page).getByRole("textbox", { name: "Join the discussion" });
  await expect(joinBox).toBeFocused();

  await page.keyboard.type("Never sent");
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog", { name: "Discard your message?" }).getByRole("button", { name: "Discard" }).press("Enter");
  await expect(joinBox).toHaveValue("");
  await expect(joinBox).toBeFocused();

  // The reactions by keyboard: Tab to Like, Space presses it.
  const like = reaction(comment, "Like");
  await tabTo(page, like);
  await page.keyboard.press("Space");
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toBeFocused();

  // Reply opens its form with focus in it; Escape on an empty reply closes it and gives focus back to Reply.
  const replyButton = comment.getByRole("button", { name: "Reply", exact: true });
  await tabTo(page, replyButton);
  await page.keyboard.press("Enter");
  const replyBox = card(page).getByRole("textbox", { name: `Reply to ${LEARNER.name}` });
  await expect(replyBox).toBeFocused();
  await expect(replyButton).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(replyBox).toBeHidden();
  await expect(replyButton).toBeFocused();
  await expectNoAxeViolations(page, "Discuss card after posting by keyboard");
});

test("the owner disables the discussion, a member then sees 'Discussions are disabled'; the owner enables it again", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Closed discussion");
  await postComment(page, opaqueId, "Before closing");
  await page.goto(link);
  const manage = card(page).getByRole("button", { name: "Manage discussion" });
  await tabTo(page, manage, 80);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Manage discussion" });
  await expect(menu.getByRole("menuitem", { name: "Disable Discussion" })).toBeFocused();
  await expectNoAxeViolations(page, "Manage discussion menu");
  await shoot(page, "discuss-manage-menu");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(manage).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(card(page).getByRole("status")).toHaveText("Discussion disabled.");
  await expect(manage).toBeFocused();
  // The manager still sees and may post, and is told the others may not.
  await expect(card(page).getByText("Before closing")).toBeVisible();
  await expect(card(page).getByText("This discussion is disabled: only those who manage this item can see it and post.")).toBeVisible();
  await expect(card(page).getByRole("textbox", { name: "Join the discussion" })).toBeVisible();
  await shoot(page, "discuss-closed-manager");

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(card(page).getByText("Discussions are disabled", { exact: true })).toBeVisible();
  await expect(card(page).getByRole("textbox")).toHaveCount(0);
  await expect(card(page).getByText("Before closing")).toHaveCount(0);
  await expectNoAxeViolations(page, "Discuss card, disabled");
  await shoot(page, "discuss-disabled");

  await switchTo(page, TEACHER);
  await page.goto(link);
  await card(page).getByRole("button", { name: "Manage discussion" }).click();
  await page.getByRole("menuitem", { name: "Enable Discussion" }).click();
  await expect(card(page).getByRole("status")).toHaveText("Discussion enabled.");
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(card(page).getByText("Before closing")).toBeVisible();
  await expect(card(page).getByRole("textbox", { name: "Join the discussion" })).toBeVisible();
});

test("an admin opens a comment's History; a member is not offered it", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "History discussion");
  const id = await postComment(page, opaqueId, "Original words");
  const edited = await page.request.put("/comment/thread/comment", { data: { opaque_id: opaqueId, comment_id: id, comment: "Better words" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(edited.ok(), "edit through the API").toBeTruthy();
  await page.goto(link);
  const comment = card(page).getByRole("article", { name: `Comment by ${TEACHER.name}` });
  await expect(comment.getByText("Better words")).toBeVisible();
  await expect(comment.getByRole("button", { name: "History" })).toHaveCount(0);

  await switchTo(page, ADMIN);
  await page.goto(link);
  const history = comment.getByRole("button", { name: "History" });
  await tabTo(page, history, 80);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Comment History" });
  await expect(dialog.getByRole("listitem")).toHaveCount(2);
  await expect(dialog.getByRole("listitem").first()).toContainText("Created");
  await expect(dialog.getByRole("listitem").first()).toContainText("Original words");
  await expect(dialog.getByRole("listitem").last()).toContainText("Edited");
  await expect(dialog.getByRole("listitem").last()).toContainText("Better words");
  await expectNoAxeViolations(page, "Comment History dialog");
  await shoot(page, "discuss-history");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(history).toBeFocused();
  // An admin may edit and delete anyone's comment.
  await expect(comment.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(toasts(page)).not.toContainText("Oops");

  // The writer's name opens their profile inside the app, without loading the page again.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await comment.getByRole("link", { name: TEACHER.name }).click();
  await expect(page).toHaveURL(/\/profiles\//);
  await expect(page.getByRole("heading", { level: 1, name: TEACHER.name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a member reports someone else's comment as inappropriate by keyboard; the author is not offered it", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const { link, opaqueId } = await createItem(page, "Reported discussion");
  await postComment(page, opaqueId, "Words to report");
  await page.goto(link);
  const comment = card(page).getByRole("article", { name: `Comment by ${TEACHER.name}` });
  await expect(comment.getByText("Words to report")).toBeVisible();
  await expect(comment.getByRole("button", { name: "Report as Inappropriate" })).toHaveCount(0);

  await switchTo(page, LEARNER);
  await page.goto(link);
  const report = comment.getByRole("button", { name: "Report as Inappropriate" });
  await tabTo(page, report, 80);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Report as Inappropriate" });
  await expect(dialog).toContainText(`Tell the moderators about ${TEACHER.name}'s comment.`);
  // Sending without a reason or a description says what is missing.
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog.getByText("Please choose a reason.")).toBeVisible();
  await dialog.getByRole("radio", { name: "Inappropriate content" }).check();
  await dialog.getByRole("textbox", { name: "Description" }).fill("Not kind to a student");
  await expectNoAxeViolations(page, "Report as Inappropriate dialog");
  await tabTo(page, dialog.getByRole("button", { name: "Send" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText("Thank you for your feedback!");
  await expect(report).toBeFocused();
  await shoot(page, "discuss-report");
});
