import { beforeAll, describe, expect, it } from "vitest";
import { buildUser, signedInClient, statusesByRole, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

/**
 * Who edits a group's page (its name and About text, its thumbnail, the edit lock): its leaders, every one of them, and
 * administrators; not a moderator, who keeps the site in order without speaking in a group's name; and the page's
 * Edit and Design Thumbnail are offered (abilities.edit) to exactly those the server lets save.
 */
describe("editing a group's page, by role", () => {
  const { server, cast, as: castClients, groupPage } = useCastServer();
  let as: RoleCast["clients"] & { coLeader: TestClient };
  const link = () => `/groups/${groupPage.uid}`;

  beforeAll(async () => {
    // A second leader, made one after the group was created: the page's owner is still the first.
    const coLeader = await buildUser(server.db, { name: "Cora Coleader" });
    await server.db.insertInto("group_members").values({ group_id: cast.group.id, profile_id: coLeader.id, role: "leader" }).execute();
    as = { ...castClients, coLeader: await signedInClient(server, coLeader) };
  });

  it("offers Edit (abilities.edit) to the group's leaders and administrators only", async () => {
    const edit: Record<string, boolean> = {};
    for (const [role, client] of Object.entries(as)) edit[role] = (await client.get(`/api/content${link()}`)).body.abilities.edit;
    expect(edit).toEqual({ guest: false, owner: false, member: false, groupie: false, leader: true, coLeader: true, moderator: false, admin: true });
  });

  it("saves the page for its leaders and administrators, and refuses a moderator, a member and an outsider (403) and a guest (401)", async () => {
    const statuses = await statusesByRole(as, (client) => client.post(`${link()}/update`, { title: "Science Team", description: "We study science." }));
    expect(statuses).toEqual({ guest: 401, owner: 403, member: 403, groupie: 403, leader: 200, coLeader: 200, moderator: 403, admin: 200 });
    const refused = await as.moderator.post(`${link()}/update`, { title: "Renamed by a moderator", description: "Not theirs to say." });
    expect(refused.body.message).toBe("You do not have permission to do that.");
    const group = await server.db.selectFrom("profiles").select(["name", "description"]).where("id", "=", cast.group.id).executeTakeFirstOrThrow();
    expect(group).toEqual({ name: "Science Team", description: "We study science." });
  });

  it("lets the same people design its thumbnail and take its edit lock", async () => {
    const design = await statusesByRole(as, (client) => client.postFiles(`${link()}/thumbnail`, { settings: "{}" }));
    expect(design).toEqual({ guest: 401, owner: 403, member: 403, groupie: 403, leader: 200, coLeader: 200, moderator: 403, admin: 200 });
    const lock = { type: groupPage.model_key, type_id: groupPage.id };
    const locks: Record<string, number> = {};
    for (const role of ["moderator", "groupie", "coLeader"] as const) {
      locks[role] = (await as[role].post("/update-lock", lock)).status;
      await as[role].post("/system/locks/unlock", lock);
    }
    expect(locks).toEqual({ moderator: 403, groupie: 403, coLeader: 200 });
  });

  it("still lets a moderator edit other people's items (only a group's page is the group's own)", async () => {
    const resource = await server.db.selectFrom("content").selectAll().where("title", "=", "Volcano Model").executeTakeFirstOrThrow();
    const page = await as.moderator.get(`/api/content/resources/${resource.uid}`);
    expect(page.body.abilities.edit).toBe(true);
  });
});
