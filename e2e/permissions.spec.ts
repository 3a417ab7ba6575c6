import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { linkIn, outboxMails } from "../server/test/readMail.js";
import { LEARNER, TEACHER, expectNoAxeViolations, mailTo, signInViaApi, tabTo, switchTo, csrfToken, saveShot } from "./helpers.js";

const unique = () => `Zp${Date.now().toString(36)}`;
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });

/** Both widths the screenshots are taken at. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `${name}-${width}.png`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("permissions: the owner restricts an item in the dialog, a member requests access, the owner accepts it (keyboard only)", async ({ page }) => {
  // A journey of 20 to 25 s in CI beside two other shards: three times the default timeout, for a slower machine.
  test.slow();
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Shared plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  // The owner opens the dialog from the keyboard and makes the item restricted.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const open = page.getByRole("button", { name: "Permissions", exact: true });
  await tabTo(page, open);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  await expect(dialog).toBeVisible();
  await expect(page.locator("#manage-permissions-modal")).toBeVisible();
  const everybody = dialog.getByRole("checkbox", { name: "Everybody may read" });
  const signedIn = dialog.getByRole("checkbox", { name: "Signed-in members may read" });
  await expect(everybody).toBeChecked();
  // Public includes signed-in members: that row is forced on while Everybody is ticked.
  await expect(signedIn).toBeDisabled();
  await tabTo(page, everybody);
  await page.keyboard.press("Space");
  await expect(everybody).not.toBeChecked();
  // One step narrower: signed-in members still read, and their row says so and how to go further.
  await expect(signedIn).toBeChecked();
  await expect(signedIn).toHaveAccessibleDescription("Still readable by everyone signed in: untick this too to share only with the people below.");
  await saveShot(page, "permissions-unticked-everybody.png");
  await page.keyboard.press("Tab");
  await expect(signedIn).toBeFocused();
  await page.keyboard.press("Space");
  await expect(signedIn).not.toBeChecked();
  await expect(signedIn).toHaveAccessibleDescription("");
  // The link row kept what it showed while the item was public (ticked), and says so: unticked too, only the people below read.
  const byLink = dialog.getByRole("checkbox", { name: "Anyone with the link may read" });
  await page.keyboard.press("Tab");
  await expect(byLink).toBeFocused();
  await expect(byLink).toBeChecked();
  await expect(byLink).toHaveAccessibleDescription("Still open to anyone with the link: untick this too to share only with the people below.");
  await page.keyboard.press("Space");
  await expect(byLink).not.toBeChecked();
  await expect(byLink).toHaveAccessibleDescription("");
  await expect(dialog.getByText("No permission requests.")).toBeVisible();
  await expectNoAxeViolations(page, "manage-permissions dialog");
  await shoot(page, "permissions-modal");
  await tabTo(page, dialog.getByRole("button", { name: "Save permissions" }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Permissions have been updated.");
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(open).toBeFocused();

  // A guest gets the preview card with sign-in and register.
  await switchTo(page, null);
  await page.goto(link);
  await expect(page.getByRole("link", { name: "Sign in" }).last()).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toBeVisible();

  // A member who may not view it asks for access with a reason, from the keyboard.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Request access", level: 1 })).toBeVisible();
  await expect(page.getByText(`Request will be sent to ${TEACHER.name}.`)).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  const reason = page.getByLabel("Reason (optional)");
  await tabTo(page, reason);
  await page.keyboard.type("For my grade 5 class");
  await expectNoAxeViolations(page, "request-access preview card");
  await shoot(page, "request-access-card");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Request access" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Your request has been successfully sent.");
  await expect(page.getByRole("status").filter({ hasText: "Access requested" })).toBeVisible();
  // The spec's date format (M/D/YYYY), with the time after it: "Access requested on 11/27/2026, 2:23 PM".
  await expect(page.getByRole("status").filter({ hasText: "Access requested" })).toContainText(/Access requested on \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await shoot(page, "access-requested");

  // The owner sees the request in the dialog and accepts it; the member can open the item then.
  await switchTo(page, TEACHER);
  await page.goto(link);
  await tabTo(page, page.getByRole("button", { name: "Permissions", exact: true }));
  await page.keyboard.press("Enter");
  const accept = dialog.getByRole("button", { name: `Accept ${LEARNER.name}'s request` });
  await expect(dialog.getByRole("rowheader", { name: LEARNER.name })).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: LEARNER.name })).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M/);
  await expect(dialog.getByText("For my grade 5 class")).toBeVisible();
  // The requester's name leads to their profile page (in a new tab, so the form's decisions stay).
  const requester = dialog.getByRole("link", { name: `${LEARNER.name} (profile, opens in a new tab)` });
  await expect(requester).toHaveAttribute("target", "_blank");
  const profileHref = (await requester.getAttribute("href"))!;
  expect(profileHref).toMatch(/^\/profiles\/[\w-]+$/);
  expect(((await (await page.request.get(`/api${profileHref}`)).json()) as { name: string }).name).toBe(LEARNER.name);
  await tabTo(page, accept);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("checkbox", { name: `${LEARNER.name} may read` })).toBeChecked();
  await expect(dialog.getByRole("button", { name: `Undo the decision on ${LEARNER.name}'s request` })).toBeVisible();
  await shoot(page, "permissions-modal-request");
  await tabTo(page, dialog.getByRole("button", { name: "Save permissions" }));
  await page.keyboard.press("Enter");
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Revoking asks first; Escape keeps the grant.
  await switchTo(page, TEACHER);
  await page.goto(link);
  await tabTo(page, page.getByRole("button", { name: "Permissions", exact: true }));
  await page.keyboard.press("Enter");
  const revoke = dialog.getByRole("button", { name: `Revoke permissions for ${LEARNER.name}` });
  await tabTo(page, revoke);
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: "Revoke permissions" });
  await expect(confirm).toContainText(`Are you sure you want to revoke permissions for ${LEARNER.name}?`);
  // Cancel has focus first (so Enter never revokes by accident); Escape then closes the question only.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Radix focuses Cancel one render before it registers the question as the top dismissable layer; an Escape in
  // between (only a test is that fast: once in about ten runs on a loaded machine) went to the Permissions dialog.
  await page.waitForTimeout(250);
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("rowheader", { name: LEARNER.name })).toBeVisible();
});

test("permissions: the link row shares a restricted item with anyone holding its link, and revoking it closes the link again", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Link row plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;

  const saveWith = async (tickLink: boolean) => {
    await page.goto(link);
    await page.getByRole("button", { name: "Permissions", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Permissions" });
    const everybody = dialog.getByRole("checkbox", { name: "Everybody may read" });
    const byLink = dialog.getByRole("checkbox", { name: "Anyone with the link may read" });
    if (await everybody.isChecked()) {
      // Public includes anyone with the link: that row is forced on while Everybody is ticked.
      await expect(byLink).toBeDisabled();
      await everybody.uncheck();
      const signedIn = dialog.getByRole("checkbox", { name: "Signed-in members may read" });
      if (await signedIn.isChecked()) await signedIn.uncheck();
    }
    await expect(byLink).toBeEnabled();
    await expect(dialog.getByRole("rowheader", { name: /Anyone with the link/ })).toContainText("view only");
    if (tickLink) await byLink.check();
    else await byLink.uncheck();
    await expectNoAxeViolations(page, "manage-permissions dialog, link row");
    await dialog.getByRole("button", { name: "Save permissions" }).click();
    await expect(toasts(page)).toContainText("Permissions have been updated.");
  };

  await saveWith(true);
  await switchTo(page, null);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  await switchTo(page, TEACHER);
  await saveWith(false);
  await switchTo(page, null);
  await page.goto(link);
  await expect(page.getByRole("main").getByRole("link", { name: "Register" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toHaveCount(0);
});

test("permissions: unticking Everybody keeps the link row as it showed: ticked for an item that was public, else the author's own choice or what the item had", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Link kept plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const everybody = dialog.getByRole("checkbox", { name: "Everybody may read" });
  const signedIn = dialog.getByRole("checkbox", { name: "Signed-in members may read" });
  const byLink = dialog.getByRole("checkbox", { name: "Anyone with the link may read" });
  const stillOpen = "Still open to anyone with the link: untick this too to share only with the people below.";

  // A public item: the link row shows ticked (forced by Everybody), and stays ticked once Everybody is unticked.
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  await expect(everybody).toBeChecked();
  await expect(byLink).toBeChecked();
  await expect(byLink).toBeDisabled();
  await everybody.uncheck();
  await expect(byLink).toBeChecked();
  await expect(byLink).toBeEnabled();
  await expect(byLink).toHaveAccessibleDescription(stillOpen);
  await expectNoAxeViolations(page, "manage-permissions dialog, Everybody unticked");
  await saveShot(page, "permissions-unticked-everybody-link-kept.png");

  // The author's own choice on the link row comes back after ticking Everybody and unticking it again.
  await byLink.uncheck();
  await expect(byLink).toHaveAccessibleDescription("");
  await everybody.check();
  await expect(byLink).toBeChecked();
  await expect(byLink).toBeDisabled();
  await everybody.uncheck();
  await expect(byLink).not.toBeChecked();
  await expect(byLink).toHaveAccessibleDescription("");

  // Shared by its link only, and saved: a guest holding the link opens it.
  await byLink.check();
  await signedIn.uncheck();
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");
  await switchTo(page, null);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // What the item had: its link row is ticked when the dialog opens, and ticking Everybody and unticking it keeps it.
  await switchTo(page, TEACHER);
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  await expect(everybody).not.toBeChecked();
  await expect(byLink).toBeChecked();
  await everybody.check();
  await everybody.uncheck();
  await expect(byLink).toBeChecked();
  await expect(byLink).toBeEnabled();
});

test("permissions: the leader of the group that owns an item edits it and manages its permissions; a member of the group only sees it", async ({ page }) => {
  // The teacher leads "Grade 5 Science Team" (demo seed), whose members include the learner.
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Team plan`;
  const token = await csrfToken(page.request);
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the group owner test" }, headers: { "X-CSRF-Token": token } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { opaque_id: string };
  const team = (await (await page.request.get(`/profile/autocomplete/change-ownership?st=${encodeURIComponent("Grade 5 Science Team")}`)).json()) as { data: { profile_id: number; is_group: boolean }[] };
  const group = team.data.find((p) => p.is_group)!;
  // Restricted to its owner, then given to the group.
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  expect((await page.request.post("/profile/owner/change", { data: { opaque_id: item.opaque_id, selected_profile: group.profile_id }, headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();

  // The leader keeps the owner's actions on the group's item; the dialog names the group as owner.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("By Grade 5 Science Team")).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Change owner", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  await expect(dialog).toContainText("Grade 5 Science Team (owner, group)");
  await expectNoAxeViolations(page, "permissions dialog of a group's item, its leader");
  await shoot(page, "permissions-group-owner-leader");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A member of the group sees the restricted item, without Edit, Change owner or Permissions.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Discuss" }).getByText("Loading the discussion…")).toHaveCount(0);
  for (const action of [page.getByRole("link", { name: "Edit", exact: true }), page.getByRole("button", { name: "Change owner", exact: true }), page.getByRole("button", { name: "Permissions", exact: true })]) await expect(action).toHaveCount(0);
  await shoot(page, "permissions-group-owner-member");
});

test("permissions: the owner invites by e-mail; the invitee opens the mailed link, registers, and the restricted item opens to that account", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Invite plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const email = `${unique().toLowerCase()}.invitee@example.org`;

  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const everybody = dialog.getByRole("checkbox", { name: "Everybody may read" });
  if (await everybody.isChecked()) await everybody.uncheck();
  const signedIn = dialog.getByRole("checkbox", { name: "Signed-in members may read" });
  if (await signedIn.isChecked()) await signedIn.uncheck();
  const byLink = dialog.getByRole("checkbox", { name: "Anyone with the link may read" });
  if (await byLink.isChecked()) await byLink.uncheck();
  const invite = dialog.getByLabel("Invite by e-mail");
  // Enter adds the entry: empty is ignored, a malformed one is refused with the spec's text.
  await invite.press("Enter");
  await expect(dialog.getByText("Invalid email address")).toHaveCount(0);
  await invite.fill("not an address");
  await invite.press("Enter");
  await expect(dialog.getByText("Invalid email address")).toBeVisible();
  await expect(invite).toHaveAttribute("aria-invalid", "true");
  await saveShot(page, `permissions-invite-invalid.png`);
  await invite.fill(email.toUpperCase());
  await invite.press("Enter");
  await expect(dialog.getByRole("rowheader", { name: new RegExp(email.replace(/\./g, "\\.")) })).toContainText("mailed when you save");
  await dialog.getByRole("checkbox", { name: `${email} may edit` }).check();
  await expectNoAxeViolations(page, "manage-permissions dialog, e-mail invite");
  await saveShot(page, `permissions-invite-added.png`);
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  // Opened again, the dialog lists the pending invite.
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  await expect(dialog.getByRole("checkbox", { name: `${email} may edit` })).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const mail = await mailTo(email);
  const origin = new URL(page.url()).origin;
  const acceptLink = linkIn(mail, `${origin}/invites/accept?token=`);
  await switchTo(page, null);
  await page.goto(acceptLink);
  await expect(page.getByRole("heading", { name: "Accept an invite", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "accept-invite page, signed out");
  await saveShot(page, `permissions-invite-accept-guest.png`);
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full name").fill("Ivo Invitee");
  await page.getByLabel("Username").fill(`ivo${Date.now().toString(36)}`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password (at least 8 characters)").fill("invited password 1");
  await page.getByLabel("Repeat the password").fill("invited password 1");
  await page.getByRole("button", { name: "Create account" }).click();
  // Registration comes back to the invite's link, which takes the invite and opens the item.
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(toasts(page)).toContainText(`"${title}" has been shared with you.`);
  // The link works once.
  await page.goto(acceptLink);
  await expect(page.getByText("This invite link does not work any more")).toBeVisible();
});

test("permissions at 390 px: a long invited address wraps, so its Edit box and Revoke button stay inside the dialog", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Narrow permissions`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok()).toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  await expect(dialog).toBeVisible();
  const address = "new.curriculum.colleague@example.org";
  await dialog.getByLabel("Invite by e-mail").fill(address);
  await dialog.getByLabel("Invite by e-mail").press("Enter");
  const revoke = dialog.getByRole("button", { name: `Revoke the invite for ${address}` });
  await expect(revoke).toBeVisible();
  const dialogBox = (await dialog.boundingBox())!;
  for (const control of [dialog.getByRole("checkbox", { name: `${address} may edit` }), revoke]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, "inside the dialog's right edge").toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  }
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth), "no sideways scrolling in the dialog").toBeLessThanOrEqual(1);
  await saveShot(page, `permissions-long-invite-390.png`);
  await expectNoAxeViolations(page, "permissions dialog at 390 px with an invite");
});

/**
 * Moves an item's e-mail invites' sending time `days` back in the browser tests' server's database (SQLite under
 * E2E_DATA_DIR), as if they had been mailed then: no call sends an invite in the past, and a test cannot wait 30 days.
 */
