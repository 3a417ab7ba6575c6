import { beforeAll, describe, expect, it } from "vitest";
import { CREATE_MESSAGES } from "../../../contract/index.js";
import type { Profile } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("creating collections and groups", () => {
  const { server } = useTestServer();
  let member: Profile & { password: string };
  let client: TestClient;

  beforeAll(async () => {
    member = await buildUser(server.db);
    client = server.client();
    await client.signIn(member.username!, member.password);
  });

  it("asks guests to sign in", async () => {
    const guest = server.client();
    expect((await guest.post("/collections/create", { title: "Guest Collection" })).status).toBe(401);
    expect((await guest.post("/groups", { name: "Guest Group", description: "About" })).status).toBe(401);
    expect((await guest.get("/groups/permission-options")).status).toBe(401);
  });

  it("refuses types the app config does not list as creatable (403), and creates them again once listed", async () => {
    await setConfigValue(server.db, "settings", { creatableTypes: ["resource", "lesson_plan"] });
    try {
      for (const res of [await client.post("/collections/create", { title: "Not Allowed Here" }), await client.post("/groups", { name: "Not Allowed", description: "About" }), await client.get("/groups/permission-options")]) {
        expect([res.status, res.body.message]).toEqual([403, CREATE_MESSAGES.typeNotCreatable]);
      }
      expect(await server.db.selectFrom("content").select("id").where("title", "in", ["Not Allowed Here", "Not Allowed"]).execute()).toEqual([]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
    expect((await client.post("/collections/create", { title: "Allowed Again" })).status).toBe(200);
  });

  it("creates a collection owned by the member that search finds at once", async () => {
    const res = await client.post("/collections/create", { title: "  Volcano Quilting Collection  ", description: "Lava and fabric", extra: "ignored" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "success", message: "Collection created." });
    expect(res.body.link).toMatch(/^\/collections\/[\w-]+$/);
    const row = await server.db.selectFrom("content").selectAll().where("uid", "=", res.body.link.split("/").pop()).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ model_key: "collection", owner_id: member.id, title: "Volcano Quilting Collection", description: "Lava and fabric" });

    const found = await server.client().get("/api/search?query=volcano%20quilting");
    expect(found.body.data.map((d: { title: string; link: string }) => [d.title, d.link])).toContainEqual(["Volcano Quilting Collection", res.body.link]);
  });

  it("rejects a missing or too long collection title", async () => {
    const missing = await client.post("/collections/create", { title: "   " });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe("Title is required.");
    expect((await client.post("/collections/create", {})).body.message).toBe("Title is required.");
    const long = await client.post("/collections/create", { title: "x".repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body.errors.title).toEqual(["Title may be at most 255 characters."]);
  });

  it("lists the permission options", async () => {
    const res = await client.get("/groups/permission-options");
    expect(res.status).toBe(200);
    expect(res.body.view.map((o: { id: number }) => o.id)).toEqual([1, 2, 3]);
    expect(res.body.join.map((o: { id: number }) => o.id)).toEqual([4, 5, 6]);
    expect(res.body.showView).toBe(true);
  });

  it("creates a group with the defaults, led by its creator, found by search", async () => {
    const res = await client.post("/groups", { name: "Marmot Watchers Guild", short_name: "MWG", description: "We watch marmots." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Group created.", objGroup: { name: "Marmot Watchers Guild" } });
    expect(res.body.objGroup.link).toMatch(/^\/groups\/[\w-]+$/);

    const group = await server.db.selectFrom("profiles").selectAll().where("id", "=", res.body.objGroup.id).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ kind: "group", short_name: "MWG", description: "We watch marmots.", view_permission: 3, join_permission: 6, can_request_join: 0 });
    const members = await server.db.selectFrom("group_members").selectAll().where("group_id", "=", group.id).execute();
    expect(members).toEqual([{ group_id: group.id, profile_id: member.id, role: "leader" }]);

    const found = await server.client().get("/api/search?query=marmot%20watchers&types=groups");
    expect(found.status).toBe(200);
    expect(found.body.data.map((d: { title: string; link: string }) => [d.title, d.link])).toEqual([["Marmot Watchers Guild", res.body.objGroup.link]]);
  });

  it("stores chosen permissions", async () => {
    const res = await client.post("/groups", { name: "Closed Circle", description: "Private", view_permission: 1, join_permission: "4", can_request_join: true });
    expect(res.status).toBe(200);
    const group = await server.db.selectFrom("profiles").selectAll().where("id", "=", res.body.objGroup.id).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ view_permission: 1, join_permission: 4, can_request_join: 1 });
  });

  it("shows a group's page, feed and search card only to whom its view permission names (members, signed-in users, everyone)", async () => {
    const outsider = await buildUser(server.db);
    const outsiderClient = server.client();
    await outsiderClient.signIn(outsider.username!, outsider.password);
    const joiner = await buildUser(server.db);
    const joinerClient = server.client();
    await joinerClient.signIn(joiner.username!, joiner.password);
    const statuses: Record<string, number[]> = {};
    for (const [view, name] of [[1, "Heron Members Only"], [2, "Heron Signed In"], [3, "Heron Everyone"]] as const) {
      const res = await client.post("/groups", { name, description: "Herons", view_permission: view });
      expect(res.status).toBe(200);
      const page = await server.db.selectFrom("content").select(["id", "uid"]).where("profile_id", "=", res.body.objGroup.id).where("model_key", "=", "profile").executeTakeFirstOrThrow();
      await server.db.insertInto("group_members").values({ group_id: res.body.objGroup.id, profile_id: joiner.id, role: "member" }).execute();
      // The group's page and its feed (its discussions follow the page too), for: guest, a signed-in outsider, a member, the leader.
      const reads = [server.client(), outsiderClient, joinerClient, client];
      statuses[name] = [];
      for (const reader of reads) {
        const pageRead = await reader.get(`/api/content/groups/${page.uid}`);
        const feedRead = await reader.get(`/feeds/by-type/profile/${page.id}`);
        expect(feedRead.status, `${name} feed`).toBe(pageRead.status);
        statuses[name].push(pageRead.status);
      }
      const guestSearch = await server.client().get("/api/search?query=heron&types=groups");
      const outsiderSearch = await outsiderClient.get("/api/search?query=heron&types=groups");
      statuses[`${name} found by guest, outsider`] = [guestSearch.body.data.some((d: { title: string }) => d.title === name) ? 1 : 0, outsiderSearch.body.data.some((d: { title: string }) => d.title === name) ? 1 : 0];
    }
    expect(statuses).toEqual({
      "Heron Members Only": [401, 404, 200, 200],
      "Heron Members Only found by guest, outsider": [0, 0],
      "Heron Signed In": [401, 200, 200, 200],
      "Heron Signed In found by guest, outsider": [0, 1],
      "Heron Everyone": [200, 200, 200, 200],
      "Heron Everyone found by guest, outsider": [1, 1],
    });
  });

  it("keeps the default view permission while the group_view_permission feature is off (the choice is not offered)", async () => {
    await setConfigValue(server.db, "settings", { features: { group_view_permission: false } });
    try {
      expect((await client.get("/groups/permission-options")).body.showView).toBe(false);
      const res = await client.post("/groups", { name: "Quiet Circle", description: "About", view_permission: 1, join_permission: 4 });
      expect(res.status).toBe(200);
      const group = await server.db.selectFrom("profiles").selectAll().where("id", "=", res.body.objGroup.id).executeTakeFirstOrThrow();
      expect(group).toMatchObject({ view_permission: 3, join_permission: 4 });
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
  });

  it("rejects a group without name or description", async () => {
    const noName = await client.post("/groups", { description: "About" });
    expect(noName.status).toBe(422);
    expect(noName.body.message).toBe("Name is required.");
    // The form labels a group's description About, as its page's edit does, and says so.
    const noAbout = await client.post("/groups", { name: "Nameless", description: " " });
    expect(noAbout.status).toBe(422);
    expect(noAbout.body.message).toBe("About is required.");
    expect(noAbout.body.errors.description).toEqual(["About is required."]);
    const missingAbout = await client.post("/groups", { name: "Nameless" });
    expect(missingAbout.body.errors.description).toEqual(["About is required."]);
    const longAbout = await client.post("/groups", { name: "Wordy", description: "a".repeat(5001) });
    expect(longAbout.body.errors.description).toEqual(["About may be at most 5000 characters."]);
    // A collection's Description keeps its own words.
    const longDescription = await client.post("/collections/create", { title: "Wordy", description: "a".repeat(5001) });
    expect(longDescription.body.errors.description).toEqual(["Description may be at most 5000 characters."]);
  });

  it("rejects permission ids that are not on the lists", async () => {
    const view = await client.post("/groups", { name: "Odd", description: "About", view_permission: 6 });
    expect(view.status).toBe(422);
    expect(view.body.errors.view_permission).toEqual(["Choose a view permission from the list."]);
    const join = await client.post("/groups", { name: "Odd", description: "About", join_permission: 99 });
    expect(join.status).toBe(422);
    expect(join.body.errors.join_permission).toEqual(["Choose a join permission from the list."]);
    // Only a number or its digits: a list, hex, exponent, padded text, a decimal or true were once read as an id on the list.
    for (const bad of [[6], ["6"], "0x6", "6e0", " 6 ", "6.0", 6.5, true, "", null, { id: 6 }]) {
      const res = await client.post("/groups", { name: "Odd", description: "About", join_permission: bad, view_permission: bad });
      expect([res.status, res.body.errors?.join_permission, res.body.errors?.view_permission], JSON.stringify(bad)).toEqual([
        422,
        ["Choose a join permission from the list."],
        ["Choose a view permission from the list."],
      ]);
    }
    expect(await server.db.selectFrom("profiles").select("id").where("name", "=", "Odd").execute()).toEqual([]);
  });
});
