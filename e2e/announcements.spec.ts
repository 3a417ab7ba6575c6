import { expect, test, type Page } from "@playwright/test";
import { TEACHER, announcementStorageKey, expectNoAxeViolations, openSearch, searchBox, signInViaApi, tabTo, saveShot } from "./helpers.js";

const HOUR = 3_600_000;

interface Shown {
  id: number;
  type: string;
  title: string;
  show_snooze: boolean;
  show_dismiss: boolean;
  cta_text: string | null;
  link: string | null;
}

/** The demo's current announcements, as the server lists them for a guest. */
async function currentAnnouncements(page: Page): Promise<Shown[]> {
  const response = await page.request.get("/api/announcements");
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: Shown[] }).data;
}

const region = (page: Page) => page.getByRole("region", { name: "Announcements" });
const banner = (page: Page, title: string) => region(page).getByRole("listitem").filter({ hasText: title });
const stored = (page: Page, id: number) => page.evaluate((key) => window.localStorage.getItem(key), announcementStorageKey(id));

test("announcement banners: shown under the header in order, Read More opens and closes by keyboard, Snooze and Dismiss hide them across reloads", async ({ page }) => {
  // A journey of 20 to 25 s in CI beside two other shards: three times the default timeout, for a slower machine.
  test.slow();
  // The search page's news carousel turns every 8 s and fades its slides in: axe, reading it mid-fade, once measured a
  // call to action's contrast against a half-drawn slide. With reduced motion it stands still (its own tests rotate it).
  await page.emulateMedia({ reducedMotion: "reduce" });
  const current = await currentAnnouncements(page);
  // The demo: a sticky event with a call to action (Dismiss only), then an information banner (Snooze and Dismiss); the ended one is not listed.
  expect(current.map((a) => a.type)).toEqual(["event", "information"]);
  const [event, information] = current as [Shown, Shown];

  await page.setViewportSize({ width: 1366, height: 768 });
  await openSearch(page);
  await expect(region(page).getByRole("listitem")).toHaveCount(2);
  await expect(region(page).getByRole("listitem").nth(0)).toContainText(event.title);
  await expect(region(page).getByRole("listitem").nth(1)).toContainText(information.title);
  await expect(banner(page, event.title).getByRole("button", { name: "Snooze" })).toHaveCount(0);
  await expect(banner(page, information.title).getByRole("button", { name: "Snooze" })).toBeVisible();
  // Under the site header, above the page.
  const header = (await page.locator("header.site-header").boundingBox())!;
  const banners = (await region(page).boundingBox())!;
  expect(banners.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(banners.y + banners.height).toBeLessThanOrEqual((await page.getByRole("heading", { name: "Search", level: 1 }).boundingBox())!.y);
  await expectNoAxeViolations(page, "search page with announcement banners");
  await saveShot(page, `announcements-1366.png`);

  // Read More, by keyboard: the whole text in a modal; Escape closes it and focus goes back to the button.
  const readMore = banner(page, information.title).getByRole("button", { name: "Read More" });
  await tabTo(page, readMore);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: information.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("New materials have been added to the catalogue this month.");
  await expect(dialog.locator("strong", { hasText: "Search" })).toBeVisible();
  await expectNoAxeViolations(page, "announcement modal");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(readMore).toBeFocused();

  // The event's modal: when, and its call to action; closed with its Close button, by keyboard.
  const eventMore = banner(page, event.title).getByRole("button", { name: "Read More" });
  await eventMore.focus();
  await page.keyboard.press("Enter");
  const eventDialog = page.getByRole("dialog", { name: event.title });
  await expect(eventDialog.getByRole("link", { name: /^Register for the webinar/ })).toHaveAttribute("href", event.link!);
  await expect(eventDialog).toContainText("2027");
  // When it takes place, in the spec's M/D/YYYY with the time ("2/10/2027, 5:00 – 6:00 PM").
  await expect(eventDialog.locator(".announcement-modal__when")).toHaveText(/^\s*\d{1,2}\/\d{1,2}\/2027, \d{1,2}:\d{2}/);
  // Written lists keep their bullets (the base styles take markers off lists that are controls; item pages share this rule).
  expect(await eventDialog.locator(".rich-content ul").evaluate((list) => getComputedStyle(list).listStyleType)).toBe("disc");
  await saveShot(page, `announcement-modal-1366.png`);
  await tabTo(page, eventDialog.getByRole("button", { name: "Close" }));
  await page.keyboard.press("Enter");
  await expect(eventDialog).toBeHidden();
  await expect(eventMore).toBeFocused();

  // On a phone the header stays one row and the banners leave the search box on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(banner(page, information.title).getByRole("button", { name: "Dismiss" })).toBeVisible();
  const box = (await searchBox(page).boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const item of await region(page).getByRole("listitem").all()) expect((await item.boundingBox())!.height).toBeLessThanOrEqual(56);
  await expectNoAxeViolations(page, "banners at 390 px");
  await saveShot(page, `announcements-390.png`);
  await page.setViewportSize({ width: 1366, height: 768 });

  // Snooze: gone, focus on the next banner's Read More, remembered for 8 hours across a reload.
  await tabTo(page, banner(page, information.title).getByRole("button", { name: "Snooze" }));
  const before = Date.now();
  await page.keyboard.press("Enter");
  await expect(banner(page, information.title)).toHaveCount(0);
  await expect(eventMore).toBeFocused();
  const snoozed = await stored(page, information.id);
  expect(snoozed).toMatch(/^snoozed:\d+$/);
  const until = Number(snoozed!.slice("snoozed:".length));
  expect(until).toBeGreaterThanOrEqual(before + 8 * HOUR - 1000);
  expect(until).toBeLessThanOrEqual(Date.now() + 8 * HOUR + 1000);
  await page.reload();
  await expect(banner(page, event.title)).toBeVisible();
  await expect(banner(page, information.title)).toHaveCount(0);

  // Once the 8 hours have passed it shows again.
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [announcementStorageKey(information.id), `snoozed:${Date.now() - 1000}`]);
  await page.reload();
  await expect(banner(page, information.title)).toBeVisible();

  // Dismiss: gone for good (kept as accepted), still gone after a reload.
  await tabTo(page, banner(page, event.title).getByRole("button", { name: "Dismiss" }));
  await page.keyboard.press("Enter");
  await expect(banner(page, event.title)).toHaveCount(0);
  expect(await stored(page, event.id)).toBe("accepted");
  await banner(page, information.title).getByRole("button", { name: "Dismiss" }).press("Enter");
  await expect(region(page)).toHaveCount(0);
  await expect(page.locator("#main")).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await expect(region(page)).toHaveCount(0);
});

