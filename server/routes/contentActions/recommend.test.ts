import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { getConfigValue, setConfigValue } from "../../models/appConfig.js";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { outboxMails, waitFor } from "../../test/mailbox.js";
import { startTestServer, type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("POST /profile/postRecommend", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let member: TestUser;
  let friend: TestUser;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let moderatorClient: TestClient;
  let adminClient: TestClient;
  let guest: TestClient;
  let plan: Content;
  let secret: Content;

  const recipientsOf = (contentId: number) => server.db.selectFrom("recommendations").select(["sender_id", "recipient_id", "note"]).where("content_id", "=", contentId).orderBy("id").execute();
  const readGrantsOf = (contentId: number) => server.db.selectFrom("content_grants").select(["scope", "profile_id", "permission"]).where("content_id", "=", contentId).where("scope", "in", ["profile", "group"]).orderBy("id").execute();

  beforeAll(async () => {
    owner = await buildUser(server.db, { name: "Olive Owner" });
    member = await buildUser(server.db, { name: "Mel Member" });
    friend = await buildUser(server.db, { name: "Fran Friend" });
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Open Tides" });
    secret = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Hidden Tides", visibility: "restricted" });
    ownerClient = await signedInClient(server, owner);
    memberClient = await signedInClient(server, member);
    moderatorClient = await signedInClient(server, await buildUser(server.db, { moderator: true }));
    adminClient = await signedInClient(server, await buildUser(server.db, { admin: true }));
    guest = server.client();
  });

  it("refuses guests with 401", async () => {
    const res = await guest.post("/profile/postRecommend", { opaque_id: plan.opaque_id, targetProfiles: [friend.id] });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("You must be signed in to do that.");
  });

  it("stores a member's recommendation and never grants for a member who may not manage permissions", async () => {
    const res = await memberClient.post("/profile/postRecommend", { model: "lesson_plan", id: plan.id, targetProfiles: [friend.id], recommend_note: " Look at this ", update_permissions: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", message: "Your recommendation has been sent." });
    expect(await recipientsOf(plan.id)).toEqual([{ sender_id: member.id, recipient_id: friend.id, note: "Look at this" }]);
    expect(await readGrantsOf(plan.id)).toEqual([]);
  });

  it("grants read to the recipients (a profile and a group) when the owner asks, and the recipient can then view a restricted item", async () => {
    const group = await buildGroup(server.db, owner, []);
    const friendClient = await signedInClient(server, friend);
    expect((await friendClient.get(`/api/content/lesson-plans/${secret.uid}`)).status).toBe(404);
    const res = await ownerClient.post("/profile/postRecommend", { opaque_id: secret.opaque_id, targetProfiles: [friend.id, group.id], update_permissions: true });
    expect(res.status).toBe(200);
    expect(await readGrantsOf(secret.id)).toEqual([
      { scope: "profile", profile_id: friend.id, permission: "read" },
      { scope: "group", profile_id: group.id, permission: "read" },
    ]);
    expect((await friendClient.get(`/api/content/lesson-plans/${secret.uid}`)).status).toBe(200);
    // Asking again adds no duplicate grant.
    await ownerClient.post("/profile/postRecommend", { opaque_id: secret.opaque_id, targetProfiles: [friend.id], update_permissions: true });
    expect(await readGrantsOf(secret.id)).toHaveLength(2);
  });

  it("does not grant when update_permissions is false, even for the owner", async () => {
    const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Owner no grant", visibility: "restricted" });
    expect((await ownerClient.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [member.id], update_permissions: false })).status).toBe(200);
    expect(await readGrantsOf(item.id)).toEqual([]);
  });

  it("lets moderators and admins grant on an item they do not own (a moderator only where they may view it)", async () => {
    expect((await moderatorClient.post("/profile/postRecommend", { opaque_id: secret.opaque_id, targetProfiles: [member.id], update_permissions: true })).status).toBe(404);
    for (const [client, visibility] of [[moderatorClient, "authed"], [adminClient, "restricted"]] as const) {
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Staff grant", visibility });
      expect((await client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [member.id], update_permissions: true })).status).toBe(200);
      expect(await readGrantsOf(item.id)).toEqual([{ scope: "profile", profile_id: member.id, permission: "read" }]);
    }
  });

  describe("notifying its recipients", () => {
    type Listed = { kind: string; actor: { name: string; link: string } | null; subject: { title: string; link: string | null }; excerpt: string | null; read: boolean };
    const recommendationsOf = async (client: TestClient) => {
      const res = await client.get("/api/notifications");
      expect(res.status).toBe(200);
      return (res.body.data as Listed[]).filter((n) => n.kind === "recommendation");
    };
    const unreadOf = async (client: TestClient) => (await client.get("/api/notifications/unread")).body.unread_count as number;
    /** A fresh person, signed in: no notification of another test is theirs. */
    const person = async (name: string) => {
      const user = await buildUser(server.db, { name });
      return { user, client: await signedInClient(server, user) };
    };

    it("tells the person named, and every leader and member of the group named but the sender, once each, who recommended what, with the note and a link to it", async () => {
      const [sender, reader, leader, fellow] = [await person("Sid Sender"), await person("Rae Reader"), await person("Lee Leader"), await person("Fay Fellow")];
      // The sender belongs to the group; the reader is named and is in the group too.
      const group = await buildGroup(server.db, leader.user, [sender.user, fellow.user, reader.user]);
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tide Pools" });
      const before = await unreadOf(reader.client);
      const res = await sender.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [reader.user.id, group.id], recommend_note: "Great for week 3" });
      expect(res.status).toBe(200);
      for (const { client } of [reader, leader, fellow]) {
        expect(await recommendationsOf(client)).toEqual([
          expect.objectContaining({ actor: { name: "Sid Sender", link: `/profiles/${sender.user.uid}` }, subject: { title: "Tide Pools", link: `/lesson-plans/${item.uid}` }, excerpt: "Great for week 3", read: false }),
        ]);
      }
      expect(await unreadOf(reader.client)).toBe(before + 1);
      expect(await recommendationsOf(sender.client)).toEqual([]);
      // The link works for them: the item opens.
      expect((await reader.client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(200);
    });

    it("refuses with 403 and a message a recommendation to a group the sender does not belong to, storing and telling nothing; members, leaders and the staff may", async () => {
      const [stranger, named, leader, fellow] = [await person("Stu Stranger"), await person("Nia Named"), await person("Lou Leader"), await person("Flo Fellow")];
      const group = await buildGroup(server.db, leader.user, [fellow.user]);
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Sand Dunes" });
      const res = await stranger.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [named.user.id, group.id], recommend_note: "Buy now at example.com" });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "You can recommend only to groups you belong to." });
      // Nothing is stored and nobody is told: not the person named with the group either.
      expect(await recipientsOf(item.id)).toEqual([]);
      for (const { client } of [named, leader, fellow]) expect(await recommendationsOf(client)).toEqual([]);

      // Once the stranger joins the group, a recommendation to it reaches its members.
      await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: stranger.user.id, role: "member" }).execute();
      expect((await stranger.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [group.id] })).status).toBe(200);
      for (const { client } of [leader, fellow]) expect(await recommendationsOf(client)).toEqual([expect.objectContaining({ actor: expect.objectContaining({ name: "Stu Stranger" }) })]);
      // Its leader may too, and a moderator or an administrator to any group.
      const other = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Salt Marsh" });
      for (const client of [leader.client, moderatorClient, adminClient]) expect((await client.post("/profile/postRecommend", { opaque_id: other.opaque_id, targetProfiles: [group.id] })).status).toBe(200);
      expect((await recommendationsOf(fellow.client)).filter((n) => n.subject.title === "Salt Marsh")).toHaveLength(3);
    });

    it("names a restricted item only by its type to a recipient who may not view it, with its link unless it is shared by link, as it is when the notification is read", async () => {
      const [sender, outsider] = [await person("Gia Grantee"), await person("Otto Outsider")];
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Secret Reefs", visibility: "restricted" });
      await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "profile", profile_id: sender.user.id, permission: "read" }).execute();
      // The sender may view but not manage: update_permissions is ignored and the outsider stays outside.
      expect((await sender.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [outsider.user.id], recommend_note: "Ask for access", update_permissions: true })).status).toBe(200);
      expect(await recommendationsOf(outsider.client)).toEqual([expect.objectContaining({ actor: { name: "Gia Grantee", link: `/profiles/${sender.user.uid}` }, subject: { title: "this Lesson Plan", link: `/lesson-plans/${item.uid}` }, excerpt: "Ask for access" })]);
      expect((await outsider.client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(404);

      // Shared by link after it was sent, the stored link would let them in on the sender's word: the notice they have gives no link now.
      const shared = await ownerClient.post("/permissions/add-link-share", { opaque_id: item.opaque_id });
      expect(shared.status, JSON.stringify(shared.body)).toBe(200);
      expect((await outsider.client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(200);
      expect(await recommendationsOf(outsider.client)).toEqual([expect.objectContaining({ subject: { title: "this Lesson Plan", link: null }, excerpt: "Ask for access" })]);
      // Unshared again, it leads to the item's page (where they may ask for access) once more.
      await server.db.deleteFrom("content_grants").where("content_id", "=", item.id).where("scope", "=", "link").execute();
      expect(await recommendationsOf(outsider.client)).toEqual([expect.objectContaining({ subject: { title: "this Lesson Plan", link: `/lesson-plans/${item.uid}` } })]);
      // Once they may view it, they are told its title and led to it.
      await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "profile", profile_id: outsider.user.id, permission: "read" }).execute();
      expect(await recommendationsOf(outsider.client)).toEqual([expect.objectContaining({ subject: { title: "Secret Reefs", link: `/lesson-plans/${item.uid}` } })]);

      // One sent while the item is shared by link is stored without its link, and names only the type to one who may not view it.
      const [other, stranger] = [await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Deep Trenches", visibility: "restricted" }), await person("Sol Stranger")];
      await server.db.insertInto("content_grants").values([{ content_id: other.id, scope: "profile", profile_id: sender.user.id, permission: "read" }, { content_id: other.id, scope: "link", profile_id: null, permission: "read" }]).execute();
      expect((await sender.client.post("/profile/postRecommend", { opaque_id: other.opaque_id, targetProfiles: [stranger.user.id] })).status).toBe(200);
      expect(await recommendationsOf(stranger.client)).toEqual([expect.objectContaining({ subject: { title: "this Lesson Plan", link: null }, excerpt: null })]);
    });

    it("tells a recipient of the same sender's recommendation of the same item once a day: a repeat answers success and tells or mails nobody again", async () => {
      const [sender, reader, leader] = [await person("Rita Repeat"), await person("Rex Reader"), await person("Lia Leader")];
      await server.db.updateTable("profiles").set({ email: "rex@example.com", email_verified_at: new Date().toISOString() }).where("id", "=", reader.user.id).execute();
      expect((await reader.client.send("PUT", "/notification-settings", { subscriber: { email: true } })).status).toBe(200);
      const group = await buildGroup(server.db, leader.user, [sender.user, reader.user]);
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Rock Pools" });
      const mailsTo = async (title: string) => (await outboxMails(server.dataDir)).filter((m) => m.to.includes("rex@example.com") && m.subject.includes(title));
      const recommend = async (body: object) => {
        const res = await sender.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, ...body });
        expect(res.status).toBe(200);
        expect(res.body.message).toBe("Your recommendation has been sent.");
      };
      await recommend({ targetProfiles: [reader.user.id], recommend_note: "First" });
      await waitFor(async () => ((await mailsTo("Rock Pools")).length ? true : undefined));
      // Again, then to a group they are in: the reader hears nothing more; the leader, new to it, is told.
      await recommend({ targetProfiles: [reader.user.id], recommend_note: "Second" });
      await recommend({ targetProfiles: [group.id], recommend_note: "Third" });
      expect((await recommendationsOf(reader.client)).map((n) => n.excerpt)).toEqual(["First"]);
      expect((await recommendationsOf(leader.client)).map((n) => n.excerpt)).toEqual(["Third"]);
      // Each is stored all the same.
      expect((await recipientsOf(item.id)).map((r) => r.note)).toEqual(["First", "Second", "Third"]);
      // Another item is news: its mail arrives, and the first item's was mailed once.
      const another = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Wave Energy" });
      expect((await sender.client.post("/profile/postRecommend", { opaque_id: another.opaque_id, targetProfiles: [reader.user.id] })).status).toBe(200);
      await waitFor(async () => ((await mailsTo("Wave Energy")).length ? true : undefined));
      expect(await mailsTo("Rock Pools")).toHaveLength(1);
      // Another sender's recommendation of the same item is news too.
      expect((await memberClient.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [reader.user.id], recommend_note: "Mine" })).status).toBe(200);
      expect((await recommendationsOf(reader.client)).map((n) => n.excerpt)).toEqual(["Mine", null, "First"]);

      // A day later the same sender may tell them again.
      await server.db.updateTable("notifications").set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() }).where("actor_id", "=", sender.user.id).execute();
      await recommend({ targetProfiles: [reader.user.id], recommend_note: "Next day" });
      expect((await recommendationsOf(reader.client)).map((n) => n.excerpt)).toContain("Next day");
    });

    it("names the item and leads to it once the owner's recommendation granted the recipient read", async () => {
      const grantee = await person("Gus Granted");
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Kelp Forests", visibility: "restricted" });
      expect((await ownerClient.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [grantee.user.id], update_permissions: true })).status).toBe(200);
      expect(await recommendationsOf(grantee.client)).toEqual([expect.objectContaining({ actor: { name: "Olive Owner", link: `/profiles/${owner.uid}` }, subject: { title: "Kelp Forests", link: `/lesson-plans/${item.uid}` }, excerpt: null })]);
      expect((await grantee.client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(200);
    });

    it("has a recommendations setting, on by default, that stops them when turned off", async () => {
      const quiet = await person("Quinn Quiet");
      const initial = await quiet.client.get("/notification-settings");
      expect(initial.body.settings.recommendations).toEqual({ label: "Recommendations to me", description: "Someone recommends an item to you or to a group you belong to." });
      expect(initial.body.subscriber.recommendations).toBe(true);
      expect((await quiet.client.send("PUT", "/notification-settings", { subscriber: { recommendations: false } })).status).toBe(200);
      expect((await memberClient.post("/profile/postRecommend", { opaque_id: plan.opaque_id, targetProfiles: [quiet.user.id] })).status).toBe(200);
      expect(await recommendationsOf(quiet.client)).toEqual([]);
      // The recommendation itself is stored all the same.
      expect((await recipientsOf(plan.id)).some((r) => r.recipient_id === quiet.user.id)).toBe(true);
    });
  });

  it("answers 404 to a member for an item they may not view", async () => {
    const res = await memberClient.post("/profile/postRecommend", { opaque_id: secret.opaque_id, targetProfiles: [owner.id] });
    expect(res.status).toBe(404);
    expect(typeof res.body.message).toBe("string");
  });

  it("refuses bad input with 4xx JSON and a message, never 500", async () => {
    const cases: [unknown, number, string][] = [
      [{ opaque_id: plan.opaque_id, targetProfiles: [] }, 422, "Choose at least one recipient."],
      [{ opaque_id: plan.opaque_id }, 422, "Choose at least one recipient."],
      [{ opaque_id: plan.opaque_id, targetProfiles: Array.from({ length: 11 }, (_, i) => i + 1) }, 422, "You can recommend to at most 10 profiles or groups."],
      [{ opaque_id: plan.opaque_id, targetProfiles: [999999] }, 422, "A recipient does not exist."],
      [{ opaque_id: plan.opaque_id, targetProfiles: [friend.id], recommend_note: "x".repeat(1001) }, 422, "The note may be at most 1000 characters."],
      [{ targetProfiles: [friend.id] }, 422, "Name the item by opaque_id or uid, or by model and id."],
      [{ opaque_id: "nope", targetProfiles: [friend.id] }, 404, ""],
      [{ model: "lesson_plan", id: 2147483648, targetProfiles: [friend.id] }, 422, ""],
      [{ opaque_id: plan.opaque_id, targetProfiles: ["abc"] }, 422, ""],
      [{ opaque_id: plan.opaque_id, targetProfiles: [friend.id], update_permissions: "yes" }, 422, ""],
    ];
    for (const [body, status, message] of cases) {
      const res = await memberClient.post("/profile/postRecommend", body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.body.message).toBe("string");
      if (message) expect(res.body.message).toBe(message);
    }
  });

  it("is refused with 403 while the recommendations feature is off", async () => {
    const settings = await getConfigValue<Record<string, unknown>>(server.db, "settings", {});
    await setConfigValue(server.db, "settings", { ...settings, features: { recommendations: false } });
    try {
      const res = await memberClient.post("/profile/postRecommend", { opaque_id: plan.opaque_id, targetProfiles: [friend.id] });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Recommendations are not enabled on this site.");
    } finally {
      await setConfigValue(server.db, "settings", settings);
    }
  });
});

