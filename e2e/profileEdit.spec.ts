import { expect, test, type Page } from "@playwright/test";
import { LEARNER, TEACHER, expectNoAxeViolations, openAccountMenu, signInViaApi, switchTo, tabTo, saveShot } from "./helpers.js";

const NEW_NAME = "Maria Lopez-Garcia";
const CUSTOM = "Maple Grove Community School";

interface ProfileAnswer {
  name: string;
  location: string | null;
  description: string | null;
  institutions: { institution_id: number }[];
}

/** The teacher's profile page, reached as a person would: the header's own name. Answers the page's uid. */
async function openOwnProfile(page: Page): Promise<string> {
  await page.goto("/search/");
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("link", { name: "Your profile" }).click();
  await expect(page).toHaveURL(/\/profiles\/[\w-]+$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Puts the profile back as it was: the demo accounts are shared by the whole run, and other specs read her name. */
async function restore(page: Page, uid: string, original: ProfileAnswer): Promise<void> {
  const { csrfToken } = (await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string };
  const body = { name: original.name, location: original.location, description: original.description, institutions: original.institutions.map((i) => ({ institution_id: i.institution_id })) };
  const res = await page.request.put(`/api/profiles/${uid}`, { data: body, headers: { "X-CSRF-Token": csrfToken } });
  expect(res.status(), "profile restored").toBe(200);
}

test("the teacher edits her profile by keyboard: name, location, about, a listed and a custom institution", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInViaApi(page, TEACHER);
  const uid = await openOwnProfile(page);
  const original = (await (await page.request.get(`/api/profiles/${uid}`)).json()) as ProfileAnswer;
  try {
    await expect(page.getByRole("list", { name: "Institutions" })).toContainText("Roosevelt Middle School");
    const editButton = page.getByRole("button", { name: "Edit profile" });
    await tabTo(page, editButton);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit profile" });
    const name = dialog.getByRole("textbox", { name: "Name" });
    await expect(name).toBeFocused();

    // An empty name is refused at its field, which says why.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.press("Enter");
    await expect(name).toHaveAccessibleDescription("Name is required.");
    await expect(name).toBeFocused();
    await page.keyboard.type(NEW_NAME);
    await expect(name).not.toHaveAttribute("aria-invalid");
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("textbox", { name: "Location (optional)" })).toBeFocused();
    await page.keyboard.type("Austin, TX");
    await page.keyboard.press("Tab");
    await page.keyboard.type("I teach seventh-grade science.");

    // A listed institution: typed, then chosen with the arrow keys and Enter.
    const combobox = dialog.getByRole("combobox", { name: "Institutions" });
    await tabTo(page, combobox);
    await page.keyboard.type("lincoln");
    const listbox = dialog.getByRole("listbox", { name: "Institutions found" });
    await expect(listbox.getByRole("option")).toHaveText(["Lincoln Elementary School · Springfield, IL", "Lincoln High School · Portland, OR", 'Add "lincoln"']);
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(listbox.getByRole("option", { name: /Lincoln High School/ })).toHaveAttribute("aria-selected", "true");
    await saveShot(page, `profile-edit-list-1366.png`);
    await expectNoAxeViolations(page, "Edit profile with the institutions list open");
    await page.keyboard.press("Enter");
    const chips = dialog.getByRole("list", { name: "Chosen institutions" });
    await expect(chips.getByRole("listitem")).toHaveText([/Roosevelt Middle School/, /Austin Independent School District/, /Lincoln High School/]);
    await expect(combobox).toHaveValue("");
    await expect(combobox).toBeFocused();

    // Escape closes the list, not the dialog; Backspace only edits the text (the chips stay).
    await page.keyboard.type("lin");
    await expect(listbox).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 5; i++) await page.keyboard.press("Backspace");
    await expect(combobox).toHaveValue("");
    await expect(chips.getByRole("listitem")).toHaveCount(3);

    // A custom one: nothing has that name, so the list offers to add it as typed, and the hint says so (never "No
    // elements found": custom entries are allowed). Enter adds it with no option highlighted.
    await page.keyboard.type(CUSTOM);
    await expect(listbox.getByRole("option")).toHaveText([`Add "${CUSTOM}"`]);
    await expect(combobox).toHaveAccessibleDescription(`No listed institution has that name. Press Enter to add "${CUSTOM}" as typed.`);
    await page.keyboard.press("Enter");
    await expect(chips.getByRole("listitem")).toHaveCount(4);
    await expect(combobox).toHaveValue("");

    // Removing one by its button leaves focus in the field.
    await tabTo(page, dialog.getByRole("button", { name: "Remove Austin Independent School District" }));
    await page.keyboard.press("Enter");
    await expect(chips.getByRole("listitem")).toHaveText([/Roosevelt Middle School/, /Lincoln High School/, new RegExp(CUSTOM)]);
    await expect(combobox).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await saveShot(page, `profile-edit-390.png`);
    await page.setViewportSize({ width: 1366, height: 900 });

    await tabTo(page, dialog.getByRole("button", { name: "Save profile" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Your profile was saved.");
    await expect(editButton).toBeFocused();

    // The page and the header show the new name and everything saved.
    await expect(page.getByRole("heading", { level: 1, name: NEW_NAME })).toBeVisible();
    await expect(page.getByText("Austin, TX", { exact: true })).toBeVisible();
    await expect(page.getByText("I teach seventh-grade science.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Institutions" }).getByRole("listitem")).toHaveText(["Roosevelt Middle School · Austin, TX", "Lincoln High School · Portland, OR", CUSTOM]);
    await expect(page.getByRole("banner").getByRole("button", { name: NEW_NAME })).toBeVisible();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await saveShot(page, `profile-edited-${width}.png`, { fullPage: true });
      await expectNoAxeViolations(page, `edited profile page at ${width}px`);
    }
    await page.setViewportSize({ width: 1366, height: 900 });

    // Saved for good: the page after a reload says the same.
    await page.reload();
    await expect(page.getByRole("list", { name: "Institutions" }).getByRole("listitem")).toHaveCount(3);
  } finally {
    await restore(page, uid, original);
  }
  await page.reload();
  await expect(page.getByRole("banner").getByRole("button", { name: TEACHER.name })).toBeVisible();
});

