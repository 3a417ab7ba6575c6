import { expect, test, type Page } from "@playwright/test";
import { ADMIN, LEARNER, addResource, csrfToken, dismissAnnouncements, expectNoAxeViolations, openCreator, signInViaApi, switchTo } from "./helpers.js";

/**
 * Pathways, outlines, projects and lesson plans as their authors and learners meet them: started from the creator
 * (second document: title and introduction, a template or none, then the item's link + /edit), their sections (steps,
 * parts) written, ordered and linked to the catalogue's items through the item selector (first document: 'Select a/an
 * {type}', a search, a type filter, 9 results a page, Select disabled until something is chosen), read by a learner.
 */

/** A word no seeded item carries, so each run's new items are easy to tell apart. */
const unique = () => `Zp${Date.now().toString(36)}`;

/** A new item of the signed-in profile started by its type's start call (no template), with these sections saved; its link. */
async function startItem(page: Page, startPath: string, title: string, sections: { title: string; html: string }[]): Promise<string> {
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const introduction = `Introduction to ${title}`;
  const started = await page.request.post(`/${startPath}/start`, { data: { title, introduction }, headers });
  expect(started.ok(), `start ${startPath}`).toBeTruthy();
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  const saved = await page.request.post(`${link}/update`, { data: { title, description: introduction, sections }, headers });
  expect(saved.ok(), "save the sections").toBeTruthy();
  return link;
}

