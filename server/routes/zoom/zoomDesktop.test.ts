import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZOOM_CONNECT_PATH, ZOOM_MESSAGES } from "../../../contract/index.js";
import { startFakeZoom, type FakeZoom } from "../../test/fakeZoom.js";
import { freePort, obtainTokens, startOidcProvider, TEST_CLIENT, TEST_NATIVE_CLIENT, type TestOidcProvider } from "../../test/oidcProvider.js";
import { startTestServer, type TestServer } from "../../test/testServer.js";

const CLIENT_ID = "zoom-client-id";
const CLIENT_SECRET = "zoom-client-secret";

// The desktop app is signed in by a bearer token, which its main process adds to the server's own pages' reads: the
// connect window's first request carries it, but the callback arrives from Zoom's pages without it (and without any
// cookie sign-in: the desktop has none). The pending connection must then stand for the profile that started it.
describe("Connect to Zoom from the desktop app (bearer sign-in, real HTTP)", () => {
  let server: TestServer;
  let idp: TestOidcProvider;
  let fake: FakeZoom;
  let idToken: string;

  beforeAll(async () => {
    const port = await freePort();
    fake = await startFakeZoom({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    server = await startTestServer({
      env: {
        SSO_PROVIDERS: JSON.stringify([{ key: "test", label: "Test IdP", issuer: `http://127.0.0.1:${port}`, ...TEST_CLIENT, desktopClientId: TEST_NATIVE_CLIENT.clientId }]),
        ZOOM_CLIENT_ID: CLIENT_ID,
        ZOOM_CLIENT_SECRET: CLIENT_SECRET,
        ZOOM_OAUTH_URL: fake.url,
        ZOOM_API_URL: `${fake.url}/v2`,
      },
    });
    idp = await startOidcProvider({ port, redirectUris: [`${server.url}/auth/sso/test/callback`] });
    idToken = (await obtainTokens(idp.issuer)).id_token!;
  });
  afterAll(async () => {
    await idp?.close();
    await server?.stop();
    await fake?.close();
  });

  const bearer = () => ({ authorization: `Bearer ${idToken}` });

  /** The connect window's trip: the bearer-signed connect, Zoom's approval, and the callback as Zoom sends it back. */
  async function throughZoom(connectWith: ReturnType<TestServer["client"]>) {
    const start = await connectWith.request("GET", ZOOM_CONNECT_PATH, undefined, { ...bearer(), accept: "text/html" });
    expect(start.status).toBe(302);
    const approved = await fetch(start.headers.get("location")!, { redirect: "manual" });
    return new URL(approved.headers.get("location")!);
  }

  it("connects the bearer's profile when the callback comes back to the same window without the token", async () => {
    const window = server.client();
    const back = await throughZoom(window);
    const callback = await window.request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect(callback.status).toBe(200);
    expect(String(callback.body)).toContain(ZOOM_MESSAGES.connected);

    const me = await server.client().request("GET", "/getInitializeData", undefined, bearer());
    const rows = await server.db.selectFrom("third_party_accounts").select("profile_id").where("provider", "=", "zoom").execute();
    expect(rows).toEqual([{ profile_id: me.body.profile.id }]);
    // The desktop's API calls now find the connection.
    const user = await server.client().request("GET", "/system/zoom/user", undefined, bearer());
    expect(user.body).toMatchObject({ token_available: true });
  });

  it("does not let another browser, or a replay, complete the desktop's connection", async () => {
    await server.db.deleteFrom("third_party_accounts").execute();
    const window = server.client();
    const back = await throughZoom(window);
    const elsewhere = await server.client().request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect(elsewhere.status).toBe(401);
    expect(String(elsewhere.body)).toContain(ZOOM_MESSAGES.signedOut);
    const forged = new URL(back);
    forged.searchParams.set("state", "not-the-state");
    const bad = await window.request("GET", forged.pathname + forged.search, undefined, { accept: "text/html" });
    expect(bad.status).toBe(400);
    const replay = await window.request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect(replay.status).toBe(401);
    expect(await server.db.selectFrom("third_party_accounts").select("id").execute()).toEqual([]);
  });
});
