import { expect, test, type Page } from "@playwright/test";
import { FAKE_ZOOM_FIRST_ID, FAKE_ZOOM_USER, startFakeZoom, type FakeZoom } from "../server/test/fakeZoom.js";
import { TEACHER, csrfToken, expectNoAxeViolations, signInViaApi, saveShot } from "./helpers.js";
import { obtainTokens, startOidcProvider } from "../server/test/oidcProvider.js";
import { installBridgeDouble } from "./desktopBridgeDouble.js";
import { SSO_TEST_PORT, ZOOM_TEST_CLIENT, ZOOM_TEST_PORT } from "./playwright.config.js";

const card = (page: Page) => page.getByRole("region", { name: "Discuss" });

/** A new public lesson plan of the signed-in profile's; answers its link and title. */
async function createItem(page: Page): Promise<{ link: string; title: string }> {
  const title = `Zz${Date.now().toString(36)} Volcano review`;
  const res = await page.request.post("/lesson-plans/start", { data: { title, introduction: "Made by the Zoom test" }, headers: { "X-CSRF-Token": await csrfToken(page.request) } });
  expect(res.ok(), "create the item").toBeTruthy();
  return { link: ((await res.json()) as { data: { link: string } }).data.link, title };
}

/**
 * Resolves once `popup` has closed. The popup goes through Zoom's (the fake's) pages and closes by itself, quickly: by
 * the time the test gets it, it may be closed already, and waiting for a "close" event then waits the whole timeout.
 */
const closed = (popup: Page): Promise<unknown> => (popup.isClosed() ? Promise.resolve() : popup.waitForEvent("close"));

