import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, expectNoAxeViolations, holdRequests, signInViaApi, signInViaForm, tabTo, switchTo, saveShot } from "./helpers.js";

const MODERATOR = { username: "moderator", password: "moderator-demo-pass" } as const;

/** The CSRF token of a page's session, for writes made with page.request. */
async function tokenOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
}

/**
 * Deletes, as the administrator signed in on `adminPage`, every interceptor whose title starts with `prefix`: the
 * notices go to every signed-in account, and the other specs sign the demo accounts in on this same server.
 */
async function deleteInterceptors(adminPage: Page, prefix: string): Promise<void> {
  const token = await tokenOf(adminPage);
  const { data } = (await (await adminPage.request.get("/api/interceptors")).json()) as { data: { id: number; title: string }[] };
  for (const i of data.filter((d) => d.title.startsWith(prefix))) {
    expect((await adminPage.request.delete(`/api/interceptors/${i.id}`, { headers: { "X-CSRF-Token": token } })).ok()).toBeTruthy();
  }
}

test("interceptors: a member signing in goes through the notices one after another by keyboard; they wait while another dialog is open", async ({ page, browser }) => {
  const run = `E2E notice ${Date.now().toString(36)}`;
  const adminPage = await (await browser.newContext()).newPage();
  await signInViaApi(adminPage, ADMIN);
  try {
    const token = await tokenOf(adminPage);
    for (const [k, body] of [
      { title: `${run}: new terms`, content: '<p>We updated our <a href="https://example.org/terms">terms of use</a>. Please read them.</p>', sort_order: -2 },
      { title: `${run}: quiet hours`, content: "The site is read-only on Sunday nights.\n\nThank you for your patience.", sort_order: -1 },
    ].entries()) {
      const added = await adminPage.request.post("/api/interceptors", { data: body, headers: { "X-CSRF-Token": token } });
      expect(added.status(), `notice ${k}`).toBe(201);
    }

    // Signing in through the form: the dialog comes up over the page the sign-in leads to.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/auth/login");
    await signInViaForm(page, LEARNER);
    const dialog = page.getByRole("dialog", { name: `${run}: new terms` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("Notice 1 of 2");
    await expect(dialog.getByRole("link", { name: "terms of use" })).toHaveAttribute("target", "_blank");
    // The title has focus (a screen reader reads the notice); the page behind is out of reach.
    await expect(dialog.locator(".interceptor__title")).toBeFocused();
    await expectNoAxeViolations(page, "interceptors dialog");
    await saveShot(page, `interceptors-dialog-1366.png`);

    // A click beside it is no answer; Remind me later by keyboard moves on to the second notice.
    await page.mouse.click(10, 450);
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("button", { name: "Remind me later" }), 6);
    await page.keyboard.press("Enter");
    const second = page.getByRole("dialog", { name: `${run}: quiet hours` });
    await expect(second).toHaveAccessibleDescription("Notice 2 of 2");
    await expect(second.locator(".interceptor__content p")).toHaveText(["The site is read-only on Sunday nights.", "Thank you for your patience."]);
    await expect(second.locator(".interceptor__title")).toBeFocused();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `interceptors-dialog-390.png`);
    await tabTo(page, second.getByRole("button", { name: "Dismiss" }), 6);
    await page.keyboard.press("Enter");
    // Closed after the last one; neither comes back on the next load (one dismissed, the other put off for a day).
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // Nothing opened the notices, so nothing gets focus back: the page's heading takes it (it fell to <body>, and the
    // next Tab started over at the skip link).
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
    expect(((await (await page.request.get("/profile/interceptors")).json()) as { data: { title: string }[] }).data.filter((d) => d.title.startsWith(run))).toEqual([]);

    // Another member, with the Contact us dialog open when the notices arrive: they wait until it closes.
    const other = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInViaApi(other, MODERATOR);
    const release = await holdRequests(other, "**/profile/interceptors");
    await other.goto("/search/");
    await other.getByRole("button", { name: "Contact us" }).click();
    const contact = other.getByRole("dialog", { name: "Contact us" });
    await expect(contact).toBeVisible();
    const answered = other.waitForResponse("**/profile/interceptors");
    release();
    await answered;
    // Past the notices' arrival (and a frame for them to render), still only the contact form.
    await other.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(other.getByRole("dialog")).toHaveCount(1);
    await contact.getByRole("button", { name: "Cancel" }).click();
    await expect(contact).toHaveCount(0);
    const waited = other.getByRole("dialog", { name: `${run}: new terms` });
    await expect(waited).toBeVisible();
    // Escape puts the rest off until the next load, recording nothing.
    await other.keyboard.press("Escape");
    await expect(other.getByRole("dialog")).toHaveCount(0);
    await other.reload();
    await expect(other.getByRole("dialog", { name: `${run}: new terms` })).toBeVisible();
    await other.context().close();
  } finally {
    await deleteInterceptors(adminPage, run);
    await adminPage.context().close();
  }
});

