import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN, TEACHER, expectNoAxeViolations, expectTotal, facetGroup, openSearch, readTotal, resultCards, resultsRegion, signInViaApi, tick, typeTab, saveShot } from "./helpers.js";


const adminOptions = (page: Page) => facetGroup(page, "Admin options");
const ignorePermissions = (page: Page) => adminOptions(page).getByRole("checkbox", { name: "Ignore permissions" });
const searchAsField = (page: Page) => adminOptions(page).getByRole("searchbox", { name: "Search as" });
const matchingUsers = (page: Page) => adminOptions(page).getByRole("list", { name: "Matching users" });
const removeTag = (page: Page, label: string) => page.getByRole("button", { name: `Remove filter ${label}`, exact: true });

/** The teacher's own id and total for a plain search, asked through the API in a session of the teacher's. */
async function teachersOwnSearch(browser: Browser, baseURL: string): Promise<{ id: number; total: number }> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInViaApi(page, TEACHER);
    const init = (await (await page.request.get("/getInitializeData")).json()) as { profile: { id: number } };
    const response = await page.request.get("/api/search?page=1&per=15");
    expect(response.ok(), "the teacher's own search").toBeTruthy();
    const body = (await response.json()) as { total: number };
    return { id: init.profile.id, total: body.total };
  } finally {
    await context.close();
  }
}

