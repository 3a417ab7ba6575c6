import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildContent, buildGroup, buildRoleCast, statusesByRole, type RoleCast } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useCast, useTestServer } from "../../test/useServer.js";

describe("items a group owns: its leaders act as the owner, its members see it", () => {
  const { server, cast } = useCast();
  let c: RoleCast["clients"];
  let group: Profile;
  let item: Content;

  const page = (client: TestClient, it: Content = item) => client.get(`/api/content/lesson-plans/${it.uid}`);
  const statuses = (call: (client: TestClient) => Promise<{ status: number }>) => statusesByRole(c, call);

  beforeAll(async () => {
    ({ group, clients: c } = cast);
    item = await buildContent(server.db, { ownerId: group.id, modelKey: "lesson_plan", title: "Group Plans", visibility: "restricted" });
  });

  it("lets the group's leader and members view a restricted item the group owns; the leader gets the owner's actions", async () => {
    expect(await statuses((client) => page(client))).toEqual({ guest: 401, owner: 404, member: 404, leader: 200, groupie: 200, moderator: 404, admin: 200 });
    expect((await page(c.leader)).body.abilities).toMatchObject({ view: true, edit: true, manage_permissions: true, change_owner: true });
    expect((await page(c.groupie)).body.abilities).toMatchObject({ view: true, edit: false, manage_permissions: false, change_owner: false });
    expect((await page(c.admin)).body.abilities).toMatchObject({ edit: true, manage_permissions: true, change_owner: true });
  });

  it("lets the leader edit it; the group's members only read", async () => {
    const update = (client: TestClient) => client.post(`/lesson-plans/${item.uid}/update`, { title: "Group Plans, edited" });
    // A moderator edits what it may view: this restricted item is hidden from it, as before.
    expect(await statuses(update)).toEqual({ guest: 401, owner: 404, member: 404, leader: 200, groupie: 403, moderator: 404, admin: 200 });
    expect((await page(c.groupie)).body.title).toBe("Group Plans, edited");
  });

  it("lets the leader manage its permissions (the owner row names the group); a member of the group is refused", async () => {
    const read = (client: TestClient) => client.get(`/permissions?opaque_id=${item.opaque_id}`);
    // A moderator manages what it may view, as it edits: this restricted item is hidden from it.
    expect(await statuses(read)).toEqual({ guest: 401, owner: 404, member: 404, leader: 200, groupie: 403, moderator: 404, admin: 200 });
    expect((await read(c.leader)).body.config.owner).toEqual({ profile_id: group.id, name: group.name, is_group: true });
    const refused = await c.groupie.post("/permissions", { opaque_id: item.opaque_id, profiles: [{ id: cast.member.id, permissions: ["read"] }] });
    expect([refused.status, refused.body.message]).toEqual([403, "Only the item's owner, or a moderator or administrator who may open it, may manage its permissions."]);
    expect((await c.groupie.post("/permissions/add-link-share", { opaque_id: item.opaque_id })).status).toBe(403);

    const saved = await c.leader.post("/permissions", { opaque_id: item.opaque_id, profiles: [{ id: cast.member.id, permissions: ["read"] }] });
    expect(saved.status).toBe(200);
    expect((await page(c.member)).status).toBe(200);
    // The group is the owner: it cannot be given a row of its own.
    const ownRow = await c.leader.post("/permissions", { opaque_id: item.opaque_id, groups: [{ id: group.id, group_leader: ["read"], group_member: ["read"] }] });
    expect(ownRow.status).toBe(422);
    expect((await c.leader.post("/permissions", { opaque_id: item.opaque_id })).status).toBe(200);
    expect((await page(c.member)).status).toBe(404);
    expect((await page(c.groupie)).status).toBe(200);
  });

  it("tells the group's leaders (not the group's own profile, which no one reads) of an access request, and they answer it", async () => {
    const asked = await buildContent(server.db, { ownerId: group.id, modelKey: "resource", title: "Group Secret Sheet", visibility: "restricted" });
    const sent = await c.member.post("/permissions/request", { uid: asked.uid, requestReason: "For my class" });
    expect(sent.status).toBe(200);
    const toldOf = async (client: TestClient) => ((await client.get("/api/notifications")).body.data as { kind: string; subject: { title: string } }[]).filter((n) => n.kind === "access_request" && n.subject.title === "Group Secret Sheet");
    expect(await toldOf(c.leader)).toHaveLength(1);
    expect(await toldOf(c.groupie)).toEqual([]);
    expect(await toldOf(c.owner)).toEqual([]);
    const rows = await server.db.selectFrom("notifications").select("profile_id").where("kind", "=", "access_request").where("subject_title", "=", "Group Secret Sheet").execute();
    expect(rows.map((r) => r.profile_id)).toEqual([cast.leader.id]);
    // The leader finds it in the item's Permissions dialog and accepts it.
    const table = await c.leader.get(`/permissions?opaque_id=${asked.opaque_id}`);
    expect(table.body.permission_requests).toEqual([expect.objectContaining({ id: sent.body.request.id, request_reason: "For my class" })]);
    expect((await c.leader.post("/permissions", { opaque_id: asked.opaque_id, accepted_requests: [sent.body.request.id] })).status).toBe(200);
    expect((await c.member.get(`/api/content/resources/${asked.uid}`)).status).toBe(200);
  });

  it("lists a collection the group owns to its leader for adding, not to its members", async () => {
    const shelf = await buildContent(server.db, { ownerId: group.id, modelKey: "collection", title: "Group Shelf", visibility: "restricted" });
    const titles = async (client: TestClient) => ((await client.get("/collections/autocomplete/find")).body.collections.data as { title: string }[]).map((x) => x.title);
    expect(await titles(c.leader)).toEqual(["Group Shelf"]);
    expect(await titles(c.groupie)).toEqual([]);
    expect(await titles(c.member)).toEqual([]);
    expect((await c.groupie.get(`/api/content/collections/${shelf.uid}`)).status).toBe(200);
  });

  it("lets the leader give the group's item to another profile or group, never to itself; the owner and admins to anyone", async () => {
    const handouts = await buildContent(server.db, { ownerId: group.id, modelKey: "lesson_plan", title: "Group Handouts", visibility: "restricted" });
    const change = (client: TestClient, to: number) => client.post("/profile/owner/change", { opaque_id: handouts.opaque_id, selected_profile: to });
    const ownerOf = async () => (await server.db.selectFrom("content").select("owner_id").where("id", "=", handouts.id).executeTakeFirstOrThrow()).owner_id;
    // The dialog offers "Me" only to whom may take it: an admin, not the leader acting for the group.
    expect((await page(c.leader, handouts)).body.abilities).toMatchObject({ change_owner: true, take_ownership: false });
    expect((await page(c.admin, handouts)).body.abilities).toMatchObject({ change_owner: true, take_ownership: true });
    expect((await page(c.groupie, handouts)).body.abilities).toMatchObject({ change_owner: false, take_ownership: false });

    const taken = await change(c.leader, cast.leader.id);
    expect([taken.status, taken.body.message]).toEqual([403, "You act for the group that owns this item: you may give it to someone else, but only an administrator may give it to you."]);
    expect(await ownerOf()).toBe(group.id);
    expect((await page(c.groupie, handouts)).status).toBe(200);

    // Another group it leads is another owner: the item goes to that group (whose members the groupie is not among).
    const other = await buildGroup(server.db, cast.leader);
    expect((await change(c.leader, other.id)).status).toBe(200);
    expect(await ownerOf()).toBe(other.id);
    expect((await page(c.groupie, handouts)).status).toBe(404);
    expect((await change(c.leader, cast.leader.id)).status).toBe(403);

    // An admin may give it to the leader, who then owns it itself and may give it to anyone, the group included.
    expect((await change(c.admin, cast.leader.id)).status).toBe(200);
    expect((await page(c.leader, handouts)).body.abilities).toMatchObject({ change_owner: true, take_ownership: false });
    expect((await change(c.leader, group.id)).status).toBe(200);
    expect(await ownerOf()).toBe(group.id);
    expect((await page(c.groupie, handouts)).status).toBe(200);
  });

  it("lets the leader give it away (a member of the group may not), after which the group's people lose it", async () => {
    const change = (client: TestClient) => client.post("/profile/owner/change", { opaque_id: item.opaque_id, selected_profile: cast.member.id });
    const refused = await change(c.groupie);
    expect([refused.status, refused.body.message]).toEqual([403, "Only the owner or an administrator may change the owner."]);
    expect((await change(c.member)).status).toBe(404);
    expect((await change(c.guest)).status).toBe(401);
    const res = await change(c.leader);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("success");
    expect((await page(c.member)).body.abilities).toMatchObject({ edit: true, change_owner: true });
    expect((await page(c.leader)).status).toBe(404);
    expect((await page(c.groupie)).status).toBe(404);
  });
});