/** Screenshots of the Discuss card (or of the open dialog over it) at the desktop and phone widths. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    if (!(await page.getByRole("dialog").count())) await page.locator(".discuss-card").scrollIntoViewIfNeeded();
    await saveShot(page, `${name}-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Meetings in a discussion. Zoom cannot be reached from here: the server (e2e/playwright.config.ts) talks to a stand-in
// for Zoom's OAuth endpoints and API that this spec starts on E2E_ZOOM_PORT, and the Connect popup goes through it.
test.describe("Zoom meetings in a discussion", () => {
  let fake: FakeZoom;

  test.beforeAll(async () => {
    fake = await startFakeZoom({ ...ZOOM_TEST_CLIENT, port: ZOOM_TEST_PORT });
  });
  test.afterAll(async () => {
    await fake.close();
  });

  test("a teacher adds a meeting: Connect to Zoom in a popup, the meeting is created without asking again, and the posted comment shows its card", async ({ page }) => {
    fake.switches.webinar = false;
    await signInViaApi(page, TEACHER);
    const { link, title } = await createItem(page);
    await page.goto(link);
    const discuss = card(page);
    const addMeeting = discuss.getByRole("button", { name: "Add meeting" });
    await expect(addMeeting).toBeVisible();
    // Not connected yet, and webinars off: no Add webinar.
    await expect(discuss.getByRole("button", { name: "Add webinar" })).toHaveCount(0);

    // The comment is written first: the meeting dialog's own submit must not send it.
    await discuss.getByRole("textbox", { name: "Start the discussion" }).fill("Let's review the volcano models together.");
    await addMeeting.click();
    const form = page.getByRole("dialog", { name: "Add a Zoom meeting" });
    await expect(form.getByRole("textbox", { name: "Topic" })).toHaveValue(title);
    await shoot(page, "zoom-add-dialog");
    await form.getByRole("button", { name: "Add meeting" }).click();

    // The server answered 1005: the Connect to Zoom dialog explains and offers Connect.
    const connect = page.getByRole("dialog", { name: "Connect to Zoom" });
    await expect(connect).toBeVisible();
    await expect(connect).toContainText("connect your Zoom account");
    await expectNoAxeViolations(page, "Connect to Zoom dialog");
    await shoot(page, "zoom-connect-dialog");
    const meetingsBefore = fake.requests.filter((r) => r.path === "/v2/users/me/meetings").length;
    // The page records the window messages it receives: the popup's confirmation must come as one (the spec's "a window message confirms the connection").
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { zoomMessages: unknown[] }).zoomMessages = seen;
      window.addEventListener("message", (event) => seen.push({ data: event.data, origin: event.origin }));
    });
    const popupOpened = page.waitForEvent("popup");
    await connect.getByRole("button", { name: "Connect" }).click();
    const popup = await popupOpened;
    // The popup went through Zoom's (the fake's) consent page back to the callback, told this page, and closed.
    await closed(popup);
    await expect(connect).toHaveCount(0);
    const messages = await page.evaluate(() => (window as unknown as { zoomMessages: unknown[] }).zoomMessages);
    expect(messages).toContainEqual({ data: { type: "zoom-connected" }, origin: new URL(page.url()).origin });
    await expect(form).toHaveCount(0);
    const authorize = fake.requests.filter((r) => r.path === "/oauth/authorize");
    expect(authorize).toHaveLength(1);
    expect(authorize[0]!.body).toMatchObject({ client_id: ZOOM_TEST_CLIENT.clientId, response_type: "code" });

    // The meeting was created once, by the automatic retry, and sits in the comment being written.
    const draft = discuss.getByRole("region", { name: `Zoom meeting: ${title}` });
    await expect(draft).toContainText("Zoom ID: 857 4635 2311");
    await expect(draft).toContainText(`Host: ${FAKE_ZOOM_USER.display_name}`);
    // Focus is on the new card (the dialogs and their Add meeting button are gone); Remove takes it off, Add meeting comes back focused.
    await expect(draft).toBeFocused();
    expect(fake.requests.filter((r) => r.path === "/v2/users/me/meetings").length).toBe(meetingsBefore + 1);
    // Connected now, and the account has no webinars: still no Add webinar (and no Add meeting while one is added).
    await expect(discuss.getByRole("button", { name: "Add webinar" })).toHaveCount(0);
    await shoot(page, "zoom-draft");
    await expect(discuss).toContainText("No comments yet");
    await expect(discuss.getByRole("textbox", { name: "Start the discussion" })).toHaveValue("Let's review the volcano models together.");

    await discuss.getByRole("button", { name: "Send" }).click();
    const posted = discuss.getByRole("article").filter({ hasText: "Let's review the volcano models together." });
    const meetingCard = posted.getByRole("region", { name: `Zoom meeting: ${title}` });
    await expect(meetingCard).toContainText("Zoom meeting");
    await expect(meetingCard).toContainText(`Zoom ID: 857 4635 2311`);
    const join = meetingCard.getByRole("link", { name: /^Join/ });
    await expect(join).toHaveAttribute("href", `https://zoom.us/j/${FAKE_ZOOM_FIRST_ID}`);
    await expect(join).toHaveAttribute("target", "_blank");
    await expect(join).toHaveAttribute("rel", /noopener/);
    // The form is empty again, its Add meeting back.
    await expect(discuss.getByRole("button", { name: "Add meeting" })).toBeVisible();
    await expectNoAxeViolations(page, "Discuss card with a meeting");
    await shoot(page, "zoom-posted");

    // By keyboard: Add meeting opens its dialog on Enter with the topic focused; Escape closes it and focus is back on the button.
    const again = discuss.getByRole("button", { name: "Add meeting" });
    await again.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Add a Zoom meeting" }).getByRole("textbox", { name: "Topic" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(again).toBeFocused();

    // An account with webinars gets Add webinar (the spec's availableFeatures), after the page loads again.
    fake.switches.webinar = true;
    await page.reload();
    await card(page).getByRole("button", { name: "Add webinar" }).click();
    const webinarForm = page.getByRole("dialog", { name: "Add a Zoom webinar" });
    await webinarForm.getByRole("textbox", { name: "Topic" }).fill("Open day");
    await webinarForm.getByRole("button", { name: "Add webinar" }).click();
    // Connected already: no Connect to Zoom this time.
    const webinar = card(page).getByRole("region", { name: "Zoom webinar: Open day" });
    await expect(webinar).toContainText("Zoom ID: 857 4635 2312");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(fake.requests.filter((r) => r.path === "/oauth/authorize")).toHaveLength(1);
  });

  test("on the desktop (bridge double), Connect to Zoom signs the connect window in with the bearer token, as main does, and the meeting is added", async ({ page, baseURL }) => {
    fake.switches.webinar = false;
    const idp = await startOidcProvider({ port: SSO_TEST_PORT, redirectUris: [`${baseURL}/auth/sso/test/callback`] });
    try {
      const token = (await obtainTokens(idp.issuer)).id_token!;
      await signInViaApi(page, TEACHER);
      const { link, title } = await createItem(page);
      // From here on, only the desktop's bearer token signs anything in: no cookie session.
      await page.context().clearCookies();
      await installBridgeDouble(page, { serverUrl: baseURL!, token, messages: { invalid: "", unreachable: "", notPlatform: "" } });
      // Main adds the token to the server's reads that the server's own pages issue (serverRequestHeaders), the
      // connect window's first request among them; Zoom's pages and the callback get none.
      await page.context().route("**/system/third-party-accounts/zoom/connect", (route) => route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } }));
      await page.goto(link);
      const discuss = card(page);
      await discuss.getByRole("button", { name: "Add meeting" }).click();
      await page.getByRole("dialog", { name: "Add a Zoom meeting" }).getByRole("button", { name: "Add meeting" }).click();
      const connect = page.getByRole("dialog", { name: "Connect to Zoom" });
      const popupOpened = page.waitForEvent("popup");
      await connect.getByRole("button", { name: "Connect" }).click();
      await closed(await popupOpened);
      await expect(discuss.getByRole("region", { name: `Zoom meeting: ${title}` })).toContainText(`Host: ${FAKE_ZOOM_USER.display_name}`);
    } finally {
      await idp.close();
    }
  });
});