test.describe("search screen: admin options", () => {
  test("Ignore permissions lists every user in the Users type, is in the URL and the call, and Back restores", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await openSearch(page, "?f[t][]=users");
    await expect(typeTab(page, "Users")).toHaveAttribute("aria-pressed", "true");
    // Without the option the admin sees only its own user profile.
    expect(await readTotal(page)).toBe(1);
    await expect(ignorePermissions(page)).not.toBeChecked();

    const call = page.waitForRequest((request) => /\/api\/search\?/.test(request.url()) && new URL(request.url()).searchParams.get("ignore_permissions") === "1");
    await tick(ignorePermissions(page));
    await call;
    await expect(page).toHaveURL(/[?&]ignore_permissions=1(&|$)/);
    expect(await readTotal(page)).toBeGreaterThan(1);
    await expect(resultCards(page).nth(1)).toBeVisible();
    await expect(removeTag(page, "Permissions ignored")).toBeVisible();

    await page.goBack();
    await expect(page).not.toHaveURL(/ignore_permissions/);
    await expect(ignorePermissions(page)).not.toBeChecked();
    await expectTotal(page, 1);
    await expect(removeTag(page, "Permissions ignored")).toHaveCount(0);

    await page.goForward();
    await expect(ignorePermissions(page)).toBeChecked();
    // The tag takes the option away.
    await removeTag(page, "Permissions ignored").click();
    await expect(page).not.toHaveURL(/ignore_permissions/);
    await expect(ignorePermissions(page)).not.toBeChecked();
    await expectTotal(page, 1);
  });

  test("searching as the teacher shows the teacher's view, chosen by keyboard; the tags and Clear all remove the options", async ({ page, browser, baseURL }) => {
    const teacher = await teachersOwnSearch(browser, baseURL!);
    await signInViaApi(page, ADMIN);
    await openSearch(page);
    const adminTotal = await readTotal(page);
    // Otherwise the comparison below would prove nothing.
    expect(adminTotal).not.toBe(teacher.total);

    await searchAsField(page).fill("Mar");
    await expect(matchingUsers(page).getByRole("button", { name: TEACHER.name, exact: true })).toBeVisible();
    await searchAsField(page).fill("Maria Lo");
    await expect(matchingUsers(page).getByRole("button")).toHaveCount(1);
    await searchAsField(page).press("ArrowDown");
    await expect(matchingUsers(page).getByRole("button", { name: TEACHER.name })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`[?&]as_profile=${teacher.id}(&|$)`));
    await expect(searchAsField(page)).toBeFocused();
    await expect(searchAsField(page)).toHaveValue("");
    await expect(removeTag(page, `Searching as ${TEACHER.name}`)).toBeVisible();
    await expect(adminOptions(page)).toContainText(`Searching as ${TEACHER.name}.`);
    await expectTotal(page, teacher.total);

    // The tag removes it.
    await removeTag(page, `Searching as ${TEACHER.name}`).click();
    await expect(page).not.toHaveURL(/as_profile/);
    await expectTotal(page, adminTotal);

    // Back brings the teacher's view again, name and all; with both options, Clear all removes both.
    await page.goBack();
    await expect(removeTag(page, `Searching as ${TEACHER.name}`)).toBeVisible();
    await expectTotal(page, teacher.total);
    await tick(ignorePermissions(page));
    await expect(page).toHaveURL(/ignore_permissions=1/);
    await expect(page).toHaveURL(/as_profile=/);
    await resultsRegion(page).getByRole("button", { name: "Clear all" }).click();
    await expect(page).not.toHaveURL(/as_profile|ignore_permissions/);
    await expect(ignorePermissions(page)).not.toBeChecked();
    await expectTotal(page, adminTotal);
  });

  test("a bookmark with only the profile's id names the profile (the answer says whose view it is)", async ({ page, browser, baseURL }) => {
    const teacher = await teachersOwnSearch(browser, baseURL!);
    await signInViaApi(page, ADMIN);
    await openSearch(page, `?as_profile=${teacher.id}`);
    await expect(removeTag(page, "Searching as Maria Lopez")).toBeVisible();
    await expect(adminOptions(page).getByText("Searching as Maria Lopez.")).toBeVisible();
    await expectTotal(page, teacher.total);
  });

  test("a member never sees the admin options, and a member's link carrying them drops them without a history entry", async ({ page }) => {
    const refused: string[] = [];
    page.on("response", (response) => {
      if (/\/api\/search\?/.test(response.url()) && response.status() === 403) refused.push(response.url());
    });
    await signInViaApi(page, TEACHER);
    await openSearch(page, "?s=1");
    await expect(page.getByRole("region", { name: "Filters" })).toBeVisible();
    await expect(adminOptions(page)).toHaveCount(0);
    await expect(page.getByLabel("Ignore permissions")).toHaveCount(0);
    await expect(page.getByLabel("Search as")).toHaveCount(0);

    await page.goto("/search/?st=science&ignore_permissions=1&as_profile=1");
    await expect(page).toHaveURL(/\/search\/\?st=science$/);
    await expect(resultCards(page).first()).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(removeTag(page, "Permissions ignored")).toHaveCount(0);
    expect(refused).toEqual([]);
    // The link was replaced, not added to: Back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/search\/\?s=1$/);
    await expect(resultCards(page).first()).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("a guest's link carrying them drops them too", async ({ page }) => {
    await page.goto("/search/?ignore_permissions=1");
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(resultCards(page).first()).toBeVisible();
    await expect(adminOptions(page)).toHaveCount(0);
  });
});

test.describe("search screen: admin options at 1366x900", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("pass axe with both options on and the suggestions listed", async ({ page, browser, baseURL }) => {
    const teacher = await teachersOwnSearch(browser, baseURL!);
    await signInViaApi(page, ADMIN);
    await openSearch(page, `?st=science&ignore_permissions=1`);
    await searchAsField(page).fill("Maria");
    await matchingUsers(page).getByRole("button", { name: TEACHER.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`as_profile=${teacher.id}`));
    await searchAsField(page).fill("Lop");
    await expect(matchingUsers(page).getByRole("button", { name: TEACHER.name, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(removeTag(page, "Permissions ignored")).toBeVisible();
    await expect(resultCards(page).first()).toBeVisible();
    await expectNoAxeViolations(page, "search page with the admin options");
    await saveShot(page, `admin-search-1366.png`);
  });
});
