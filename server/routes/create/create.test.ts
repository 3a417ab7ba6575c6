import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_MESSAGES } from "../../../contract/index.js";
import type { Profile } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildSignedInUser, buildUser } from "../../test/factories.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";

describe("creating collections and groups", () => {
  let server: TestServer;
  let member: Profile & { password: string };
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    member = await buildUser(server.db);
    client = server.client();
    await client.signIn(member.username!, member.password);
  });
  afterAll(() => server.stop());

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

  it("shows a group to whom its view permission names: members only, signed-in users, or everyone (page and search)", async () => {
    const [, outsiderClient] = await buildSignedInUser(server);
    const [joiner, joinerClient] = await buildSignedInUser(server);
    const guest = server.client();
    const pageOf = (link: string) => `/api/content${link}`;
    const foundBy = async (who: TestClient, name: string) =>
      (await who.get(`/api/search?query=${encodeURIComponent(name)}&types=groups`)).body.data.map((d: { title: string }) => d.title);

    const membersOnly = await client.post("/groups", { name: "Quokka Keepers Circle", description: "Members only", view_permission: 1 });
    const link = membersOnly.body.objGroup.link as string;
    await server.db.insertInto("group_members").values({ group_id: membersOnly.body.objGroup.id, profile_id: joiner.id, role: "member" }).execute();
    expect((await guest.get(pageOf(link))).status).toBe(401);
    expect((await outsiderClient.get(pageOf(link))).status).toBe(404);
    expect((await joinerClient.get(pageOf(link))).status).toBe(200);
    expect((await client.get(pageOf(link))).status).toBe(200);
    expect(await foundBy(guest, "quokka keepers")).toEqual([]);
    expect(await foundBy(outsiderClient, "quokka keepers")).toEqual([]);
    expect(await foundBy(joinerClient, "quokka keepers")).toEqual(["Quokka Keepers Circle"]);

    const signedIn = await client.post("/groups", { name: "Wombat Walkers Club", description: "Signed-in users", view_permission: 2 });
    expect((await guest.get(pageOf(signedIn.body.objGroup.link))).status).toBe(401);
    expect((await outsiderClient.get(pageOf(signedIn.body.objGroup.link))).status).toBe(200);
    expect(await foundBy(guest, "wombat walkers")).toEqual([]);
    expect(await foundBy(outsiderClient, "wombat walkers")).toEqual(["Wombat Walkers Club"]);

    const everyone = await client.post("/groups", { name: "Numbat Notes Society", description: "Everyone", view_permission: 3 });
    expect((await guest.get(pageOf(everyone.body.objGroup.link))).status).toBe(200);
    expect(await foundBy(guest, "numbat notes")).toEqual(["Numbat Notes Society"]);
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
    const noAbout = await client.post("/groups", { name: "Nameless", description: " " });
    expect(noAbout.status).toBe(422);
    expect(noAbout.body.message).toBe("Description is required.");
  });

  it("rejects permission ids that are not on the lists", async () => {
    const view = await client.post("/groups", { name: "Odd", description: "About", view_permission: 6 });
    expect(view.status).toBe(422);
    expect(view.body.errors.view_permission).toEqual(["Choose a view permission from the list."]);
    const join = await client.post("/groups", { name: "Odd", description: "About", join_permission: 99 });
    expect(join.status).toBe(422);
    expect(join.body.errors.join_permission).toEqual(["Choose a join permission from the list."]);
    expect(await server.db.selectFrom("profiles").select("id").where("name", "=", "Odd").execute()).toEqual([]);
  });
});
