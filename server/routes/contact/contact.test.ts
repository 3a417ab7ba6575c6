import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, CONTACT_SCREENSHOT_MAX_CHARS, MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildSignedInClient, buildSignedInUser, buildUser } from "../../test/factories.js";
import { FAKE_RECAPTCHA_PASS, startFakeRecaptcha, type FakeRecaptcha } from "../../test/fakeRecaptcha.js";
import { freePort } from "../../test/localHttp.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** A tiny valid JPEG (1x1 px), as the form's screenshot data URL. */
const JPEG_1PX =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";
const screenshot = `data:image/jpeg;base64,${JPEG_1PX}`;

const valid = { name: "Ada Guest", email: "ada@example.org", message: "The search page shows no results for fractions." };

describe("the contact form (POST /contact/send) and its messages (GET /contact/messages)", () => {
  const { server } = useTestServer();
  let admin: TestClient, moderator: TestClient;

  beforeAll(async () => {
    admin = await buildSignedInClient(server, { admin: true });
    moderator = await buildSignedInClient(server, { moderator: true });
  });

  it("takes a guest's message and a member's, and staff read them newest first with who sent them", async () => {
    const guest = server.client();
    const sent = await guest.request("POST", "/contact/send", { ...valid, page: "/search/?query=fractions" });
    expect([sent.status, sent.body]).toEqual([200, { success: true, message: CONTACT_MESSAGES.thanks }]);

    const [member, memberClient] = await buildSignedInUser(server, { name: "Member Mia" });
    expect((await memberClient.post("/contact/send", { ...valid, name: "Mia", message: "Please add a Grade 9 filter.", screenshot })).status).toBe(200);

    const list = await admin.get("/contact/messages");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    const [newest, oldest] = list.body.data;
    expect(newest).toMatchObject({ name: "Mia", message: "Please add a Grade 9 filter.", profile: { profile_id: member.id, name: "Member Mia" }, has_screenshot: true, page: null });
    expect(oldest).toMatchObject({ name: "Ada Guest", email: "ada@example.org", profile: null, has_screenshot: false, page: "/search/?query=fractions" });
    expect(newest).not.toHaveProperty("screenshot");
    expect((await moderator.get("/contact/messages")).body.total).toBe(2);

    // The screenshot comes back as the JPEG it was sent as.
    const image = await fetch(`${server.url}/contact/messages/${newest.id}/screenshot`, { headers: { cookie: admin.cookieHeader() } });
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(JPEG_1PX, "base64"))).toBe(true);
    expect((await admin.get(`/contact/messages/${oldest.id}/screenshot`)).status).toBe(404);
    for (const id of ["0", "abc", "99999999999"]) expect((await admin.get(`/contact/messages/${id}/screenshot`)).status).toBe(404);
  });

  it("lets only administrators and moderators read messages", async () => {
    const guest = server.client();
    expect([(await guest.get("/contact/messages")).status, (await guest.get("/contact/messages")).body.message]).toEqual([401, MESSAGES.signInRequired]);
    expect((await guest.get("/contact/messages/1/screenshot")).status).toBe(401);
    const member = await buildSignedInClient(server);
    expect((await member.get("/contact/messages")).status).toBe(403);
    expect((await member.get("/contact/messages/1/screenshot")).status).toBe(403);
    expect((await admin.get("/contact/messages?page=0")).status).toBe(422);
    expect((await admin.get("/contact/messages?page=99")).body.data).toEqual([]);
  });

  it("refuses a form with the spec's messages, and stores nothing of it", async () => {
    const before = (await admin.get("/contact/messages")).body.total;
    const guest = server.client();
    const refuse = async (body: Record<string, unknown>) => (await guest.request("POST", "/contact/send", body)).body;
    const empty = await guest.request("POST", "/contact/send", {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: [CONTACT_MESSAGES.nameRequired], email: [CONTACT_MESSAGES.emailRequired], message: [CONTACT_MESSAGES.messageRequired] });
    expect((await refuse({ ...valid, name: "   " })).message).toBe(CONTACT_MESSAGES.nameRequired);
    expect((await refuse({ ...valid, email: "not-an-address" })).message).toBe(CONTACT_MESSAGES.emailInvalid);
    expect((await refuse({ ...valid, message: "\n  " })).message).toBe(CONTACT_MESSAGES.messageRequired);
    expect((await refuse({ ...valid, message: "x".repeat(5001) })).message).toBe(CONTACT_MESSAGES.messageTooLong);
    expect((await refuse({ ...valid, name: 42 })).message).toBe("Name must be text.");
    expect((await refuse({ ...valid, screenshot: "data:image/png;base64,iVBORw0KGgo=" })).message).toBe(CONTACT_MESSAGES.screenshotInvalid);
    expect((await refuse({ ...valid, screenshot: "javascript:alert(1)" })).message).toBe(CONTACT_MESSAGES.screenshotInvalid);
    expect((await refuse({ ...valid, screenshot: `data:image/jpeg;base64,${"A".repeat(CONTACT_SCREENSHOT_MAX_CHARS)}` })).message).toBe(CONTACT_MESSAGES.screenshotTooLarge);
    expect((await admin.get("/contact/messages")).body.total).toBe(before);
  });

  it("treats an unticked screenshot (empty) as none", async () => {
    const member = await buildSignedInClient(server);
    expect((await member.post("/contact/send", { ...valid, screenshot: "" })).status).toBe(200);
    expect((await admin.get("/contact/messages")).body.data[0].has_screenshot).toBe(false);
  });

  it("limits messages per address and minute", async () => {
    const limited = await startTestServer({ env: { AUTH_RATE_LIMIT: "2" } });
    try {
      const guest = limited.client();
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await guest.request("POST", "/contact/send", valid)).status);
      expect(statuses).toEqual([200, 200, 429]);
      // A signed-in sender from the same address waits out the minute too.
      const member = await buildUser(limited.db);
      const client = limited.client();
      await client.signIn(member.username!, member.password);
      const refused = await client.post("/contact/send", valid);
      expect([refused.status, refused.body.message]).toEqual([429, MESSAGES.tooManyAttempts]);
    } finally {
      await limited.stop();
    }
  });
});

