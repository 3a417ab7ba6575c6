import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, csrfToken, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";

/** Deletes, as the administrator signed in on `adminPage`, every announcement whose title starts with `prefix` (a failed run's leftovers). */
async function deleteAnnouncements(adminPage: Page, prefix: string): Promise<void> {
  const token = await csrfToken(adminPage.request);
  // Every page read first: deleting while paging would move later entries onto pages already read.
  const all: { id: number; title: string }[] = [];
  for (let page = 1; ; page++) {
    const { data } = (await (await adminPage.request.get(`/api/announcements/manage?page=${page}`)).json()) as { data: { id: number; title: string }[] };
    if (!data.length) break;
    all.push(...data);
  }
  for (const a of all.filter((d) => d.title.startsWith(prefix))) {
    expect((await adminPage.request.delete(`/api/announcements/${a.id}`, { headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  }
}

const banners = (page: Page) => page.getByRole("region", { name: "Announcements" });

test("announcements: an admin posts one with a meeting; a member sees its banner and the meeting in Read More; the admin ends it and it is gone", async ({ page, browser }) => {
  test.slow();
  const title = `E2E announcement ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  const member = await (await browser.newContext()).newPage();
  await signInViaApi(member, LEARNER);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/moderation/announcements");
    await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Announcements" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("list", { name: "Announcements" })).toBeVisible();
    await expectNoAxeViolations(page, "announcements staff page");
    await saveShot(page, `announcements-admin-1280.png`);

    // The form: an empty title is refused under the field, which takes focus.
    await page.getByRole("button", { name: "New announcement" }).click();
    const form = page.getByRole("dialog", { name: "New announcement" });
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByLabel("Title")).toBeFocused();
    await expect(form.getByText("Please give the announcement a title.")).toBeVisible();
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Type").selectOption("event");
    await form.getByLabel("Description (the banner's line)").fill("Plan the spring term with us.");
    const editor = form.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type("Bring your questions about the new units.");
    // Only what the content keeps is offered: no headings, tables or media.
    await expect(form.getByRole("toolbar", { name: "Content formatting" }).getByRole("button", { name: "Table" })).toHaveCount(0);
    await form.getByLabel("Starts").fill("2030-03-01T17:00");
    await form.getByLabel("Ends (optional)").fill("2030-03-01T18:00");
    await form.getByLabel("Who may see it").selectOption("authed");
    await form.getByLabel("Zoom ID").fill("857 4635 2311");
    await form.getByLabel("Join URL").fill("https://example.org/j/85746352311");
    await form.getByRole("button", { name: "Create" }).click();
    // A join link that is not Zoom's is refused under its field, which takes focus.
    await expect(form.getByLabel("Join URL")).toBeFocused();
    await expect(form.getByText("Use the meeting's https Zoom join link (https://…zoom.us/j/…).")).toBeVisible();
    await expectNoAxeViolations(page, "new announcement form with an error");
    await form.getByLabel("Join URL").fill("https://zoom.us/j/85746352311");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText("Announcement created.")).toBeVisible();
    const card = page.getByRole("list", { name: "Announcements" }).getByRole("listitem").filter({ hasText: title });
    await expect(card.getByRole("heading")).toContainText("Shown now");
    await expect(card).toContainText("Meeting: Zoom ID 857 4635 2311");
    await expect(card).toContainText("Signed-in users");

    // A member sees the banner; Read More shows the text and the meeting, the Zoom ID grouped 3-4-rest, with Join.
    await member.setViewportSize({ width: 1280, height: 800 });
    await member.goto("/");
    const banner = banners(member).getByRole("listitem").filter({ hasText: title });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Plan the spring term with us.");
    await banner.getByRole("button", { name: "Read More" }).click();
    const more = member.getByRole("dialog", { name: title });
    await expect(more).toContainText("Bring your questions about the new units.");
    const meeting = more.getByRole("region", { name: "Meeting details" });
    await expect(meeting).toContainText("Zoom ID: 857 4635 2311");
    await expect(meeting.getByRole("link", { name: /Join/ })).toHaveAttribute("href", "https://zoom.us/j/85746352311");
    await expect(meeting.getByRole("link", { name: /Join/ })).toHaveAttribute("target", "_blank");
    await expectNoAxeViolations(member, "Read More with a meeting");
    await saveShot(member, `announcements-read-more-meeting-1280.png`);
    await more.getByRole("button", { name: "Close" }).first().click();

    // A guest is not shown a banner for signed-in users.
    const guest = await (await browser.newContext()).newPage();
    const { data: guestBanners } = (await (await guest.request.get("/api/announcements?limit=20")).json()) as { data: { title: string }[] };
    expect(guestBanners.map((a) => a.title)).not.toContain(title);
    await guest.context().close();

    // On a phone the form's fields stack, and the editor's prompt stays below its wrapped toolbar.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const editForm = page.getByRole("dialog", { name: "Edit announcement" });
    await expect(editForm.getByLabel("Title")).toHaveValue(title);
    await expect(editForm.getByLabel("Zoom ID")).toHaveValue("85746352311");
    // Emptied as a person does it (select all, delete), until the editor shows its prompt: fill("") on a busy machine
    // once left Lexical holding all but the first letter, and boundingBox() then waited out the whole test for a prompt.
    const content = editForm.getByRole("textbox", { name: "Content" });
    await content.click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await expect(content).toHaveText("");
    await expect(editForm.locator(".rt-placeholder")).toBeVisible();
    const toolbar = (await editForm.getByRole("toolbar", { name: "Content formatting" }).boundingBox())!;
    const prompt = (await editForm.locator(".rt-placeholder").boundingBox())!;
    expect(prompt.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);
    await expectNoAxeViolations(page, "edit announcement form on a phone");
    await saveShot(page, `announcements-admin-form-390.png`);
    await editForm.getByRole("button", { name: "Cancel" }).click();
    await saveShot(page, `announcements-admin-390.png`);

    // End now, after a question: the card says it ended, and the member's banner is gone on the next load.
    await card.getByRole("button", { name: `End now ${title}` }).click();
    const question = page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "End announcement" }));
    await question.getByRole("button", { name: "End now" }).click();
    await expect(page.getByText("Announcement ended: its banner is no longer shown.")).toBeVisible();
    await expect(card.getByRole("heading")).toContainText("Ended on");
    await expect(card.getByRole("button", { name: `End now ${title}` })).toHaveCount(0);
    await member.reload();
    await expect(banners(member).getByRole("listitem").first()).toBeVisible();
    await expect(banners(member).getByRole("listitem").filter({ hasText: title })).toHaveCount(0);

    // Delete, after a question: it leaves the list.
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").or(page.getByRole("dialog", { name: "Delete announcement" })).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Announcement deleted.")).toBeVisible();
    await expect(card).toHaveCount(0);
  } finally {
    await deleteAnnouncements(page, "E2E announcement ");
    await member.context().close();
  }
});

test("announcements: the staff list comes 25 a page, the ended ones last", async ({ page }) => {
  const prefix = `E2E announcement paged ${Date.now().toString(36)} `;
  await signInViaApi(page, ADMIN);
  try {
    const token = await csrfToken(page.request);
    const before = (await (await page.request.get("/api/announcements/manage")).json()) as { total: number };
    // Enough to fill page 1 with announcements shown now, so the demo's ended one moves to page 2.
    for (let i = 0; i < Math.max(0, 26 - before.total); i++) {
      expect((await page.request.post("/api/announcements", { data: { title: `${prefix}${i}`, type: "information" }, headers: { "X-CSRF-Token": token } })).status()).toBe(201);
    }
    const total = Math.max(26, before.total);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/moderation/announcements");
    const list = page.getByRole("list", { name: "Announcements" });
    await expect(list.locator(":scope > li")).toHaveCount(25);
    await expect(page.getByRole("status").filter({ hasText: `${total} announcements` })).toBeVisible();
    const pager = page.getByRole("navigation", { name: "Pages of announcements" });
    await expect(pager).toContainText(`Page 1 of ${Math.ceil(total / 25)}`);
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/moderation\/announcements\?page=2$/);
    await expect(list.locator(":scope > li").last().getByRole("heading")).toContainText("Ended");
    await saveShot(page, "announcements-page-2-1280.png", { fullPage: true });
    await expectNoAxeViolations(page, "announcements page 2");
  } finally {
    await deleteAnnouncements(page, prefix);
  }
});

test("announcements: one still to come offers no End now; Delete says it takes the page and its comments", async ({ page }) => {
  const title = `E2E announcement later ${Date.now().toString(36)}`;
  const shownTitle = `E2E announcement now ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  try {
    const token = await csrfToken(page.request);
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString();
    for (const body of [{ title, type: "information", start_time: start }, { title: shownTitle, type: "information" }]) {
      expect((await page.request.post("/api/announcements", { data: body, headers: { "X-CSRF-Token": token } })).status()).toBe(201);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/moderation/announcements");
    const list = page.getByRole("list", { name: "Announcements" });
    const later = list.getByRole("listitem").filter({ hasText: title });
    await expect(later.getByRole("heading")).toContainText("Scheduled from");
    await expect(later.getByRole("button", { name: `Edit ${title}` })).toBeVisible();
    await expect(later.getByRole("button", { name: `End now ${title}` })).toHaveCount(0);
    // The one shown now still offers End now, and its Delete question points to it.
    const shown = list.getByRole("listitem").filter({ hasText: shownTitle });
    await expect(shown.getByRole("button", { name: `End now ${shownTitle}` })).toBeVisible();
    await shown.getByRole("button", { name: `Delete ${shownTitle}` }).click();
    const question = page.getByRole("alertdialog", { name: "Delete announcement" });
    await expect(question).toContainText("This deletes its page and all the comments on it for good, not only its banner. To take down only the banner and keep the page, choose End now instead.");
    await expectNoAxeViolations(page, "delete announcement question");
    await question.getByRole("button", { name: "Cancel" }).click();
    await later.getByRole("button", { name: `Delete ${title}` }).click();
    await expect(question).toContainText(`Delete "${title}"? This deletes its page and all the comments on it for good, not only its banner.`);
    await expect(question).not.toContainText("End now");
    await question.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Announcement deleted.")).toBeVisible();
    await expect(later).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New announcement" })).toBeFocused();
  } finally {
    await deleteAnnouncements(page, "E2E announcement ");
  }
});

test("announcements: a thumbnail with its alternative text and the callout's look, set in the form, shown in the banner and Read More", async ({ page }) => {
  test.slow();
  const title = `E2E announcement callout ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/moderation/announcements");
    await page.getByRole("button", { name: "New announcement" }).click();
    const form = page.getByRole("dialog", { name: "New announcement" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description (the banner's line)").fill("A week of workshops.");
    await expect(form.getByText("No thumbnail or callout text: Read More starts with the content.")).toBeVisible();
    // An address that is not http(s) nor a path on this site is refused under its field, which takes focus.
    await form.getByLabel(/^Thumbnail image address/).fill("javascript:alert(1)");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByLabel(/^Thumbnail image address/)).toBeFocused();
    await expect(form.getByText("Use an http(s) address or a path on this site (starting with /) for the thumbnail.")).toBeVisible();
    await form.getByLabel(/^Thumbnail image address/).fill("/news/webinar.svg");
    await form.getByLabel("The thumbnail's alternative text (empty if it only decorates)").fill("A presenter in front of a class");
    await form.getByLabel("Callout heading").fill("Summer institute week");
    await form.getByLabel("Panel colour").fill("#14532d");
    await form.getByLabel("Panel opacity (0 to 1)").fill("0.9");
    // The preview shows the callout as Read More will.
    const preview = form.getByRole("region", { name: "Preview of Read More's callout" });
    await expect(preview.getByRole("img", { name: "A presenter in front of a class" })).toBeVisible();
    await expect(preview).toContainText("Summer institute week");
    await expect(preview.locator(".news-slide__callout")).toHaveCSS("background-color", "rgba(20, 83, 45, 0.9)");
    await expectNoAxeViolations(page, "announcement form with a callout");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form).toBeHidden();

    // Edit keeps them.
    const card = page.getByRole("list", { name: "Announcements" }).getByRole("listitem").filter({ hasText: title });
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const editForm = page.getByRole("dialog", { name: "Edit announcement" });
    await expect(editForm.getByLabel(/^Thumbnail image address/)).toHaveValue("/news/webinar.svg");
    await expect(editForm.getByLabel("Panel colour")).toHaveValue("#14532d");
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page, "announcement form with a callout on a phone");
    await editForm.getByRole("button", { name: "Cancel" }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The banner shows the thumbnail small; Read More the callout over it, the image named by its alternative text.
    await page.goto("/");
    const banner = banners(page).getByRole("listitem").filter({ hasText: title });
    await expect(banner.locator("img.announcement__thumbnail")).toHaveAttribute("src", "/news/webinar.svg");
    await banner.getByRole("button", { name: "Read More" }).click();
    const more = page.getByRole("dialog", { name: title });
    await expect(more.getByRole("img", { name: "A presenter in front of a class" })).toBeVisible();
    await expect(more.locator(".news-slide__callout")).toContainText("Summer institute week");
    await expectNoAxeViolations(page, "Read More with a callout");
  } finally {
    await deleteAnnouncements(page, "E2E announcement ");
  }
});

test("announcements page: moderators and members are told it is not theirs, and get no link to it", async ({ page }) => {
  await signInViaApi(page, { username: "moderator", password: "moderator-demo-pass" });
  await page.goto("/moderation/announcements");
  await expect(page.getByText("Only administrators may see this page.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Announcements" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New announcement" })).toHaveCount(0);
});

test("announcements: a scheduled one's card gets End now when its start passes while the page is open; a card says it has a thumbnail", async ({ page }) => {
  const title = `E2E announcement soon ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  try {
    const token = await csrfToken(page.request);
    const start = new Date(Date.now() + 5000).toISOString();
    const body = { title, type: "information", start_time: start, thumbnail_url: "/news/science.svg" };
    expect((await page.request.post("/api/announcements", { data: body, headers: { "X-CSRF-Token": token } })).status()).toBe(201);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/moderation/announcements");
    const card = page.getByRole("list", { name: "Announcements" }).getByRole("listitem").filter({ hasText: title });
    await expect(card.getByRole("heading")).toContainText("Scheduled from");
    await expect(card.getByRole("button", { name: `End now ${title}` })).toHaveCount(0);
    await expect(card).toContainText("thumbnail without alternative text");
    // No reload: the page reads the list again once the start has passed.
    await expect(card.getByRole("button", { name: `End now ${title}` })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByRole("heading")).toContainText("Shown now");
    await expectNoAxeViolations(page, "announcements list after a start passed");
  } finally {
    await deleteAnnouncements(page, "E2E announcement ");
  }
});

test("announcements: core attributes (a grade and a subject) are chosen in the form, listed on the card, and kept when edited", async ({ page }) => {
  const title = `E2E core ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/moderation/announcements");
    await page.getByRole("button", { name: "New announcement" }).click();
    const form = page.getByRole("dialog", { name: "New announcement" });
    await form.getByLabel("Title").fill(title);
    const core = form.getByRole("group", { name: "Core attributes (optional)" });
    await expect(core.getByText("None chosen.")).toBeVisible();
    await core.getByText("Choose grades").click();
    await core.getByRole("checkbox", { name: "Grade 3", exact: true }).check();
    await core.getByText("Choose subjects").click();
    await core.getByRole("checkbox", { name: "Science", exact: true }).check();
    const chosen = core.getByRole("list", { name: "Core attributes chosen" });
    await expect(chosen.getByRole("listitem")).toHaveText(["Grades: Grade 3×", "Subjects: Science×"]);
    // Folded again: axe reads a tree row under the dialog's footer, at the scroll's edge, as an obscured target.
    await core.getByText("Choose subjects").click();
    await expectNoAxeViolations(page, "announcement form with core attributes");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form).toBeHidden();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await expect(card).toContainText("Grade 3, Science");

    // Editing: the chosen ones are there; removing one and saving keeps the other.
    await card.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit announcement" });
    await edit.getByRole("button", { name: "Remove Grade 3" }).click();
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText("Science");
    await expect(card).not.toContainText("Grade 3");
  } finally {
    await deleteAnnouncements(page, "E2E core ");
  }
});