test("a name left typed in Institutions is saved with the profile, never dropped; one that cannot be added stops the save", async ({ page }) => {
  const typed = "Hilltop Community School";
  await signInViaApi(page, TEACHER);
  const uid = await openOwnProfile(page);
  const original = (await (await page.request.get(`/api/profiles/${uid}`)).json()) as ProfileAnswer;
  try {
    await page.getByRole("button", { name: "Edit profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit profile" });
    const combobox = dialog.getByRole("combobox", { name: "Institutions" });
    const save = dialog.getByRole("button", { name: "Save profile" });

    // Too short to search, so it cannot be added: saving stops at the field and says why.
    await combobox.fill("Hi");
    await save.click();
    await expect(combobox).toHaveAccessibleDescription(/Add or clear the institution you are typing before saving\./);
    await expect(combobox).toBeFocused();
    await expect(dialog).toBeVisible();

    // A whole name, left in the field: its hint still offers to add it once the field has lost focus, and Save adds it.
    await combobox.fill(typed);
    await expect(combobox).not.toHaveAccessibleDescription(/Add or clear/);
    await expect(dialog.getByRole("option", { name: `Add "${typed}"` })).toBeVisible();
    await dialog.getByRole("textbox", { name: "Name" }).focus();
    await expect(combobox).toHaveAccessibleDescription(`No listed institution has that name. Press Enter to add "${typed}" as typed.`);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("list", { name: "Institutions" }).getByRole("listitem")).toHaveText([/Roosevelt Middle School/, /Austin Independent School District/, typed]);
    const saved = (await (await page.request.get(`/api/profiles/${uid}`)).json()) as { institutions: { name: string }[] };
    expect(saved.institutions.map((i) => i.name)).toContain(typed);
  } finally {
    await restore(page, uid, original);
  }
});

test("the learner sees the teacher's profile without Edit profile", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const uid = await openOwnProfile(page);
  await switchTo(page, LEARNER);
  await page.goto(`/profiles/${uid}`);
  await expect(page.getByRole("heading", { level: 1, name: TEACHER.name })).toBeVisible();
  await expect(page.getByRole("list", { name: "Institutions" })).toContainText("Roosevelt Middle School");
  await expect(page.getByRole("button", { name: "Edit profile" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /photo/ })).toHaveCount(0);
});

test("a 255-character name without spaces wraps on the profile page and is cut in the header: nothing runs off the screen", async ({ page }) => {
  const importer = { username: "importer", password: "importer-demo-pass" };
  const longName = `Importer${"Longname".repeat(30)}`.slice(0, 255);
  await signInViaApi(page, importer);
  await page.goto("/search/");
  const own = page.getByRole("banner").locator(`a[title="Your profile"]`);
  const uid = (await own.getAttribute("href"))!.split("/").pop()!;
  const original = (await (await page.request.get(`/api/profiles/${uid}`)).json()) as ProfileAnswer;
  const { csrfToken } = (await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string };
  const renamed = await page.request.put(`/api/profiles/${uid}`, { data: { name: longName, institutions: [] }, headers: { "X-CSRF-Token": csrfToken } });
  expect(renamed.status()).toBe(200);
  try {
    const pageScrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/profiles/${uid}`);
    await expect(page.getByRole("heading", { name: longName, level: 1 })).toBeVisible();
    // The header keeps one row, its name's menu with Account and Sign out on the screen (the name pushed them off it).
    expect((await page.locator(".site-header__bar").boundingBox())!.height).toBeLessThanOrEqual(72);
    await openAccountMenu(page);
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeInViewport({ ratio: 1 });
    expect(await pageScrollsSideways(), "page wider than the window at 1280 px").toBe(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { name: longName, level: 1 })).toBeVisible();
    expect(await pageScrollsSideways(), "page wider than the window at 390 px").toBe(false);
    await expectNoAxeViolations(page, "a profile with a long name, on a phone");
  } finally {
    await page.setViewportSize({ width: 1280, height: 800 });
    await restore(page, uid, original);
  }
});