test("members see the system announcements too (first document, section 1)", async ({ page }) => {
  await signInViaApi(page, TEACHER);
  await openSearch(page);
  // Signed in: the header names them (its account menu holds Sign out).
  await expect(page.getByRole("banner").getByRole("button", { name: TEACHER.name })).toBeAttached();
  await expect(region(page).getByRole("listitem")).toHaveCount(2);
});

test("a snoozed banner shows again once its 8 hours pass, on a page left open", async ({ page }) => {
  const [, information] = (await currentAnnouncements(page)) as [Shown, Shown];
  await page.clock.install();
  await openSearch(page);
  await banner(page, information.title).getByRole("button", { name: "Snooze" }).click();
  await expect(banner(page, information.title)).toHaveCount(0);

  await page.clock.fastForward(8 * HOUR - 60_000);
  await expect(banner(page, information.title)).toHaveCount(0);
  await page.clock.fastForward(61_000);
  await expect(banner(page, information.title)).toBeVisible();
});

test("Snooze hides a banner for the site's snooze_hours from the app config, not a fixed 8", async ({ page }) => {
  const [, information] = (await currentAnnouncements(page)) as [Shown, Shown];
  // The demo serves 8 (the default); this page sees 2, as a site that set its own would serve.
  await page.route("**/app/config", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), snooze_hours: 2 } });
  });
  const configRead = page.waitForResponse((r) => r.url().endsWith("/app/config"));
  await openSearch(page);
  await configRead;
  const before = Date.now();
  await banner(page, information.title).getByRole("button", { name: "Snooze" }).click();
  await expect(banner(page, information.title)).toHaveCount(0);
  const until = Number((await stored(page, information.id))!.slice("snoozed:".length));
  expect(until).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000);
  expect(until).toBeLessThanOrEqual(Date.now() + 2 * HOUR + 1000);
});

/**
 * An all-day event names calendar days (contract/announcements.ts): stored as midnight UTC of its days, it fell on the
 * day before west of UTC when read as an instant. Served by a stand-in answer, since no call writes announcements.
 */
for (const timezoneId of ["America/Los_Angeles", "Pacific/Auckland"]) {
  test.describe(`an all-day event read in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test("its Read More shows the stored days, not the days before or after", async ({ page }) => {
      const title = "Spring planning days";
      const allDay = {
        id: 990001,
        type: "event",
        title,
        description: "Two days for planning the spring term.",
        content: "<p>Both days, all day.</p>",
        link: null,
        cta_text: null,
        start_time: "2026-01-01T00:00:00.000Z",
        end_time: null,
        event_start_time: "2027-03-04T00:00:00.000Z",
        // The last day to its end: in Auckland, as an instant, already the day after.
        event_end_time: "2027-03-05T23:59:59.000Z",
        all_day: true,
        is_sticky: false,
        priority: 1,
        show_snooze: false,
        show_dismiss: true,
        url: "/pages/spring-planning",
      };
      await page.route("**/api/announcements?*", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: [allDay] }) }));
      await page.route("**/api/announcements", (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: [allDay] }) }));
      await openSearch(page);
      await banner(page, title).getByRole("button", { name: "Read More" }).click();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog.locator(".announcement-modal__when")).toHaveText("3/4/2027 – 3/5/2027");
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await saveShot(page, `announcement-all-day-${timezoneId.replace("/", "-")}-${width}.png`);
      }
    });
  });
}