test("interceptors: administrators list, create, edit and delete them on the staff pages; moderators get no entry", async ({ page }) => {
  const run = `E2E staff ${Date.now().toString(36)}`;
  try {
    await signInViaApi(page, MODERATOR);
    await page.goto("/moderation/reports");
    await expect(page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Reports" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Interceptors" })).toHaveCount(0);
    await page.goto("/moderation/interceptors");
    await expect(page.getByText("Only administrators may see this page.")).toBeVisible();

    await switchTo(page, ADMIN);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/moderation/reports");
    const entry = page.getByRole("navigation", { name: "Moderation" }).getByRole("link", { name: "Interceptors" });
    await tabTo(page, entry);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/moderation\/interceptors$/);
    // The demo's welcome notice, switched off on the browser tests' server.
    const welcome = page.getByRole("listitem").filter({ hasText: "Welcome to Curriculum Commons" });
    await expect(welcome.getByRole("heading", { level: 2 })).toHaveText("Switched off Welcome to Curriculum Commons");

    // Create, by keyboard; the form says what is missing first.
    await tabTo(page, page.getByRole("button", { name: "New interceptor" }));
    await page.keyboard.press("Enter");
    const form = page.getByRole("dialog", { name: "New interceptor" });
    await form.getByRole("button", { name: "Create" }).click();
    await expect(form.getByText("Please give the interceptor a title.")).toBeVisible();
    await expect(form.getByLabel("Title")).toBeFocused();
    await page.keyboard.type(`${run}: survey`);
    await form.getByLabel("Content").fill("Tell us how the catalogue works for you.\n\nIt takes two minutes.");
    await form.getByLabel("Order (lower first)").fill("5");
    await form.getByLabel("Shown until (optional)").fill("2099-12-31T12:00");
    // The row's controls stay level though Order's label wraps onto two lines in its narrow column.
    const tops = await Promise.all(["Order (lower first)", "Shown from (optional)", "Shown until (optional)"].map(async (label) => (await form.getByLabel(label).boundingBox())!.y));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
    await expectNoAxeViolations(page, "interceptor form");
    await saveShot(page, `interceptors-form-1366.png`);
    await form.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Interceptor created.")).toBeVisible();
    const card = page.getByRole("listitem").filter({ hasText: `${run}: survey` });
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(`Shown now, until 12/31/2099 ${run}: survey`);
    await expect(card.locator(".interceptor-card__content p")).toHaveCount(2);
    await expect(card).toContainText("Order 5");

    // Edit: switched off, renamed.
    await card.getByRole("button", { name: `Edit ${run}: survey` }).click();
    const edit = page.getByRole("dialog", { name: "Edit interceptor" });
    // What was written as plain text reads as plain text again.
    await expect(edit.getByLabel("Content")).toHaveValue("Tell us how the catalogue works for you.\n\nIt takes two minutes.");
    await edit.getByLabel("Title").fill(`${run}: survey (paused)`);
    await edit.getByLabel(/^Switched on/).uncheck();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `interceptors-form-390.png`);
    await page.setViewportSize({ width: 1366, height: 900 });
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Interceptor saved.")).toBeVisible();
    const paused = page.getByRole("listitem").filter({ hasText: `${run}: survey (paused)` });
    await expect(paused.getByRole("heading", { level: 2 })).toHaveText(`Switched off ${run}: survey (paused)`);
    await expectNoAxeViolations(page, "interceptors staff page");
    await saveShot(page, `interceptors-staff-1366.png`, { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `interceptors-staff-390.png`, { fullPage: true });

    // Delete, after the confirmation; focus goes back to New interceptor.
    await paused.getByRole("button", { name: `Delete ${run}: survey (paused)` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete interceptor" });
    await expect(confirm).toContainText(`Are you sure you want to delete "${run}: survey (paused)"?`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Interceptor deleted.")).toBeVisible();
    await expect(paused).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New interceptor" })).toBeFocused();
  } finally {
    await deleteInterceptors(page, run).catch(() => undefined);
  }
});

test("interceptors: a scheduled one's card says 'Shown now' once its start passes while the page is open, as the server decides", async ({ page }) => {
  const run = `E2E soon ${Date.now().toString(36)}`;
  await signInViaApi(page, ADMIN);
  try {
    const body = { title: run, content: "Coming up.", starts_at: new Date(Date.now() + 4000).toISOString() };
    expect((await page.request.post("/api/interceptors", { data: body, headers: { "X-CSRF-Token": await tokenOf(page) } })).status()).toBe(201);
    await page.goto("/moderation/interceptors");
    const heading = page.getByRole("list", { name: "Interceptors" }).getByRole("listitem").filter({ hasText: run }).getByRole("heading", { level: 2 });
    await expect(heading).toContainText("Scheduled from");
    // No reload: the page reads the list again a second after the start.
    await expect(heading).toHaveText(`Shown now ${run}`, { timeout: 12_000 });
    await expectNoAxeViolations(page, "interceptors list after a start passed");
  } finally {
    await deleteInterceptors(page, "E2E soon ").catch(() => undefined);
  }
});
