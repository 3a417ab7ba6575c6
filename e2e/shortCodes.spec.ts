import { expect, test } from "@playwright/test";
import { TEACHER, createLessonPlan, expectNoAxeViolations, signInViaApi, tabTo, saveShot } from "./helpers.js";

const CALLOUT = '[callout type="tip" title="Safety first"]Wear goggles while heating.[/callout]';
const VOCAB = '[vocab word="Germination"]A seed starting to grow.[/vocab]';

test.describe("short codes", () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page, TEACHER);
  });

  test("an author types codes in a section, learns them in About Short Codes, and readers see them rendered", async ({ page }) => {
    const title = `Zq${Date.now().toString(36)} Seeds Lab`;
    const { link } = await createLessonPlan(page, title, [{ title: "Lab", html: "<p>Soak the seeds.</p>" }]);
    await page.goto(`${link}/edit`);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();

    // The codes are typed as text, on lines of their own.
    const box = page.getByRole("textbox", { name: "Lab content" });
    await box.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(CALLOUT);
    await page.keyboard.press("Enter");
    await page.keyboard.type(VOCAB);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved at/)).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await saveShot(page, `short-codes-editor.png`);

    // About Short Codes opens from the section's toolbar by keyboard.
    const help = page.getByRole("toolbar", { name: "Lab content formatting" }).getByRole("button", { name: "About Short Codes" });
    await page.getByLabel("Section 1 title").focus();
    await tabTo(page, help, 30);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "About Short Codes" });
    await expect(dialog).toBeVisible();
    const tab = (name: string) => dialog.getByRole("tab", { name, exact: true });
    await expect(tab("Callout")).toBeFocused();
    await expect(tab("Callout")).toHaveAttribute("aria-selected", "true");
    const calloutPanel = dialog.getByRole("tabpanel", { name: "Callout" });
    await expect(calloutPanel.getByText("[note]")).toBeVisible();
    await expect(calloutPanel.getByRole("group", { name: "Preview of callout example 1" }).locator(".sc-callout--tip")).toContainText("Before you start");

    // Arrow keys move between the tabs (wrapping), each tab shows its code's examples.
    await page.keyboard.press("ArrowRight");
    await expect(tab("Button")).toBeFocused();
    await expect(tab("Button")).toHaveAttribute("aria-selected", "true");
    await expect(dialog.getByRole("tabpanel", { name: "Button" }).getByRole("link", { name: "Open the simulation" })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(tab("Try it out")).toBeFocused();
    await expect(tab("Try it out")).toHaveAttribute("aria-selected", "true");

    // Try it out previews what is typed, as the view page would show it.
    const tryPanel = dialog.getByRole("tabpanel", { name: "Try it out" });
    const input = tryPanel.getByLabel("Text with short codes");
    await page.keyboard.press("Tab");
    await expect(input).toBeFocused();
    await input.fill("");
    await page.keyboard.type('[note type="warning" title="Hot plate"]Do not touch the plate.[/note]\n[term word="Embryo"]The young plant inside a seed.[/term]');
    const preview = tryPanel.getByRole("group", { name: "Preview of your text" });
    await expect(preview.locator(".sc-callout--warning")).toContainText("Do not touch the plate.");
    await expect(preview.locator(".sc-vocab__word")).toHaveText("Embryo");
    await expect(preview).not.toContainText("[note");
    await saveShot(page, `short-codes-try-it.png`);
    await expectNoAxeViolations(page, "About Short Codes, Try it out");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Home");
    await expect(tab("Callout")).toBeFocused();
    await saveShot(page, `short-codes-dialog.png`);
    await expectNoAxeViolations(page, "About Short Codes, Callout");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(help).toBeFocused();

    // The editor keeps the codes as the author typed them.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Lab content" })).toContainText(CALLOUT);
    await expect(page.getByRole("textbox", { name: "Lab content" })).toContainText(VOCAB);

    // Readers see them rendered.
    await page.goto(link);
    const section = page.getByRole("region", { name: "Lab" });
    await expect(section.locator(".sc-callout--tip .sc-callout__title")).toHaveText("Safety first");
    await expect(section.locator(".sc-callout--tip .sc-callout__body")).toHaveText("Wear goggles while heating.");
    await expect(section.locator(".sc-vocab .sc-vocab__word")).toHaveText("Germination");
    await expect(section.locator(".sc-vocab .sc-vocab__definition")).toHaveText("A seed starting to grow.");
    await expect(section).not.toContainText("[callout");
    await expect(section).not.toContainText("[vocab");
    await section.scrollIntoViewIfNeeded();
    await saveShot(page, `short-codes-view-page.png`);
  });
});
