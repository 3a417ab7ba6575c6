import { expect, test } from "@playwright/test";
import { addResource, csrfToken, createLessonPlan, expectNoAxeViolations, facetGroup, signInViaApi, saveShot, tabTo } from "./helpers.js";

/** A seeded public project tagged with three grades, a subject, two standards (with codes) and more. */
const PROJECT = "Community Probability Project";

test("an item's page lists its tags by type, each leading to the search screen filtered on it", async ({ page }) => {
  const found = (await (await page.request.get(`/api/search?query=${encodeURIComponent(PROJECT)}`)).json()) as { data: { title: string; link: string }[] };
  const link = found.data.find((d) => d.title === PROJECT)!.link;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(link);
  const tags = page.getByRole("region", { name: "Tags" });
  await expect(tags.getByRole("term")).toContainText(["Grades", "Subjects", "Standards"]);
  const grades = tags.getByRole("definition").first();
  await expect(grades.getByRole("link")).toHaveText(["Grade 5", "Grade 6", "Grade 7"]);
  // A standard shows its code; its name is read out and shown on hover.
  const standard = tags.getByRole("link", { name: /^CCSS\.MATH\.NF\.2\s*: Explain equivalence of fractions$/ });
  await expect(standard).toHaveAttribute("title", "Explain equivalence of fractions");
  await expect(tags.getByRole("link", { name: "probability" })).toHaveAttribute("href", "/search/?query=probability");
  await expectNoAxeViolations(page, "an item's tags");
  await saveShot(tags, `item-tags-1280.png`);

  // A grade leads to the search screen with that grade chosen.
  await grades.getByRole("link", { name: "Grade 6" }).click();
  await expect(page).toHaveURL(/\/search\/\?grades(\[\]|%5B%5D)=\d+$/);
  await expect(facetGroup(page, "Grades").getByRole("checkbox", { name: /^Grade 6/ })).toBeChecked();
});

