import { expect, test } from "@playwright/test";
import { LEARNER, TEACHER, addResource, csrfToken, expectNoAxeViolations, pathwayLinkingDeletedResource, resultCards, signInViaApi, switchTo } from "./helpers.js";

test("the owner deletes a resource from its page: a confirmation, then search, and the collection that held it no longer lists it", async ({ page }) => {
  const stamp = Date.now();
  const title = `Tide chart to delete ${stamp}`;
  await signInViaApi(page, TEACHER);
  const link = await addResource(page, title, { url: "https://example.org/tide-chart" });
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const created = await page.request.post("/collections/create", { data: { title: `Shore picks ${stamp}`, description: "" }, headers });
  const collectionLink = ((await created.json()) as { link: string }).link;
  const collection = (await (await page.request.get(`/api/content${collectionLink}`)).json()) as { id: number };
  const resource = (await (await page.request.get(`/api/content${link}`)).json()) as { id: number };
  expect((await page.request.post("/collections/items", { data: { type: "resource", type_id: resource.id, collection_id: [collection.id] }, headers })).ok()).toBeTruthy();

  // A learner may not delete it: no Delete on the page.
  await switchTo(page, LEARNER);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Item actions" }).getByRole("button", { name: "Flag" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

  await switchTo(page, TEACHER);
  await page.goto(link);
  await page.getByRole("group", { name: "Item actions" }).getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete resource" });
  await expect(dialog).toContainText(`Delete “${title}”? It is taken out of every collection that holds it, and links to it in pathways and other items will say it is no longer available. This cannot be undone.`);
  await expectNoAxeViolations(page, "delete confirmation");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();

  await expect(page).toHaveURL(/\/search\/$/);
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`Deleted ${title}.`);
  await page.goto(collectionLink);
  await expect(page.getByText("This collection has no items yet.")).toBeVisible();
  expect((await page.request.get(`/api/content${link}`)).status()).toBe(404);
});

test("a group's leader deletes the group from its page; its members are offered no Delete", async ({ page }) => {
  const name = `Tide Pool Club ${Date.now().toString(36)}`;
  await signInViaApi(page, TEACHER);
  const made = await page.request.post("/groups", { data: { name, description: "We study tide pools.", join_permission: 6, view_permission: 3 }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  const link = ((await made.json()) as { objGroup: { link: string } }).objGroup.link;
  const group = (await (await page.request.get(`/api/content${link}`)).json()) as { id: number };

  await switchTo(page, LEARNER);
  expect((await page.request.post(`/groups/${group.id}/membership`, { headers: { "X-CSRF-Token": await csrfToken(page.request) } })).ok()).toBeTruthy();
  await page.goto(link);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Leave group" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

  await switchTo(page, TEACHER);
  await page.goto(link);
  await page.getByRole("group", { name: "Item actions" }).getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete group" });
  await expect(dialog).toContainText(`Delete “${name}”? Its feed, discussions and files go with it, and its members leave it. This cannot be undone.`);
  await expectNoAxeViolations(page, "a group's delete confirmation");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/search\/$/);
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`Deleted ${name}.`);
  expect((await page.request.get(`/api/content${link}`)).status()).toBe(404);
});

test("a pathway's step that linked to a deleted resource reads its title as no longer available, with no link to a missing page", async ({ page }) => {
  const stamp = Date.now();
  const title = `Kelp guide to delete ${stamp}`;
  const { link } = await pathwayLinkingDeletedResource(page, title, stamp);

  await switchTo(page, LEARNER);
  await page.goto(link);
  const step = page.getByRole("region", { name: "Dive in" });
  await expect(step).toContainText(`${title} (no longer available)`);
  await expect(step.getByRole("link")).toHaveCount(0);
  await expectNoAxeViolations(page, "pathway with a removed step link");
});

test("deleting a lesson plan from its page says only that it is deleted: what was loaded about it is not loaded again", async ({ page }) => {
  const title = `Plan to delete ${Date.now()}`;
  await signInViaApi(page, TEACHER);
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Soon gone." }, headers });
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  expect((await page.request.post(`${link}/update`, { data: { title, description: "Soon gone.", sections: [{ title: "Warm-up", html: "<p>Go</p>" }] }, headers })).ok()).toBeTruthy();
  await page.goto(link);
  await expect(page.getByRole("region", { name: "Warm-up" })).toBeVisible();
  await page.getByRole("group", { name: "Item actions" }).getByRole("button", { name: "Delete", exact: true }).click();
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(`${response.request().method()} ${response.url()}`);
  });
  await page.getByRole("alertdialog", { name: "Delete lesson plan" }).getByRole("button", { name: "Delete", exact: true }).click();
  const toasts = page.getByRole("status", { name: "Notifications" });
  await expect(toasts).toContainText(`Deleted ${title}.`);
  await expect(resultCards(page).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(missing).toEqual([]);
  await expect(toasts).not.toContainText("Oops! Something went wrong");
  await expectNoAxeViolations(page, "search after deleting");
});
