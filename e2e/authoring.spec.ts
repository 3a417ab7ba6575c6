import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, facetGroup, openCreator, openSearch, resultCards, signInViaApi, tick, saveShot } from "./helpers.js";

/** A word no seeded item carries, so each run's new items are easy to find. */
const unique = () => `Zq${Date.now().toString(36)}`;

/** Where screenshots of the new screens go (looked at by a person after the run). */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<< /Type /Catalog >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Signs in as the teacher and opens the header's Add Resource modal. */
async function openAddResource(page: Page) {
  await signInViaApi(page);
  await openSearch(page);
  await page.getByRole("button", { name: "Add Resource" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Resource" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("adding resources", () => {
  test("by URL: client checks, then the new item is first in search and the modal closes", async ({ page }) => {
    const title = `${unique()} Coral Reef Webcam`;
    const dialog = await openAddResource(page);
    await expect(dialog.getByRole("radio", { name: "Link" })).toBeChecked();
    // The header opens the creator forced to resources: no way to another type, and Cancel closes it.
    await expect(dialog.getByRole("button", { name: "Choose Another Type" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("Title")).toBeVisible();
    await expectNoAxeViolations(page, "add resource modal");
    await saveShot(page, `add-resource.png`);

    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("The title field is required.");
    await expect(dialog.getByLabel("URL")).toHaveAccessibleDescription("The URL field is required.");

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Live pictures of a reef");
    await dialog.getByLabel("URL").fill("ftp://reef.example.org/cam");
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByLabel("URL")).toHaveAccessibleDescription("Please check that your URL is correct");
    await expectNoAxeViolations(page, "add resource modal with errors");
    await saveShot(page, `add-resource-errors.png`);

    await dialog.getByLabel("URL").fill("https://reef.example.org/cam");
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/search\/\?s=-2$/);
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(title);
    // Often below the fold (the news carousel comes first): a toast says it was made and where it is.
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`Resource created. “${title}” is first in the list, newest first.`);
    // The same page at another address: its heading takes focus, which fell to <body> (Tab started over).
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
  });

  test("by file: choosing a file switches to file mode; the server's 422 shows in the form", async ({ page }) => {
    const title = `${unique()} Tide Chart`;
    const dialog = await openAddResource(page);
    const file = dialog.getByLabel("Choose a file");

    // A .pdf whose content is a PNG passes the browser's checks; the server reads the content and says no.
    await file.setInputFiles({ name: "tide-chart.pdf", mimeType: "application/pdf", buffer: PNG });
    await expect(dialog.getByRole("radio", { name: "File" })).toBeChecked();
    await expect(dialog.getByLabel("URL")).toHaveCount(0);
    await expect(dialog.getByLabel("Title")).toHaveValue("tide chart");
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The file's content does not match its extension.");
    await expect(dialog.getByRole("alert")).toBeInViewport();
    await saveShot(page, `add-resource-422.png`);

    // Wrong extension and oversized files are caught before sending, with the specification's texts.
    await dialog.getByLabel("Choose a file").setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    await expect(dialog.getByLabel("Choose a file")).toHaveAccessibleDescription(/The selected file type should be \(doc,docx,pdf,rtf,gif,jpeg,jpg,png\)/);
    await dialog.getByLabel("Choose a file").setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(2049 * 1024)]) });
    await expect(dialog.getByLabel("Choose a file")).toHaveAccessibleDescription(/The file may be at most 2048 KB\./);

    await dialog.getByLabel("Choose a file").setInputFiles({ name: "tide-chart.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(dialog.getByText("Chosen: tide-chart.pdf")).toBeVisible();
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    const first = resultCards(page).first();
    await expect(first.getByRole("heading", { level: 3 })).toHaveText(title);
  });

  test("a refused file does not name the resource; an accepted one does", async ({ page }) => {
    const dialog = await openAddResource(page);
    const file = dialog.getByLabel("Choose a file");
    await file.setInputFiles({ name: "pond.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    await expect(file).toHaveAccessibleDescription(/The selected file type should be/);
    await expect(dialog.getByLabel("Title")).toHaveValue("");
    await file.setInputFiles({ name: "pond-life.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(dialog.getByLabel("Title")).toHaveValue("pond life");
  });

  test("with categories required, a category must be chosen and is stored", async ({ page }) => {
    // The demo server runs with the flag off; this page sees it on, so the form's category step shows
    // (the server's own enforcement is covered by the API tests).
    await page.route("**/app/config", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), resourceCategoryRequired: true } });
    });
    const title = `${unique()} Volcano Worksheet`;
    const dialog = await openAddResource(page);
    const categories = dialog.getByRole("group", { name: "Resource category" });
    await expect(categories.getByRole("radio")).toHaveCount(10);
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("URL").fill("https://volcano.example.org/sheet");
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(categories).toHaveAccessibleDescription("Please choose a resource category.");
    await expect(categories.getByRole("radio").first()).toBeFocused();
    await expectNoAxeViolations(page, "add resource modal with categories");
    await saveShot(page, `add-resource-categories.png`, { fullPage: false });

    await categories.getByRole("radio", { name: "Worksheet" }).check();
    await dialog.getByRole("button", { name: "Add Resource" }).click();
    await expect(dialog).toBeHidden();
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(title);
    // Filtering search by the chosen category still finds it.
    await tick(facetGroup(page, "Resource Categories").getByRole("checkbox", { name: /^Worksheet [\d,]+$/ }));
    await expect(page).toHaveURL(/resource_categories/);
    await expect(resultCards(page).first().getByRole("heading", { level: 3 })).toHaveText(title);
  });
});

