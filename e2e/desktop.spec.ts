import { expect, test, type Page, type Request } from "@playwright/test";
import { serverUrlMessages } from "../electron/ipc/handlers.js";
import { MESSAGES, SERVER_URL_REQUIRED, SIGN_OUT_MESSAGES } from "../contract/index.js";
import { obtainTokens, startOidcProvider, TEST_ACCOUNT, type TestOidcProvider } from "../server/test/oidcProvider.js";
import { bridgeCalls, installBridgeDouble, setBridgeToken, type BridgeDoubleOptions } from "./desktopBridgeDouble.js";
import { expectNoAxeViolations, openAccountMenu, submitSearch, saveShot } from "./helpers.js";
import { SSO_TEST_PORT } from "./playwright.config.js";

const messages: BridgeDoubleOptions["messages"] = {
  invalid: serverUrlMessages.invalid,
  unreachable: serverUrlMessages.unreachable("{url}"),
  notPlatform: serverUrlMessages.notPlatform("{url}"),
};

let idp: TestOidcProvider;
/** A real ID token for the desktop's client, from a real code + PKCE flow: what main would hand out after signIn. */
let desktopToken: string;

test.beforeAll(async ({ baseURL }) => {
  idp = await startOidcProvider({ port: SSO_TEST_PORT, redirectUris: [`${baseURL}/auth/sso/test/callback`] });
  desktopToken = (await obtainTokens(idp.issuer)).id_token!;
});
test.afterAll(async () => {
  await idp?.close();
});

