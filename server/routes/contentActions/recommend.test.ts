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
