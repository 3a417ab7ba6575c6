import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { outboxMails, type ReadMail } from "../server/test/readMail.js";
import { expect, type APIRequestContext, type ElementHandle, type Locator, type LocatorScreenshotOptions, type Page, type PageScreenshotOptions } from "@playwright/test";

/**
 * Where screenshots for people looking at the product go: the folder E2E_SHOTS_DIR names, or none (unset or empty:
 * no screenshot is taken, and CI spends no time on them). Screenshots a test checks (pixels, sizes) do not use it.
 */
export const SHOTS_DIR: string | undefined = process.env.E2E_SHOTS_DIR || undefined;

/**
 * Saves a screenshot of `target` (a page or one element) as `name` (a file name, may hold sub-folders) under
 * E2E_SHOTS_DIR, making the folder; does nothing when E2E_SHOTS_DIR is unset. No test reads these files.
 */
export async function saveShot(target: Page | Locator, name: string, options: Omit<PageScreenshotOptions & LocatorScreenshotOptions, "path"> = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  const file = path.join(SHOTS_DIR, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ ...options, path: file });
}

/** Demo accounts seeded on first start (README). */
export const TEACHER = { username: "teacher", password: "teacher-demo-pass", name: "Maria Lopez" } as const;
export const LEARNER = { username: "learner", password: "learner-demo-pass", name: "Sam Carter" } as const;
export const ADMIN = { username: "admin", password: "admin-demo-pass" } as const;

export const MIN_CHARS_MESSAGE = "Please enter at least 3 characters to search.";

/** The search box (a searchbox labelled "Search terms", placeholder "Search for anything"). */
export const searchBox = (page: Page): Locator => page.getByRole("searchbox", { name: "Search terms" });

/** The region holding the results. */
export const resultsRegion = (page: Page): Locator => page.getByRole("region", { name: "Results" });

/** One article per result card. */
export const resultCards = (page: Page): Locator => resultsRegion(page).getByRole("article");

/** The live "Showing 1–15 of 75 results for “science”" line. */
export const resultCount = (page: Page): Locator => resultsRegion(page).getByRole("status");

/** A type tab (toggle button) by its label, e.g. "Resources"; its name also carries the count. */
export const typeTab = (page: Page, label: string): Locator =>
  page.getByRole("group", { name: "Content types" }).getByRole("button", { name: new RegExp(`^${label}(\\s|$)`) });

/** A filter group (fieldset) by its legend, e.g. "Grades". */
export const facetGroup = (page: Page, legend: string): Locator => page.getByRole("group", { name: legend, exact: true });

/** Opens the search screen (optionally with a query string) and waits for the first results. */
export async function openSearch(page: Page, query = ""): Promise<void> {
  await page.goto(`/search/${query}`);
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(resultCards(page).first()).toBeVisible();
}

/** Types a term into the search box and submits it with Enter. */
export async function submitSearch(page: Page, term: string): Promise<void> {
  await searchBox(page).fill(term);
  await searchBox(page).press("Enter");
}

/** Waits until the results list is no longer marked busy (the answer for the current URL is in). */
export async function resultsSettled(page: Page): Promise<void> {
  await expect(resultsRegion(page).locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The total number of results the count line reports, once the current search has answered. */
export async function readTotal(page: Page): Promise<number> {
  const count = resultCount(page);
  await expect(count).toHaveText(/\d+ results?/);
  await resultsSettled(page);
  return parseTotal(await count.innerText());
}

/** Ticks a filter checkbox. The box is controlled by the URL, so click and then wait for it to show ticked. */
export async function tick(checkbox: Locator): Promise<void> {
  await checkbox.click();
  await expect(checkbox).toBeChecked();
}

/** "Showing 1–15 of 1,234 results for …" or "3 results for …" → the total. */
export function parseTotal(text: string): number {
  const match = /(?:of\s+)?([\d,]+)\s+results?/.exec(text);
  if (!match?.[1]) throw new Error(`No total in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

/** The number a type tab shows next to its label ("Resources 39" → 39). */
export async function tabCount(tab: Locator): Promise<number> {
  const text = (await tab.innerText()).replace(/\s+/g, " ").trim();
  const match = /([\d,]+)$/.exec(text);
  if (!match?.[1]) throw new Error(`No count on tab "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

/** Expects the count line to report exactly `total` results. */
export async function expectTotal(page: Page, total: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const text = await resultCount(page).innerText();
        return /\d+ results?/.test(text) ? parseTotal(text) : null;
      },
      { message: `result total should become ${total}` },
    )
    .toBe(total);
}

/** The titles of the result cards shown, in order. */
export async function resultTitles(page: Page): Promise<string[]> {
  return resultCards(page).getByRole("heading", { level: 3 }).allInnerTexts();
}

/** The server's title sort key (lowercase, no leading article, no punctuation). */
export function titleSortKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/[^\p{L}\p{N} ]+/gu, "")
    .trim();
}

