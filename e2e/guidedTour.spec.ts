import { expect, test, type Page } from "@playwright/test";
import { ADMIN, TEACHER, expectNoAxeViolations, signInViaApi, tabTo, saveShot } from "./helpers.js";

const NO_STOPS = "Cannot start tour.  Could not find any tour stops";
const toasts = (page: Page) => page.getByRole("status", { name: "Notifications" });

/** Opens the Permissions dialog of a new lesson plan of the teacher's, from the keyboard. */
async function openPermissions(page: Page, account: { username: string; password: string } = TEACHER) {
  await signInViaApi(page, account);
  const csrf = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
  const title = `Tour ${Date.now().toString(36)} plan`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the guided-tour test" }, headers: { "X-CSRF-Token": csrf } });
  expect(res.ok()).toBeTruthy();
  await page.goto(((await res.json()) as { data: { link: string } }).data.link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Permissions", exact: true }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Permissions" });
  await expect(dialog.getByRole("checkbox", { name: "Everybody may read" })).toBeVisible();
  return dialog;
}

test("guided tour: the Permissions dialog's tour runs from its header by keyboard, wraps around, follows the arrows and gives focus back on Esc", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const dialog = await openPermissions(page);
  const tourButton = dialog.getByRole("button", { name: "Guided tour" });
  await tabTo(page, tourButton);
  await page.keyboard.press("Enter");

  const stop = page.getByRole("dialog", { name: "Who may see and edit" });
  await expect(stop).toBeVisible();
  await expect(stop).toContainText("1 of 3");
  // Focus is in the tour (the dialog's focus trap handed it over): Next first.
  await expect(stop.getByRole("button", { name: "Next" })).toBeFocused();
  // Only those the edit-enabled flag allows (administrators) may edit the tour.
  await expect(stop.getByRole("button", { name: "Edit tour" })).toHaveCount(0);
  // The spotlight surrounds the stop's target, 16 px out.
  // (The Permissions dialog is hidden from the accessibility tree while the tour, a dialog in it, is open.)
  const target = await page.locator('#manage-permissions-modal [data-tour="permissions-table"]').boundingBox();
  await expect.poll(async () => (await page.locator(".tour-spotlight").boundingBox())?.width).toBeCloseTo(target!.width + 32, 0);
  await expectNoAxeViolations(page, "the running guided tour");
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(700);
    await saveShot(page, `guided-tour-${width}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Add people and groups" })).toContainText("2 of 3");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Save your changes" })).toContainText("3 of 3");
  // Next and previous wrap around.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("dialog", { name: "Who may see and edit" })).toContainText("1 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Save your changes" })).toContainText("3 of 3");
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Previous" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Add people and groups" })).toContainText("2 of 3");

  // Esc closes the tour alone (the spec's reset); focus goes back to its button in the still-open dialog at once, and
  // the overlay hides 1 second later.
  // Timed in the page, from the Esc key's own event to the overlay's removal.
  await page.evaluate(() => {
    const timed = window as unknown as { overlayHidAfter?: Promise<number> };
    timed.overlayHidAfter = new Promise((resolve) => {
      window.addEventListener(
        "keydown",
        (event) => {
          const pressed = event.timeStamp;
          const observer = new MutationObserver(() => {
            if (document.querySelector(".tour-spotlight")) return;
            observer.disconnect();
            resolve(performance.now() - pressed);
          });
          observer.observe(document.body, { childList: true, subtree: true });
        },
        { capture: true, once: true },
      );
    });
  });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Add people and groups" })).toHaveCount(0);
  await expect(tourButton).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { overlayHidAfter: Promise<number> }).overlayHidAfter)).toBeGreaterThanOrEqual(1000);
  await expect(page.locator(".tour-spotlight")).toHaveCount(0);
  await expect(dialog).toBeVisible();

  // Close ends it the same way.
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Who may see and edit" }).getByRole("button", { name: "Close" }).click();
  await expect(tourButton).toBeFocused();
  await expect(dialog).toBeVisible();
});

test("guided tour: the Endorsements dialog has its tour too, with all its stops on screen for an owner who is no publisher", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const csrf = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
  const res = await page.request.post("/lesson-plans/start", { data: { title: `Tour ${Date.now().toString(36)} endorsed`, introduction: "Made by the guided-tour test" }, headers: { "X-CSRF-Token": csrf } });
  await page.goto(((await res.json()) as { data: { link: string } }).data.link);
  await page.getByRole("button", { name: "Endorsements", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Endorsements" });
  await expect(dialog.getByText("No endorsements yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Guided tour" }).click();
  // The first stop is titled "Endorsements" too; the Endorsements dialog is hidden from the accessibility tree meanwhile.
  await expect(page.locator(".tour-popover")).toContainText("1 of 3");
  await expect(page.getByRole("dialog", { name: "Endorsements" })).toHaveClass(/tour-popover/);
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("button", { name: "Guided tour" })).toBeFocused();
});

test("guided tour: a tour whose stops are not on the screen warns with the spec's text; a tour that cannot load is silently ignored", async ({ page }) => {
  const dialog = await openPermissions(page);
  await page.route("**/system/guided-tour/by-name*", (route) => route.fulfill({ status: 500, json: { message: "Broken" } }));
  await dialog.getByRole("button", { name: "Guided tour" }).click();
  await page.waitForTimeout(500);
  await expect(toasts(page)).not.toContainText("Broken");
  await expect(page.locator(".tour-popover")).toHaveCount(0);

  await page.unroute("**/system/guided-tour/by-name*");
  await page.route("**/system/guided-tour/by-name*", (route) =>
    route.fulfill({ json: { id: 1, name: "manage-permissions-modal", configuration: [{ selector: "#no-such-thing", title: "Gone", content: "Not on this screen." }], abilities: { edit: false } } }),
  );
  await dialog.getByRole("button", { name: "Guided tour" }).click();
  // The button waits 50 tries of 100 ms for the first stop before giving up.
  await expect(toasts(page)).toContainText(NO_STOPS, { timeout: 9_000 });
  expect(await toasts(page).textContent()).toContain(NO_STOPS);
  await expect(page.locator(".tour-popover")).toHaveCount(0);
});

test("guided tour: an administrator edits the tour's stops in 'Guided Tour Configuration' (selector read-only, title and description required, remove confirmed, a stop added in select-target mode)", async ({ page }) => {
  const dialog = await openPermissions(page, ADMIN);
  const before = (await (await page.request.get("/system/guided-tour/by-name?name=manage-permissions-modal")).json()) as { id: number; name: string; configuration: unknown[] };
  const tourButton = dialog.getByRole("button", { name: "Guided tour" });
  await tabTo(page, tourButton);
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Who may see and edit" }).getByRole("button", { name: "Edit tour" }).click();

  const editor = page.getByRole("dialog", { name: "Guided Tour Configuration" });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole("group", { name: "Stop 1" }).getByLabel("Selector")).toHaveAttribute("readonly", "");
  await expectNoAxeViolations(page, "the Guided Tour Configuration dialog");
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveShot(page, `guided-tour-editor-${width}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  const title = editor.getByRole("group", { name: "Stop 1" }).getByLabel("Title");
  await expect(title).toBeFocused();
  await title.fill("");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByText("Each stop needs a title.")).toBeVisible();
  await expect(title).toBeFocused();
  await title.fill("Who may read and edit");

  await editor.getByRole("button", { name: "Remove stop 3" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove stop" });
  await expect(confirm).toContainText("Are you sure you want to remove this entry?");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(editor.getByRole("group", { name: "Stop 3" })).toHaveCount(0);

  // Select-target mode: Esc leaves it (the Permissions dialog stays open); a click in the dialog adds a stop there.
  await editor.getByRole("button", { name: "Add a stop", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Click a part of the dialog" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(editor.getByRole("group", { name: "Stop 2" })).toBeVisible();
  await expect(editor.getByRole("group", { name: "Stop 3" })).toHaveCount(0);
  await editor.getByRole("button", { name: "Add a stop", exact: true }).click();
  await page.locator("#manage-permissions-modal").getByRole("heading", { name: "Permission requests" }).click();
  const added = editor.getByRole("group", { name: "Stop 3" });
  await expect(added.getByLabel("Selector")).toHaveValue(/^#manage-permissions-modal > /);
  await expect(added.getByLabel("Title")).toBeFocused();
  await expect(editor.getByRole("group", { name: "Stop 1" }).getByLabel("Title")).toHaveValue("Who may read and edit");
  await page.keyboard.type("Requests");
  await added.getByLabel("Description").fill("Accept or reject requests for access here.");

  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Tour saved.");
  await expect(editor).toHaveCount(0);
  await expect(tourButton).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Who may read and edit" })).toContainText("1 of 3");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("dialog", { name: "Requests" })).toContainText("Accept or reject requests for access here.");
  await page.keyboard.press("Escape");

  // Put the seeded tour back for the tests after this one.
  const csrf = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
  expect((await page.request.put(`/system/guided-tour/${before.id}`, { data: { name: before.name, configuration: before.configuration }, headers: { "X-CSRF-Token": csrf } })).ok()).toBeTruthy();
});

test("guided tour: a stop without a selector is about the whole dialog: shown in the middle over all of it, marked with the spec's warning in the editor, and added there", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const dialog = await openPermissions(page, ADMIN);
  const before = (await (await page.request.get("/system/guided-tour/by-name?name=manage-permissions-modal")).json()) as { id: number; name: string; configuration: { selector: string }[] };
  const csrf = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
  const putTour = (configuration: unknown[]) => page.request.put(`/system/guided-tour/${before.id}`, { data: { name: before.name, configuration }, headers: { "X-CSRF-Token": csrf } });
  const general = { title: "Sharing this item", content: "This dialog decides who may find, read and edit the item." };
  expect((await putTour([general, ...before.configuration])).ok()).toBeTruthy();
  try {
    const tourButton = dialog.getByRole("button", { name: "Guided tour" });
    await tourButton.click();
    const first = page.getByRole("dialog", { name: "Sharing this item" });
    await expect(first).toContainText(`1 of ${before.configuration.length + 1}`);
    await expect(first.getByRole("button", { name: "Next" })).toBeFocused();
    // No spotlight: the whole screen is dimmed, and the stop sits in its middle.
    await expect.poll(async () => (await page.locator(".tour-spotlight").boundingBox())?.width).toBe(1366);
    await expect.poll(async () => {
      const box = await first.boundingBox();
      return box ? Math.round(box.x + box.width / 2) : 0;
    }).toBeGreaterThan(683 - 10);
    await expect.poll(async () => {
      const box = await first.boundingBox();
      return box ? Math.round(box.x + box.width / 2) : 0;
    }).toBeLessThan(683 + 10);
    await expectNoAxeViolations(page, "a stop about the whole dialog");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("dialog", { name: "Who may see and edit" })).toContainText(`2 of ${before.configuration.length + 1}`);
    const target = await page.locator('#manage-permissions-modal [data-tour="permissions-table"]').boundingBox();
    await expect.poll(async () => (await page.locator(".tour-spotlight").boundingBox())?.width).toBeCloseTo(target!.width + 32, 0);

    await page.getByRole("dialog", { name: "Who may see and edit" }).getByRole("button", { name: "Edit tour" }).click();
    const editor = page.getByRole("dialog", { name: "Guided Tour Configuration" });
    const stop1 = editor.getByRole("group", { name: "Stop 1" });
    await expect(stop1).toContainText("Content controlled by widget help text.");
    await expect(stop1.getByLabel("Selector")).toHaveCount(0);
    await expect(editor.getByRole("group", { name: "Stop 2" }).getByLabel("Selector")).toHaveValue(before.configuration[0]!.selector);
    await editor.getByRole("button", { name: "Add a stop for the whole dialog" }).click();
    const added = editor.getByRole("group", { name: `Stop ${before.configuration.length + 2}` });
    await expect(added).toContainText("Content controlled by widget help text.");
    await expect(added.getByLabel("Title")).toBeFocused();
    // Removed and added again (under the same key): its title takes focus again.
    await editor.getByRole("button", { name: `Remove stop ${before.configuration.length + 2}` }).click();
    await page.getByRole("alertdialog", { name: "Remove stop" }).getByRole("button", { name: "Remove" }).click();
    await expect(added).toHaveCount(0);
    await editor.getByRole("button", { name: "Add a stop for the whole dialog" }).click();
    await expect(added.getByLabel("Title")).toBeFocused();
    await expectNoAxeViolations(page, "the editor with stops about the whole dialog");
    await saveShot(page, "guided-tour-editor-general-stop.png");
    await page.keyboard.type("That is all");
    await added.getByLabel("Description").fill("Save to apply your changes.");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(toasts(page)).toContainText("Tour saved.");
    const saved = (await (await page.request.get("/system/guided-tour/by-name?name=manage-permissions-modal")).json()) as { configuration: { selector: string; title: string }[] };
    expect(saved.configuration.at(-1)).toEqual({ selector: "", title: "That is all", content: "Save to apply your changes." });
    expect(saved.configuration[0]).toEqual({ selector: "", ...general });

    // A tour of nothing but such stops runs too: there is nothing to wait for, and nothing missing.
    expect((await putTour([general])).ok()).toBeTruthy();
    await tourButton.click();
    const only = page.getByRole("dialog", { name: "Sharing this item" });
    await expect(only).toContainText("1 of 1");
    // Focus on Next: the tour's layer is set up (pressed before, Esc would reach the Permissions dialog beneath).
    await expect(only.getByRole("button", { name: "Next" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(tourButton).toBeFocused();
  } finally {
    expect((await putTour(before.configuration)).ok()).toBeTruthy();
  }
});
