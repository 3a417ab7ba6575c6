import { expect, test } from "@playwright/test";
import { TEACHER, addResource, expectNoAxeViolations, saveShot, signInViaApi } from "./helpers.js";

test("a resource's authors are added in the Tags dialog, each error at its field, and shown in the page's About card", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zq${Date.now().toString(36)} Kelp Forest Atlas`;
  const link = await addResource(page, title, { url: "https://example.org/kelp-atlas" });
  // Nothing to say yet beyond the owner, whom the page's "By" line names: no About card.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("region", { name: "About" })).toHaveCount(0);

  await page.goto(`${link}/edit`);
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  const authors = dialog.getByRole("group", { name: "Authors" });
  await expect(authors.getByText("No authors listed.")).toBeVisible();
  await authors.getByRole("button", { name: "Add author" }).click();
  const name1 = authors.getByLabel("Author 1 Name");
  await expect(name1).toBeFocused();
  await name1.fill("Nia Okonkwo");
  const url1 = authors.getByLabel("Author 1 Link (optional)");
  await expect(url1).toHaveAttribute("type", "url");
  await url1.fill("kelp.example.org/nia");
  await authors.getByRole("button", { name: "Add author" }).click();
  await authors.getByLabel("Author 2 Name").fill("Ravi Menon");
  await dialog.getByLabel("Original author (optional)").fill("Pacific Kelp Survey");
  await dialog.getByRole("button", { name: "Save tags" }).click();
  // The link is refused at its field (described by its error), and nothing is saved.
  await expect(url1).toHaveAttribute("aria-invalid", "true");
  await expect(url1).toHaveAccessibleDescription("Please check that your URL is correct");
  await expect(dialog.getByRole("alert")).toContainText("Please correct the authors marked above.");
  await saveShot(page, "authors-dialog-error.png");
  await expectNoAxeViolations(page, "the Tags dialog with an author's error");
  await url1.fill("https://kelp.example.org/nia");
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(link);
  const about = page.getByRole("region", { name: "About" });
  await expect(about).toContainText(`Created by${TEACHER.name}`);
  await expect(about).toContainText("Original authorPacific Kelp Survey");
  const nia = about.getByRole("link", { name: "Nia Okonkwo" });
  await expect(nia).toHaveAttribute("href", "https://kelp.example.org/nia");
  await expect(nia).toHaveAttribute("target", "_blank");
  await expect(nia).toHaveAttribute("rel", /noopener/);
  // An author without a link is a name, not a link.
  await expect(about.getByText("Ravi Menon")).toBeVisible();
  await expect(about.getByRole("link", { name: "Ravi Menon" })).toHaveCount(0);
  await expect(about.getByRole("link", { name: TEACHER.name })).toHaveAttribute("href", /^\/profiles\//);
  await saveShot(page, "authors-about-card.png", { fullPage: true });
  await expectNoAxeViolations(page, "a resource's page with its About card");

  // The dialog opens with them, and removing one moves focus to Add author.
  await page.goto(`${link}/edit`);
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  await expect(authors.getByLabel("Author 2 Name")).toHaveValue("Ravi Menon");
  await authors.getByRole("button", { name: "Remove author 2 (Ravi Menon)" }).click();
  await expect(authors.getByRole("button", { name: "Add author" })).toBeFocused();
  await dialog.getByRole("button", { name: "Save tags" }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto(link);
  await expect(page.getByRole("region", { name: "About" }).getByText("Ravi Menon")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "About" }).getByRole("link", { name: "Nia Okonkwo" })).toBeVisible();

  // On a phone the dialog, Authors section and all, stays within the window (its body scrolls), a row's fields one under another.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${link}/edit`);
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  await expect(authors.getByLabel("Author 1 Name")).toHaveValue("Nia Okonkwo");
  const box = (await dialog.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(box.width).toBeLessThanOrEqual(390);
  const nameBox = (await authors.getByLabel("Author 1 Name").boundingBox())!;
  const urlBox = (await authors.getByLabel("Author 1 Link (optional)").boundingBox())!;
  expect(urlBox.y).toBeGreaterThan(nameBox.y + nameBox.height - 1);
  await saveShot(page, "authors-dialog-phone.png");
});

test("a tags save sends the authors only when they were changed, so authors an import stored past the form's limits never block it", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  const title = `Zq${Date.now().toString(36)} Imported Atlas`;
  const link = await addResource(page, title, { url: "https://example.org/imported-atlas" });
  // As a bulk import may store them (the import takes any number of authors): 25, more than the form's 20. The page's
  // own answer is changed on its way, since only an import makes such data.
  await page.route(`**/api/content${link}/tags`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    const tags = await response.json();
    const imported = Array.from({ length: 25 }, (_, i) => ({ name: `Imported Author ${i + 1}`, url: "" }));
    await route.fulfill({ response, json: { ...tags, authors_list: imported } });
  });
  await page.goto(`${link}/edit`);
  await expect(page.getByRole("button", { name: "+ Add section" })).toBeEnabled();
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Edit tags" });
  await expect(dialog.getByRole("group", { name: "Authors" }).getByLabel("Author 25 Name")).toHaveValue("Imported Author 25");
  await dialog.getByLabel(/^Add Keyword/).fill("kelp");
  const saved = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`${link}/tags`));
  await dialog.getByRole("button", { name: "Save tags" }).click();
  const body = (await saved).postDataJSON() as Record<string, unknown>;
  expect(body.keywords).toEqual(["kelp"]);
  expect(body).not.toHaveProperty("authors_list");
  expect(body).not.toHaveProperty("original_author");
  await expect(dialog).toHaveCount(0);
});
