import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { getConfigValue, setConfigValue } from "../../models/appConfig.js";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
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

    it("tells a group's members only when the sender belongs to the group: anyone else's recommendation to it is stored and tells no one there", async () => {
      const [stranger, named, leader, fellow] = [await person("Stu Stranger"), await person("Nia Named"), await person("Lou Leader"), await person("Flo Fellow")];
      const group = await buildGroup(server.db, leader.user, [fellow.user]);
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Sand Dunes" });
      const res = await stranger.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [named.user.id, group.id], recommend_note: "Buy now at example.com" });
      expect(res.status).toBe(200);
      // The person named is told; the group's leader and member are not.
      expect(await recommendationsOf(named.client)).toEqual([expect.objectContaining({ actor: expect.objectContaining({ name: "Stu Stranger" }), subject: expect.objectContaining({ title: "Sand Dunes" }) })]);
      for (const { client } of [leader, fellow]) expect(await recommendationsOf(client)).toEqual([]);

      // Once the stranger joins the group, a recommendation to it reaches its members.
      await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: stranger.user.id, role: "member" }).execute();
      expect((await stranger.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [group.id] })).status).toBe(200);
      for (const { client } of [leader, fellow]) expect(await recommendationsOf(client)).toEqual([expect.objectContaining({ actor: expect.objectContaining({ name: "Stu Stranger" }) })]);
    });

    it("names a restricted item only by its type to a recipient who may not view it, with its link unless it is shared by link", async () => {
      const [sender, outsider] = [await person("Gia Grantee"), await person("Otto Outsider")];
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Secret Reefs", visibility: "restricted" });
      await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "profile", profile_id: sender.user.id, permission: "read" }).execute();
      // The sender may view but not manage: update_permissions is ignored and the outsider stays outside.
      expect((await sender.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [outsider.user.id], recommend_note: "Ask for access", update_permissions: true })).status).toBe(200);
      expect(await recommendationsOf(outsider.client)).toEqual([expect.objectContaining({ actor: { name: "Gia Grantee", link: `/profiles/${sender.user.uid}` }, subject: { title: "this Lesson Plan", link: `/lesson-plans/${item.uid}` }, excerpt: "Ask for access" })]);
      expect((await outsider.client.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(404);

      // Shared by link, the item's link would let them in on the sender's word: they get no link.
      await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "link", profile_id: null, permission: "read" }).execute();
      expect((await sender.client.post("/profile/postRecommend", { opaque_id: item.opaque_id, targetProfiles: [outsider.user.id] })).status).toBe(200);
      const [latest] = await recommendationsOf(outsider.client);
      expect(latest).toMatchObject({ subject: { title: "this Lesson Plan", link: null }, excerpt: null });
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
