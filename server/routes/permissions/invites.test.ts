import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildRoleCast, buildUser, signedInClient, statusesByRole, type RoleCast } from "../../test/factories.js";
import { linkIn, startMailbox, type TestMailbox } from "../../test/mailbox.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";

const PUBLIC_URL = "http://commons.example.test";

describe("e-mail permission invites", () => {
  let server: TestServer;
  let mailbox: TestMailbox;
  let cast: RoleCast;
  let item: Content;
  const fits = apiReferenceCheck();

  const save = (client: TestClient, target: Content, invites: unknown[], extra: Record<string, unknown> = {}) => client.post("/permissions", { opaque_id: target.opaque_id, permission_invites: invites, ...extra });
  const listed = async (target: Content) => {
    const res = await cast.clients.owner.get(`/permissions?opaque_id=${target.opaque_id}`);
    fits("get", "/permissions", res);
    return res.body as { permission_invites: unknown[]; permissions: { profiles: { id: number; permissions: string[] }[] } };
  };

  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({ env: { SMTP_URL: mailbox.url, PUBLIC_URL } });
    cast = await buildRoleCast(server);
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Invite Lesson", visibility: "restricted" });
  });
  afterAll(async () => {
    await server.stop();
    await mailbox.close();
  });

  it("may be sent by who may manage the item's permissions: the owner and an admin; a member 403, a guest 401", async () => {
    // A signed-in item, so a member sees it and is told 403 (an item it cannot see answers 404).
    const open = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Open Lesson", visibility: "authed" });
    const statuses = await statusesByRole(cast.clients, (c) => save(c, open, [{ email: "matrix@example.com", permissions: ["read"] }], { authed: ["read"] }));
    expect(statuses).toEqual({ owner: 200, admin: 200, moderator: 200, member: 403, leader: 403, groupie: 403, guest: 401 });
    const member = await save(cast.clients.member, open, [{ email: "other@example.com", permissions: ["read"] }], { authed: ["read"] });
    expect(member.body.message).toBe("Only the item's owner, or a moderator or administrator who may open it, may manage its permissions.");
    expect((await listed(open)).permission_invites).toEqual([{ email: "matrix@example.com", permissions: ["read"], new_add: false }]);
  });

  it("stores an invite, mails the invitee a link to the item and to sign in or register, and lists it", async () => {
    mailbox.received.length = 0;
    const res = await save(cast.clients.owner, item, [{ email: "  Ivy.Invitee@Example.com ", permissions: ["edit"], new_add: true }, { email: "", permissions: ["read"] }]);
    expect(res.status).toBe(200);
    fits("post", "/permissions", res);
    expect((await listed(item)).permission_invites).toEqual([{ email: "ivy.invitee@example.com", permissions: ["read", "edit"], new_add: false }]);
    const mail = await mailbox.next("ivy.invitee@example.com");
    expect(mail.subject).toBe('Olga Owner shared "Invite Lesson" with you');
    expect(mail.text).toContain("view and edit");
    expect(linkIn(mail, `${PUBLIC_URL}/lesson-plans/`)).toBe(`${PUBLIC_URL}/lesson-plans/${item.uid}`);
    expect(linkIn(mail, `${PUBLIC_URL}/auth/register`)).toBe(`${PUBLIC_URL}/auth/register?redirect=${encodeURIComponent(`/lesson-plans/${item.uid}`)}`);
    expect(linkIn(mail, `${PUBLIC_URL}/auth/login`)).toBe(`${PUBLIC_URL}/auth/login?redirect=${encodeURIComponent(`/lesson-plans/${item.uid}`)}`);

    // Saving the form again (the invite still in it) mails no one again; a changed permission is kept.
    mailbox.received.length = 0;
    expect((await save(cast.clients.owner, item, [{ email: "ivy.invitee@example.com", permissions: ["read"] }])).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.received).toEqual([]);
    expect((await listed(item)).permission_invites).toEqual([{ email: "ivy.invitee@example.com", permissions: ["read"], new_add: false }]);
  });

  it("revokes an invite the saved form leaves out", async () => {
    expect((await save(cast.clients.owner, item, [{ email: "gone@example.com", permissions: ["read"] }])).status).toBe(200);
    expect((await listed(item)).permission_invites).toEqual([{ email: "gone@example.com", permissions: ["read"], new_add: false }]);
    expect((await save(cast.clients.owner, item, [])).status).toBe(200);
    expect((await listed(item)).permission_invites).toEqual([]);
  });

  it("refuses an address that does not look like one with 'Invalid email address' (422), ignoring empty entries", async () => {
    for (const email of ["not-an-address", "a@", 42]) {
      const res = await save(cast.clients.owner, item, [{ email: "", permissions: ["read"] }, { email, permissions: ["read"] }]);
      expect(res.status, String(email)).toBe(422);
      expect(res.body.message).toBe("Invalid email address");
    }
    const onlyEmpty = await save(cast.clients.owner, item, [{ email: "   ", permissions: ["read"] }]);
    expect(onlyEmpty.status).toBe(200);
    expect((await listed(item)).permission_invites).toEqual([]);
  });

  it("becomes a grant of the account with that address (any case) when it signs in, and the invite goes", async () => {
    expect((await save(cast.clients.owner, item, [{ email: "Sign.In@Example.com", permissions: ["read", "edit"] }])).status).toBe(200);
    const invitee = await buildUser(server.db, { name: "Ina Invitee", email: "sign.in@EXAMPLE.com" });
    const client = server.client();
    expect((await client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(401);
    expect((await client.signIn(invitee.username!, invitee.password)).status).toBe(200);
    const after = await listed(item);
    expect(after.permission_invites).toEqual([]);
    expect(after.permissions.profiles).toContainEqual(expect.objectContaining({ id: invitee.id, permissions: ["read", "edit"] }));
    const page = await client.get(`/api/content/lesson-plans/${item.uid}`);
    expect(page.status).toBe(200);
    // Signing in again changes nothing (the invite is gone, the grant not repeated).
    expect((await (await signedInClient(server, invitee)).get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(200);
    const grants = await server.db.selectFrom("content_grants").select("permission").where("content_id", "=", item.id).where("profile_id", "=", invitee.id).execute();
    expect(grants.map((g) => g.permission).sort()).toEqual(["edit", "read"]);
  });

  it("becomes a grant of a new account registered with that address", async () => {
    const other = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", title: "Invite Resource", visibility: "restricted" });
    expect((await save(cast.clients.owner, other, [{ email: "new.member@example.com", permissions: ["read"] }])).status).toBe(200);
    const client = server.client();
    const username = `newbie${Date.now()}`;
    const registered = await client.post("/auth/register", { name: "New Member", username, email: "New.Member@example.com", password: "long password 1" });
    expect(registered.status).toBe(201);
    expect((await listed(other)).permission_invites).toEqual([]);
    expect((await client.get(`/api/content/resources/${other.uid}`)).status).toBe(200);
  });
});
