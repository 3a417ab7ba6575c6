import { beforeAll, describe, expect, it } from "vitest";
import { GROUP_MEMBER_MESSAGES, GROUP_MEMBERS_SHOWN, LIST_PAGE_MESSAGE, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildGroup, buildGroupPage, buildUser, statusesByRole } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

const members = (item: Content) => `/groups/${item.id}/members`;

describe("a group's people", () => {
  const { server, cast, as, groupPage, resource } = useCastServer();
  const fits = apiReferenceCheck();

  it("lists leaders first then members, each by name with a link to their profile, and tells the asker its own role", async () => {
    const [zed, amy] = [await buildUser(server.db, { name: "Zed Zoologist" }), await buildUser(server.db, { name: "amy Astronomer" })];
    const coLeader = await buildUser(server.db, { name: "Bea Botanist" });
    const group = await buildGroup(server.db, cast.leader, [zed, cast.groupie, amy]);
    await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: coLeader.id, role: "leader" }).execute();
    const page = await buildGroupPage(server.db, cast.leader, group, "Naturalists");

    // A signed-in reader who is not in the group lists its people; a guest is asked to sign in.
    const read = await as.member.get(members(page));
    expect(read.status).toBe(200);
    fits("get", "/groups/{modelId}/members", read);
    expect(read.body.total).toBe(5);
    expect(read.body.viewer_role).toBeNull();
    // Two leaders: either may step down or go.
    expect(read.body.sole_leader_id).toBeNull();
    const leaderName = (await server.db.selectFrom("profiles").select("name").where("id", "=", cast.leader.id).executeTakeFirstOrThrow()).name;
    const expectedLeaders = [
      { id: coLeader.id, name: "Bea Botanist", link: `/profiles/${coLeader.uid}`, role: "leader" },
      { id: cast.leader.id, name: leaderName, link: `/profiles/${cast.leader.uid}`, role: "leader" },
    ].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(read.body.data).toEqual([
      ...expectedLeaders,
      { id: amy.id, name: "amy Astronomer", link: `/profiles/${amy.uid}`, role: "member" },
      { id: cast.groupie.id, name: "Gus Groupie", link: `/profiles/${cast.groupie.uid}`, role: "member" },
      { id: zed.id, name: "Zed Zoologist", link: `/profiles/${zed.uid}`, role: "member" },
    ]);
    expect((await as.leader.get(members(page))).body.viewer_role).toBe("leader");
    expect((await as.groupie.get(members(page))).body.viewer_role).toBe("member");
    expect((await as.member.get(members(page))).body.viewer_role).toBeNull();
  });

  it(`shows the first ${GROUP_MEMBERS_SHOWN} people and counts them all`, async () => {
    const crowd = [];
    for (let i = 0; i < GROUP_MEMBERS_SHOWN + 3; i++) crowd.push(await buildUser(server.db, { name: `Crowd ${String(i).padStart(3, "0")}` }));
    const page = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, crowd), "Big Crowd");
    const read = await as.member.get(members(page));
    expect(read.body.total).toBe(GROUP_MEMBERS_SHOWN + 4);
    expect(read.body.data).toHaveLength(GROUP_MEMBERS_SHOWN);
    expect(read.body.data[0]).toMatchObject({ id: cast.leader.id, role: "leader" });
    // One leader: the card offers neither Make member nor Remove on their row, which the server would refuse.
    expect(read.body.sole_leader_id).toBe(cast.leader.id);
    expect(read.body.data.at(-1)).toMatchObject({ name: `Crowd ${String(GROUP_MEMBERS_SHOWN - 2).padStart(3, "0")}`, role: "member" });
    // The sole leader is named on every page, not only on the one that lists them.
    const second = await as.leader.get(`${members(page)}?page=2`);
    expect(second.body.data.map((m: { name: string }) => m.name)).toEqual([49, 50, 51, 52].map((i) => `Crowd ${String(i).padStart(3, "0")}`));
    expect(second.body.sole_leader_id).toBe(cast.leader.id);
  });

  it(`pages a group's people, ${GROUP_MEMBERS_SHOWN} a page, leaders first, and refuses a page that is not a whole number from 1`, async () => {
    const crowd = [];
    for (let i = 0; i < 117; i++) crowd.push(await buildUser(server.db, { name: `Many ${String(i).padStart(3, "0")}` }));
    // Two more leaders whose names sort last: leaders still come first.
    const [zara, zeno] = [await buildUser(server.db, { name: "Zara Leader" }), await buildUser(server.db, { name: "Zeno Leader" })];
    const group = await buildGroup(server.db, cast.leader, [...crowd, zara, zeno]);
    await server.db.updateTable("group_members").set({ role: "leader" }).where("group_id", "=", group.id).where("profile_id", "in", [zara.id, zeno.id]).execute();
    const page = await buildGroupPage(server.db, cast.leader, group, "Many People");
    const names = (body: { data: { name: string }[] }) => body.data.map((m) => m.name);
    const many = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Many ${String(from + i).padStart(3, "0")}`);

    const first = await as.member.get(`${members(page)}?page=1`);
    expect(first.status).toBe(200);
    fits("get", "/groups/{modelId}/members", first);
    expect(first.body).toMatchObject({ total: 120, page: 1, per: GROUP_MEMBERS_SHOWN, sole_leader_id: null });
    expect(first.body.data).toHaveLength(GROUP_MEMBERS_SHOWN);
    expect(first.body.data.slice(0, 3).map((m: { role: string }) => m.role)).toEqual(["leader", "leader", "leader"]);
    expect(first.body.data.slice(0, 3).map((m: { id: number }) => m.id).sort()).toEqual([cast.leader.id, zara.id, zeno.id].sort());
    expect(names(first.body).slice(3)).toEqual(many(0, 47));
    // No page named: the first.
    expect((await as.member.get(members(page))).body).toEqual(first.body);

    const second = await as.member.get(`${members(page)}?page=2`);
    expect(second.body).toMatchObject({ total: 120, page: 2, per: GROUP_MEMBERS_SHOWN });
    expect(names(second.body)).toEqual(many(47, 97));
    const third = await as.member.get(`${members(page)}?page=3`);
    expect(third.body).toMatchObject({ total: 120, page: 3, per: GROUP_MEMBERS_SHOWN });
    expect(names(third.body)).toEqual(many(97, 117));
    // Past the last page: nothing, with the total (the card then goes to the last page).
    const fourth = await as.member.get(`${members(page)}?page=4`);
    expect(fourth.status).toBe(200);
    expect(fourth.body).toMatchObject({ data: [], total: 120, page: 4, per: GROUP_MEMBERS_SHOWN });

    for (const bad of ["0", "x", "-1", "2.5", "1e2", "100001"]) {
      const refused = await as.member.get(`${members(page)}?page=${bad}`);
      expect([refused.status, refused.body.message], bad).toEqual([422, LIST_PAGE_MESSAGE]);
      fits("get", "/groups/{modelId}/members", refused);
    }
    // The same words as the buyer's orders list.
    expect((await as.member.get("/api/checkout/orders?page=0")).body.message).toBe(LIST_PAGE_MESSAGE);
    // Who may read is unchanged whatever the page: guests are asked to sign in (before the page is read), a hidden group stays not found.
    for (const query of ["?page=2", "?page=x"]) {
      const guest = await as.guest.get(`${members(page)}${query}`);
      expect([guest.status, guest.body.message], query).toEqual([401, MESSAGES.signInRequired]);
    }
    const hidden = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, crowd.slice(0, 60)), "Secret Many", { restricted: true });
    for (const query of ["?page=2", "?page=x"]) {
      expect((await as.member.get(`${members(hidden)}${query}`)).status, query).toBe(404);
      expect((await as.guest.get(`${members(hidden)}${query}`)).status, query).toBe(401);
    }
    const insider = await as.admin.get(`${members(hidden)}?page=2`);
    expect(insider.status).toBe(200);
    expect(insider.body).toMatchObject({ total: 61, page: 2, viewer_role: null });
    expect(insider.body.data).toHaveLength(11);
  });

  it("keeps an 'Only members' group's people hidden from those who may not view its page", async () => {
    const hidden = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Secret Club", { restricted: true });
    const guest = await as.guest.get(members(hidden));
    expect(guest.status).toBe(401);
    fits("get", "/groups/{modelId}/members", guest);
    for (const role of ["member", "moderator"] as const) {
      const refused = await as[role].get(members(hidden));
      expect(refused.status, role).toBe(404);
      fits("get", "/groups/{modelId}/members", refused);
    }
    expect((await as.groupie.get(members(hidden))).body.total).toBe(2);
    expect((await as.admin.get(members(hidden))).body.total).toBe(2);
    // Not a group: no people.
    expect((await as.member.get(members(resource))).status).toBe(404);
  });

  it("lists a public group's people to signed-in readers only: guests are asked to sign in (401), as for its discussions", async () => {
    expect(await statusesByRole(as, (c) => c.get(members(groupPage)))).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
    const guest = await as.guest.get(members(groupPage));
    expect(guest.body.message).toBe(MESSAGES.signInRequired);
    expect(JSON.stringify(guest.body)).not.toContain("Gus Groupie");
    fits("get", "/groups/{modelId}/members", guest);
    // The page itself and its feed stay open to guests.
    expect((await as.guest.get(`/feeds/by-type/profile/${groupPage.id}`)).status).toBe(200);
  });
});

describe("managing a group's people", () => {
  const { server, cast, as } = useCastServer();
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    // The cast's owner leads a group of its own: another group's leader.
    await buildGroup(server.db, cast.owner);
  });

  /** A fresh group led by the cast's leader with the cast's groupie as member, and its page. */
  const freshGroup = async (title: string) => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    return { group, page: await buildGroupPage(server.db, cast.leader, group, title) };
  };
  const roleOf = async (groupId: number, profileId: number) =>
    (await server.db.selectFrom("group_members").select("role").where("group_id", "=", groupId).where("profile_id", "=", profileId).executeTakeFirst())?.role ?? null;
  const setRole = async (c: TestClient, page: Content, profileId: number, role: unknown) => c.request("PUT", `${members(page)}/${profileId}`, { role }, { "x-csrf-token": await c.token() });
  const removeMember = async (c: TestClient, page: Content, profileId: number) => c.request("DELETE", `${members(page)}/${profileId}`, undefined, { "x-csrf-token": await c.token() });

  it("lets the group's leaders and administrators add, remove and promote; guests 401, members, moderators and other groups' leaders 403", async () => {
    const expected = { guest: 401, member: 403, groupie: 403, moderator: 403, owner: 403, leader: 201, admin: 201 } as const;
    for (const [role, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const { group, page } = await freshGroup(`Add by ${role}`);
      const newcomer = await buildUser(server.db);
      const added = await as[role].post(members(page), { profile_id: newcomer.id });
      expect(added.status, role).toBe(status);
      fits("post", "/groups/{modelId}/members", added);
      expect(await roleOf(group.id, newcomer.id), role).toBe(status === 201 ? "member" : null);
      if (status === 201) expect(added.body).toEqual({ status: "success", message: GROUP_MEMBER_MESSAGES.added });
      else if (status === 403) expect(added.body.message).toBe(GROUP_MEMBER_MESSAGES.manageForbidden);
      // A guest may not list the people at all (401); everyone else is told whether they manage them.
      const abilities = (await as[role].get(members(page))).body.abilities;
      expect(abilities, role).toEqual(role === "guest" ? undefined : { manage: status === 201 });

      await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: newcomer.id, role: "member" }).onConflict((oc) => oc.doNothing()).execute();
      const promoted = await setRole(as[role], page, newcomer.id, "leader");
      expect(promoted.status, role).toBe(status === 201 ? 200 : status);
      fits("put", "/groups/{modelId}/members/{profileId}", promoted);
      expect(await roleOf(group.id, newcomer.id), role).toBe(status === 201 ? "leader" : "member");
      const removed = await removeMember(as[role], page, newcomer.id);
      expect(removed.status, role).toBe(status === 201 ? 200 : status);
      fits("delete", "/groups/{modelId}/members/{profileId}", removed);
      expect(await roleOf(group.id, newcomer.id), role).toBe(status === 201 ? null : "member");
    }
  });

  it("lets the group's leaders and administrators choose who can join; everyone else is refused, and a bad value is a 422", async () => {
    const setJoin = async (c: TestClient, page: Content, value: unknown) => c.request("PUT", `/groups/${page.id}/join-permission`, { join_permission: value }, { "x-csrf-token": await c.token() });
    const joinOf = async (groupId: number) => (await server.db.selectFrom("profiles").select("join_permission").where("id", "=", groupId).executeTakeFirstOrThrow()).join_permission;
    const expected = { guest: 401, member: 403, groupie: 403, moderator: 403, owner: 403, leader: 200, admin: 200 } as const;
    for (const [role, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const { group, page } = await freshGroup(`Join rule by ${role}`);
      const before = await joinOf(group.id);
      const answer = await setJoin(as[role], page, 5);
      expect(answer.status, role).toBe(status);
      fits("put", "/groups/{modelId}/join-permission", answer);
      if (status === 200) expect(answer.body).toEqual({ status: "success", message: GROUP_MEMBER_MESSAGES.joinPermissionSaved("Request to join") });
      else if (status === 403) expect(answer.body.message).toBe(GROUP_MEMBER_MESSAGES.manageForbidden);
      expect(await joinOf(group.id), role).toBe(status === 200 ? 5 : before);
      // The members answer says it, to everyone who may read it; the feed then offers Request to join to a reader.
      expect((await as.member.get(members(page))).body.join_permission, role).toBe(status === 200 ? 5 : before);
    }
    const { group, page } = await freshGroup("Join rule refused");
    await server.db.updateTable("profiles").set({ join_permission: 6 }).where("id", "=", group.id).execute();
    for (const bad of [3, 7, "anyone", null, [5], "0x5", "5e0", " 5", "5.0", 5.5, true, {}]) {
      const refused = await setJoin(as.leader, page, bad);
      expect([refused.status, refused.body.errors?.join_permission?.[0]], String(bad)).toEqual([422, GROUP_MEMBER_MESSAGES.joinPermissionInvalid]);
    }
    expect(await joinOf(group.id)).toBe(6);
    expect((await as.member.get(`/feeds/by-type/profile/${page.id}`)).body.abilities).toMatchObject({ join: true, request_join: false });
    expect((await setJoin(as.leader, page, 5)).status).toBe(200);
    expect((await as.member.get(`/feeds/by-type/profile/${page.id}`)).body.abilities).toMatchObject({ join: false, request_join: true });
  });

  it("never leaves a group without a leader, and says what is wrong with a bad request", async () => {
    const { group, page } = await freshGroup("Careful Group");
    const lastStepsDown = await setRole(as.leader, page, cast.leader.id, "member");
    expect([lastStepsDown.status, lastStepsDown.body.message]).toEqual([422, GROUP_MEMBER_MESSAGES.lastLeader]);
    fits("put", "/groups/{modelId}/members/{profileId}", lastStepsDown);
    const lastRemoved = await removeMember(as.admin, page, cast.leader.id);
    expect([lastRemoved.status, lastRemoved.body.message]).toEqual([422, GROUP_MEMBER_MESSAGES.lastLeader]);
    expect(await roleOf(group.id, cast.leader.id)).toBe("leader");

    // With a second leader, the first may step down (and is then no longer one who may manage).
    expect((await setRole(as.leader, page, cast.groupie.id, "leader")).body).toEqual({ status: "success", message: GROUP_MEMBER_MESSAGES.madeLeader });
    expect((await setRole(as.leader, page, cast.leader.id, "member")).body).toEqual({ status: "success", message: GROUP_MEMBER_MESSAGES.madeMember });
    expect(await roleOf(group.id, cast.leader.id)).toBe("member");
    expect((await setRole(as.leader, page, cast.leader.id, "leader")).status).toBe(403);
    expect((await removeMember(as.groupie, page, cast.groupie.id)).status).toBe(422);

    const bad = await setRole(as.groupie, page, cast.leader.id, "owner");
    expect([bad.status, bad.body.message]).toEqual([422, GROUP_MEMBER_MESSAGES.roleInvalid]);
    for (const body of [{}, { profile_id: "x" }, { profile_id: group.id }, { profile_id: 999999 }]) {
      const refused = await as.groupie.post(members(page), body);
      expect([refused.status, refused.body.message], JSON.stringify(body)).toEqual([422, GROUP_MEMBER_MESSAGES.personRequired]);
    }
    const again = await as.groupie.post(members(page), { profile_id: cast.leader.id });
    expect([again.status, again.body.message]).toEqual([422, GROUP_MEMBER_MESSAGES.alreadyIn]);
    fits("post", "/groups/{modelId}/members", again);
    for (const id of [cast.member.id, "abc"]) {
      const missing = await removeMember(as.groupie, page, id as number);
      expect([missing.status, missing.body.message], String(id)).toEqual([404, GROUP_MEMBER_MESSAGES.notInGroup]);
    }
  });

  it("offers its leaders and administrators people to add who are not in it yet, whichever page of the roll they are on", async () => {
    const crowd = [];
    for (let i = 0; i < GROUP_MEMBERS_SHOWN + 5; i++) crowd.push(await buildUser(server.db, { name: `Quokka ${String(i).padStart(3, "0")}` }));
    const outsiders = [await buildUser(server.db, { name: "Quokka Outsider" }), await buildUser(server.db, { name: "quokka outsider two" })];
    const group = await buildGroup(server.db, cast.leader, crowd);
    const page = await buildGroupPage(server.db, cast.leader, group, "Quokka Club");
    // A group with that name is not a person to add.
    await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader), "Quokka Friends");
    const candidates = (c: TestClient, st: string) => c.get(`${members(page)}/candidates?st=${encodeURIComponent(st)}`);

    const found = await candidates(as.leader, "quokka");
    expect(found.status).toBe(200);
    fits("get", "/groups/{modelId}/members/candidates", found);
    // The crowd is in the group (the last of them on its second page): only the two outsiders are offered.
    expect(found.body.data.map((p: { profile_id: number }) => p.profile_id).sort()).toEqual(outsiders.map((o) => o.id).sort());
    expect(found.body.data[0]).toEqual({ profile_id: outsiders[0]!.id, name: "Quokka Outsider", is_group: false });
    expect((await candidates(as.admin, "Quokka 054")).body.data).toEqual([]);
    expect((await candidates(as.leader, "")).body.data).toEqual([]);
    // Added, a person is no longer offered.
    expect((await as.leader.post(members(page), { profile_id: outsiders[1]!.id })).status).toBe(201);
    expect((await candidates(as.leader, "quokka")).body.data.map((p: { profile_id: number }) => p.profile_id)).toEqual([outsiders[0]!.id]);

    // Who may: as for adding.
    expect(await statusesByRole(as, (c) => candidates(c, "quokka"))).toEqual({ guest: 401, member: 403, owner: 403, leader: 200, groupie: 403, moderator: 403, admin: 200 });
    expect((await candidates(as.member, "quokka")).body.message).toBe(GROUP_MEMBER_MESSAGES.manageForbidden);
    expect((await candidates(as.leader, "q".repeat(256))).status).toBe(422);
  });

  it("keeps an 'Only members' group hidden from those who would manage it without seeing it", async () => {
    const hidden = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader), "Hidden Club", { restricted: true });
    expect((await as.member.post(members(hidden), { profile_id: cast.member.id })).status).toBe(404);
    expect((await as.leader.post(members(hidden), { profile_id: cast.member.id })).status).toBe(201);
    expect((await as.admin.get(members(hidden))).body.abilities).toEqual({ manage: true });
  });
});