describe.each(["memory", "sql"])("search (%s) lists a restricted item a group owns to the group's leader and members", (mode) => {
  const { server } = useTestServer({ env: { SEARCH_INDEX: mode } });
  let c: RoleCast["clients"];
  const word = "Capybaragroup";
  const found = async (client: TestClient) => ((await client.get(`/api/search?query=${word}`)).body.data as { title: string; is_owner: boolean }[]).map((d) => [d.title, d.is_owner]);
  const titlesAt = async (client: TestClient, query: string) => ((await client.get(`/api/search?${query}`)).body.data as { title: string }[]).map((d) => d.title);

  beforeAll(async () => {
    const cast = await buildRoleCast(server);
    c = cast.clients;
    await buildContent(server.db, { ownerId: cast.group.id, modelKey: "lesson_plan", title: `${word} Plans`, visibility: "restricted" });
  });

  it("by a word, by browsing and with a filter; is_owner is true for the leader only", async () => {
    expect(await found(c.leader)).toEqual([[`${word} Plans`, true]]);
    expect(await found(c.groupie)).toEqual([[`${word} Plans`, false]]);
    for (const role of ["guest", "owner", "member", "moderator"] as const) expect(await found(c[role]), role).toEqual([]);
    // Browsing (counted from the index's tables) and a filter (every candidate read) take other paths than a word.
    for (const query of ["f[_types][]=lesson_plan", `query=${word}&f[others][]=restricted`]) {
      expect(await titlesAt(c.leader, query), query).toEqual([`${word} Plans`]);
      expect(await titlesAt(c.groupie, query), query).toEqual([`${word} Plans`]);
      expect(await titlesAt(c.member, query), query).toEqual([]);
    }
    expect((await c.groupie.get(`/api/search?query=${word}`)).body.total).toBe(1);
  });
});
