import { beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, CONTACT_SCREENSHOT_MAX_CHARS, MESSAGES } from "../../../contract/index.js";
import { buildSignedInClient, buildSignedInUser, buildUser } from "../../test/factories.js";
import { startTestServer, type TestClient } from "../../test/testServer.js";
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
