import { afterAll, beforeAll, describe, expect, it } from "vitest";
// Test-only: the same real OpenID provider the server's SSO tests sign in against.
// eslint-disable-next-line no-restricted-imports
import { completeAtProvider, freePort, startOidcProvider, TEST_ACCOUNT, TEST_NATIVE_CLIENT, type TestOidcProvider } from "../../server/test/oidcProvider.js";
import { signInWithLoopback, SignInError } from "./loopbackSignIn.js";

let idp: TestOidcProvider;
beforeAll(async () => {
  idp = await startOidcProvider({ port: await freePort(), redirectUris: ["http://127.0.0.1:1/unused"] });
});
afterAll(async () => {
  await idp?.close();
});

/** What the "browser" saw: the URL it was sent to, and the loopback page it ended on. */
interface BrowserVisit {
  authorizationUrl?: URL;
  callbackUrl?: URL;
  page?: Promise<{ status: number; html: string }>;
}

/**
 * A stand-in for the system browser: follows the provider's redirects (its interaction signs the test account in
 * at once) to the loopback callback, optionally changes that URL, and loads it. Like shell.openExternal, it returns
 * as soon as the browser was told to go.
 */
function browser(visit: BrowserVisit, tamper: (callback: URL) => void = () => {}) {
  return async (url: string) => {
    visit.authorizationUrl = new URL(url);
    visit.page = completeAtProvider(url).then(async (callback) => {
      visit.callbackUrl = new URL(callback);
      tamper(visit.callbackUrl);
      const res = await fetch(visit.callbackUrl);
      return { status: res.status, html: await res.text() };
    });
  };
}

const signIn = (openExternal: (url: string) => Promise<void>, timeoutMs = 10_000) =>
  signInWithLoopback({ issuer: idp.issuer, clientId: TEST_NATIVE_CLIENT.clientId, scope: "openid profile email", openExternal, timeoutMs });

/** Whether anything still listens at the loopback redirect (it must not once the sign-in is over). */
const stillListening = (redirectUri: string) => fetch(redirectUri).then(() => true, () => false);

describe("signInWithLoopback (against a real OpenID provider)", () => {
  it("signs the test account in through the browser and returns its tokens", async () => {
    const visit: BrowserVisit = {};
    const before = Date.now();
    const tokens = await signIn(browser(visit));

    expect(tokens.claims.sub).toBe(TEST_ACCOUNT.sub);
    expect(tokens.claims.iss).toBe(idp.issuer);
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.id_token.split(".")).toHaveLength(3);
    expect(tokens.expires_at).toBeGreaterThan(before);

    const params = visit.authorizationUrl!.searchParams;
    expect(params.get("client_id")).toBe(TEST_NATIVE_CLIENT.clientId);
    expect(params.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();

    const page = await visit.page!;
    expect(page.status).toBe(200);
    expect(page.html).toContain("You can close this window");
    expect(await stillListening(params.get("redirect_uri")!)).toBe(false);
  });

  it("refuses a callback with the wrong state, and tells the browser", async () => {
    const visit: BrowserVisit = {};
    const result = signIn(browser(visit, (callback) => callback.searchParams.set("state", "not-the-state")));
    await expect(result).rejects.toThrow(/wrong state/);
    await expect(result).rejects.toBeInstanceOf(SignInError);
    const page = await visit.page!;
    expect(page.status).toBe(400);
    expect(page.html).toContain("Sign-in failed");
    expect(visit.callbackUrl!.searchParams.get("code")).toBeTruthy();
  });

  it("times out when the browser never comes back, and stops listening", async () => {
    let authorizationUrl: URL | undefined;
    const result = signIn(async (url) => {
      authorizationUrl = new URL(url);
    }, 300);
    await expect(result).rejects.toThrow(/timed out/);
    expect(await stillListening(authorizationUrl!.searchParams.get("redirect_uri")!)).toBe(false);
  });
});
