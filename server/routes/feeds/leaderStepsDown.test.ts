import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildGroup, buildGroupPage, buildSignedInUser, statusesByRole } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

const members = (page: Content) => `/groups/${page.id}/members`;
const feedOf = (page: Content) => `/feeds/by-type/profile/${page.id}`;

/**
 * A group's page is owned by one of its leaders, and its owner views, edits and manages it whatever their role: a
 * leader who owns the page and is removed from the group, or steps down, must not keep an "Only members" group's page,
 * people and feed (nor its editing) through that ownership.
 */
describe("a leader who owns the group's page and leaves its leadership", () => {
  const { server, cast, as } = useCastServer();
  let coLeader: Profile;
  let asCoLeader: TestClient;

  beforeAll(async () => {
    [coLeader, asCoLeader] = await buildSignedInUser(server, { name: "Cora Coleader" });
  });

  /** A fresh "Only members" group led by the cast's leader (who owns its page) and the co-leader, with the groupie in it. */
  async function membersOnlyGroup(title: string): Promise<{ group: Profile; page: Content }> {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: coLeader.id, role: "leader" }).execute();
    return { group, page: await buildGroupPage(server.db, cast.leader, group, title, { restricted: true }) };
  }

  const ownerOf = async (page: Content) => (await server.db.selectFrom("content").select("owner_id").where("id", "=", page.id).executeTakeFirstOrThrow()).owner_id;

  it("removed by another leader: the page goes to a leader who stays, and the one removed no longer sees or manages the group", async () => {
    const { page } = await membersOnlyGroup("Closed Circle");
    expect((await as.leader.get(feedOf(page))).status).toBe(200);
    const removed = await asCoLeader.send("DELETE", `/groups/${page.id}/members/${cast.leader.id}`);
    expect(removed.status).toBe(200);
    expect(await ownerOf(page)).toBe(coLeader.id);
    // The cast's leader is now an outsider: hidden as from any member; the group's own people and admins still see it.
    expect(await statusesByRole(as, (c) => c.get(members(page)))).toEqual({ guest: 401, owner: 404, member: 404, leader: 404, groupie: 200, moderator: 404, admin: 200 });
    expect((await as.leader.get(feedOf(page))).status).toBe(404);
    expect((await as.leader.send("PUT", `/groups/${page.id}/join-permission`, { join_permission: 6 })).status).toBe(404);
    expect((await asCoLeader.get(feedOf(page))).status).toBe(200);
  });

  it("stepping down and then leaving: the page goes to the other leader before they go, and they keep no hold on it", async () => {
    const { page } = await membersOnlyGroup("Quiet Room");
    const stepped = await as.leader.send("PUT", `/groups/${page.id}/members/${cast.leader.id}`, { role: "member" });
    expect(stepped.status).toBe(200);
    expect(await ownerOf(page)).toBe(coLeader.id);
    expect((await as.leader.send("DELETE", `/groups/${page.id}/membership`)).status).toBe(200);
    expect((await as.leader.get(feedOf(page))).status).toBe(404);
    expect((await as.leader.get(members(page))).status).toBe(404);
  });

  it("a leader who does not own the page steps down without the page changing hands", async () => {
    const { page } = await membersOnlyGroup("Steady Hands");
    expect((await asCoLeader.send("PUT", `/groups/${page.id}/members/${coLeader.id}`, { role: "member" })).status).toBe(200);
    expect(await ownerOf(page)).toBe(cast.leader.id);
  });
});