test("a long list of one type's tags shows the first six and +N for the rest, by keyboard; grades are never cut", async ({ page }) => {
  await signInViaApi(page);
  const { link } = await createLessonPlan(page, `Tagged plan ${Date.now().toString(36)}`, [{ title: "Start", html: "<p>Read.</p>" }]);
  const keywords = ["algebra", "biology", "chemistry", "drawing", "ecology", "fractions", "geometry", "history"];
  // Eight grades too (the search screen's facet lists every grade with its id).
  const { facets } = (await (await page.request.get("/api/search?per=1")).json()) as { facets: { attributes: { grades: { id: number; label: string }[] } } };
  const grades = facets.attributes.grades.slice(0, 8);
  const saved = await page.request.post(`${link}/tags`, { data: { attribute_ids: grades.map((g) => g.id), keywords }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(saved.ok()).toBeTruthy();
  await page.goto(link);
  const tags = page.getByRole("region", { name: "Tags" });
  const [gradeValues, keywordValues] = [tags.getByRole("definition").first(), tags.getByRole("definition").last()];
  await expect(gradeValues.getByRole("link")).toHaveCount(8);
  await expect(gradeValues.getByRole("button")).toHaveCount(0);
  await expect(keywordValues.getByRole("link")).toHaveText(keywords.slice(0, 6));
  const more = keywordValues.getByRole("button", { name: "+2 more Keywords" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(keywordValues.getByRole("link")).toHaveText(keywords);
  // The button is gone; focus is on the first keyword it showed.
  await expect(more).toHaveCount(0);
  await expect(keywordValues.getByRole("link", { name: "geometry" })).toBeFocused();
});

test("tags saved on the edit page show on the item's page on the way back, without a reload", async ({ page }) => {
  await signInViaApi(page);
  const { link } = await createLessonPlan(page, `Plan to tag ${Date.now().toString(36)}`, [{ title: "Start", html: "<p>Read.</p>" }]);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tags" })).toHaveCount(0);

  await page.locator(".item-page__actions").getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await dialog.getByLabel("Add Keyword (Letters, Numbers, Spaces, and Hyphens Only)").fill("watershed");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog).toBeHidden();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${link}$`));
  await expect(page.getByRole("region", { name: "Tags" }).getByRole("link", { name: "watershed" })).toBeVisible();
});

test("a write-in typed under a type's tree, with the configured placeholder and length, is saved, shown on the item's page and kept", async ({ page }) => {
  await signInViaApi(page);
  const title = `Pathway with a write-in ${Date.now().toString(36)}`;
  const started = await page.request.post("/pathway/start", { data: { title, introduction: "Careers by the sea." }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(started.ok(), "start the pathway").toBeTruthy();
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  await page.goto(`${link}/edit`);
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  const rolesTab = dialog.getByRole("tab", { name: "Professional Roles" });
  await rolesTab.click();
  // The demo offers a write-in for professional roles (not for grades), with its placeholder and at most 100 characters.
  const other = dialog.getByRole("textbox", { name: "Other professional roles" });
  await expect(other).toHaveAttribute("placeholder", "Another role not listed");
  await expect(other).toHaveAttribute("maxlength", "100");
  await expect(dialog.getByPlaceholder("Another role not listed")).toBeVisible();
  await expectNoAxeViolations(page, "tags dialog, a type with a write-in");
  await rolesTab.focus();
  await tabTo(page, other);
  await page.keyboard.type("  Harbor pilot  ");
  await dialog.getByRole("tab", { name: "Grades" }).click();
  await expect(dialog.getByRole("textbox", { name: /^Other/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(link);
  const tags = page.getByRole("region", { name: "Tags" });
  await expect(tags.getByRole("term")).toHaveText(["Professional Roles"]);
  await expect(tags.getByRole("definition")).toHaveText("Other: Harbor pilot");

  await page.goto(`${link}/edit`);
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  await dialog.getByRole("tab", { name: "Professional Roles" }).click();
  await expect(dialog.getByRole("textbox", { name: "Other professional roles" })).toHaveValue("Harbor pilot");
});

test("the edit page shows the item's current tags, for every kind of content, and follows a save in the Tags dialog", async ({ page }) => {
  await signInViaApi(page);
  const stamp = Date.now().toString(36);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const start = async (path: string, title: string) => {
    const res = await page.request.post(path, { data: { title, introduction: "Made by the edit page's tags test." }, headers });
    expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
    return ((await res.json()) as { data: { link: string } }).data.link;
  };
  const collection = await page.request.post("/collections/create", { data: { title: `Tagged collection ${stamp}` }, headers });
  const links = [
    await addResource(page, `Tagged resource ${stamp}`, { url: "https://example.org/tagged" }),
    (await createLessonPlan(page, `Tagged plan ${stamp}`, [])).link,
    ((await collection.json()) as { link: string }).link,
    await start("/outlines/start", `Tagged outline ${stamp}`),
    await start("/projects/start", `Tagged project ${stamp}`),
    await start("/pathway/start", `Tagged pathway ${stamp}`),
  ];
  const { facets } = (await (await page.request.get("/api/search?per=1")).json()) as { facets: { attributes: { grades: { id: number; label: string }[] } } };
  const grade = facets.attributes.grades[2]!;
  for (const link of links) {
    expect((await page.request.post(`${link}/tags`, { data: { attribute_ids: [grade.id], keywords: ["tidepool"] }, headers })).ok(), `tag ${link}`).toBeTruthy();
    await page.goto(`${link}/edit`);
    const tags = page.getByRole("region", { name: "Tags" });
    await expect(tags.getByRole("term"), link).toHaveText(["Grades", "Keywords"]);
    await expect(tags.getByRole("definition").first()).toHaveText(grade.label);
    // Plain text here: a link would lead the author away from the editor.
    await expect(tags.getByText("tidepool", { exact: true })).toBeVisible();
    await expect(tags.getByRole("link")).toHaveCount(0);
  }

  // The last (a pathway): a keyword added in the dialog shows at once, beside what was there.
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await dialog.getByLabel("Add Keyword (Letters, Numbers, Spaces, and Hyphens Only)").fill("kelp");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog).toBeHidden();
  const tags = page.getByRole("region", { name: "Tags" });
  await expect(tags.getByRole("definition").last()).toHaveText(/kelp.*tidepool/);
  await expectNoAxeViolations(page, "the edit page's tags");
  await saveShot(page, "edit-page-tags-1280.png", { fullPage: true });

  // An item without tags says so.
  const bare = await start("/outlines/start", `Bare outline ${stamp}`);
  await page.goto(`${bare}/edit`);
  await expect(page.getByRole("region", { name: "Tags" })).toContainText("No tags, standards or keywords yet.");
});
