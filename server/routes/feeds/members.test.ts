import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_MEMBERS_SHOWN } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildGroup, buildGroupPage, buildUser, startCastServer, type RoleCast } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestServer } from "../../test/testServer.js";

const members = (item: Content) => `/groups/${item.id}/members`;

describe("a group's people", () => {
  let server: TestServer;
  let cast: RoleCast;
  let as: RoleCast["clients"];
  let groupPage: Content, resource: Content;
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    ({ server, cast, as, groupPage, resource } = await startCastServer());
  });
  afterAll(() => server.stop());

  it("lists leaders first then members, each by name with a link to their profile, and tells the asker its own role", async () => {
    const [zed, amy] = [await buildUser(server.db, { name: "Zed Zoologist" }), await buildUser(server.db, { name: "amy Astronomer" })];
    const coLeader = await buildUser(server.db, { name: "Bea Botanist" });
    const group = await buildGroup(server.db, cast.leader, [zed, cast.groupie, amy]);
    await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: coLeader.id, role: "leader" }).execute();
    const page = await buildGroupPage(server.db, cast.leader, group, "Naturalists");

    const read = await as.guest.get(members(page));
    expect(read.status).toBe(200);
    fits("get", "/groups/{modelId}/members", read);
    expect(read.body.total).toBe(5);
    expect(read.body.viewer_role).toBeNull();
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
    expect(read.body.data.at(-1)).toMatchObject({ name: `Crowd ${String(GROUP_MEMBERS_SHOWN - 2).padStart(3, "0")}`, role: "member" });
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
    expect((await as.guest.get(members(groupPage))).status).toBe(200);
  });
});
