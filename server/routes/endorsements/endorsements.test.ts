import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildContent, buildGroup, buildRoleCast, buildUser, type RoleCast } from "../../test/factories.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";

describe("content endorsements (GET and POST /system/content-endorsements)", () => {
  let server: TestServer;
  let cast: RoleCast;
  let item: Content;
  let hidden: Content;
  let publisher: Profile, otherPublisher: Profile, plainMember: Profile, someGroup: Profile;

  const dialog = (client: TestClient, opaqueId = item.opaque_id) => client.get(`/system/content-endorsements?opaque_id=${encodeURIComponent(opaqueId)}`);
  const save = (client: TestClient, endorsements: unknown[], opaqueId = item.opaque_id) => client.post("/system/content-endorsements", { opaque_id: opaqueId, endorsements });
  const page = (client: TestClient, it: Content = item) => client.get(`/api/content/lesson-plans/${it.uid}`);
  const stored = async () => server.db.selectFrom("content_endorsements").select(["profile_id", "type", "publish_to_public"]).where("content_id", "=", item.id).orderBy("id").execute();

  beforeAll(async () => {
    server = await startTestServer();
    cast = await buildRoleCast(server);
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Endorsed Fractions Plan" });
    hidden = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Hidden Plan", visibility: "restricted" });
    publisher = await buildUser(server.db, { name: "Aardvark Science Press", publisher: true });
    otherPublisher = await buildUser(server.db, { name: "Aardvark Maths Guild", publisher: true });
    plainMember = await buildUser(server.db, { name: "Aardvark Plain Member" });
    someGroup = await buildGroup(server.db, plainMember);
  });
  afterAll(() => server.stop());

  it("is for the item's owner, moderators and administrators: guests 401, others 403 (404 when they may not even view it)", async () => {
    const { guest, member, leader, groupie } = cast.clients;
    expect((await dialog(guest)).status).toBe(401);
    expect((await save(guest, [])).status).toBe(401);
    for (const client of [member, leader, groupie]) {
      const res = await dialog(client);
      expect([res.status, res.body.message]).toEqual([403, "Only the owner, a moderator or an administrator may manage this item's endorsements."]);
      expect((await save(client, [{ type: "endorsed_by", profile_id: publisher.id }])).status).toBe(403);
    }
    expect((await dialog(member, hidden.opaque_id)).status).toBe(404);
    expect((await dialog(member, "no-such-item")).status).toBe(404);
    for (const client of [cast.clients.owner, cast.clients.moderator, cast.clients.admin]) expect((await dialog(client)).status).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("offers the owner the publishers not endorsing yet; an owner may add only those", async () => {
    const { owner } = cast.clients;
    const before = await dialog(owner);
    expect(before.body.is_moderator).toBe(false);
    expect(before.body.supported_endorsement_types.map((t: { key: string }) => t.key)).toEqual(["published_by", "sponsored_by", "endorsed_by", "recognized_by"]);
    const offered = before.body.endorsement_publisher_profiles.map((p: { profile_id: number }) => p.profile_id);
    expect(offered).toEqual(expect.arrayContaining([publisher.id, otherPublisher.id]));
    expect(offered).not.toContain(plainMember.id);

    const refused = await save(owner, [{ type: "endorsed_by", profile_id: plainMember.id, publish_to_public: true }]);
    expect([refused.status, refused.body.message]).toEqual([422, "Aardvark Plain Member is not one of the endorsement publishers you may choose."]);
    expect(await stored()).toEqual([]);

    const saved = await save(owner, [
      { type: "recognized_by", profile_id: otherPublisher.id, publish_to_public: true },
      { type: "published_by", profile_id: publisher.id, publish_to_public: true },
    ]);
    expect([saved.status, saved.body]).toEqual([200, { status: "success", message: "Endorsements have been saved." }]);
    const after = await dialog(owner);
    // In the spec's order of types, whatever the order added.
    expect(after.body.endorsements.map((e: { type: string; endorser: { name: string } }) => [e.type, e.endorser.name])).toEqual([
      ["published_by", "Aardvark Science Press"],
      ["recognized_by", "Aardvark Maths Guild"],
    ]);
    const stillOffered = after.body.endorsement_publisher_profiles.map((p: { profile_id: number }) => p.profile_id);
    expect(stillOffered).not.toContain(publisher.id);
    expect(stillOffered).not.toContain(otherPublisher.id);
  });

  it("lets a moderator name any profile or group, and refuses a profile twice", async () => {
    const { moderator } = cast.clients;
    expect((await dialog(moderator)).body.is_moderator).toBe(true);
    const twice = await save(moderator, [{ type: "endorsed_by", profile_id: publisher.id }]);
    expect([twice.status, twice.body.message]).toEqual([422, "Aardvark Science Press can endorse the item only once."]);
    const res = await save(moderator, [
      { type: "endorsed_by", profile_id: plainMember.id, publish_to_public: false },
      { type: "sponsored_by", profile_id: someGroup.id },
    ]);
    expect(res.status).toBe(200);
    const rows = (await dialog(moderator)).body.endorsements as { endorser: { name: string; is_group: boolean }; publish_to_public: boolean }[];
    expect(rows.map((e) => [e.endorser.name, e.endorser.is_group, e.publish_to_public])).toEqual([
      ["Aardvark Science Press", false, true],
      [someGroup.name, true, true],
      ["Aardvark Plain Member", false, false],
      ["Aardvark Maths Guild", false, true],
    ]);
  });

  it("shows the item's page only the public endorsements, to everyone who may view it", async () => {
    for (const client of [cast.clients.guest, cast.clients.member]) {
      const res = await page(client);
      expect(res.status).toBe(200);
      expect(res.body.abilities.manage_endorsements).toBe(false);
      expect(res.body.endorsements.map((e: { type: string; endorser: { name: string } }) => `${e.type} ${e.endorser.name}`)).toEqual([
        "published_by Aardvark Science Press",
        `sponsored_by ${someGroup.name}`,
        "recognized_by Aardvark Maths Guild",
      ]);
    }
    expect((await page(cast.clients.owner)).body.abilities.manage_endorsements).toBe(true);
  });

  it("changes and removes endorsements by id, keeps those left out, and refuses another item's endorsement", async () => {
    const { admin, owner } = cast.clients;
    const list = (await dialog(admin)).body.endorsements as { id: number; type: string; endorser: { profile_id: number; name: string } }[];
    const press = list.find((e) => e.endorser.name === "Aardvark Science Press")!;
    const member = list.find((e) => e.endorser.name === "Aardvark Plain Member")!;
    const res = await save(admin, [
      { id: press.id, type: "endorsed_by", profile_id: press.endorser.profile_id, publish_to_public: false },
      { id: member.id, type: "endorsed_by", profile_id: member.endorser.profile_id, deleted: true },
      // Added and taken out again before saving: nothing happens.
      { type: "endorsed_by", profile_id: plainMember.id, deleted: true },
    ]);
    expect(res.status).toBe(200);
    expect(await stored()).toEqual([
      { profile_id: otherPublisher.id, type: "recognized_by", publish_to_public: 1 },
      { profile_id: publisher.id, type: "endorsed_by", publish_to_public: 0 },
      { profile_id: someGroup.id, type: "sponsored_by", publish_to_public: 1 },
    ]);

    const other = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Other Plan" });
    const foreign = await save(owner, [{ id: press.id, type: "published_by", profile_id: press.endorser.profile_id }], other.opaque_id);
    expect([foreign.status, foreign.body.message]).toEqual([422, "An endorsement was not found for this item."]);
    // A removed endorser may be chosen again.
    expect((await save(owner, [{ type: "published_by", profile_id: plainMember.id }], item.opaque_id)).status).toBe(422);
    expect((await save(admin, [{ type: "published_by", profile_id: plainMember.id }])).status).toBe(200);
  });

  it("answers bad input with 422 and the field's message, losing nothing", async () => {
    const { owner } = cast.clients;
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ endorsements: [] }, "opaque_id is required."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "liked_by", profile_id: publisher.id }] }, "type must be one of: published_by, sponsored_by, endorsed_by, recognized_by."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by" }] }, "Choose who endorses the item."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: 999999 }] }, "A chosen endorser was not found."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: publisher.id, publish_to_public: "yes" }] }, "publish_to_public must be true or false."],
      [{ opaque_id: item.opaque_id, endorsements: "all" }, "endorsements must be a list."],
    ];
    for (const [body, message] of cases) {
      const res = await owner.post("/system/content-endorsements", body);
      expect([res.status, res.body.message]).toEqual([422, message]);
    }
    expect((await owner.get("/system/content-endorsements")).status).toBe(422);
    expect(await stored()).toEqual(before);
  });
});
