import { beforeAll, describe, expect, it } from "vitest";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { useTestServer } from "../../test/useServer.js";

describe("GET /api/search/find-providers", () => {
  const { server } = useTestServer();
  let member: TestUser, groupMember: TestUser;

  beforeAll(async () => {
    const db = server.db;
    const owner = await buildUser(db);
    [member, groupMember] = await Promise.all([buildUser(db), buildUser(db)]);
    const group = await buildGroup(db, owner, [groupMember]);
    const publisher = (name: string) => buildUser(db, { name, publisher: true });
    const [openStax, openMath, membersPress, grantedPress, groupPress, silentPress] = await Promise.all([
      publisher("OpenStax Science"),
      publisher("Open Math Collective"),
      publisher("Open Members Press"),
      publisher("Open Granted Press"),
      publisher("Open Group Press"),
      publisher("Open Silent Press"),
    ]);
    // Not a publisher: never listed, whatever it owns.
    await buildUser(db, { name: "Open Reader" });
    const publish = (publisherId: number, more: Partial<Parameters<typeof buildContent>[1]> = {}) =>
      buildContent(db, { ownerId: owner.id, title: "Item", publisherId, ...more });
    await publish(openStax.id);
    await publish(openMath.id);
    await publish(membersPress.id, { visibility: "authed" });
    await publish(grantedPress.id, { visibility: "restricted", grantProfiles: [member.id] });
    await publish(groupPress.id, { visibility: "restricted", grantGroups: [group.id] });
    await publish(silentPress.id, { visibility: "restricted" });
  });

  const names = (body: { data: { name: string }[] }) => body.data.map((p) => p.name);

  it("lists publishers whose name holds the term, by name, with their profile ids for the provider filter", async () => {
    const res = await server.client().get("/api/search/find-providers?st=%20OPEN%20");
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Open Math Collective", "OpenStax Science"]);
    const search = await server.client().get(`/api/search?publishers[]=${res.body.data[1].profile_id}`);
    expect(search.body.total).toBe(1);
  });

  it("lists only publishers of something the asker may see", async () => {
    const asMember = await (await signedInClient(server, member)).get("/api/search/find-providers?st=open");
    expect(names(asMember.body)).toEqual(["Open Granted Press", "Open Math Collective", "Open Members Press", "OpenStax Science"]);
    const asGroupMember = await (await signedInClient(server, groupMember)).get("/api/search/find-providers?st=open");
    expect(names(asGroupMember.body)).toEqual(["Open Group Press", "Open Math Collective", "Open Members Press", "OpenStax Science"]);
  });

  it("takes LIKE's wildcards as nothing to match", async () => {
    expect(names((await server.client().get("/api/search/find-providers?st=o%25n")).body)).toEqual([]);
    expect(names((await server.client().get("/api/search/find-providers?st=___")).body)).toEqual([]);
  });

  it("asks for at least 3 characters, and refuses a term that is no text", async () => {
    for (const query of ["st=op", "st=%20%20op%20", ""]) {
      const res = await server.client().get(`/api/search/find-providers?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(query ? "Please enter at least 3 characters to search." : "st is required.");
    }
    const twice = await server.client().get("/api/search/find-providers?st=open&st=math");
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe("st must be text.");
    expect((await server.client().get(`/api/search/find-providers?st=${"a".repeat(81)}`)).body.message).toBe("st must be at most 80 characters.");
  });
});