test.describe("the creator modal", () => {
  test("select shows the description and examples; Choose Another Type goes back; double-click confirms", async ({ page }) => {
    const dialog = await openCreator(page);
    const types = dialog.getByRole("radio");
    await expect(types).toHaveCount(7);
    await expect(dialog.getByRole("radio", { name: "Resource" })).toBeChecked();

    await dialog.getByRole("radio", { name: "Lesson Plan" }).check();
    const details = dialog.getByRole("region", { name: "Lesson Plan" });
    await expect(details).toContainText("Plan one lesson");
    await expect(details.getByRole("listitem")).toHaveCount(3);
    await expectNoAxeViolations(page, "creator modal with details");
    await saveShot(page, `creator.png`);

    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Create a lesson plan" })).toBeVisible();
    await page.getByRole("button", { name: "Choose Another Type" }).click();
    await expect(dialog.getByRole("radio", { name: "Lesson Plan" })).toBeChecked();

    await dialog.getByText("Outline", { exact: true }).dblclick();
    const outline = page.getByRole("dialog", { name: "Create an outline" });
    await expect(outline.getByRole("region", { name: "Template" })).toContainText("Unit Outline");
    await outline.getByRole("button", { name: "Create Outline" }).click();
    await expect(outline.getByLabel("Title")).toBeFocused();
    await expect(outline.getByLabel("Title")).toHaveAccessibleDescription("Title is required.");
    await expect(outline.getByLabel("Introduction")).toHaveAccessibleDescription("Introduction is required.");
    await outline.getByRole("button", { name: "Cancel" }).click();
    await expect(outline).toBeHidden();
  });

  test("a lesson plan from a template ends at its link + /edit", async ({ page }) => {
    const title = `${unique()} Pond Life Inquiry`;
    const dialog = await openCreator(page);
    await dialog.getByText("Lesson Plan", { exact: true }).dblclick();
    const form = page.getByRole("dialog", { name: "Create a lesson plan" });
    const chooser = form.getByRole("region", { name: "Template" });
    await expect(chooser.getByRole("listitem")).toHaveCount(3);

    // The teacher owns "Project Kickoff Lesson": only that one offers Manage selected.
    await chooser.getByRole("button", { name: "Select Project Kickoff Lesson" }).click();
    await expect(chooser.getByRole("link", { name: "Manage selected" })).toBeVisible();
    await chooser.getByRole("button", { name: "Select 5E Inquiry Lesson" }).click();
    await expect(chooser.getByRole("button", { name: "Select 5E Inquiry Lesson" })).toHaveAttribute("aria-pressed", "true");
    await expect(chooser.getByRole("link", { name: "Manage selected" })).toHaveCount(0);

    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Introduction").fill("Students observe pond water.");
    await expectNoAxeViolations(page, "curriculum create form");
    await saveShot(page, `curriculum-create.png`);
    await form.getByRole("button", { name: "Create Lesson Plan" }).click();
    await expect(page).toHaveURL(/\/lesson-plans\/[\w-]+\/edit$/);
    await expect(form).toBeHidden();
    // The editor opens with the template's sections, imported from their HTML.
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /content$/ })).toHaveCount(5);
    await expect(page.getByLabel("Section 1 title")).toHaveValue("Engage");
    await expect(page.getByRole("textbox", { name: "Engage content" })).toHaveText("Open with a question or phenomenon that sparks curiosity.");

    await openSearch(page, `?st=${encodeURIComponent(title.toLowerCase())}`);
    await expect(resultCards(page).getByRole("heading", { name: title })).toBeVisible();
  });

  test("'Manage selected' opens the template's edit page; a saved section shows in the chooser", async ({ page }) => {
    test.setTimeout(60_000);
    const dialog = await openCreator(page);
    const original = (await (await page.request.get("/curriculum/templates/lesson_plan")).json()) as { data: { title: string; link: string }[] };
    const kickoff = original.data.find((t) => t.title === "Project Kickoff Lesson")!;
    const before = (await (await page.request.get(`/api${kickoff.link}`)).json()) as { title: string; description: string; sections: { title: string; html: string }[] };
    const section = `${unique()} Wrap-up`;
    try {
      await dialog.getByText("Lesson Plan", { exact: true }).dblclick();
      const chooser = page.getByRole("dialog", { name: "Create a lesson plan" }).getByRole("region", { name: "Template" });
      await chooser.getByRole("button", { name: "Select Project Kickoff Lesson" }).click();
      await chooser.getByRole("link", { name: "Manage selected" }).click();
      await expect(page).toHaveURL(new RegExp(`${kickoff.link}/edit$`));
      // The creator modal closed on the way.
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Project Kickoff Lesson", level: 1 })).toBeVisible();
      await expect(page.getByRole("textbox", { name: /content$/ })).toHaveCount(before.sections.length);
      await page.getByRole("button", { name: "+ Add section" }).click();
      await page.getByLabel(`Section ${before.sections.length + 1} title`).fill(section);
      await page.getByRole("textbox", { name: `${section} content` }).click();
      await page.keyboard.type("Share one thing you will try next.");
      await expectNoAxeViolations(page, "template edit page");
      await saveShot(page, `template-edit.png`, { fullPage: true });
      await page.getByRole("button", { name: "Save template" }).click();
      await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Saved.");

      await page.reload();
      await expect(page.getByRole("textbox", { name: `${section} content` })).toHaveText("Share one thing you will try next.");
      const listed = (await (await page.request.get("/curriculum/templates/lesson_plan")).json()) as { data: { title: string; sections: string[] }[] };
      expect(listed.data.find((t) => t.title === "Project Kickoff Lesson")?.sections).toContain(section);
      await page.getByRole("button", { name: "Create", exact: true }).first().click();
      await page.getByRole("dialog", { name: "Create" }).getByText("Lesson Plan", { exact: true }).dblclick();
      const card = page.getByRole("dialog", { name: "Create a lesson plan" }).getByRole("region", { name: "Template" }).getByRole("listitem").filter({ hasText: "Project Kickoff Lesson" });
      await expect(card).toContainText(section);
    } finally {
      const token = ((await (await page.request.get("/getInitializeData")).json()) as { csrfToken: string }).csrfToken;
      const restored = await page.request.post(`${kickoff.link}/update`, { data: before, headers: { "X-CSRF-Token": token } });
      expect(restored.ok(), "restore the template").toBeTruthy();
    }
  });

  test("a template's edit page asks before leaving with unsaved changes, and not when there are none", async ({ page }) => {
    await signInViaApi(page);
    const templates = (await (await page.request.get("/curriculum/templates/lesson_plan")).json()) as { data: { title: string; link: string }[] };
    const kickoff = templates.data.find((t) => t.title === "Project Kickoff Lesson")!;
    const back = page.getByRole("link", { name: "Back to search" });
    const leave = page.getByRole("alertdialog", { name: "Leave this page?" });

    // Opened and left untouched: nothing to lose, so no question.
    await page.goto(`${kickoff.link}/edit`);
    await expect(page.getByRole("heading", { name: "Project Kickoff Lesson", level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /content$/ }).first()).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/search/);
    await expect(leave).toHaveCount(0);

    // Text typed into a section and not saved: leaving asks; Cancel stays with the text.
    await page.goto(`${kickoff.link}/edit`);
    const box = page.getByRole("textbox", { name: "Driving Question content" });
    await box.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Unsaved words.");
    await back.click();
    await expect(leave).toBeVisible();
    await expect(leave).toContainText("You have unsaved changes. If you leave now, they will be lost.");
    await leave.getByRole("button", { name: "Cancel" }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${kickoff.link}/edit$`));
    await expect(box).toContainText("Unsaved words.");

    // A changed title asks too; Leave goes, and the template is as it was.
    await page.getByLabel("Title", { exact: true }).fill("Project Kickoff Lesson (draft)");
    await back.click();
    await leave.getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/search/);
    const after = (await (await page.request.get(`/api${kickoff.link}`)).json()) as { title: string };
    expect(after.title).toBe("Project Kickoff Lesson");
  });

  test("removing a section of a template asks first; Cancel keeps it, Remove takes it out", async ({ page }) => {
    await signInViaApi(page);
    const templates = (await (await page.request.get("/curriculum/templates/lesson_plan")).json()) as { data: { title: string; link: string }[] };
    const kickoff = templates.data.find((t) => t.title === "Project Kickoff Lesson")!;
    await page.goto(`${kickoff.link}/edit`);
    const boxes = page.getByRole("textbox", { name: /content$/ });
    await expect(boxes.first()).toBeVisible();
    const count = await boxes.count();
    await page.getByRole("button", { name: "Remove Driving Question" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove section" });
    await expect(confirm).toContainText("Are you sure you want to remove this section?");
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page, "template section remove confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(boxes).toHaveCount(count);
    await expect(page.getByRole("textbox", { name: "Driving Question content" })).toBeVisible();

    await page.getByRole("button", { name: "Remove Driving Question" }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(boxes).toHaveCount(count - 1);
    await expect(page.getByRole("textbox", { name: "Driving Question content" })).toHaveCount(0);
    // Not saved: leaving asks, and Leave keeps the stored template whole.
    await page.getByRole("link", { name: "Back to search" }).click();
    await page.getByRole("alertdialog", { name: "Leave this page?" }).getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/\/search/);
  });

  test("the template chooser falls back to the default template when the list fails", async ({ page }) => {
    await page.route("**/curriculum/templates/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }));
    const dialog = await openCreator(page);
    await dialog.getByText("Project", { exact: true }).dblclick();
    const form = page.getByRole("dialog", { name: "Create a project" });
    await expect(form.getByRole("region", { name: "Template" })).toContainText("Default template");
    // The failure is handled by the fallback, so no error toast is raised.
    await expect(page.getByText("Oops! An unexpected error has occurred.", { exact: false })).toHaveCount(0);
    await form.getByLabel("Title").fill(`${unique()} Bridge Design Challenge`);
    await form.getByLabel("Introduction").fill("Build a bridge from paper.");
    await form.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/[\w-]+\/edit$/);
    await saveShot(page, `curriculum-default-template.png`);
  });

  test("a resource created from the creator goes to its link + /edit", async ({ page }) => {
    const dialog = await openCreator(page);
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    const form = page.getByRole("dialog", { name: "Add Resource" });
    await form.getByLabel("Title").fill(`${unique()} Seashell Guide`);
    await form.getByLabel("URL").fill("https://shells.example.org/");
    await form.getByRole("button", { name: "Add Resource" }).click();
    await expect(page).toHaveURL(/\/resources\/[\w-]+\/edit$/);
  });
});
