import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildUser, signedInClient, statusesByRole } from "../../test/factories.js";
import { linkIn } from "../../test/mailbox.js";
import { type TestClient } from "../../test/testServer.js";
import { useCast, useMailbox } from "../../test/useServer.js";

const PUBLIC_URL = "http://commons.example.test";

describe("e-mail permission invites", () => {
  const mailbox = useMailbox();
  const { server, cast } = useCast(() => ({ env: { SMTP_URL: mailbox.url, PUBLIC_URL } }));
  let item: Content;
  const fits = apiReferenceCheck();

  const save = (client: TestClient, target: Content, invites: unknown[], extra: Record<string, unknown> = {}) => client.post("/permissions", { opaque_id: target.opaque_id, permission_invites: invites, ...extra });
  type ListedInvite = { email: string; permissions: string[]; new_add: boolean; sent_at: string; expires_at: string; expired: boolean };
  /** The form's answer, its invites cut to address, permissions and new_add (the times are checked where they matter). */
  const listed = async (target: Content) => {
    const body = await listedInFull(target);
    return { ...body, permission_invites: body.permission_invites.map(({ email, permissions, new_add }) => ({ email, permissions, new_add })) };
  };
  const listedInFull = async (target: Content) => {
    const res = await cast.clients.owner.get(`/permissions?opaque_id=${target.opaque_id}`);
    fits("get", "/permissions", res);
    return res.body as { permission_invites: ListedInvite[]; permissions: { profiles: { id: number; permissions: string[] }[] } };
  };

  beforeAll(async () => {
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Invite Lesson", visibility: "restricted" });
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

  it("stores an invite, mails the invitee a link that holds a secret (only its hash is kept), and lists it", async () => {
    mailbox.received.length = 0;
    const res = await save(cast.clients.owner, item, [{ email: "  Ivy.Invitee@Example.com ", permissions: ["edit"], new_add: true }, { email: "", permissions: ["read"] }]);
    expect(res.status).toBe(200);
    fits("post", "/permissions", res);
    expect((await listed(item)).permission_invites).toEqual([{ email: "ivy.invitee@example.com", permissions: ["read", "edit"], new_add: false }]);
    const mail = await mailbox.next("ivy.invitee@example.com");
    expect(mail.subject).toBe('Olga Owner shared "Invite Lesson" with you');
    expect(mail.text).toContain("view and edit");
    expect(mail.text).toContain("The link works once, for 30 days");
    const link = linkIn(mail, `${PUBLIC_URL}/invites/accept?token=`);
    const token = decodeURIComponent(new URL(link).searchParams.get("token")!);
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = await server.db.selectFrom("permission_invites").select("token_hash").where("email", "=", "ivy.invitee@example.com").executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(await server.db.selectFrom("permission_invites").selectAll().execute())).not.toContain(token);

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

  /** Invites `email` to `target` with `permissions` and answers the secret of the mailed link. */
  const inviteToken = async (target: Content, email: string, permissions: string[]) => {
    mailbox.received.length = 0;
    expect((await save(cast.clients.owner, target, [{ email, permissions }])).status).toBe(200);
    const link = linkIn(await mailbox.next(email.toLowerCase()), `${PUBLIC_URL}/invites/accept?token=`);
    return decodeURIComponent(new URL(link).searchParams.get("token")!);
  };

  it("becomes a grant of the signed-in account that opens the mailed link, once; guests are asked to sign in first", async () => {
    const target = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Linked Lesson", visibility: "restricted" });
    const token = await inviteToken(target, "Link.Opener@Example.com", ["read", "edit"]);
    const invitee = await buildUser(server.db, { name: "Ina Invitee", email: "someone.else@example.com" });
    const client = await signedInClient(server, invitee);
    expect((await client.get(`/api/content/lesson-plans/${target.uid}`)).status).toBe(404);

    expect((await server.client().post("/api/invites/accept", { token })).status).toBe(401);
    const missing = await client.post("/api/invites/accept", {});
    expect(missing.status).toBe(422);
    const accepted = await client.post("/api/invites/accept", { token });
    expect(accepted.status).toBe(200);
    fits("post", "/api/invites/accept", accepted);
    expect(accepted.body).toEqual({ status: "success", message: '"Linked Lesson" has been shared with you.', link: `/lesson-plans/${target.uid}` });
    expect((await client.get(`/api/content/lesson-plans/${target.uid}`)).status).toBe(200);
    const after = await listed(target);
    expect(after.permission_invites).toEqual([]);
    expect(after.permissions.profiles).toContainEqual(expect.objectContaining({ id: invitee.id, permissions: ["read", "edit"] }));

    // The link works once: again, or by anyone else, it is refused, and no grant is repeated.
    for (const opener of [client, cast.clients.member]) {
      const again = await opener.post("/api/invites/accept", { token });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe("This invite link does not work any more: it was used already, or the invite was withdrawn. Ask whoever shared the item to invite you again.");
    }
    const grants = await server.db.selectFrom("content_grants").select("permission").where("content_id", "=", target.id).where("profile_id", "=", invitee.id).execute();
    expect(grants.map((g) => g.permission).sort()).toEqual(["edit", "read"]);
    expect((await cast.clients.member.get(`/api/content/lesson-plans/${target.uid}`)).status).toBe(404);
  });

  it("is not taken by an account that merely has the address (addresses are not verified), nor after it is withdrawn", async () => {
    const target = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", title: "Invite Resource", visibility: "restricted" });
    const token = await inviteToken(target, "new.member@example.com", ["read"]);
    // Someone registers and signs in with the invited address: the invite stays pending, the item closed.
    const client = server.client();
    const registered = await client.post("/auth/register", { name: "Claims Address", username: `claimer${Date.now()}`, email: "New.Member@example.com", password: "long password 1" });
    expect(registered.status).toBe(201);
    expect((await client.get(`/api/content/resources/${target.uid}`)).status).toBe(404);
    expect((await listed(target)).permission_invites).toEqual([{ email: "new.member@example.com", permissions: ["read"], new_add: false }]);
    // Withdrawn by the owner, its link no longer works.
    expect((await save(cast.clients.owner, target, [])).status).toBe(200);
    expect((await cast.clients.member.post("/api/invites/accept", { token })).status).toBe(404);
  });

  it("refuses a link opened more than 30 days after it was sent (410, with a message naming the 30 days), grants nothing and keeps the invite listed as expired for the owner to resend; one day short of that still works", async () => {
    const target = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "resource", title: "Old Invite Resource", visibility: "restricted" });
    // Both in one save: the list replaces the pending invites.
    mailbox.received.length = 0;
    expect((await save(cast.clients.owner, target, [{ email: "late.opener@example.com", permissions: ["read"] }, { email: "prompt.opener@example.com", permissions: ["read"] }])).status).toBe(200);
    const tokenMailedTo = async (email: string) => decodeURIComponent(new URL(linkIn(await mailbox.next(email), `${PUBLIC_URL}/invites/accept?token=`)).searchParams.get("token")!);
    const stale = await tokenMailedTo("late.opener@example.com");
    const fresh = await tokenMailedTo("prompt.opener@example.com");
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    await server.db.updateTable("permission_invites").set({ created_at: daysAgo(31) }).where("email", "=", "late.opener@example.com").execute();
    await server.db.updateTable("permission_invites").set({ created_at: daysAgo(29) }).where("email", "=", "prompt.opener@example.com").execute();
    const late = await cast.clients.member.post("/api/invites/accept", { token: stale });
    expect(late.status).toBe(410);
    expect(late.body).toEqual({ message: "This invite link has expired: an invite works for 30 days. Ask whoever shared the item to invite you again." });
    expect((await cast.clients.member.get(`/api/content/resources/${target.uid}`)).status).toBe(404);
    // Opened late, the invite is not dropped: the owner still sees it, as expired, and may resend it to whoever asks.
    expect((await listedInFull(target)).permission_invites.map(({ email, expired }) => ({ email, expired }))).toEqual([
      { email: "late.opener@example.com", expired: true },
      { email: "prompt.opener@example.com", expired: false },
    ]);
    expect((await cast.clients.member.post("/api/invites/accept", { token: stale })).status).toBe(410);
    const prompt = await signedInClient(server, await buildUser(server.db, { name: "Pat Prompt" }));
    expect((await prompt.post("/api/invites/accept", { token: fresh })).status).toBe(200);
    expect((await prompt.get(`/api/content/resources/${target.uid}`)).status).toBe(200);
  });

  it("lists an invite past its 30 days as expired, with when it was sent and expired; the owner resends it (a fresh link for 30 days, the old one refused) or removes it", async () => {
    const target = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Expiring Lesson", visibility: "restricted" });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const oldToken = await inviteToken(target, "slow.reader@example.com", ["read"]);
    expect((await save(cast.clients.owner, target, [{ email: "slow.reader@example.com", permissions: ["read"] }, { email: "gone.quiet@example.com", permissions: ["read", "edit"] }])).status).toBe(200);
    await mailbox.next("gone.quiet@example.com");
    const sentAt = daysAgo(31);
    await server.db.updateTable("permission_invites").set({ created_at: sentAt }).where("content_id", "=", target.id).execute();

    // The form says which invites no longer work, and since when (30 days after sending).
    const before = await listedInFull(target);
    const expiresAt = new Date(Date.parse(sentAt) + 30 * 86_400_000).toISOString();
    expect(before.permission_invites).toEqual([
      { email: "gone.quiet@example.com", permissions: ["read", "edit"], new_add: false, sent_at: sentAt, expires_at: expiresAt, expired: true },
      { email: "slow.reader@example.com", permissions: ["read"], new_add: false, sent_at: sentAt, expires_at: expiresAt, expired: true },
    ]);

    // Saving the form with them unchanged mails no one and keeps them expired.
    mailbox.received.length = 0;
    expect((await save(cast.clients.owner, target, before.permission_invites.map(({ email, permissions }) => ({ email, permissions })))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailbox.received).toEqual([]);
    expect((await listedInFull(target)).permission_invites.map((i) => i.expired)).toEqual([true, true]);

    // Resend one, remove the other: one mail, with a new link; the listed invite works for 30 days from now.
    const resent = await save(cast.clients.owner, target, [{ email: "slow.reader@example.com", permissions: ["read"], resend: true }]);
    expect(resent.status).toBe(200);
    fits("post", "/permissions", resent);
    const mail = await mailbox.next("slow.reader@example.com");
    expect(mail.text).toContain("The link works once, for 30 days");
    const newToken = decodeURIComponent(new URL(linkIn(mail, `${PUBLIC_URL}/invites/accept?token=`)).searchParams.get("token")!);
    expect(newToken).not.toBe(oldToken);
    const after = (await listedInFull(target)).permission_invites;
    expect(after).toEqual([expect.objectContaining({ email: "slow.reader@example.com", expired: false })]);
    expect(Date.now() - Date.parse(after[0]!.sent_at)).toBeLessThan(60_000);
    expect(Date.parse(after[0]!.expires_at) - Date.parse(after[0]!.sent_at)).toBe(30 * 86_400_000);

    // The old link no longer works; the new one opens the item.
    const reader = await signedInClient(server, await buildUser(server.db, { name: "Sol Slow" }));
    expect((await reader.post("/api/invites/accept", { token: oldToken })).status).toBe(404);
    expect((await reader.post("/api/invites/accept", { token: newToken })).status).toBe(200);
    expect((await reader.get(`/api/content/lesson-plans/${target.uid}`)).status).toBe(200);
    expect((await listedInFull(target)).permission_invites).toEqual([]);
  });

  it("resends only for who may manage the item's permissions, and refuses a resend that is not true or false (422)", async () => {
    const open = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Open Resend Lesson", visibility: "authed" });
    expect((await save(cast.clients.owner, open, [{ email: "again@example.com", permissions: ["read"] }], { authed: ["read"] })).status).toBe(200);
    const statuses = await statusesByRole(cast.clients, (c) => save(c, open, [{ email: "again@example.com", permissions: ["read"], resend: true }], { authed: ["read"] }));
    expect(statuses).toEqual({ owner: 200, admin: 200, moderator: 200, member: 403, leader: 403, groupie: 403, guest: 401 });
    const bad = await save(cast.clients.owner, open, [{ email: "again@example.com", permissions: ["read"], resend: "yes" }], { authed: ["read"] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("resend must be true or false.");
  });

  it("gives the owner who opens its own invite's link nothing more (it has every permission), and the invite goes", async () => {
    const target = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Own Invite", visibility: "restricted" });
    const token = await inviteToken(target, "me.myself@example.com", ["read"]);
    const res = await cast.clients.owner.post("/api/invites/accept", { token });
    expect(res.status).toBe(200);
    expect(await server.db.selectFrom("content_grants").select("id").where("content_id", "=", target.id).where("scope", "=", "profile").execute()).toEqual([]);
    expect((await listed(target)).permission_invites).toEqual([]);
  });
});