/** Every API request the page makes, to look at its headers. */
function recordApiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (/\/(getInitializeData|providers|app\/config|api\/|auth\/logout)/.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test.describe("desktop paths (window.desktop supplied by a test double)", () => {
  test("first run: the app asks for the server address, refuses a wrong one with the desktop's message, and opens a platform server", async ({ page, baseURL }) => {
    await installBridgeDouble(page, { serverUrl: null, messages });
    await page.goto("/search/");

    const heading = page.getByRole("heading", { name: "Connect to a server", level: 1 });
    await expect(heading).toBeVisible();
    const address = page.getByRole("textbox", { name: "Server address" });
    await expect(address).toBeFocused();
    await expectNoAxeViolations(page, "first-run server address screen");
    await saveShot(page, `desktop-first-run.png`);

    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText(SERVER_URL_REQUIRED)).toBeVisible();

    // Nothing listens on port 9 of this machine.
    await address.fill("http://127.0.0.1:9");
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByText(serverUrlMessages.unreachable("http://127.0.0.1:9"))).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await saveShot(page, `desktop-first-run-error.png`);

    await address.fill(`${baseURL}/`);
    await page.getByRole("button", { name: "Connect" }).click();
    await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
    expect((await bridgeCalls(page)).filter(([method]) => method === "setServerUrl")).toEqual([
      ["setServerUrl", "http://127.0.0.1:9"],
      ["setServerUrl", `${baseURL}/`],
    ]);
  });

  test("while a sign-in waits in the browser the page says where to finish it, and choosing the provider again starts over (a closed tab)", async ({ page, baseURL }) => {
    await installBridgeDouble(page, { serverUrl: baseURL!, token: null, tokenAfterSignIn: desktopToken, signInResult: { ok: true, name: TEST_ACCOUNT.name }, firstSignInAbandoned: true, messages });
    await page.goto("/auth/login");
    const provider = page.getByRole("link", { name: "Test IdP Sign In" });

    await provider.click();
    await expect(page.getByRole("status").filter({ hasText: "Finish signing in with Test IdP in your browser. Closed it? Choose Test IdP again to start over." })).toBeVisible();
    await expect(provider).toHaveAttribute("aria-busy", "true");
    await saveShot(page, `desktop-sign-in-waiting.png`, { fullPage: true });

    await provider.click();
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
    expect((await bridgeCalls(page)).filter(([method]) => method === "signIn")).toEqual([
      ["signIn", "test"],
      ["signIn", "test"],
    ]);
  });

  test("the provider's button signs in through the bridge; API calls then carry the bearer token, which the server accepts", async ({ page, baseURL }) => {
    await installBridgeDouble(page, { serverUrl: baseURL!, token: null, tokenAfterSignIn: desktopToken, signInResult: { ok: true, name: TEST_ACCOUNT.name }, messages });
    const requests = recordApiRequests(page);
    await page.goto("/auth/login");

    await page.getByRole("link", { name: "Test IdP Sign In" }).click();

    // No page navigation to the web's /auth/sso/test: main signed in through the system browser.
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
    expect((await bridgeCalls(page)).filter(([method]) => method === "signIn")).toEqual([["signIn", "test"]]);
    expect(requests.some((r) => new URL(r.url()).pathname.startsWith("/auth/sso/"))).toBe(false);

    const afterSignIn = requests.filter((r) => r.headers().authorization);
    expect(afterSignIn.length).toBeGreaterThan(0);
    for (const request of afterSignIn) {
      expect(request.headers().authorization).toBe(`Bearer ${desktopToken}`);
      expect(request.headers()["x-csrf-token"]).toBeUndefined();
    }

    // Sign out: the server is told, with the token, and the bridge forgets the sign-in.
    await openAccountMenu(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    expect((await bridgeCalls(page)).some(([method]) => method === "signOut")).toBe(true);
    const logout = requests.find((r) => new URL(r.url()).pathname === "/auth/logout");
    expect(logout?.headers().authorization).toBe(`Bearer ${desktopToken}`);

    // The provider signed in with is now a saved re-login button, shown first.
    await page.goto("/auth/login");
    const saved = page.getByRole("region", { name: "Sign in again" });
    await expect(saved.getByRole("link", { name: "Test IdP Sign In" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Or sign in with" }).getByRole("link")).toHaveText(["School Sign In"]);
    await saveShot(page, `desktop-login-saved-relogin.png`, { fullPage: true });
  });

  test("a token the server refuses is renewed once through the bridge and the call sent again", async ({ page, baseURL }) => {
    // The server answers "Your sign-in is not valid" for this one; main's refresh gives a real token.
    const refused = "not.a.token";
    await installBridgeDouble(page, { serverUrl: baseURL!, token: refused, tokenAfterRefresh: desktopToken, messages });
    const requests = recordApiRequests(page);
    await page.goto("/search/");

    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
    const calls = await bridgeCalls(page);
    // The page's first calls were all refused at once; they shared one renewal.
    expect(calls.filter(([method]) => method === "refreshAccessToken")).toEqual([["refreshAccessToken", refused]]);
    expect(calls.some(([method]) => method === "signOut")).toBe(false);
    const initialize = requests.filter((r) => new URL(r.url()).pathname === "/getInitializeData").map((r) => r.headers().authorization);
    expect(initialize.slice(0, 2)).toEqual([`Bearer ${refused}`, `Bearer ${desktopToken}`]);
  });

  test("sign-out with an unreachable server and a keychain that will not delete: signed out at once, both told plainly", async ({ page, baseURL }) => {
    await installBridgeDouble(page, { serverUrl: baseURL!, token: desktopToken, signOutResult: { ok: false, message: SIGN_OUT_MESSAGES.keychainNotRemoved }, messages });
    await page.goto("/search/");
    const banner = page.getByRole("banner");
    await expect(banner.getByText(TEST_ACCOUNT.name)).toBeVisible();
    // The server cannot be reached from here on.
    await page.route("**/auth/logout", (route) => route.abort("connectionrefused"));
    await page.route("**/getInitializeData", (route) => route.abort("connectionrefused"));

    await openAccountMenu(page);
    await banner.getByRole("button", { name: "Sign out" }).click();
    await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(banner.getByText(TEST_ACCOUNT.name)).toHaveCount(0);
    await expect(page.getByText(SIGN_OUT_MESSAGES.keychainNotRemoved)).toBeVisible();
    await expect(page.getByText(SIGN_OUT_MESSAGES.serverUnreached)).toBeVisible();
    await expect(page.getByText(MESSAGES.unexpected)).toHaveCount(0);
    expect((await bridgeCalls(page)).filter(([method]) => method === "signOut")).toHaveLength(1);
  });

  test("mid-session, a refused token that cannot be renewed signs out through the bridge and shows the login page", async ({ page, baseURL }) => {
    await installBridgeDouble(page, { serverUrl: baseURL!, token: desktopToken, tokenAfterRefresh: null, messages });
    await page.goto("/search/");
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();

    // The sign-in stops being valid (revoked at the provider, say): the next API call is refused.
    await setBridgeToken(page, "revoked.id.token");
    await submitSearch(page, "ponds");

    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsearch%2F/);
    await expect(page.getByRole("link", { name: "Test IdP Sign In" })).toBeVisible();
    const calls = await bridgeCalls(page);
    expect(calls.filter(([method]) => method === "refreshAccessToken")).toEqual([["refreshAccessToken", "revoked.id.token"]]);
    expect(calls.filter(([method]) => method === "signOut")).toHaveLength(1);
    await saveShot(page, `desktop-signed-out-after-refusal.png`);
  });

  test("a desktop sign-in that fails shows the bridge's message and stays signed out", async ({ page, baseURL }) => {
    const message = "Sign-in timed out: the browser did not come back within 300 seconds.";
    await installBridgeDouble(page, { serverUrl: baseURL!, token: null, signInResult: { ok: false, message }, messages });
    await page.goto("/auth/login");

    await page.getByRole("link", { name: "School Sign In" }).click();

    await expect(page.getByRole("alert")).toHaveText(message);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole("region", { name: "Sign in again" })).toHaveCount(0);
  });
});

test.describe("web paths (no window.desktop)", () => {
  test("the provider's button leaves for the provider, API calls carry no bearer token, and the provider is saved as a re-login button", async ({ page }) => {
    const requests = recordApiRequests(page);
    await page.goto("/auth/login");
    await expect(page.getByRole("heading", { name: "Connect to a server" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Sign in again" })).toHaveCount(0);

    await page.getByRole("link", { name: "Test IdP Sign In" }).click();
    await expect(page).toHaveURL(/\/search\/$/);
    await expect(page.getByRole("banner").getByText(TEST_ACCOUNT.name)).toBeVisible();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.headers().authorization === undefined)).toBe(true);

    await openAccountMenu(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/auth/login");
    const saved = page.getByRole("region", { name: "Sign in again" });
    await expect(saved.getByRole("link", { name: "Test IdP Sign In" })).toBeVisible();
    await expectNoAxeViolations(page, "login page with a saved re-login button");

    // It can be forgotten on this device.
    await saved.getByRole("button", { name: "Forget Test IdP on this device" }).click();
    await expect(saved).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Or sign in with" }).getByRole("link")).toHaveText(["Test IdP Sign In", "School Sign In"]);
  });
});