test.describe("pathways, outlines, projects and lesson plans", () => {
  test("an author starts a pathway from scratch, writes and orders its steps, links a resource to one; a learner reads them in that order and follows the link", async ({ page }) => {
    const title = `${unique()} Marine Careers Pathway`;
    const dialog = await openCreator(page);
    await dialog.getByRole("radio", { name: "Pathway" }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Introduction").fill("From the shore to the lab.");
    await dialog.getByRole("button", { name: "Create Pathway" }).click();
    await expect(page).toHaveURL(/\/pathways\/[\w-]+\/edit$/);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByLabel("Section 1 title").fill("Explore the shore");
    await page.getByLabel("Section 2 title").fill("Visit the lab");
    await page.getByRole("textbox", { name: "Visit the lab content" }).click();
    await page.keyboard.type("Book a lab visit.");
    await page.getByRole("button", { name: "Move Visit the lab up" }).click();
    await expect(page.getByLabel("Section 1 title")).toHaveValue("Visit the lab");

    // Add item: the selector's Select waits for a choice; the chosen resource ends the step as a link.
    // Its name holds the words it shows ("+ Add item"), so speaking "Add item" reaches it (WCAG 2.5.3).
    await expect(page.getByRole("button", { name: "Add item to Explore the shore" })).toHaveText("+ Add item");
    await page.getByRole("button", { name: "Add item to Explore the shore" }).click();
    const selector = page.getByRole("dialog", { name: "Select a Resource" });
    await expect(selector.getByRole("radio")).toHaveCount(9);
    await expect(selector.getByRole("button", { name: "Select" })).toBeDisabled();
    await selector.getByLabel("Search").fill("nutrition");
    // Each choice names its type, owner and grade bands (the card's common.grade_bands).
    await expect(selector.getByRole("radio", { name: /^Introduction to Nutrition .* · Grades (K–2|3–5|6–8|9–12)/ })).toBeVisible();
    await expectNoAxeViolations(page, "item selector");
    await selector.getByRole("radio", { name: /^Introduction to Nutrition/ }).check();
    await selector.getByRole("button", { name: "Select" }).click();
    await expect(selector).toBeHidden();
    await expect(page.getByRole("textbox", { name: "Explore the shore content" }).getByRole("link", { name: "Introduction to Nutrition" })).toBeVisible();
    // The empty step takes the link in its one paragraph: no blank line above it.
    await expect(page.getByRole("textbox", { name: "Explore the shore content" }).locator("p")).toHaveCount(1);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved/)).toBeVisible();
    const link = new URL(page.url()).pathname.replace(/\/edit$/, "");

    await switchTo(page, LEARNER);
    await dismissAnnouncements(page);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("From the shore to the lab.")).toBeVisible();
    await expect(page.locator(".item-section__title")).toHaveText(["Visit the lab", "Explore the shore"]);
    await expect(page.getByRole("region", { name: "Visit the lab" })).toContainText("Book a lab visit.");
    await expectNoAxeViolations(page, "pathway page for a learner");
    await expect(page.getByRole("region", { name: "Explore the shore" }).locator(".rich-content p")).toHaveCount(1);
    await page.getByRole("region", { name: "Explore the shore" }).getByRole("link", { name: "Introduction to Nutrition" }).click();
    await expect(page.getByRole("heading", { name: "Introduction to Nutrition", level: 1 })).toBeVisible();
  });

  test("a step's link shows its item's current title after the item is renamed, to the author and to a learner", async ({ page }) => {
    await signInViaApi(page);
    const headers = { "X-CSRF-Token": await csrfToken(page.request) };
    const name = unique();
    const resource = await addResource(page, `${name} Tide Charts`, { url: "https://example.org/tides" });
    const link = await startItem(page, "pathway", `${name} Tides Pathway`, [{ title: "Read the tides", html: "" }]);
    await page.goto(`${link}/edit`);
    // The link as Add item makes it, in the editor's own markup.
    await page.getByRole("button", { name: "Add item to Read the tides" }).click();
    const selector = page.getByRole("dialog", { name: "Select a Resource" });
    await selector.getByLabel("Search").fill(`${name} Tide Charts`);
    await selector.getByRole("radio", { name: new RegExp(`^${name} Tide Charts`) }).check();
    await selector.getByRole("button", { name: "Select" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/All changes saved/)).toBeVisible();

    // The resource is renamed (its own edit page's save).
    const renamed = await page.request.post(`${resource}/update`, { data: { title: `${name} Tide Tables`, description: "Charts of the tides.", sections: [] }, headers });
    expect(renamed.ok(), "rename the resource").toBeTruthy();
    for (const who of [null, LEARNER]) {
      if (who) await switchTo(page, who);
      await page.goto(link);
      const step = page.getByRole("region", { name: "Read the tides" });
      await expect(step.getByRole("link", { name: `${name} Tide Tables` })).toHaveAttribute("href", resource);
      await expect(step).not.toContainText("Tide Charts");
    }
  });

  test("each curriculum type starts from its creator form, with a template's sections or none, at its link + /edit", async ({ page }) => {
    const dialog = await openCreator(page);
    for (const [type, template, path, sections] of [
      ["Outline", "Unit Outline", "outlines", ["Unit Goals", "Week 1", "Week 2", "Assessment"]],
      ["Project", "Design Challenge", "projects", ["Define", "Ideate", "Prototype", "Test"]],
      ["Lesson Plan", null, "lesson-plans", []],
    ] as const) {
      if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Create", exact: true }).first().click();
      await dialog.getByRole("radio", { name: type }).check();
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      if (template) await dialog.getByRole("button", { name: `Select ${template}` }).click();
      await dialog.getByLabel("Title").fill(`${unique()} ${type}`);
      await dialog.getByLabel("Introduction").fill(`What this ${type.toLowerCase()} is for.`);
      await dialog.getByRole("button", { name: `Create ${type}` }).click();
      await expect(page).toHaveURL(new RegExp(`/${path}/[\\w-]+/edit$`));
      await expect(page.getByText(`Edit ${type}`, { exact: true })).toBeVisible();
      const titles = page.getByRole("list", { name: "Sections" }).locator(".section-card__title input");
      if (sections.length) await expect.poll(() => titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([...sections]);
      else await expect(page.getByText(`This ${type.toLowerCase()} has no sections yet.`)).toBeVisible();
      // Each type's sections can take an item of the catalogue.
      if (sections.length) await expect(page.getByRole("button", { name: `Add item to ${sections[0]}` })).toBeEnabled();
    }
    // The lesson plan, blank: a new section never takes a name another one has (after a removal, "Section 2" is taken).
    const titles = page.getByRole("list", { name: "Sections" }).locator(".section-card__title input");
    const readTitles = () => titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByRole("button", { name: "+ Add section" }).click();
    await page.getByRole("button", { name: "Remove Section 1" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await page.getByRole("button", { name: "+ Add section" }).click();
    await expect.poll(readTitles).toEqual(["Section 2", "Section 3"]);
  });

  test("an administrator reorders a template's sections, and a pathway started from it gets them in that order", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    const listed = (await (await page.request.get("/curriculum/templates/pathway")).json()) as { data: { id: number; title: string; link: string }[] };
    const template = listed.data.find((t) => t.title === "Professional Learning Pathway")!;
    await page.goto(`${template.link}/edit`);
    await expect(page.getByRole("heading", { name: "Professional Learning Pathway", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Move Orientation up" })).toBeDisabled();
    await page.getByRole("button", { name: "Move Reflection up" }).click();
    const titles = page.getByRole("list", { name: "Sections" }).locator(".section-card__title input");
    await expect.poll(() => titles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(["Orientation", "Reflection", "Core Modules"]);
    // The moved section keeps its editor and the pressed button its focus.
    await expect(page.getByRole("button", { name: "Move Reflection up" })).toBeFocused();
    await expectNoAxeViolations(page, "template edit page with Up and Down");
    await page.getByRole("button", { name: "Save template" }).click();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText("Saved");
    const headers = { "X-CSRF-Token": await csrfToken(page.request) };
    const started = await page.request.post("/pathway/start", { data: { title: `${unique()} Ordered Pathway`, introduction: "In the template's order.", template_id: template.id }, headers });
    const { link } = ((await started.json()) as { data: { link: string } }).data;
    const item = (await (await page.request.get(`/api/content${link}`)).json()) as { sections: { title: string }[] };
    expect(item.sections.map((s) => s.title)).toEqual(["Orientation", "Reflection", "Core Modules"]);
  });

  test("a learner prints a lesson plan from its page: its title, description and sections, without the site's header, buttons, comments or sidebars", async ({ page }) => {
    await signInViaApi(page);
    const title = `${unique()} Printed Tides Lesson`;
    const link = await startItem(page, "lesson-plans", title, [
      { title: "Warm-up", html: "<p>Look at the tide table.</p>" },
      { title: "Practice", html: "<ol><li>Read the highs</li><li>Read the lows</li></ol>" },
    ]);
    await switchTo(page, LEARNER);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const onScreen = [
      page.locator(".site-header"),
      page.getByRole("button", { name: "Export" }),
      page.getByRole("button", { name: "Comment on Warm-up" }),
      page.getByRole("heading", { name: "Discuss" }),
      page.getByRole("heading", { name: "Related content" }),
      page.locator(".site-footer"),
    ];
    for (const part of onScreen) await expect(part).toBeVisible();
    await page.emulateMedia({ media: "print" });
    for (const part of onScreen) await expect(part).toBeHidden();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(`Introduction to ${title}`)).toBeVisible();
    await expect(page.locator(".item-section__title")).toHaveText(["Warm-up", "Practice"]);
    await expect(page.getByText("Read the lows")).toBeVisible();
    await expectNoAxeViolations(page, "lesson plan page as printed");
    // Two short sections fit one printed sheet (the controls printed over three).
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  });

  test("an outline's edit page calls its description Introduction, keeps it required, and a learner reads it under the title", async ({ page }) => {
    await signInViaApi(page);
    const title = `${unique()} Tide Pools Outline`;
    const link = await startItem(page, "outlines", title, [{ title: "Visit", html: "<p>Low tide.</p>" }]);
    await page.goto(`${link}/edit`);
    const introduction = page.getByRole("textbox", { name: "Introduction", exact: true });
    await expect(introduction).toHaveValue(`Introduction to ${title}`);
    await expect(page.getByRole("textbox", { name: "Description", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
    await introduction.fill(" ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(introduction).toHaveAccessibleDescription("Introduction is required.");
    await expect(introduction).toBeFocused();
    await expectNoAxeViolations(page, "outline edit page with its introduction missing");
    await introduction.fill("Creatures left by the sea.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText(/^All changes saved at/)).toBeVisible();
    await expect(introduction).not.toHaveAccessibleDescription("Introduction is required.");
    await switchTo(page, LEARNER);
    await page.goto(link);
    await expect(page.locator(".item-page__description")).toHaveText("Creatures left by the sea.");
  });

  test("on a phone the item selector fits the screen, pages by number, and another type changes its title", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInViaApi(page);
    await dismissAnnouncements(page);
    const link = await startItem(page, "projects", `${unique()} Tide Project`, [{ title: "Research", html: "<p>Find out.</p>" }]);
    await page.goto(`${link}/edit`);
    // The section's tools keep their labels on one line each ("↑ Up", "+ Add item"), wrapping between tools.
    const tools = page.getByRole("list", { name: "Sections" }).locator(".section-card__tools .button");
    await expect(tools).toHaveCount(4);
    // The height of each label's text (its lines), not of the buttons, which the row stretches alike.
    const heights = await tools.evaluateAll((buttons) =>
      buttons.map((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return range.getBoundingClientRect().height;
      }),
    );
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(4);
    await page.getByRole("button", { name: "Add item to Research" }).click();
    const selector = page.getByRole("dialog", { name: "Select a Resource" });
    await expect(selector.getByRole("radio")).toHaveCount(9);
    const pages = selector.getByRole("navigation", { name: "Result pages" });
    await expect(pages.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(4);
    await pages.getByRole("button", { name: "Page 2" }).click();
    await expect(pages.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await selector.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await selector.getByLabel("Type").selectOption({ label: "Outlines" });
    await expect(page.getByRole("dialog", { name: "Select an Outline" })).toBeVisible();
    await expectNoAxeViolations(page, "item selector on a phone");
    await page.getByRole("dialog", { name: "Select an Outline" }).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("button", { name: "Add item to Research" })).toBeFocused();
  });
  test("an outline saved with an empty section opens in its editor without unsaved changes; typing in it makes some", async ({ page }) => {
    await signInViaApi(page);
    const title = `${unique()} Empty Section Outline`;
    const link = await startItem(page, "outlines", title, []);
    await dismissAnnouncements(page);
    await page.goto(`${link}/edit`);
    await page.getByRole("button", { name: "+ Add section" }).click();
    const unsaved = page.getByRole("status").filter({ hasText: "Unsaved changes" });
    await expect(unsaved).toBeVisible();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "All changes saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Section 1 title")).toHaveValue("Section 1");
    await expect(page.getByRole("textbox", { name: "Section 1 content" })).toBeVisible();
    // The stored empty section loads as it was: nothing to save, and leaving asks nothing.
    await page.waitForLoadState("networkidle");
    await expect(unsaved).toHaveCount(0);
    await expectNoAxeViolations(page, "outline editor with an empty section");
    await page.getByRole("textbox", { name: "Section 1 content" }).click();
    await page.keyboard.type("Week one");
    await expect(unsaved).toBeVisible();
  });
});