/** The Content-Security-Policy of an answer, directive -> sources. */
const policyOf = (res: { headers: Headers }) => Object.fromEntries((res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
const RECAPTCHA_SOURCES = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];

// The contact form's reCAPTCHA, on only with both keys. Google cannot be reached from here, so the server checks tokens
// with a stand-in for its siteverify on 127.0.0.1 (server/test/fakeRecaptcha.ts), through RECAPTCHA_VERIFY_URL.
describe("the contact form's reCAPTCHA", () => {
  const SITE_KEY = "test-site-key";
  const SECRET = "test-secret-key";
  let fake: FakeRecaptcha;
  beforeAll(async () => {
    fake = await startFakeRecaptcha({ secret: SECRET });
  });
  afterAll(() => fake.close());
  const { server } = useTestServer(() => ({ env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: fake.url, RECAPTCHA_TIMEOUT_MS: "500" } }));
  const fits = apiReferenceCheck();
  let admin: TestClient;
  beforeAll(async () => {
    admin = await buildSignedInClient(server, { admin: true });
  });
  const stored = async (): Promise<number> => (await admin.get("/contact/messages")).body.total;
  const storedOn = async (other: TestServer): Promise<number> => (await (await buildSignedInClient(other, { admin: true })).get("/contact/messages")).body.total;

  it("is off without both keys: no site key in the app configuration, no Google in the CSP, a token accepted and not checked", async () => {
    const onlySiteKey = await startTestServer({ env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_VERIFY_URL: fake.url } });
    const onlySecret = await startTestServer({ env: { RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: fake.url } });
    try {
      const asked = fake.requests.length;
      for (const off of [onlySiteKey, onlySecret]) {
        const config = await off.client().get("/app/config");
        expect(config.body.recaptcha_site_key).toBeNull();
        expect(policyOf(config)["script-src"]).toEqual(["'self'"]);
        expect(policyOf(config)["frame-src"]).not.toContain(RECAPTCHA_SOURCES[0]);
        expect((await off.client().request("POST", "/contact/send", valid)).status).toBe(200);
        expect((await off.client().request("POST", "/contact/send", { ...valid, recaptcha_token: "anything" })).status).toBe(200);
        expect(await storedOn(off)).toBe(2);
      }
      expect(fake.requests.length).toBe(asked);
    } finally {
      await onlySiteKey.stop();
      await onlySecret.stop();
    }
  });

  it("gives browsers the site key (never the secret) and lets Google's widget load (CSP script-src and frame-src)", async () => {
    const config = await server.client().get("/app/config");
    expect(config.body.recaptcha_site_key).toBe(SITE_KEY);
    expect(JSON.stringify(config.body)).not.toContain(SECRET);
    const policy = policyOf(config);
    expect(policy["script-src"]).toEqual(["'self'", ...RECAPTCHA_SOURCES]);
    expect(policy["frame-src"]).toEqual(expect.arrayContaining([...RECAPTCHA_SOURCES, "https://recaptcha.google.com/recaptcha/"]));
  });

  it("refuses a form without a token with the spec's message on recaptcha_token, asking nobody and storing nothing", async () => {
    const before = await stored();
    const asked = fake.requests.length;
    for (const token of [undefined, "", "   "]) {
      const res = await server.client().request("POST", "/contact/send", { ...valid, ...(token === undefined ? {} : { recaptcha_token: token }) });
      fits("post", "/contact/send", res);
      expect([res.status, res.body]).toEqual([422, { message: CONTACT_MESSAGES.captchaRequired, errors: { recaptcha_token: [CONTACT_MESSAGES.captchaRequired] } }]);
    }
    // With other fields missing too, every field says what it needs at once.
    const empty = await server.client().request("POST", "/contact/send", {});
    expect(empty.body.errors).toEqual({ name: [CONTACT_MESSAGES.nameRequired], email: [CONTACT_MESSAGES.emailRequired], message: [CONTACT_MESSAGES.messageRequired], recaptcha_token: [CONTACT_MESSAGES.captchaRequired] });
    expect(fake.requests.length).toBe(asked);
    expect(await stored()).toBe(before);
  });

  it("refuses a token Google refuses with the same 422, and stores nothing", async () => {
    const before = await stored();
    const res = await server.client().request("POST", "/contact/send", { ...valid, recaptcha_token: "an-old-token" });
    fits("post", "/contact/send", res);
    expect([res.status, res.body]).toEqual([422, { message: CONTACT_MESSAGES.captchaRequired, errors: { recaptcha_token: [CONTACT_MESSAGES.captchaRequired] } }]);
    expect(fake.requests.at(-1)?.response).toBe("an-old-token");
    expect(await stored()).toBe(before);
  });

  it("stores the message when Google accepts the token, having posted the secret, the token and the sender's address as a form", async () => {
    const before = await stored();
    const res = await server.client().request("POST", "/contact/send", { ...valid, recaptcha_token: FAKE_RECAPTCHA_PASS });
    fits("post", "/contact/send", res);
    expect([res.status, res.body]).toEqual([200, { success: true, message: CONTACT_MESSAGES.thanks }]);
    expect(fake.requests.at(-1)).toEqual({ contentType: "application/x-www-form-urlencoded", secret: SECRET, response: FAKE_RECAPTCHA_PASS, remoteip: expect.stringMatching(/127\.0\.0\.1$/) });
    expect(await stored()).toBe(before + 1);
    expect((await admin.get("/contact/messages")).body.data[0]).toMatchObject({ name: valid.name, message: valid.message });
  });

  it("answers 503 with a message (no stack, nothing stored) when the check cannot be made", async () => {
    const before = await stored();
    // The service fails, answers HTML, or does not answer within RECAPTCHA_TIMEOUT_MS.
    for (const token of ["fail", "garbage", "slow"]) {
      const res = await server.client().request("POST", "/contact/send", { ...valid, recaptcha_token: token });
      fits("post", "/contact/send", res);
      expect([res.status, res.body], token).toEqual([503, { message: CONTACT_MESSAGES.captchaUnavailable }]);
    }
    expect(await stored()).toBe(before);
    // Google unreachable (nothing listens at the address), or refusing the site's secret: the site's trouble, not the sender's.
    const down = await startTestServer({ env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET_KEY: SECRET, RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${await freePort()}/siteverify` } });
    const wrongSecret = await startTestServer({ env: { RECAPTCHA_SITE_KEY: SITE_KEY, RECAPTCHA_SECRET_KEY: "not-the-secret", RECAPTCHA_VERIFY_URL: fake.url } });
    try {
      for (const other of [down, wrongSecret]) {
        const res = await other.client().request("POST", "/contact/send", { ...valid, recaptcha_token: FAKE_RECAPTCHA_PASS });
        expect([res.status, res.body]).toEqual([503, { message: CONTACT_MESSAGES.captchaUnavailable }]);
        expect(await storedOn(other)).toBe(0);
      }
      expect(fake.requests.at(-1)?.secret).toBe("not-the-secret");
    } finally {
      await down.stop();
      await wrongSecret.stop();
    }
  });
});