/** The session's CSRF token (GET /getInitializeData), for writes made with page.request. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get("/getInitializeData");
  expect(response.ok(), "GET /getInitializeData").toBeTruthy();
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}

/** Signs in without the UI: POST /auth with the CSRF token; the page's context shares the cookie. */
export async function signInViaApi(page: Page, account: { username: string; password: string } = TEACHER): Promise<void> {
  const token = await csrfToken(page.request);
  const response = await page.request.post("/auth", {
    data: { username: account.username, password: account.password },
    headers: { "X-CSRF-Token": token },
  });
  expect(response.ok(), `POST /auth as ${account.username}: ${response.status()}`).toBeTruthy();
  const body = (await response.json()) as { errors?: string[] };
  expect(body.errors ?? []).toEqual([]);
}

/** Signs in as the teacher and opens the creator modal (Create) from the header of the search screen. */
export async function openCreator(page: Page): Promise<Locator> {
  await signInViaApi(page);
  await openSearch(page);
  await page.getByRole("button", { name: "Create", exact: true }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Signs the page's context out and in as another account (or leaves it a guest). It leaves the open page first:
 * a page still running could otherwise answer its own signed-out request with a new guest cookie, in the instant
 * between the two, and undo the sign-in (a flaky CI run did exactly that).
 */
export async function switchTo(page: Page, account: { username: string; password: string } | null): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
  if (account) await signInViaApi(page, account);
}

export type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Adds a public resource as the signed-in profile, by link or by file, the way the add-resource form does; answers its link. */
export async function addResource(page: Page, title: string, source: { url: string } | { file: Upload }): Promise<string> {
  const multipart: Record<string, string | Upload> = "url" in source ? { title, add_resource_type: "show-url", url: source.url } : { title, add_resource_type: "show-file", file: source.file };
  const res = await page.request.post("/resources/create-fetch", { multipart, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), `add ${title}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { response: { link: string } }).response.link;
}

/**
 * Signs in as TEACHER and makes a resource titled `title`, then a pathway ("Kelp Pathway {stamp}") whose one section,
 * "Dive in", links to it; then deletes the resource. Answers the pathway's link and the deleted resource's.
 */
export async function pathwayLinkingDeletedResource(page: Page, title: string, stamp: string | number): Promise<{ link: string; resourceLink: string }> {
  await signInViaApi(page, TEACHER);
  const resourceLink = await addResource(page, title, { url: "https://example.org/kelp" });
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const started = await page.request.post("/pathway/start", { data: { title: `Kelp Pathway ${stamp}`, introduction: "Through the kelp forest." }, headers });
  const { link } = ((await started.json()) as { data: { link: string } }).data;
  const html = `<p>Read first.</p><p><a href="${resourceLink}">${title}</a></p>`;
  expect((await page.request.post(`${link}/update`, { data: { title: `Kelp Pathway ${stamp}`, description: "Through the kelp forest.", sections: [{ title: "Dive in", html }] }, headers })).ok()).toBeTruthy();
  expect((await page.request.delete(`/api/content${resourceLink}`, { headers })).ok()).toBeTruthy();
  return { link, resourceLink };
}

/** A new public lesson plan of the signed-in profile with these sections: its link, id and the sections' uids. */
export async function createLessonPlan(page: Page, title: string, sections: { title: string; html: string }[]): Promise<{ link: string; id: number; uids: string[] }> {
  const headers = { "X-CSRF-Token": await csrfToken(page.request) };
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: `Made by a browser test: ${title}` }, headers });
  expect(res.ok(), "create the plan").toBeTruthy();
  const { link } = ((await res.json()) as { data: { link: string } }).data;
  const saved = await page.request.post(`${link}/update`, { data: { title, sections }, headers });
  expect(saved.ok(), "save the sections").toBeTruthy();
  const item = (await (await page.request.get(`/api/content${link}`)).json()) as { id: number; sections: { uid: string }[] };
  return { link, id: item.id, uids: item.sections.map((s) => s.uid) };
}

/** Opens what holds the header's Your profile, Account and Sign out at this width: the account menu (the signed-in name), or on phones and tablets the Menu. */
export async function openAccountMenu(page: Page): Promise<void> {
  const bar = page.locator(".site-header__bar");
  const menu = bar.locator(".account__toggle");
  const toggle = (await menu.isVisible()) ? menu : bar.locator(".account-menu__toggle");
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

/** Signs in through the login form. */
export async function signInViaForm(page: Page, account: { username: string; password: string } = TEACHER): Promise<void> {
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Makes sure the signed-in profile of `request` has not favorited the item titled `title`
 * (cleanup for the favorites tests; the server database is shared by the whole run).
 */
export async function ensureNotFavorited(request: APIRequestContext, title: string): Promise<void> {
  // Among the profile's favorites, page by page, not by the title as a search term: a long title is no term the search
  // box would take whole, and an item it does not find would stay favorited for the next test.
  type Found = { id: number; model_key: string; title: string; favorite: boolean };
  let item: Found | undefined;
  for (let page = 1; !item; page++) {
    const search = await request.get("/api/search", { params: { "f[others][]": "favorites", per: "100", page: String(page) } });
    expect(search.ok(), `GET /api/search (favorites, page ${page}): ${search.status()}`).toBeTruthy();
    const body = (await search.json()) as { data: Found[] };
    item = body.data.find((d) => d.title === title);
    if (body.data.length < 100) break;
  }
  if (!item?.favorite) return;
  const token = await csrfToken(request);
  const response = await request.post("/profile/favorite", {
    data: { modelName: item.model_key, type: `${item.model_key}:${item.id}`, value: false },
    headers: { "X-CSRF-Token": token },
  });
  expect(response.ok(), "restore favorite").toBeTruthy();
}

/**
 * Runs axe with the WCAG 2.0/2.1/2.2 A and AA rules and expects no violations (listed readably when there are).
 * On a page without frames it runs in axe's legacy mode, axe.run in the page itself: the default mode (runPartial)
 * also opens a blank page to combine the results and injects axe a second time there, which only cross-origin frames
 * need; the same rules on the same page, in about half the time (search page: 3.9 to 5.2 s, legacy 2.1 to 2.6 s, on a
 * loaded machine). A page with frames gets the default mode, so their content is still checked.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Only violations are gathered in full: the same rules run on the same nodes, but passes and inapplicable results (about
  // 800 KB of JSON on the search page, 60 KB without) are not serialized back, about a third of a run's time.
  // (options() first: it replaces the whole options object, withTags' rule selection included.)
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const result = await builder.setLegacyMode(page.frames().length === 1).analyze();
  const summary = result.violations.map(
    (v) => `${v.id} [${v.impact}] ${v.help}: ${v.nodes.map((n) => `${n.target.join(" ")} — ${n.failureSummary?.replace(/\s+/g, " ")}`).join(" | ")}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/**
 * Presses Tab until `target` has focus; fails after `max` presses. Between presses it asks a handle to the element
 * (about 10 ms) rather than resolving the locator again (about 27 ms: role and name of the whole page); a handle whose
 * element left the page is resolved again, and focus found through the handle is confirmed through the locator.
 */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  const onTarget = () => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);
  let handle: ElementHandle | null = null;
  const forget = () => {
    void handle?.dispose().catch(() => undefined);
    handle = null;
  };
  try {
    for (let presses = 0, lookups = 0; presses < max && lookups < max; ) {
      handle ??= await target.elementHandle({ timeout: 2_000 }).catch(() => null);
      const focused = handle ? await handle.evaluate((el) => (el.isConnected ? el === document.activeElement : null)).catch(() => null) : false;
      if (focused === null) {
        forget(); // gone from the page: look it up again before pressing Tab
        lookups++;
        continue;
      }
      if (focused && (await onTarget())) return;
      if (focused) forget();
      await page.keyboard.press("Tab");
      presses++;
    }
  } finally {
    await handle?.dispose().catch(() => undefined);
  }
  await expect(target, `reached by Tab within ${max} presses`).toBeFocused({ timeout: 1 });
}

/** Holds back requests to `url` until the returned function is called (to see a loading state). */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The localStorage key the banners remember an announcement by (renderer/hooks/useHiddenAnnouncements.ts, behind the platform's prefix). */
export const announcementStorageKey = (id: number): string => `curriculum.announcement.${id}`;

/**
 * Dismisses, in this page's browser storage, every announcement the server shows now, as a person who clicked Dismiss
 * on each would have: for tests whose screenshots, positions or counts are about the page under the banners.
 */
export async function dismissAnnouncements(page: Page): Promise<void> {
  const response = await page.request.get("/api/announcements", { params: { limit: "20" } });
  expect(response.ok(), "GET /api/announcements").toBeTruthy();
  const { data } = (await response.json()) as { data: { id: number }[] };
  await page.addInitScript((keys: string[]) => {
    for (const key of keys) window.localStorage.setItem(key, "accepted");
  }, data.map((a) => announcementStorageKey(a.id)));
}

/**
 * Waits for `assertion` while running the page's clock forward `stepMs` at a time (the clock installed by
 * page.clock.install() before the page loaded): for what a page shows only once one of its own timers fires (a bulk
 * import's status poll every 5 seconds, a choice saved 2 seconds after the last change), without waiting out that timer
 * in real time. The assertion runs first with the clock as it is, and should fail quickly (a short timeout); the time
 * the server takes is still real, and still bounded by `timeout`.
 */
export async function runClockUntil(page: Page, stepMs: number, assertion: () => Promise<void>, timeout = 20_000): Promise<void> {
  let first = true;
  await expect(async () => {
    if (!first) await page.clock.runFor(stepMs);
    first = false;
    await assertion();
  }).toPass({ timeout, intervals: [250] });
}

/**
 * The newest mail to `to` (with `subject`, when given: a new account is also mailed a confirmation) in the server's outbox, once one is there: the browser tests' server has no SMTP_URL, so its
 * mail is written to DATA_DIR/outbox (the folder playwright.config.ts leaves in E2E_DATA_DIR).
 */
export async function mailTo(to: string, subject?: string): Promise<ReadMail> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see e2e/playwright.config.ts)");
  let found: ReadMail | undefined;
  await expect.poll(async () => (found = (await outboxMails(dataDir)).filter((m) => m.to === to && (subject === undefined || m.subject === subject)).at(-1)) !== undefined, { message: `a mail to ${to}${subject ? ` (${subject})` : ""} in ${dataDir}/outbox` }).toBe(true);
  return found!;
}

