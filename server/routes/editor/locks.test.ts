import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildContent, buildSignedInClient, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("edit locks", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let coEditor: TestUser;
  let member: TestUser;
  let ownerClient: TestClient;
  let coEditorClient: TestClient;
  let memberClient: TestClient;
  let plan: Content;
  const lockOf = (item: Content) => ({ type: item.model_key, type_id: item.id });

  beforeAll(async () => {
    owner = await buildUser(server.db, { name: "Olive Owner" });
    // A moderator may edit anything (policies/contentObject.ts canEdit): the second editor.
    coEditor = await buildUser(server.db, { name: "Mo Derator", moderator: true });
    member = await buildUser(server.db);
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan" });
    [ownerClient, coEditorClient, memberClient] = [await signedInClient(server, owner), await signedInClient(server, coEditor), await signedInClient(server, member)];
  });

  it("takes the lock, renews it, and tells a second editor who holds it (on another instance too)", async () => {
    const first = await ownerClient.post("/update-lock", { ...lockOf(plan), cache_date: plan.updated_at });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ locked: false, holder: { profile_id: owner.id, name: "Olive Owner" }, expiry_seconds: 900, stale: false });
    expect(first.body.expires_at).toBeGreaterThan(Date.now() + 890_000);

    const other = await server.startInstance();
    const second = await coEditorClient.at(other.url).post("/update-lock", lockOf(plan));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ locked: true, message: "This item is being edited by Olive Owner.", holder: { profile_id: owner.id, name: "Olive Owner" } });

    const renewed = await ownerClient.post("/update-lock", lockOf(plan));
    expect(renewed.body.locked).toBe(false);
    expect(renewed.body.expires_at).toBeGreaterThanOrEqual(first.body.expires_at);
  });

  it("refuses a save by anyone but the holder while the lock is held", async () => {
    const refused = await coEditorClient.post(`/lesson-plans/${plan.uid}/update`, { title: "Moderated" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: "This item is being edited by Olive Owner." });
    expect((await ownerClient.post(`/lesson-plans/${plan.uid}/update`, { title: "Owner's edit" })).status).toBe(200);
  });

  it("reports a stale copy when the item changed after cache_date", async () => {
    const res = await ownerClient.post("/update-lock", { ...lockOf(plan), cache_date: "2000-01-01T00:00:00.000Z" });
    expect(res.body.stale).toBe(true);
  });

  it("lets only the holder (or an admin) release it", async () => {
    const notHolder = await coEditorClient.post("/system/locks/unlock", lockOf(plan));
    expect(notHolder.status).toBe(403);
    expect(notHolder.body.message).toBe("Only the person holding the lock (or an administrator) may release it.");
    const released = await ownerClient.post("/system/locks/unlock", lockOf(plan));
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ locked: false, holder: null, expires_at: null });
    const taken = await coEditorClient.post("/update-lock", lockOf(plan));
    expect(taken.body).toMatchObject({ locked: false, holder: { profile_id: coEditor.id } });

    const adminClient = await buildSignedInClient(server, { admin: true });
    expect((await adminClient.post("/system/locks/unlock", lockOf(plan))).status).toBe(200);
    expect(await server.db.selectFrom("edit_locks").selectAll().where("content_id", "=", plan.id).execute()).toEqual([]);
  });

  it("expires after edit_lock_expiry seconds, after which another editor takes it", async () => {
    await setConfigValue(server.db, "settings", { edit_lock_expiry: 1 });
    try {
      const held = await ownerClient.post("/update-lock", lockOf(plan));
      expect(held.body).toMatchObject({ locked: false, expiry_seconds: 1 });
      expect((await coEditorClient.post("/update-lock", lockOf(plan))).body.locked).toBe(true);
      await new Promise((r) => setTimeout(r, 1_100));
      const takeover = await coEditorClient.post("/update-lock", lockOf(plan));
      expect(takeover.body).toMatchObject({ locked: false, holder: { profile_id: coEditor.id } });
      expect((await ownerClient.post("/update-lock", lockOf(plan))).body).toMatchObject({ locked: true, message: "This item is being edited by Mo Derator." });
    } finally {
      await setConfigValue(server.db, "settings", {});
      await coEditorClient.post("/system/locks/unlock", lockOf(plan));
    }
  });

  it("is authorized: guests 401, members who may not edit 403, bad input 422, unknown items 404", async () => {
    expect((await server.client().post("/update-lock", lockOf(plan))).status).toBe(401);
    expect((await server.client().post("/system/locks/unlock", lockOf(plan))).status).toBe(401);
    for (const path of ["/update-lock", "/system/locks/unlock"]) {
      const guest = await server.client().post(path, { type_id: "abc" });
      expect([guest.status, guest.body], path).toEqual([401, { message: "You must be signed in to do that." }]);
    }
    const forbidden = await memberClient.post("/update-lock", lockOf(plan));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe("You do not have permission to do that.");
    expect((await memberClient.post("/system/locks/unlock", lockOf(plan))).status).toBe(403);
    const bad = await ownerClient.post("/update-lock", { type: "lesson_plan", type_id: "abc" });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("type_id must be a positive integer.");
    expect((await ownerClient.post("/update-lock", { type_id: 1 })).body.message).toBe("type is required.");
    expect((await ownerClient.post("/update-lock", { type: "resource", type_id: plan.id })).status).toBe(404);
  });

  it("answers a restricted item's lock calls as for a missing item to a member who may not view it, and never releases its lock", async () => {
    const hidden = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Hidden draft", visibility: "restricted" });
    const missing = { type: "lesson_plan", type_id: hidden.id + 100_000 };
    expect((await ownerClient.post("/update-lock", lockOf(hidden))).status).toBe(200);
    // Taking and releasing say the same as for an id that does not exist, so sequential ids tell nothing of hidden items.
    for (const path of ["/update-lock", "/system/locks/unlock"]) {
      const asMissing = await memberClient.post(path, missing);
      const asHidden = await memberClient.post(path, lockOf(hidden));
      expect([asHidden.status, asHidden.body], path).toEqual([404, { message: "Not found." }]);
      expect([asMissing.status, asMissing.body], path).toEqual([404, { message: "Not found." }]);
    }
    // A moderator edits only what it may view: this item's lock is not its to take or release either.
    for (const path of ["/update-lock", "/system/locks/unlock"]) expect((await coEditorClient.post(path, lockOf(hidden))).status, path).toBe(404);
    expect((await server.db.selectFrom("edit_locks").select("profile_id").where("content_id", "=", hidden.id).executeTakeFirst())?.profile_id).toBe(owner.id);
  });
});
