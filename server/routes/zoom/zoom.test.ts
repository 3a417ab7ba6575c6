import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES, ZOOM_CALLBACK_PATH, ZOOM_CONNECTED_MESSAGE, ZOOM_CONNECT_PATH, ZOOM_CONNECTED_SCRIPT_PATH, ZOOM_FEATURE, ZOOM_MESSAGES, ZOOM_REAUTHORIZE_CODE } from "../../../contract/index.js";
import { SecretBox } from "../../lib/secretBox.js";
import { getConfigValue } from "../../models/appConfig.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildSignedInClient, statusesByRole } from "../../test/factories.js";
import { FAKE_ZOOM_FIRST_ID, FAKE_ZOOM_USER, startFakeZoom, type FakeZoom } from "../../test/fakeZoom.js";
import { startTestServer, type TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

const CLIENT_ID = "zoom-client-id";
const CLIENT_SECRET = "zoom-client-secret";
const USER = "/system/zoom/user";
const SETTINGS = "/system/zoom/user-settings";
const MEETINGS = "/system/zoom/meetings";
const WEBINARS = "/system/zoom/webinars";
const REAUTHORIZE = { message: ZOOM_MESSAGES.reauthorize, code: ZOOM_REAUTHORIZE_CODE };

/**
 * Goes through the Connect to Zoom popup as a browser would: the connect call's redirect to Zoom, Zoom's (the fake's)
 * approval back to the callback, and the callback's page. Answers the callback's answer.
 */
async function connect(client: TestClient): Promise<{ status: number; body: string; authorize: URL; headers: Headers }> {
  const start = await client.get(ZOOM_CONNECT_PATH);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get("location")!);
  const approved = await fetch(authorize, { redirect: "manual" });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location")!);
  const res = await client.request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
  return { status: res.status, body: String(res.body), authorize, headers: res.headers };
}