/**
 * Chooses a format in the item page's open Export dialog: its link opens the export in a new tab (target _blank,
 * rel noopener), the dialog closes and focus goes back to the Export button. Answers what that link serves (fetched
 * again with the page's session, as the tab would get it): the file's name and its bytes.
 */
export async function exportFromDialog(page: Page, label: string): Promise<{ href: string; name: string; body: Buffer }> {
  const dialog = page.locator("#export-modal");
  const link = dialog.getByRole("link", { name: `${label} (opens in a new tab)`, exact: true });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  const href = (await link.getAttribute("href"))!;
  const tab = page.context().waitForEvent("page");
  await link.click();
  await (await tab).close().catch(() => undefined);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Export", exact: true })).toBeFocused();
  const response = await page.request.get(href);
  expect(response.ok(), `GET ${href}: ${response.status()}`).toBeTruthy();
  const name = /filename="([^"]+)"/.exec(response.headers()["content-disposition"] ?? "")?.[1] ?? "";
  return { href, name, body: await response.body() };
}

/** The demo catalogue's group (seeded with a leader, members and discussions; its feed starts empty, which e2e/feed.spec.ts counts on). */
export const DEMO_GROUP = "Grade 5 Science Team";

/** The demo group's page link, found by search. */
export async function demoGroupLink(page: Page): Promise<string> {
  const res = await page.request.get(`/api/search?query=${encodeURIComponent(DEMO_GROUP)}`);
  expect(res.ok(), "search for the group").toBeTruthy();
  const found = ((await res.json()) as { data: { title: string; link: string }[] }).data.find((r) => r.title === DEMO_GROUP);
  expect(found, "the demo group is listed").toBeDefined();
  return found!.link;
}
