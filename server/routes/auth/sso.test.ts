import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSO_ERRORS } from "../../../contract/index.js";
import { completeAtProvider, freePort, startOidcProvider, TEST_ACCOUNT, TEST_CLIENT, type TestOidcProvider } from "../../test/oidcProvider.js";
import { startTestServer, type Answer, type TestClient, type TestServer } from "../../test/testServer.js";

describe("single sign-on (OpenID Connect against a real provider)", () => {
  let server: TestServer;
  let idp: TestOidcProvider;
  let foreign: TestOidcProvider;

  beforeAll(async () => {
    // The platform reads SSO_PROVIDERS at start, and the provider needs the platform's callback URL: pick the
    // provider's port first, start the platform, then the provider on that port.
    const port = await freePort();
    const nobodyListens = await freePort();
    const providers = [
      { key: "test", label: "Test IdP", issuer: `http://127.0.0.1:${port}`, ...TEST_CLIENT },
      { key: "down", label: "Down IdP", image: "/images/down.svg", issuer: `http://127.0.0.1:${nobodyListens}`, ...TEST_CLIENT },
    ];
    server = await startTestServer({ env: { SSO_PROVIDERS: JSON.stringify(providers) } });
    const callback = `${server.url}/auth/sso/test/callback`;
    idp = await startOidcProvider({ port, redirectUris: [callback] });
    // Another issuer with the same client registration, whose answers must not be accepted for "test".
    foreign = await startOidcProvider({ port: await freePort(), redirectUris: [callback] });
  });
  afterAll(async () => {
    await idp?.close();
    await foreign?.close();
    await server?.stop();
  });

  /** Starts a sign-in in the client's session; returns the authorization URL it was sent to. */
  const startSignIn = async (client: TestClient, query = ""): Promise<URL> => {
    const res = await client.get(`/auth/sso/test${query}`);
    expect(res.status).toBe(302);
    return new URL(res.headers.get("location")!);
  };
  /** Brings the provider's redirect back to the platform in the client's session. */
  const deliver = (client: TestClient, callbackUrl: string) => {
    const url = new URL(callbackUrl);
    expect(url.origin + url.pathname).toBe(`${server.url}/auth/sso/test/callback`);
    return client.get(url.pathname + url.search);
  };
  const signedIn = async (client: TestClient) => (await client.get("/getInitializeData")).body.profile;
  const expectRejected = async (res: Answer, client: TestClient) => {
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/auth\/login\?sso_error=.+/);
    expect(await signedIn(client)).toBeNull();
  };
  const withParam = (url: URL, name: string, value: string | null) => {
    const copy = new URL(url);
    if (value === null) copy.searchParams.delete(name);
    else copy.searchParams.set(name, value);
    return copy.href;
  };

  it("lists the configured providers without their secrets", async () => {
    const res = await server.client().get("/providers");
    expect(res.body).toEqual({
      providers: [
        { key: "test", label: "Test IdP", image: null, url: "/auth/sso/test" },
        { key: "down", label: "Down IdP", image: "/images/down.svg", url: "/auth/sso/down" },
      ],
    });
  });

  it("sends the browser back to the login page when the provider cannot be reached", async () => {
    const client = server.client();
    const res = await client.get("/auth/sso/down");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth/login?sso_error=${encodeURIComponent(SSO_ERRORS.unavailable)}`);
  });

  it("answers 404 for an unknown provider", async () => {
    const res = await server.client().get("/auth/sso/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found." });
    expect((await server.client().get("/auth/sso/nope/callback?code=x&state=y")).status).toBe(404);
  });

  it("sends the browser to the provider with PKCE S256, state and nonce", async () => {
    const url = await startSignIn(server.client());
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("client_id")).toBe(TEST_CLIENT.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.url}/auth/sso/test/callback`);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
  });

  it("signs a new person in, creating a member profile, and reuses it the next time", async () => {
    const client = server.client();
    const callback = await completeAtProvider((await startSignIn(client, `?redirect=${encodeURIComponent("/search/?st=water")}`)).href);
    const res = await deliver(client, callback);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/search/?st=water");
    const profile = await signedIn(client);
    expect(profile).toMatchObject({ name: TEST_ACCOUNT.name, username: "sso.tester" });

    const again = server.client();
    const second = await deliver(again, await completeAtProvider((await startSignIn(again, "?redirect=//evil.example/")).href));
    expect(second.headers.get("location")).toBe("/search/");
    expect((await signedIn(again)).id).toBe(profile.id);
    const rows = await server.db.selectFrom("profiles").select("id").where("email", "=", TEST_ACCOUNT.email).execute();
    expect(rows).toHaveLength(1);
    const identities = await server.db.selectFrom("identities").selectAll().execute();
    expect(identities).toEqual([expect.objectContaining({ provider: "test", subject: TEST_ACCOUNT.sub, profile_id: profile.id })]);
  });

  it("answers POST /auth for an SSO-only account with the provider's redirect", async () => {
    const res = await server.client().post("/auth", { username: "sso.tester", password: "whatever" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      redirect: "/auth/sso/test",
      remember_key: "sso-test",
      heading: "Sign in with Test IdP",
      message: "Your account uses Test IdP. Continue to sign in there.",
      cta: "Connect",
      show_relogin_button: true,
    });
  });

  it("rejects a callback with a wrong or missing state", async () => {
    for (const state of ["not-the-state", null]) {
      const client = server.client();
      const callback = new URL(await completeAtProvider((await startSignIn(client)).href));
      await expectRejected(await deliver(client, withParam(callback, "state", state)), client);
    }
  });

  it("rejects an ID token whose nonce is not the session's", async () => {
    const client = server.client();
    const url = await startSignIn(client);
    await expectRejected(await deliver(client, await completeAtProvider(withParam(url, "nonce", "another-nonce-value"))), client);
  });

  it("rejects a sign-in whose PKCE verifier does not match the challenge, or that has no challenge", async () => {
    const client = server.client();
    const otherChallenge = crypto.createHash("sha256").update("some-other-verifier-of-enough-length-0123456789").digest("base64url");
    await expectRejected(await deliver(client, await completeAtProvider(withParam(await startSignIn(client), "code_challenge", otherChallenge))), client);

    // Without a challenge the provider (PKCE required) refuses and says so in the redirect.
    const noPkce = new URL(withParam(await startSignIn(client), "code_challenge", null));
    noPkce.searchParams.delete("code_challenge_method");
    const res = await deliver(client, await completeAtProvider(noPkce.href));
    await expectRejected(res, client);
    expect(res.headers.get("location")).toBe(`/auth/login?sso_error=${encodeURIComponent(SSO_ERRORS.refused)}`);
  });

  it("rejects a replayed callback", async () => {
    const client = server.client();
    const callback = await completeAtProvider((await startSignIn(client)).href);
    expect((await deliver(client, callback)).headers.get("location")).toBe("/search/");
    const replay = await deliver(client, callback);
    expect(replay.headers.get("location")).toBe(`/auth/login?sso_error=${encodeURIComponent(SSO_ERRORS.expired)}`);

    const attacker = server.client();
    await startSignIn(attacker);
    await expectRejected(await deliver(attacker, callback), attacker);
  });

  it("rejects an answer from another issuer", async () => {
    const client = server.client();
    const url = await startSignIn(client);
    const atForeign = new URL(url.pathname + url.search, foreign.issuer);
    const callback = await completeAtProvider(atForeign.href);
    expect(new URL(callback).searchParams.get("code")).toBeTruthy();
    await expectRejected(await deliver(client, callback), client);
  });
});