// Meetings through Zoom. Zoom cannot be reached from here, so the server talks to a stand-in for its OAuth endpoints
// and API on 127.0.0.1 (server/test/fakeZoom.ts), through ZOOM_OAUTH_URL and ZOOM_API_URL.
describe("Zoom meetings", () => {
  let fake: FakeZoom;
  beforeAll(async () => {
    fake = await startFakeZoom({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  });
  afterAll(() => fake.close());
  const { server, cast } = useCast(() => ({ env: { ZOOM_CLIENT_ID: CLIENT_ID, ZOOM_CLIENT_SECRET: CLIENT_SECRET, ZOOM_OAUTH_URL: fake.url, ZOOM_API_URL: `${fake.url}/v2`, ZOOM_TIMEOUT_MS: "500" } }));
  const fits = apiReferenceCheck();
  beforeEach(() => {
    Object.assign(fake.switches, { expiresIn: 3600, refuseRefresh: false, refuseCode: false, webinar: true, apiFailure: null });
  });

  it("answers guests 401 on every call (Zoom is not asked) and signed-in people without a token code 1005, every role alike", async () => {
    const asked = fake.requests.length;
    for (const [method, path] of [["get", USER], ["get", SETTINGS], ["post", MEETINGS], ["post", WEBINARS], ["get", ZOOM_CONNECT_PATH]] as const) {
      const res = method === "get" ? await cast.clients.guest.get(path) : await cast.clients.guest.post(path, { topic: "Hi" });
      fits(method, path, res);
      expect([res.status, res.body.message], path).toEqual([401, MESSAGES.signInRequired]);
    }
    expect(fake.requests.length).toBe(asked);
    expect(await statusesByRole(cast.clients, (c) => c.post(MEETINGS, { topic: "Hi" }))).toEqual({ owner: 401, member: 401, leader: 401, groupie: 401, moderator: 401, admin: 401, guest: 401 });
    const noToken = await cast.clients.member.post(MEETINGS, { topic: "Hi" });
    fits("post", MEETINGS, noToken);
    expect([noToken.status, noToken.body]).toEqual([401, REAUTHORIZE]);
    const settings = await cast.clients.member.get(SETTINGS);
    fits("get", SETTINGS, settings);
    expect([settings.status, settings.body]).toEqual([401, REAUTHORIZE]);
    const user = await cast.clients.member.get(USER);
    fits("get", USER, user);
    expect([user.status, user.body]).toEqual([200, { token_available: false, name: null, email: null }]);
    expect(fake.requests.length).toBe(asked);
    expect((await server.client().get("/app/config")).body.features[ZOOM_FEATURE]).toBe(true);
  });

  it("connects: redirects to Zoom with the site's client, exchanges the code with client authentication, keeps the tokens encrypted and tells the opener", async () => {
    const member = cast.clients.member;
    const { status, body, authorize, headers } = await connect(member);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/oauth/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({ response_type: "code", client_id: CLIENT_ID, redirect_uri: `${server.url}/system/third-party-accounts/zoom/callback`, state: expect.stringMatching(/^[\w-]{32}$/) });
    expect(status).toBe(200);
    expect(body).toContain(ZOOM_MESSAGES.connected);
    // No inline script (the CSP allows none): the page loads the script of our own origin, which posts the message.
    expect(body).toContain(`<script src="${ZOOM_CONNECTED_SCRIPT_PATH}" defer></script>`);
    expect(body).not.toMatch(/<script>/);
    // The popup arrives from Zoom's pages: this page must not cut it off from its opener (the app's pages may not either).
    expect(headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect((await member.get("/app/config")).headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    const script = await member.download(ZOOM_CONNECTED_SCRIPT_PATH);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(script.bytes.toString()).toContain(`window.opener.postMessage(message, window.location.origin)`);
    expect(script.bytes.toString()).toContain(JSON.stringify(ZOOM_CONNECTED_MESSAGE));
    const exchange = fake.requests.filter((r) => r.path === "/oauth/token").at(-1)!;
    expect(exchange.authorization).toBe(`Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`);
    expect(exchange.body).toMatchObject({ grant_type: "authorization_code", redirect_uri: `${server.url}/system/third-party-accounts/zoom/callback` });

    const rows = await server.db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", cast.member.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider).toBe("zoom");
    // The raw columns hold no token the fake issued.
    const issued = [...fake.validTokens];
    expect(issued.length).toBeGreaterThan(0);
    for (const token of issued) expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.access_token.startsWith("v1:")).toBe(true);
    expect(rows[0]!.refresh_token!.startsWith("v1:")).toBe(true);

    const user = await member.get(USER);
    fits("get", USER, user);
    expect(user.body).toEqual({ token_available: true, name: FAKE_ZOOM_USER.display_name, email: FAKE_ZOOM_USER.email });
    expect(fake.requests.at(-1)!.authorization).toMatch(/^Bearer fake-access-/);
    // Connecting again replaces the tokens (one row per profile and provider).
    expect((await connect(member)).status).toBe(200);
    expect(await server.db.selectFrom("third_party_accounts").select("id").where("profile_id", "=", cast.member.id).execute()).toHaveLength(1);
  });

  it("seals the tokens with a key the database does not hold: not the session secret it keeps, the Zoom app's client secret", async () => {
    const member = cast.clients.member;
    expect((await connect(member)).status).toBe(200);
    const row = await server.db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", cast.member.id).executeTakeFirstOrThrow();
    const issued = [...fake.validTokens];
    // Someone with a copy of the database has its session secret (app_config) and the sealed token: it opens nothing.
    const storedSecret = await getConfigValue<string | null>(server.db, "session_secret", null);
    expect(typeof storedSecret).toBe("string");
    expect(new SecretBox(String(storedSecret), "third-party-account-tokens").open(row.access_token)).toBeNull();
    expect(issued).toContain(new SecretBox(CLIENT_SECRET, "third-party-account-tokens").open(row.access_token));
  });

  it("refuses a callback with a state this session did not start, or none, or used before, with a short page", async () => {
    const client = cast.clients.leader;
    const start = await client.get(ZOOM_CONNECT_PATH);
    const approved = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(approved.headers.get("location")!);
    const forged = new URL(back);
    forged.searchParams.set("state", "not-the-state");
    const bad = await client.request("GET", forged.pathname + forged.search, undefined, { accept: "text/html" });
    expect(bad.status).toBe(400);
    expect(String(bad.body)).toContain(ZOOM_MESSAGES.badState);
    expect(String(bad.body)).not.toContain("<script");
    // The forged try used the pending state up: the real answer no longer counts either.
    const replay = await client.request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect(replay.status).toBe(400);
    // Another person's browser cannot complete someone's connection.
    const other = await cast.clients.groupie.request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect(other.status).toBe(400);
    // A browser whose session ended while Zoom asked gets a page that says so, not JSON.
    const guest = await server.client().request("GET", back.pathname + back.search, undefined, { accept: "text/html" });
    expect([guest.status, guest.headers.get("content-type")?.split(";")[0]]).toEqual([401, "text/html"]);
    expect(String(guest.body)).toContain(ZOOM_MESSAGES.signedOut);
    expect(await server.db.selectFrom("third_party_accounts").select("id").where("profile_id", "in", [cast.leader.id, cast.groupie.id]).execute()).toEqual([]);
  });

  it("shows a short error page (no stack, no tokens stored) when Zoom refuses the code or denies the connection", async () => {
    const client = cast.clients.groupie;
    fake.switches.refuseCode = true;
    const refused = await connect(client);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(ZOOM_MESSAGES.connectFailed);
    expect(refused.body).not.toMatch(/at \w+ \(|Error:/);
    // Zoom's denial comes back with an error and no code.
    await client.get(ZOOM_CONNECT_PATH);
    const start = await client.get(ZOOM_CONNECT_PATH);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const denied = await client.request("GET", `/system/third-party-accounts/zoom/callback?error=access_denied&state=${state}`, undefined, { accept: "text/html" });
    expect(denied.status).toBe(400);
    expect(String(denied.body)).toContain(ZOOM_MESSAGES.connectFailed);
    expect(await server.db.selectFrom("third_party_accounts").select("id").where("profile_id", "=", cast.groupie.id).execute()).toEqual([]);
  });

  it("creates a meeting through Zoom and answers its details; a comment carries it by id, only its creator's and only once", async () => {
    const owner = cast.clients.owner;
    await connect(owner);
    const res = await owner.post(MEETINGS, { topic: "  Volcano review ", start_time: "2026-12-01T15:00:00+01:00", duration: 45 });
    fits("post", MEETINGS, res);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ owner: { name: FAKE_ZOOM_USER.display_name }, type: "meeting", topic: "Volcano review", join_url: expect.stringMatching(/^https:\/\/zoom\.us\/j\/\d+$/), start_time: "2026-12-01T14:00:00Z" });
    expect(res.body.zoom_id).toMatch(/^\d{11}$/);
    expect(Number(res.body.zoom_id)).toBeGreaterThanOrEqual(FAKE_ZOOM_FIRST_ID);
    const sent = fake.requests.filter((r) => r.path === "/v2/users/me/meetings").at(-1)!;
    expect(sent.body).toEqual({ topic: "Volcano review", type: 2, start_time: "2026-12-01T14:00:00Z", duration: 45 });
    // Without a start time, an instant meeting.
    const instant = await owner.post(MEETINGS, { topic: "Now" });
    expect(instant.status).toBe(201);
    expect(fake.requests.filter((r) => r.path === "/v2/users/me/meetings").at(-1)!.body).toEqual({ topic: "Now", type: 1 });

    const item = await buildContent(server.db, { ownerId: cast.owner.id, title: "Volcano Model" });
    // Someone else cannot post the owner's meeting.
    const stolen = await cast.clients.member.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Mine now", meeting_id: res.body.id });
    expect([stolen.status, stolen.body.errors]).toEqual([422, { meeting_id: [ZOOM_MESSAGES.meetingNotYours] }]);
    const posted = await owner.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Join us", meeting_id: res.body.id });
    fits("post", "/comment/thread/comment", posted);
    expect(posted.status).toBe(201);
    expect(posted.body.meeting).toEqual(res.body);
    const again = await owner.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Twice", meeting_id: res.body.id });
    expect(again.status).toBe(422);
    // A reply carries one too.
    const reply = await owner.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Or join now", reply_to: posted.body.id, meeting_id: instant.body.id });
    expect([reply.status, reply.body.meeting?.zoom_id]).toEqual([201, instant.body.zoom_id]);
    // Nothing was posted by the refused calls, and the thread shows the meeting to its readers.
    const thread = await cast.clients.member.post("/comment/thread/bulk", { requests: [{ uniqueId: "t", request: { opaque_id: item.opaque_id } }] });
    expect(thread.body.results.t.comments.map((c: { content: string; meeting: unknown }) => [c.content, c.meeting])).toEqual([["Join us", res.body]]);
    expect(thread.body.results.t.comments[0].replies.map((c: { meeting: unknown }) => c.meeting)).toEqual([instant.body]);
  });

  it("refuses a missing, empty, too long or odd topic, start time or duration with 422 and the contract's message, before asking Zoom", async () => {
    const asked = fake.requests.length;
    const cases: [unknown, string, string][] = [
      [{}, "topic", ZOOM_MESSAGES.topicRequired],
      [{ topic: "   " }, "topic", ZOOM_MESSAGES.topicRequired],
      [{ topic: 7 }, "topic", ZOOM_MESSAGES.topicRequired],
      [{ topic: "x".repeat(201) }, "topic", ZOOM_MESSAGES.topicTooLong],
      [{ topic: "Hi", start_time: "tomorrow" }, "start_time", ZOOM_MESSAGES.badStartTime],
      [{ topic: "Hi", duration: 0 }, "duration", ZOOM_MESSAGES.badDuration],
      [{ topic: "Hi", duration: 1.5 }, "duration", ZOOM_MESSAGES.badDuration],
      [{ topic: "Hi", duration: 1441 }, "duration", ZOOM_MESSAGES.badDuration],
    ];
    for (const [body, field, message] of cases) {
      for (const path of [MEETINGS, WEBINARS]) {
        const res = await cast.clients.admin.post(path, body);
        fits("post", path, res);
        expect([res.status, res.body.errors?.[field]], JSON.stringify(body)).toEqual([422, [message]]);
      }
    }
    expect(fake.requests.length).toBe(asked);
  });

  it("offers and creates webinars only when the Zoom account has the feature", async () => {
    const moderator = cast.clients.moderator;
    await connect(moderator);
    const on = await moderator.get(SETTINGS);
    fits("get", SETTINGS, on);
    expect(on.body).toEqual({ availableFeatures: { meeting: true, webinar: true } });
    const webinar = await moderator.post(WEBINARS, { topic: "Open day" });
    fits("post", WEBINARS, webinar);
    expect([webinar.status, webinar.body.type]).toEqual([201, "webinar"]);
    expect(fake.requests.filter((r) => r.path === "/v2/users/me/webinars").at(-1)!.body).toEqual({ topic: "Open day", type: 5 });
    fake.switches.webinar = false;
    expect((await moderator.get(SETTINGS)).body).toEqual({ availableFeatures: { meeting: true, webinar: false } });
    const creates = fake.requests.filter((r) => r.path === "/v2/users/me/webinars").length;
    const off = await moderator.post(WEBINARS, { topic: "Open day" });
    fits("post", WEBINARS, off);
    expect([off.status, off.body.message]).toEqual([403, ZOOM_MESSAGES.webinarsOff]);
    expect(fake.requests.filter((r) => r.path === "/v2/users/me/webinars").length).toBe(creates);
  });

  it("refreshes an expired token with its refresh token, stores the new one and carries on", async () => {
    const admin = cast.clients.admin;
    fake.switches.expiresIn = 1; // within the server's minute of margin: expired for it
    await connect(admin);
    const before = await server.db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", cast.admin.id).executeTakeFirstOrThrow();
    fake.switches.expiresIn = 3600;
    const res = await admin.post(MEETINGS, { topic: "After expiry" });
    expect(res.status).toBe(201);
    const refresh = fake.requests.filter((r) => r.path === "/oauth/token").at(-1)!;
    expect(refresh.body).toMatchObject({ grant_type: "refresh_token" });
    expect(refresh.authorization).toMatch(/^Basic /);
    const after = await server.db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", cast.admin.id).executeTakeFirstOrThrow();
    expect(after.access_token).not.toBe(before.access_token);
    expect(Date.parse(after.expires_at!)).toBeGreaterThan(Date.now() + 3_000_000);
    // The stored token works without another refresh.
    const refreshes = fake.requests.filter((r) => r.path === "/oauth/token").length;
    expect((await admin.post(MEETINGS, { topic: "Again" })).status).toBe(201);
    expect(fake.requests.filter((r) => r.path === "/oauth/token").length).toBe(refreshes);
    // Expired again, three calls at once share one refresh (Zoom's refresh tokens work once: a second refresh with the
    // same one would be refused and end the connection).
    await server.db.updateTable("third_party_accounts").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("profile_id", "=", cast.admin.id).execute();
    const together = await Promise.all([admin.post(MEETINGS, { topic: "One" }), admin.post(MEETINGS, { topic: "Two" }), admin.get(SETTINGS)]);
    expect(together.map((r) => r.status)).toEqual([201, 201, 200]);
    expect(fake.requests.filter((r) => r.path === "/oauth/token").length).toBe(refreshes + 1);
    // A call that read the expired tokens just before the refresh stored the new ones shares that refresh too, done
    // as it is, rather than refreshing again with the used refresh token: the stored row is put back as that call read it.
    const tokens = () => server.db.selectFrom("third_party_accounts").selectAll().where("profile_id", "=", cast.admin.id).executeTakeFirstOrThrow();
    await server.db.updateTable("third_party_accounts").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("profile_id", "=", cast.admin.id).execute();
    const expired = await tokens();
    expect((await admin.post(MEETINGS, { topic: "Three" })).status).toBe(201);
    const refreshed = await tokens();
    expect(refreshed.access_token).not.toBe(expired.access_token);
    await server.db.updateTable("third_party_accounts").set({ access_token: expired.access_token, refresh_token: expired.refresh_token, expires_at: expired.expires_at }).where("profile_id", "=", cast.admin.id).execute();
    expect((await admin.post(MEETINGS, { topic: "Four" })).status).toBe(201);
    expect(fake.requests.filter((r) => r.path === "/oauth/token").length).toBe(refreshes + 2);
  });

  it("answers code 1005 when an expired token cannot be refreshed, or Zoom no longer takes the token", async () => {
    const leader = cast.clients.leader;
    fake.switches.expiresIn = 1; // within the server's minute of margin: expired for it
    expect((await connect(leader)).status).toBe(200);
    fake.switches.refuseRefresh = true;
    const res = await leader.post(MEETINGS, { topic: "Expired" });
    fits("post", MEETINGS, res);
    expect([res.status, res.body]).toEqual([401, REAUTHORIZE]);
    // The useless tokens are forgotten: the next call asks to connect without trying Zoom again.
    expect(await server.db.selectFrom("third_party_accounts").select("id").where("profile_id", "=", cast.leader.id).execute()).toEqual([]);
    expect((await leader.get(USER)).body.token_available).toBe(false);
    // Reconnected, the call works; revoked at Zoom's end, it is 1005 again.
    Object.assign(fake.switches, { expiresIn: 3600, refuseRefresh: false });
    await connect(leader);
    expect((await leader.post(MEETINGS, { topic: "Fresh" })).status).toBe(201);
    fake.revokeAll();
    expect([(await leader.post(MEETINGS, { topic: "Revoked" })).body]).toEqual([REAUTHORIZE]);
    expect((await leader.get(USER)).body).toEqual({ token_available: false, name: null, email: null });
  });

  it("keeps the start time it asked for, as Zoom writes one, when Zoom's answer leaves it out", async () => {
    const member = cast.clients.member;
    await connect(member);
    fake.switches.omitStartTime = true;
    try {
      const res = await member.post(MEETINGS, { topic: "Unstated start", start_time: "2027-02-10T18:00:00.123456789+01:00" });
      fits("post", MEETINGS, res);
      expect([res.status, res.body.start_time]).toEqual([201, "2027-02-10T17:00:00Z"]);
    } finally {
      fake.switches.omitStartTime = false;
    }
  });

  it("answers 502 with a message (never a 500 or a stack) when Zoom fails, times out, answers no JSON, an unsafe link or values longer than their columns", async () => {
    const member = cast.clients.member;
    await connect(member);
    for (const failure of ["error", "slow", "html", "badlink", "oversized"] as const) {
      fake.switches.apiFailure = failure;
      const res = await member.post(MEETINGS, { topic: "Failing" });
      fits("post", MEETINGS, res);
      expect([res.status, res.body], failure).toEqual([502, { message: ZOOM_MESSAGES.unavailable }]);
      const settings = await member.get(SETTINGS);
      fits("get", SETTINGS, settings);
      expect(settings.status, failure).toBe(failure === "badlink" || failure === "oversized" ? 200 : 502);
    }
    expect(await server.db.selectFrom("zoom_meetings").select("id").where("topic", "=", "Failing").execute()).toEqual([]);
  });

  it("is off without a Zoom app: 503 with the contract's message, and the app configuration says so", async () => {
    const off = await startTestServer();
    try {
      const client = off.client();
      expect((await client.get("/app/config")).body.features[ZOOM_FEATURE]).toBe(false);
      const signedIn = await buildSignedInClient(off);
      for (const [method, path] of [["get", USER], ["get", SETTINGS], ["post", MEETINGS], ["post", WEBINARS]] as const) {
        const res = method === "get" ? await signedIn.get(path) : await signedIn.post(path, { topic: "Hi" });
        fits(method, path, res);
        expect([res.status, res.body], path).toEqual([503, { message: ZOOM_MESSAGES.notSetUp }]);
      }
      // A bad body is the asker's mistake even here: 422, not 503.
      for (const path of [MEETINGS, WEBINARS]) expect((await signedIn.post(path, { topic: 123 })).status, path).toBe(422);
      expect((await signedIn.get(ZOOM_CONNECT_PATH)).status).toBe(503);
      const page = await signedIn.request("GET", `${ZOOM_CALLBACK_PATH}?code=x&state=y`, undefined, { accept: "text/html" });
      expect([page.status, String(page.body)]).toEqual([503, expect.stringContaining(ZOOM_MESSAGES.notSetUp)]);
    } finally {
      await off.stop();
    }
  });
});