describe("POST /profile/postRecommend's rate limit", () => {
  it("lets one sender make RECOMMEND_RATE_LIMIT recommendations a minute, then answers 429 with a message; another sender has their own allowance", async () => {
    const server = await startTestServer({ env: { RECOMMEND_RATE_LIMIT: "2" } });
    try {
      const [sender, other, friend] = [await buildUser(server.db, { name: "Hasty Sender" }), await buildUser(server.db, { name: "Calm Sender" }), await buildUser(server.db, { name: "Pat Friend" })];
      const item = await buildContent(server.db, { ownerId: friend.id, modelKey: "lesson_plan", title: "Limited Tides" });
      const [senderClient, otherClient] = [await signedInClient(server, sender), await signedInClient(server, other)];
      const send = (client: TestClient) => client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [friend.id] });
      expect((await send(senderClient)).status).toBe(200);
      // A refused one (a bad body) counts as well.
      expect((await senderClient.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [] })).status).toBe(422);
      const limited = await send(senderClient);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe("Too many recommendations. Please wait a minute and try again.");
      expect((await send(otherClient)).status).toBe(200);
      // Signing in again from elsewhere gives no fresh allowance: it is the profile's.
      expect((await send(await signedInClient(server, sender))).status).toBe(429);
    } finally {
      await server.stop();
    }
  });
});