function sendInvitesBack(email: string, days: number): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, "platform.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db.prepare("UPDATE permission_invites SET created_at = ? WHERE email = ?").run(new Date(Date.now() - days * 86_400_000).toISOString(), email).changes;
    expect(changed, `invites to ${email}`).toBe(1);
  } finally {
    db.close();
  }
}

test("permissions: an e-mail invite past its 30 days shows as expired with its date; the owner resends it (a new link that works) or removes it", async ({ page }) => {
  test.slow();
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Expired invite plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api${link.replace("/lesson-plans/", "/content/lesson-plans/")}`)).json()) as { opaque_id: string };
  const resent = `${unique().toLowerCase()}.late@example.org`;
  const removed = `${unique().toLowerCase()}.gone@example.org`;
  const saved = await page.request.post("/permissions", {
    data: { opaque_id: item.opaque_id, permission_invites: [{ email: resent, permissions: ["read"] }, { email: removed, permissions: ["read"] }] },
    headers: { "X-CSRF-Token": await csrfToken(page.request) },
  });
  expect(saved.ok()).toBeTruthy();
  sendInvitesBack(resent, 31);
  sendInvitesBack(removed, 40);
  const expiredOn = (days: number) => new Date(Date.now() - (days - 30) * 86_400_000).toLocaleDateString("en-US", { month: "numeric", day: "numeric", year: "numeric" });

  await page.goto(link);
  const origin = new URL(page.url()).origin;
  const firstLink = linkIn(await mailTo(resent), `${origin}/invites/accept?token=`);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const rowOf = (email: string) => dialog.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(email.replace(/\./g, "\\.")) }) });
  await expect(rowOf(resent).getByRole("rowheader")).toContainText(`(e-mail invite expired ${expiredOn(31)})`);
  await expect(rowOf(removed).getByRole("rowheader")).toContainText(`(e-mail invite expired ${expiredOn(40)})`);
  // An expired invite is not revoked (it gives nothing any more): it is resent or removed.
  await expect(dialog.getByRole("button", { name: `Revoke the invite for ${resent}` })).toHaveCount(0);
  await expectNoAxeViolations(page, "manage-permissions dialog, expired invites");
  await shoot(page, "permissions-invite-expired");
  // On a phone, Resend and Remove stay inside the dialog beside the row's checkboxes.
  await page.setViewportSize({ width: 390, height: 844 });
  const dialogBox = (await dialog.boundingBox())!;
  for (const button of [dialog.getByRole("button", { name: `Send the invite for ${resent} again` }), dialog.getByRole("button", { name: `Remove the expired invite for ${resent}` })]) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, "inside the dialog's right edge").toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await dialog.getByRole("button", { name: `Send the invite for ${resent} again` }).click();
  await expect(rowOf(resent).getByRole("rowheader")).toContainText("sent again with a new link when you save");
  await dialog.getByRole("button", { name: `Remove the expired invite for ${removed}` }).click();
  await expect(rowOf(removed)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  // A second mail to the resent address, with a new link; the form lists the invite as sent today, working 30 days.
  await expect.poll(async () => (await outboxMails(process.env.E2E_DATA_DIR!)).filter((m) => m.to === resent).length).toBe(2);
  const newLink = linkIn(await mailTo(resent), `${origin}/invites/accept?token=`);
  expect(newLink).not.toBe(firstLink);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const today = new Date().toLocaleDateString("en-US", { month: "numeric", day: "numeric", year: "numeric" });
  await expect(rowOf(resent).getByRole("rowheader")).toContainText(`(e-mail invite sent ${today}, works until`);
  await expect(dialog.getByRole("button", { name: `Revoke the invite for ${resent}` })).toBeVisible();
  await expect(rowOf(removed)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The new link opens the item to the learner who takes it.
  await switchTo(page, LEARNER);
  await page.goto(newLink);
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
});

test("permissions: a member whose access request the owner declined is told so on the preview card, and may ask again", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Declined plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  for (const row of ["Everybody may read", "Signed-in members may read", "Anyone with the link may read"]) {
    const box = dialog.getByRole("checkbox", { name: row });
    if (await box.isChecked()) await box.uncheck();
  }
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  await switchTo(page, LEARNER);
  await page.goto(link);
  await page.getByLabel("Reason (optional)").fill("For my grade 5 class");
  await page.getByRole("button", { name: "Request access" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Access requested" })).toBeVisible();

  await switchTo(page, TEACHER);
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  await dialog.getByRole("button", { name: `Reject ${LEARNER.name}'s request` }).click();
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  await switchTo(page, LEARNER);
  await page.goto(link);
  const today = new Date().toLocaleDateString("en-US", { month: "numeric", day: "numeric", year: "numeric" });
  await expect(page.getByText(`${TEACHER.name} declined your request for access on ${today}. You may ask again.`)).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expectNoAxeViolations(page, "request-access card after a declined request");
  await shoot(page, "request-access-declined");
  await page.getByLabel("Reason (optional)").fill("I would use it this week");
  await page.getByRole("button", { name: "Request access" }).click();
  await expect(toasts(page)).toContainText("Your request has been successfully sent.");
  await expect(page.getByRole("status").filter({ hasText: "Access requested" })).toBeVisible();
  await expect(page.getByText("declined your request")).toHaveCount(0);
});

test("permissions: revoking a requester just accepted in the form takes the acceptance back, so saving does not let them in", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Accepted then revoked`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api${link.replace("/lesson-plans/", "/content/lesson-plans/")}`)).json()) as { opaque_id: string; uid: string };
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id }, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();
  await switchTo(page, LEARNER);
  expect((await page.request.post("/permissions/request", { data: { uid: item.uid, requestReason: "Please" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();

  await switchTo(page, TEACHER);
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  await dialog.getByRole("button", { name: `Accept ${LEARNER.name}'s request` }).click();
  await expect(dialog.getByRole("checkbox", { name: `${LEARNER.name} may read` })).toBeChecked();
  await dialog.getByRole("button", { name: `Revoke permissions for ${LEARNER.name}` }).click();
  await page.getByRole("alertdialog", { name: "Revoke permissions" }).getByRole("button", { name: "Revoke" }).click();
  await expect(dialog.getByRole("checkbox", { name: `${LEARNER.name} may read` })).toHaveCount(0);
  // The request is undecided again: Accept and Reject are offered, not "Accepted".
  await expect(dialog.getByRole("button", { name: `Accept ${LEARNER.name}'s request` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: `Reject ${LEARNER.name}'s request` })).toBeVisible();
  await dialog.getByRole("button", { name: "Save permissions" }).click();
  await expect(toasts(page)).toContainText("Permissions have been updated.");

  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("status").filter({ hasText: "Access requested" })).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toHaveCount(0);
});

test("permissions: an owner who sent the link to the wrong people makes a new link (by keyboard, after a question); the old link no longer lets a link holder in, the new one does; the owner's old address and a pathway's link to it still open the item", async ({ page, browser }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} New link plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link: oldLink } = ((await res.json()) as { data: { link: string } }).data;
  const item = (await (await page.request.get(`/api${oldLink.replace("/lesson-plans/", "/content/lesson-plans/")}`)).json()) as { opaque_id: string };
  // Restricted, and shared with anyone holding its link.
  expect((await page.request.post("/permissions", { data: { opaque_id: item.opaque_id, link: ["read"] }, headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();
  // A pathway of the owner's links the plan's address (as a step's Add item link would).
  const pathwayTitle = `${unique()} New link pathway`;
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/pathway/start", { data: { title: pathwayTitle, introduction: "Links the plan." }, headers });
  const { link: pathwayLink } = ((await started.json()) as { data: { link: string } }).data;
  const stepHtml = `<p>Start here.</p><p><a href="${oldLink}">${title}</a></p>`;
  expect((await page.request.post(`${pathwayLink}/update`, { data: { title: pathwayTitle, description: "Links the plan.", sections: [{ title: "Begin", html: stepHtml }] }, headers })).ok()).toBeTruthy();
  const stranger = await browser.newPage();
  await stranger.goto(oldLink);
  await expect(stranger.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(oldLink);
  const permissions = page.getByRole("button", { name: "Permissions", exact: true });
  await tabTo(page, permissions);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const newLink = dialog.getByRole("button", { name: "Make a new link: the old one stops working" });
  await expect(newLink).toBeVisible();
  await saveShot(page, `permissions-new-link-1280.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await newLink.scrollIntoViewIfNeeded();
  await expect(newLink).toBeInViewport();
  await saveShot(page, `permissions-new-link-390.png`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await newLink.focus();
  await page.keyboard.press("Enter");
  const question = page.getByRole("alertdialog", { name: "Make a new link" });
  await expect(question).toContainText("Whoever has only the current link, bookmarks included, can no longer open the item with it.");
  await expect(question).toContainText("Changes not yet saved in this dialog are dropped.");
  await expectNoAxeViolations(page, "the question before making a new link");
  // Cancel is focused first: Escape or Cancel changes nothing.
  await page.keyboard.press("Escape");
  await expect(question).toHaveCount(0);
  await expect(newLink).toBeFocused();
  await page.keyboard.press("Enter");
  await question.getByRole("button", { name: "Make a new link" }).press("Enter");

  await expect(toasts(page)).toContainText("This item has a new link: the old one no longer opens it for those who had only the link.");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(new RegExp(`${oldLink}$`));
  await expect(page).toHaveURL(/\/lesson-plans\/[\w-]+$/);
  const freshLink = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Whoever held only the old link is let in no more (a guest is asked to sign in, as at any item not open to guests); the new link opens it.
  await stranger.goto(oldLink);
  await expect(stranger.getByRole("heading", { name: "Sign in to see this item" })).toBeVisible();
  await expect(stranger.getByText(title)).toHaveCount(0);
  await stranger.goto(freshLink);
  await expect(stranger.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await stranger.close();

  // The owner's old bookmark still opens the item, at its new address.
  await page.goto(oldLink);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${freshLink}$`));
  // The pathway's step still links the plan, live (not "no longer available"), and following it opens the plan.
  await page.goto(pathwayLink);
  const step = page.getByRole("region", { name: "Begin" });
  await expect(step.getByRole("link", { name: title })).toBeVisible();
  await expect(step).not.toContainText("(no longer available)");
  await step.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${freshLink}$`));
});

test("permissions: adding a person by keyboard puts the keyboard back in the field, ready for the next name, and says who was added", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `${unique()} Focus after add plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the permissions test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  await page.goto(link);
  await page.getByRole("button", { name: "Permissions", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  const field = dialog.getByRole("searchbox", { name: "Add people or groups" });
  await field.fill(LEARNER.name);
  const result = dialog.getByRole("list", { name: "Matching people and groups" }).getByRole("button", { name: new RegExp(LEARNER.name) });
  await tabTo(page, result);
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("rowheader", { name: new RegExp(LEARNER.name) })).toContainText("new");
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("");
  await expect(dialog.getByRole("status").filter({ hasText: `${LEARNER.name} added` })).toBeAttached();
  // The next Tab walks on from the field, not from the page's start.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: `Revoke permissions for ${LEARNER.name}` })).toBeFocused();
  await saveShot(page, "permissions-after-add.png");
});
