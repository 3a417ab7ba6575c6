import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BEARER_ERRORS, MESSAGES } from "../../../contract/index.js";
import { completeAtProvider, freePort, obtainTokens, startOidcProvider, TEST_ACCOUNT, TEST_CLIENT, TEST_NATIVE_CLIENT, type TestOidcProvider } from "../../test/oidcProvider.js";
import { startTestServer, type TestServer } from "../../test/testServer.js";

describe("bearer tokens from the desktop app (real OpenID provider, real HTTP)", () => {
  let server: TestServer;
  let idp: TestOidcProvider;
  let foreign: TestOidcProvider;
  let idToken: string;

  beforeAll(async () => {
    const port = await freePort();
    const otherPort = await freePort();
    server = await startTestServer({
      env: {
        SSO_PROVIDERS: JSON.stringify([
          { key: "test", label: "Test IdP", issuer: `http://127.0.0.1:${port}`, ...TEST_CLIENT, desktopClientId: TEST_NATIVE_CLIENT.clientId },
          // Same client registrations, but the platform has no desktop client there: its tokens are never accepted.
          { key: "webonly", label: "Web Only", issuer: `http://127.0.0.1:${otherPort}`, ...TEST_CLIENT },
        ]),
      },
    });
    idp = await startOidcProvider({ port, redirectUris: [`${server.url}/auth/sso/test/callback`] });
    foreign = await startOidcProvider({ port: otherPort, redirectUris: [`${server.url}/auth/sso/webonly/callback`] });
    idToken = (await obtainTokens(idp.issuer)).id_token!;
  });
  afterAll(async () => {
    await idp?.close();
    await foreign?.close();
    await server?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const initializeData = (headers: Record<string, string>) => server.client().request("GET", "/getInitializeData", undefined, headers);

  it("lists the provider's desktop client in GET /providers, and none for a provider without one", async () => {
    const res = await server.client().get("/providers");
    expect(res.body.providers).toEqual([
      { key: "test", label: "Test IdP", image: null, url: "/auth/sso/test", desktop: { issuer: idp.issuer, clientId: TEST_NATIVE_CLIENT.clientId } },
      { key: "webonly", label: "Web Only", image: null, url: "/auth/sso/webonly" },
    ]);
  });

  it("signs the request in as the profile linked to the token's subject, the same one the web's SSO signs in", async () => {
    const viaBearer = await initializeData(bearer(idToken));
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.profile).toMatchObject({ name: TEST_ACCOUNT.name });

    // The web's sign-in with the same provider account lands on the same profile (one identity link).
    const web = server.client();
    const start = await web.get("/auth/sso/test");
    const callback = new URL(await completeAtProvider(start.headers.get("location")!));
    expect((await web.get(callback.pathname + callback.search)).status).toBe(302);
    expect((await web.get("/getInitializeData")).body.profile.id).toBe(viaBearer.body.profile.id);

    // A second token for the same person (a new desktop sign-in) is the same profile again.
    const again = await initializeData(bearer((await obtainTokens(idp.issuer)).id_token!));
    expect(again.body.profile.id).toBe(viaBearer.body.profile.id);
  });

  it("needs no CSRF token for a bearer-authenticated write (the cookie-authenticated one still does)", async () => {
    const created = await server.client().request("POST", "/collections/create", { title: "Made on the desktop" }, bearer(idToken));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "success", link: expect.any(String) });

    // A browser with a session cookie (here a guest's, made by fetching the token) must send its CSRF token.
    const browser = server.client();
    await browser.get("/getInitializeData");
    const withoutToken = await browser.request("POST", "/collections/create", { title: "No token" });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.body).toEqual({ message: MESSAGES.csrf });
  });

  it("answers 401 with a message for an expired token", async () => {
    // Only the clock moves: the ID token's 10 minutes are over.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11 * 60_000 });
    const res = await initializeData(bearer(idToken));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: BEARER_ERRORS.expired });
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/);
  });

  it("answers 401 for a token whose signature does not match", async () => {
    const [header, payload] = idToken.split(".");
    const forged = JSON.parse(Buffer.from(payload!, "base64url").toString());
    forged.sub = "someone-else";
    const res = await initializeData(bearer(`${header}.${Buffer.from(JSON.stringify(forged)).toString("base64url")}.${idToken.split(".")[2]}`));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: BEARER_ERRORS.invalid });
  });

  it("answers 401 for a token issued to another client (the web's confidential client: wrong audience)", async () => {
    const webTokens = await obtainTokens(idp.issuer, { ...TEST_CLIENT, redirectUri: `${server.url}/auth/sso/test/callback` });
    const res = await initializeData(bearer(webTokens.id_token!));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: BEARER_ERRORS.invalid });
  });

  it("answers 401 for a token from an issuer without a desktop client here", async () => {
    const foreignTokens = await obtainTokens(foreign.issuer);
    const res = await initializeData(bearer(foreignTokens.id_token!));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: BEARER_ERRORS.invalid });
  });

  it("answers 401 for something that is not a token at all, on reads and writes alike", async () => {
    for (const headers of [bearer("not-a-jwt"), { authorization: "Bearer" }, bearer("a.b.c")]) {
      const res = await initializeData(headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: BEARER_ERRORS.invalid });
    }
    const write = await server.client().request("POST", "/collections/create", { title: "x" }, bearer("not-a-jwt"));
    expect(write.status).toBe(401);
  });

  it("leaves other Authorization schemes alone (a proxy's Basic auth): the cookie session decides", async () => {
    const res = await initializeData({ authorization: "Basic dXNlcjpwYXNz" });
    expect(res.status).toBe(200);
    expect(res.body.profile).toBeNull();
  });
});
