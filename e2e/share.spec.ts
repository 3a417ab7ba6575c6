import { expect, test } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, signInViaApi, tabTo, switchTo, csrfToken, saveShot } from "./helpers.js";


test("share: copy the link ('Copied!'), then recommend the item to a person, with the keyboard alone", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInViaApi(page, TEACHER);
  const title = `Zs${Date.now().toString(36)} Shared by link`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the share test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const share = page.getByRole("button", { name: "Share", exact: true });
  await tabTo(page, share);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog).toBeVisible();

  // Copy Link: the item's whole address, copied, and the button says so for a moment.
  const address = dialog.getByRole("textbox", { name: "Link" });
  await expect(address).toHaveValue(new URL(link, page.url()).href);
  const copy = dialog.getByRole("button", { name: "Copy Link", exact: true }).last();
  await tabTo(page, copy);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(link, page.url()).href);
  await expect(dialog.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", /^mailto:/);
  await expectNoAxeViolations(page, "share dialog, copy link");
  await saveShot(page, `share-copy-1366.png`);
  // 'Copied!' lasts 2.5 seconds.
  await expect(dialog.getByRole("button", { name: "Copied!" })).toBeHidden({ timeout: 4_000 });

  // Recommend: Share is disabled until someone is chosen.
  await tabTo(page, dialog.getByRole("button", { name: "Recommend" }));
  await page.keyboard.press("Enter");
  const send = dialog.getByRole("button", { name: "Share", exact: true });
  await expect(send).toBeDisabled();
  const to = dialog.getByRole("searchbox", { name: "Recommend to people or groups" });
  await tabTo(page, to);
  // The recommend picker asks for 10 results (first document: "Profile autocomplete: … limit 10 results"); the
  // permissions dialog's keeps the server's 30.
  const asked = page.waitForRequest((r) => r.url().includes("/profile/autocomplete?") && new URL(r.url()).searchParams.get("st") === LEARNER.name.slice(0, 6));
  await page.keyboard.type(LEARNER.name.slice(0, 6));
  expect(new URL((await asked).url()).searchParams.get("limit")).toBe("10");
  const add = dialog.getByRole("button", { name: `Add ${LEARNER.name}` });
  await expect(add).toBeVisible();
  // Down from the field goes to the first match, Up from it back to the field (the arrows did nothing there).
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("list", { name: "Matching people and groups" }).getByRole("button").first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(to).toBeFocused();
  await tabTo(page, add);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("list", { name: "Recipients" })).toContainText(LEARNER.name);
  // The owner may manage the item's permissions: the checkbox is offered, ticked by default.
  await expect(dialog.getByRole("checkbox", { name: "Automatically add permissions for recipients" })).toBeChecked();
  await dialog.getByRole("textbox", { name: "Note (optional)" }).fill("For your grade 5 class");
  await expect(send).toBeEnabled();
  await expectNoAxeViolations(page, "share dialog, recommend");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, `share-recommend-390.png`);
  await tabTo(page, send);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your recommendation has been sent.");
  await expect(dialog).toBeHidden();

  // The learner hears of it: the header's bell counts it, and the Notifications page names the sender, the item and
  // the note, and leads to the item (granted to her by the ticked checkbox).
  await switchTo(page, LEARNER);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/search/");
  const bell = page.getByRole("link", { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const told = page.getByRole("list", { name: "Notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText(`New${TEACHER.name} recommended ${title}`);
  await expect(told).toContainText("For your grade 5 class");
  await saveShot(page, `share-recommend-notification-1366.png`, { fullPage: true });
  await expectNoAxeViolations(page, "a recommendation on the notifications page");
  // Manage Notifications has the switch that would stop these, on.
  await page.getByRole("button", { name: "Manage Notifications" }).click();
  const settings = page.getByRole("dialog", { name: "Manage Notifications" });
  await expect(settings.getByRole("checkbox", { name: "Recommendations to me" })).toBeChecked();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();
  await told.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
});

test("share: the Recommend picker offers people and only the groups the sender belongs to", async ({ page }) => {
  // The teacher leads every demo group but the Middle School Math PLC.
  await signInViaApi(page, TEACHER);
  const title = `Zg${Date.now().toString(36)} Recommended to groups`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the share test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  await page.goto(link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await dialog.getByRole("button", { name: "Recommend" }).click();
  const to = dialog.getByRole("searchbox", { name: "Recommend to people or groups" });
  const matches = dialog.getByRole("list", { name: "Matching people and groups" });

  const answered = page.waitForResponse((r) => r.url().includes("/profile/autocomplete?") && new URL(r.url()).searchParams.get("st") === "School");
  await to.fill("School");
  const answer = await answered;
  expect(new URL(answer.url()).searchParams.get("recommendable")).toBe("1");
  expect(((await answer.json()) as { data: { name: string }[] }).data.map((p) => p.name)).not.toContain("Middle School Math PLC");
  await expect(matches).toBeVisible();
  await expect(matches.getByRole("button", { name: "Add Middle School Math PLC" })).toHaveCount(0);
  await saveShot(page, `share-recommend-groups-1366.png`);
  await to.fill("Grade 5 Sci");
  await expect(matches.getByRole("button", { name: "Add Grade 5 Science Team" })).toBeVisible();
  // People are offered whatever groups they are in.
  await to.fill(LEARNER.name.slice(0, 6));
  await expect(matches.getByRole("button", { name: `Add ${LEARNER.name}` })).toBeVisible();
  await matches.getByRole("button", { name: `Add ${LEARNER.name}` }).click();
  await to.fill("Grade 5 Sci");
  await matches.getByRole("button", { name: "Add Grade 5 Science Team" }).click();
  await expect(dialog.getByRole("list", { name: "Recipients" })).toContainText("Grade 5 Science Team (group)");
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your recommendation has been sent.");

  // The server refuses a group the sender is not in (the picker never offers one), with a message.
  const plc = ((await (await page.request.get("/profile/autocomplete?st=Middle%20School%20Math&only-group=1")).json()) as { data: { profile_id: number }[] }).data[0]!;
  const refused = await page.request.post("/profile/postRecommend", { data: { uid: link.split("/").pop(), targetProfiles: [plc.profile_id] }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe("You can recommend only to groups you belong to.");
});

test("share: a guest gets Copy Link only", async ({ page }) => {
  // A public lesson plan from the demo catalogue, opened as a guest.
  const found = (await (await page.request.get("/api/search?f[_types][]=lesson_plan")).json()) as { data: { link: string }[] };
  await page.goto(found.data[0]!.link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByRole("textbox", { name: "Link" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Recommend" })).toHaveCount(0);
});

test("share: the owner of a restricted item grants access from the warning, then a guest opens its link and sees the item", async ({ page, browser }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zg${Date.now().toString(36)} Granted by link`;
  const token = await csrfToken(page.request);
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the grant-access test" }, headers: { "X-CSRF-Token": token } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  // Restricted: nobody but the owner (no global, signed-in or link row).
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();

  // Before: a guest who follows the link gets the sign-in preview, not the item.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("main").getByRole("link", { name: "Register" })).toBeVisible();
  await expect(guest.getByRole("heading", { name: title })).toHaveCount(0);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByText("Only people it is shared with can open this item.")).toBeVisible();
  const grant = dialog.getByRole("button", { name: "Grant Access" });
  await expect(grant).toBeVisible();
  await expectNoAxeViolations(page, "share dialog, grant access offered");
  await saveShot(page, `share-grant-before-1366.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, `share-grant-before-390.png`);
  await page.setViewportSize({ width: 1366, height: 900 });

  await tabTo(page, grant);
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Anyone with the link can now view this item.")).toBeVisible();
  await expect(grant).toHaveCount(0);
  await expectNoAxeViolations(page, "share dialog, access granted");
  await saveShot(page, `share-grant-after-1366.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveShot(page, `share-grant-after-390.png`);

  // After: the guest, in its own fresh context, opens the link and sees the item itself (viewing only: no Favorite,
  // Collect, Copy or Flag, which the server would refuse), and its share dialog offers no Grant Access.
  const fresh = await browser.newContext();
  const viewer = await fresh.newPage();
  await viewer.goto(link);
  await expect(viewer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(viewer.getByRole("main").getByRole("link", { name: "Register" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: /Favorite/ })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Copy", exact: true })).toHaveCount(0);
  await viewer.setViewportSize({ width: 1366, height: 900 });
  await saveShot(viewer, `share-link-viewer-1366.png`);
  await viewer.getByRole("button", { name: "Share", exact: true }).click();
  const viewerDialog = viewer.getByRole("dialog", { name: "Share" });
  await expect(viewerDialog.getByText("Anyone with the link can view this item.")).toBeVisible();
  await expect(viewerDialog.getByRole("button", { name: "Grant Access" })).toHaveCount(0);
  // Nor a new link: that is for those who manage the item.
  await expect(viewerDialog.getByRole("button", { name: "Make a new link: the old one stops working" })).toHaveCount(0);
  await expectNoAxeViolations(viewer, "share dialog of a link viewer");
  // Not listed in search for the guest.
  const found = (await (await viewer.request.get(`/api/search?query=${encodeURIComponent(title.split(" ")[0]!)}`)).json()) as { data: unknown[] };
  expect(found.data).toEqual([]);
  await fresh.close();
  await guestContext.close();
});

test("share: a member who may view a restricted item but not manage it sees the warning without Grant Access", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zw${Date.now().toString(36)} Warned only`;
  const token = await csrfToken(page.request);
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the share test" }, headers: { "X-CSRF-Token": token } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  const learner = (await (await page.request.get(`/profile/autocomplete/change-ownership?st=${encodeURIComponent(LEARNER.name)}`)).json()) as { data: { profile_id: number }[] };
  const saved = await page.request.post("/permissions", { data: { opaque_id: item.opaque_id, profiles: [{ id: learner.data[0]!.profile_id, permissions: ["read"] }] }, headers: { "X-CSRF-Token": token } });
  expect(saved.ok()).toBeTruthy();

  await switchTo(page, LEARNER);
  await page.goto(link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByText("Only people it is shared with can open this item.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Grant Access" })).toHaveCount(0);
});

test("share: the discussion of an item opened by its link only is read-only, for a guest and for a signed-in member", async ({ page, browser }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zr${Date.now().toString(36)} Read by link`;
  const token = await csrfToken(page.request);
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the link discussion test" }, headers: { "X-CSRF-Token": token } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  // Restricted to its owner, then shared with anyone holding the link; the owner starts the discussion and likes it.
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  expect((await page.request.post("/permissions/add-link-share", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  const comment = await page.request.post("/comment/thread/comment", { data: { opaque_id: item.opaque_id, comment: "Read me, link viewer" }, headers: { "X-CSRF-Token": token } });
  expect(comment.status()).toBe(201);
  const commentId = ((await comment.json()) as { id: number }).id;
  expect((await page.request.post("/comment/thread/comment/feedback", { data: { opaque_id: item.opaque_id, comment_id: commentId, feedback_type: "like" }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();

  // A guest with the link: the count, no invitation to start or join the discussion; View comments asks to sign in to read.
  const guestContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const guest = await guestContext.newPage();
  await guest.goto(link);
  const guestCard = guest.getByRole("region", { name: "Discuss" });
  await expect(guestCard.getByText("1 comment", { exact: true })).toBeVisible();
  await expect(guestCard.getByRole("button", { name: /discussion\.\.\.$/ })).toHaveCount(0);
  await expect(guestCard.getByRole("textbox")).toHaveCount(0);
  await expect(guestCard.getByText("You are viewing this item by its link: you may read the discussion but not take part.")).toBeVisible();
  await guestCard.getByRole("button", { name: "View comments" }).click();
  const modal = guest.getByRole("dialog", { name: "Sign in to continue" });
  await expect(modal).toContainText("Sign in or register to read the comments.");
  await expect(modal).not.toContainText("join the discussion");
  await modal.getByRole("button", { name: "Close" }).click();
  await expectNoAxeViolations(guest, "Discuss card, guest by link");
  await guest.locator(".discuss-card").scrollIntoViewIfNeeded();
  await saveShot(guest, `share-discuss-guest-by-link-1366.png`);
  await guestContext.close();

  // A signed-in member the item is not shared with, by the link: reads the comment and its reactions, and nothing more.
  const memberContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const member = await memberContext.newPage();
  await signInViaApi(member, LEARNER);
  await member.goto(link);
  const memberCard = member.getByRole("region", { name: "Discuss" });
  const read = memberCard.getByRole("article", { name: `Comment by ${TEACHER.name}` });
  await expect(read.getByText("Read me, link viewer")).toBeVisible();
  await expect(memberCard.getByText("You are viewing this item by its link: you may read the discussion but not take part.")).toBeVisible();
  await expect(read.getByRole("list", { name: "Reactions" })).toContainText("Like 1");
  for (const name of [/^Like/, /^Love/, /^Magic/, /^Reply$/, /^Subscribe$/, /^Report as Inappropriate$/]) await expect(read.getByRole("button", { name })).toHaveCount(0);
  await expect(memberCard.getByRole("textbox")).toHaveCount(0);
  await expect(memberCard.getByRole("button", { name: /discussion\.\.\.$/ })).toHaveCount(0);
  await expectNoAxeViolations(member, "Discuss card, member by link");
  await member.locator(".discuss-card").scrollIntoViewIfNeeded();
  await saveShot(member, `share-discuss-member-by-link-1366.png`);
  await member.setViewportSize({ width: 390, height: 844 });
  await member.locator(".discuss-card").scrollIntoViewIfNeeded();
  await saveShot(member, `share-discuss-member-by-link-390.png`);
  await memberContext.close();
});

test("share: the owner of an item shared by link makes a new link from the Share dialog; the old link stops letting a link holder in and the dialog then copies the new one", async ({ page, browser }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zn${Date.now().toString(36)} Sent to the wrong people`;
  const token = await csrfToken(page.request);
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the share test" }, headers: { "X-CSRF-Token": token } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id, link: ["read"] }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await expect(dialog.getByText("Anyone with the link can view this item.")).toBeVisible();
  const newLink = dialog.getByRole("button", { name: "Make a new link: the old one stops working" });
  await expect(dialog.getByText("Sent to the wrong people? A new link stops the old one working.")).toBeVisible();
  await expectNoAxeViolations(page, "share dialog of a link-shared item, New link offered");
  await saveShot(page, `share-new-link-390.png`);
  await tabTo(page, newLink);
  await page.keyboard.press("Enter");
  const question = page.getByRole("alertdialog", { name: "Make a new link" });
  // Nothing waits to be saved in the Share dialog, so the question does not speak of it.
  await expect(question).toContainText("Whoever has only the current link");
  await expect(question).not.toContainText("Changes not yet saved");
  await question.getByRole("button", { name: "Make a new link" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText("This item has a new link: the old one no longer opens it for those who had only the link.");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`${link}$`));
  const fresh = new URL(page.url()).pathname;

  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(dialog.getByRole("textbox", { name: "Link" })).toHaveValue(new URL(fresh, page.url()).href);
  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Sign in to see this item" })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);
  await guest.goto(fresh);
  await expect(guest.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await guest.close();
});
