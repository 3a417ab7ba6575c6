import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildContent, buildRoleCast, buildUser, signedInClient, statusesByRole, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("permissions: managing an item's grants, and access requests", () => {
  const { server } = useTestServer();
  let owner: TestUser, member: TestUser, editor: TestUser;
  let ownerClient: TestClient, memberClient: TestClient, leaderClient: TestClient, groupieClient: TestClient, moderatorClient: TestClient, adminClient: TestClient, editorClient: TestClient, guest: TestClient;
  let group: Profile;
  let item: Content;
  const word = "Quokkaperm";

  const save = (client: TestClient, body: Record<string, unknown>) => client.post("/permissions", { opaque_id: item.opaque_id, ...body });
  const titlesFound = async (client: TestClient) => ((await client.get(`/api/search?query=${word}`)).body.data as { title: string }[]).map((d) => d.title);

  beforeAll(async () => {
    const cast = await buildRoleCast(server);
    ({ owner, member, group } = cast);
    ({ owner: ownerClient, member: memberClient, leader: leaderClient, groupie: groupieClient, moderator: moderatorClient, admin: adminClient, guest } = cast.clients);
    editor = await buildUser(server.db, { name: "Eddie Editor" });
    item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: `${word} Secrets`, visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "profile", profile_id: editor.id, permission: "edit" }).execute();
    editorClient = await signedInClient(server, editor);
  });

  it("shows the owner the item's permission set and config, and the item page offers managing it", async () => {
    const res = await ownerClient.get(`/permissions?opaque_id=${item.opaque_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: `${word} Secrets`,
      config: { owner: { name: "Olga Owner", is_group: false }, dependencies: { edit: ["read"] }, user_permission: ["read", "edit"], global: true, authed: true, link: true, link_permissions: ["read"], email: true },
      permissions: { global: [], authed: [], link: [], locked: [], groups: [] },
      permission_requests: [],
      permission_invites: [],
    });
    expect(res.body.permissions.profiles).toEqual([{ id: editor.id, display_name: "Eddie Editor", permissions: ["read", "edit"], permission_request_id: null, new_add: false }]);
    const page = await ownerClient.get(`/api/content/lesson-plans/${item.uid}`);
    expect(page.body.abilities.manage_permissions).toBe(true);
    expect((await editorClient.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.manage_permissions).toBe(false);
  });

  it("a grant to the owner (an installation's data from before owners' grants were dropped) is no row of the form, so the form's answer saves", async () => {
    const own = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Owner Granted", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: own.id, scope: "profile", profile_id: owner.id, permission: "read" }).execute();
    const form = await ownerClient.get(`/permissions?opaque_id=${own.opaque_id}`);
    expect(form.body.permissions.profiles).toEqual([]);
    expect((await ownerClient.post("/permissions", { opaque_id: own.opaque_id, ...form.body.permissions })).status).toBe(200);
  });

  it("is refused to guests (401), to members and moderators who cannot view (404), and to an editor who can (403); admins may", async () => {
    expect((await guest.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(401);
    expect((await guest.post("/permissions", { opaque_id: item.opaque_id })).status).toBe(401);
    const hidden = await memberClient.get(`/permissions?opaque_id=${item.opaque_id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toEqual(expect.any(String));
    expect((await save(memberClient, { global: ["read"] })).status).toBe(404);
    const editorTry = await save(editorClient, { global: ["read"] });
    expect(editorTry.status).toBe(403);
    expect(editorTry.body.message).toBe("Only the item's owner, or a moderator or administrator who may open it, may manage its permissions.");
    // A moderator manages only what it may view (moderator.test.ts): this restricted item is hidden from it.
    expect((await moderatorClient.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(404);
    expect((await adminClient.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(200);
    expect((await ownerClient.get(`/permissions?opaque_id=00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  it("opens an item to signed-in members and to everybody, and search reflects each change at once", async () => {
    expect(await titlesFound(memberClient)).toEqual([]);
    let res = await save(ownerClient, { authed: ["read"], profiles: [{ id: editor.id, permissions: ["edit"] }] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", message: "Permissions have been updated." });
    expect(await titlesFound(memberClient)).toEqual([`${word} Secrets`]);
    expect(await titlesFound(guest)).toEqual([]);
    expect((await guest.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(401);
    res = await save(moderatorClient, { global: ["read"], profiles: [{ id: editor.id, permissions: ["edit"] }] });
    expect(res.status).toBe(200);
    expect(await titlesFound(guest)).toEqual([`${word} Secrets`]);
    expect((await server.db.selectFrom("content").select("visibility").where("id", "=", item.id).executeTakeFirstOrThrow()).visibility).toBe("public");
    // Restricting again hides it from members and guests; the editor's grant (edit brings read) still shows it to them.
    res = await save(adminClient, { profiles: [{ id: editor.id, permissions: ["edit"] }] });
    expect(res.status).toBe(200);
    expect(await titlesFound(guest)).toEqual([]);
    expect(await titlesFound(memberClient)).toEqual([]);
    expect(await titlesFound(editorClient)).toEqual([`${word} Secrets`]);
    expect((await editorClient.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.edit).toBe(true);
  });

  it("grants profiles and groups: leaders edit when the group is given edit, members read; revoking takes it away", async () => {
    let res = await save(ownerClient, { profiles: [{ id: member.id, permissions: ["read"] }], groups: [{ id: group.id, group_leader: ["edit"], group_member: ["read"] }] });
    expect(res.status).toBe(200);
    expect(await titlesFound(memberClient)).toEqual([`${word} Secrets`]);
    expect(await titlesFound(groupieClient)).toEqual([`${word} Secrets`]);
    expect((await leaderClient.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.edit).toBe(true);
    expect((await groupieClient.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.edit).toBe(false);
    // A group leader given edit still may not manage permissions.
    expect((await leaderClient.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(403);
    expect((await groupieClient.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(403);
    expect((await save(groupieClient, { global: ["read"] })).status).toBe(403);
    const read = await ownerClient.get(`/permissions?opaque_id=${item.opaque_id}`);
    expect(read.body.permissions.groups).toEqual([{ id: group.id, display_name: group.name, group_leader: ["read", "edit"], group_member: ["read"], permission_request_id: null, new_add: false }]);
    expect(read.body.permissions.profiles.map((p: { id: number; permissions: string[] }) => [p.id, p.permissions])).toEqual([[member.id, ["read"]]]);
    res = await save(ownerClient, { groups: [{ id: group.id, group_leader: ["read"], group_member: ["read"] }] });
    expect(res.status).toBe(200);
    expect(await titlesFound(memberClient)).toEqual([]);
    expect((await memberClient.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(404);
    expect((await leaderClient.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.edit).toBe(false);
    expect((await editorClient.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(404);
  });

  it("two owners saving at once: the last save wins whole, never the union of both sets", async () => {
    const raced = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Raced", visibility: "restricted" });
    for (let round = 0; round < 6; round++) {
      const [a, b] = await Promise.all([
        ownerClient.post("/permissions", { opaque_id: raced.opaque_id, profiles: [{ id: member.id, permissions: ["read"] }] }),
        adminClient.post("/permissions", { opaque_id: raced.opaque_id, profiles: [{ id: editor.id, permissions: ["read"] }] }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const grants = await server.db.selectFrom("content_grants").select("profile_id").where("content_id", "=", raced.id).execute();
      expect(grants.length).toBe(1);
    }
  });

  it("does not tell a member of an unviewable item that has no permissions to request (an attribute item) by its link", async () => {
    const hidden = await buildContent(server.db, { ownerId: owner.id, modelKey: "attribute_item", title: "Hidden attribute", visibility: "restricted" });
    expect((await memberClient.get(`/permissions/access-details?opaque_id=${hidden.opaque_id}`)).status).toBe(404);
    expect((await memberClient.get(`/permissions/access-details?uid=${hidden.uid}`)).status).toBe(404);
    expect((await memberClient.post("/permissions/request", { opaque_id: hidden.opaque_id })).status).toBe(404);
  });

  it("two requests sent at once: one is taken, the other is 409, never a 500", async () => {
    const asked = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Asked twice", visibility: "restricted" });
    const answers = await Promise.all([1, 2, 3, 4].map(() => memberClient.post("/permissions/request", { opaque_id: asked.opaque_id, requestReason: "Please" })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await server.db.selectFrom("permission_requests").select("id").where("content_id", "=", asked.id).execute()).length).toBe(1);
  });

  it("answers bad input with 422 and a message, never 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ global: ["edit"] }, "global may only hold this permission: read."],
      [{ global: "read" }, "global may only hold this permission: read."],
      [{ authed: ["edit"] }, "authed may only hold this permission: read."],
      [{ profiles: [{ id: member.id, permissions: ["own"] }] }, "profiles may only hold these permissions: read, edit."],
      // A group's members only ever read (edit goes to its leaders): the message names what each row may hold.
      [{ groups: [{ id: group.id, group_leader: ["read"], group_member: ["edit"] }] }, "group_member may only hold this permission: read."],
      [{ groups: [{ id: group.id, group_leader: ["own"], group_member: ["read"] }] }, "group_leader may only hold these permissions: read, edit."],
      [{ profiles: [{ id: 99999999, permissions: ["read"] }] }, "A chosen profile was not found."],
      [{ profiles: [{ id: group.id, permissions: ["read"] }] }, "A chosen profile was not found."],
      [{ profiles: [{ id: "abc", permissions: ["read"] }] }, "A chosen profile was not found."],
      [{ groups: [{ id: member.id, group_leader: ["read"], group_member: ["read"] }] }, "A chosen group was not found."],
      [{ profiles: [{ id: owner.id, permissions: ["read"] }] }, "The owner always has every permission; leave the owner out."],
      [{ link: ["edit"] }, "Anyone with the link may only be given read (view) access."],
      [{ locked: ["read"] }, "Locked sharing is not available on this site."],
      [{ permission_invites: [{ email: "not-an-address", permissions: ["read"] }] }, "Invalid email address"],
      [{ permission_invites: [{ email: "a@example.com", permissions: ["own"] }] }, "permission_invites may only hold these permissions: read, edit."],
      [{ accepted_requests: [424242] }, "A permission request was not found for this item."],
    ];
    for (const [body, message] of cases) {
      const res = await save(ownerClient, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const noId = await ownerClient.post("/permissions", {});
    expect(noId.status).toBe(422);
    expect(noId.body.message).toBe("opaque_id is required.");
    expect((await ownerClient.get("/permissions")).status).toBe(422);
  });

  describe("access requests", () => {
    it("tells a member who may not view only the owner's name and type, and guests to sign in", async () => {
      expect((await guest.get(`/permissions/access-details?model=lesson_plan&uid=${item.uid}`)).status).toBe(401);
      const res = await memberClient.get(`/permissions/access-details?model=lesson_plan&uid=${item.uid}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ details: { owner: { name: "Olga Owner" }, type_name_singular: expect.any(String), can_view: false, permissionRequest: null, availableProducts: [] } });
      // A sequential id does not find an item the asker may not view (ids could be counted through).
      expect((await memberClient.get(`/permissions/access-details?model=lesson_plan&id=${item.id}`)).status).toBe(404);
      expect((await ownerClient.get(`/permissions/access-details?model=lesson_plan&id=${item.id}`)).body.details.can_view).toBe(true);
      const bad = await memberClient.get("/permissions/access-details?model=lesson_plan");
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe("Name the item by opaque_id or uid, or by model and id.");
    });

    it("takes one pending request per profile with a reason of at most 1000 characters; the owner accepts one and rejects another", async () => {
      expect((await guest.post("/permissions/request", { model: "lesson_plan", uid: item.uid })).status).toBe(401);
      const long = await memberClient.post("/permissions/request", { model: "lesson_plan", uid: item.uid, requestReason: "x".repeat(1001) });
      expect(long.status).toBe(422);
      expect(long.body.message).toBe("The reason may be at most 1000 characters.");
      const sent = await memberClient.post("/permissions/request", { model: "lesson_plan", opaque_id: item.opaque_id, requestReason: "For my class" });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ status: "success", message: "Your request has been successfully sent.", request: { status: "pending" } });
      const again = await memberClient.post("/permissions/request", { model: "lesson_plan", uid: item.uid });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe("You have already requested access to this item.");
      const details = await memberClient.get(`/permissions/access-details?model=lesson_plan&uid=${item.uid}`);
      expect(details.body.details.permissionRequest).toMatchObject({ id: sent.body.request.id, status: "pending", created_at: sent.body.request.created_at });
      const viewer = await ownerClient.post("/permissions/request", { model: "lesson_plan", uid: item.uid });
      expect(viewer.status).toBe(422);
      expect(viewer.body.message).toBe("You can already view this item.");
      const other = await (await signedInClient(server, editor)).post("/permissions/request", { opaque_id: item.opaque_id, requestReason: "" });
      expect(other.status).toBe(200);

      const table = await ownerClient.get(`/permissions?opaque_id=${item.opaque_id}`);
      expect(table.body.permission_requests).toEqual([
        expect.objectContaining({ id: sent.body.request.id, rejected: false, request_reason: "For my class", requesterDetails: expect.objectContaining({ profile_id: member.id, name: "Milo Member", link: `/profiles/${member.uid}` }) }),
        expect.objectContaining({ id: other.body.request.id, rejected: false, request_reason: "" }),
      ]);
      // The requester's link is its profile page (the owner looks up who is asking): the page's data answers there.
      const requesterPage = await ownerClient.get(`/api${table.body.permission_requests[0].requesterDetails.link}`);
      expect(requesterPage.status).toBe(200);
      expect(requesterPage.body).toMatchObject({ name: "Milo Member" });
      const both = await save(ownerClient, { accepted_requests: [sent.body.request.id], rejected_requests: [sent.body.request.id] });
      expect(both.status).toBe(422);
      const decided = await save(ownerClient, { accepted_requests: [sent.body.request.id], rejected_requests: [other.body.request.id] });
      expect(decided.status).toBe(200);
      expect(await titlesFound(memberClient)).toEqual([`${word} Secrets`]);
      expect((await memberClient.get(`/api/content/lesson-plans/${item.uid}`)).status).toBe(200);
      const after = await ownerClient.get(`/permissions?opaque_id=${item.opaque_id}`);
      expect(after.body.permissions.profiles.map((p: { id: number }) => p.id)).toEqual([member.id]);
      expect(after.body.permission_requests).toEqual([expect.objectContaining({ id: other.body.request.id, rejected: true })]);
      expect((await memberClient.get(`/permissions/access-details?opaque_id=${item.opaque_id}`)).body.details).toMatchObject({ can_view: true, permissionRequest: { status: "accepted" } });
    });

    it("is asked by every signed-in role that may not view the item, refused to those who may (422) and to guests (401)", async () => {
      const closed = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", title: "Role Outline", visibility: "restricted" });
      const cast = { owner: ownerClient, member: memberClient, leader: leaderClient, groupie: groupieClient, moderator: moderatorClient, admin: adminClient, guest };
      const details = await statusesByRole(cast, (c) => c.get(`/permissions/access-details?uid=${closed.uid}`));
      expect(details).toEqual({ owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200, guest: 401 });
      const canView = async (c: TestClient) => (await c.get(`/permissions/access-details?uid=${closed.uid}`)).body.details.can_view;
      expect([await canView(ownerClient), await canView(adminClient), await canView(moderatorClient), await canView(memberClient)]).toEqual([true, true, false, false]);
      const asked = await statusesByRole(cast, (c) => c.post("/permissions/request", { uid: closed.uid, requestReason: "role check" }));
      expect(asked).toEqual({ owner: 422, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 422, guest: 401 });
      // Granted to a group, its leader and members see it already: nothing to ask.
      const grouped = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", title: "Group Outline", visibility: "restricted" });
      await server.db.insertInto("content_grants").values({ content_id: grouped.id, scope: "group", profile_id: group.id, permission: "read" }).execute();
      const groupAsked = await statusesByRole(cast, (c) => c.post("/permissions/request", { uid: grouped.uid }));
      expect(groupAsked).toEqual({ owner: 422, member: 200, leader: 422, groupie: 422, moderator: 200, admin: 422, guest: 401 });
      const already = await groupieClient.post("/permissions/request", { uid: grouped.uid });
      expect(already.body.message).toBe("You can already view this item.");
      // The owner's table lists each asker once, and only they.
      const table = await ownerClient.get(`/permissions?opaque_id=${closed.opaque_id}`);
      expect(table.body.permission_requests.map((r: { requesterDetails: { name: string } }) => r.requesterDetails.name).sort()).toEqual(["Gus Groupie", "Lea Leader", "Milo Member", "Mona Moderator"]);
    });

    it("tells a declined requester that (and when) the owner declined, and asking again reopens the request", async () => {
      const closed = await buildContent(server.db, { ownerId: owner.id, modelKey: "resource", title: "Declined Resource", visibility: "restricted" });
      const asker = await signedInClient(server, await buildUser(server.db, { name: "Dana Declined" }));
      const sent = await asker.post("/permissions/request", { uid: closed.uid, requestReason: "May I?" });
      expect(sent.status).toBe(200);
      expect(sent.body.request).toEqual({ id: expect.any(Number), status: "pending", created_at: expect.any(String), decided_at: null });
      const before = Date.now();
      expect((await ownerClient.post("/permissions", { opaque_id: closed.opaque_id, rejected_requests: [sent.body.request.id] })).status).toBe(200);
      const details = await asker.get(`/permissions/access-details?uid=${closed.uid}`);
      expect(details.status).toBe(200);
      const declined = details.body.details.permissionRequest;
      expect(declined).toMatchObject({ id: sent.body.request.id, status: "rejected", created_at: sent.body.request.created_at });
      expect(Date.parse(declined.decided_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(details.body.details.can_view).toBe(false);
      const again = await asker.post("/permissions/request", { uid: closed.uid, requestReason: "Please, for my class" });
      expect(again.status).toBe(200);
      expect(again.body.request).toMatchObject({ id: sent.body.request.id, status: "pending", decided_at: null });
    });
  });
});
