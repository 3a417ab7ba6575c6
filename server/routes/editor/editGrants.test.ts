import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** Edit grants (content_grants rows with permission "edit"): for a profile, or for a group's leaders. */
describe("editing through edit grants", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let granted: TestUser;
  let leader: TestUser;
  let groupMember: TestUser;
  let stranger: TestUser;
  const clients: Record<"granted" | "leader" | "groupMember" | "stranger", TestClient> = {} as never;
  let plan: Content;
  let link: string;

  beforeAll(async () => {
    owner = await buildUser(server.db, { name: "Olive Owner" });
    granted = await buildUser(server.db, { name: "Gina Granted" });
    leader = await buildUser(server.db, { name: "Leo Leader" });
    groupMember = await buildUser(server.db);
    stranger = await buildUser(server.db);
    const group = await buildGroup(server.db, leader, [groupMember]);
    // A restricted lesson plan: the granted profile and the group may edit it; nobody else was granted anything.
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Shared Wetlands Plan", visibility: "restricted" });
    await server.db
      .insertInto("content_grants")
      .values([
        { content_id: plan.id, scope: "profile", profile_id: granted.id, permission: "edit" },
        { content_id: plan.id, scope: "group", profile_id: group.id, permission: "edit" },
      ])
      .execute();
    link = `/lesson-plans/${plan.uid}`;
    for (const [key, user] of [["granted", granted], ["leader", leader], ["groupMember", groupMember], ["stranger", stranger]] as const) {
      clients[key] = await signedInClient(server, user);
    }
  });

  /** Saves a body through POST {link}/update. */
  const save = (client: TestClient, text: string) => client.post(`${link}/update`, { title: "Shared Wetlands Plan", sections: [{ title: "Notes", html: `<p>${text}</p>` }] });
  /** Releases the lock the client may hold, so the next editor can take it. */
  const unlock = (client: TestClient) => client.post("/system/locks/unlock", { type: plan.model_key, type_id: plan.id });

  it("a member granted edit sees the edit ability, takes the lock, saves the body and its tags", async () => {
    const item = await clients.granted.get(`/api/content${link}`);
    expect(item.status).toBe(200);
    expect(item.body.abilities).toMatchObject({ view: true, edit: true, change_owner: false });
    const lock = await clients.granted.post("/update-lock", { type: plan.model_key, type_id: plan.id });
    expect(lock.status).toBe(200);
    expect(lock.body).toMatchObject({ locked: false, holder: { profile_id: granted.id, name: "Gina Granted" } });
    const saved = await save(clients.granted, "Granted words");
    expect(saved.status).toBe(200);
    expect(saved.body.item.abilities.edit).toBe(true);
    expect(saved.body.item.sections[0].html).toBe("<p>Granted words</p>");
    const tags = await clients.granted.post(`${link}/tags`, { attribute_ids: [], keywords: ["wetlands"] });
    expect(tags.status).toBe(200);
    expect(tags.body.tags.keywords).toEqual(["wetlands"]);
    expect((await unlock(clients.granted)).status).toBe(200);
  });

  it("the leader of a group granted edit may edit too", async () => {
    expect((await clients.leader.get(`/api/content${link}`)).body.abilities.edit).toBe(true);
    expect((await clients.leader.post("/update-lock", { type: plan.model_key, type_id: plan.id })).status).toBe(200);
    const saved = await save(clients.leader, "Leader words");
    expect(saved.status).toBe(200);
    expect(saved.body.item.sections[0].html).toBe("<p>Leader words</p>");
    expect((await unlock(clients.leader)).status).toBe(200);
  });

  it("a plain member of that group may read but not edit (403 with a message)", async () => {
    const item = await clients.groupMember.get(`/api/content${link}`);
    expect(item.status).toBe(200);
    expect(item.body.abilities.edit).toBe(false);
    const refused = await save(clients.groupMember, "Member words");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));
    expect((await clients.groupMember.post("/update-lock", { type: plan.model_key, type_id: plan.id })).status).toBe(403);
  });

  it("an ungranted member can neither see nor edit (404 both ways), and a read grant does not allow editing (403)", async () => {
    expect((await clients.stranger.get(`/api/content${link}`)).status).toBe(404);
    const refused = await save(clients.stranger, "Stranger words");
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe("Not found.");
    expect((await clients.stranger.post(`${link}/tags`, { attribute_ids: [], keywords: ["nope"] })).status).toBe(404);

    await server.db.insertInto("content_grants").values({ content_id: plan.id, scope: "profile", profile_id: stranger.id, permission: "read" }).execute();
    const readable = await clients.stranger.get(`/api/content${link}`);
    expect(readable.status).toBe(200);
    expect(readable.body.abilities.edit).toBe(false);
    const reader = await save(clients.stranger, "Reader words");
    expect(reader.status).toBe(403);
    expect(reader.body.message).toEqual(expect.any(String));
    const stored = await clients.granted.get(`/api/content${link}`);
    expect(stored.body.sections[0].html).toBe("<p>Leader words</p>");
  });
});
