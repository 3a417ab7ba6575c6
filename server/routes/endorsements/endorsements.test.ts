import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { insertProfile } from "../../models/profiles.js";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

describe("content endorsements (GET and POST /system/content-endorsements)", () => {
  const { server, cast } = useCast();
  let item: Content;
  let pressItem: Content;
  let hidden: Content;
  let press: TestUser, otherPublisher: Profile, plainMember: Profile, someGroup: Profile, pressGroup: Profile;
  let pressClient: TestClient;

  const dialog = (client: TestClient, it: Content = item) => client.get(`/system/content-endorsements?opaque_id=${encodeURIComponent(it.opaque_id)}`);
  const save = (client: TestClient, endorsements: unknown[], it: Content = item) => client.post("/system/content-endorsements", { opaque_id: it.opaque_id, endorsements });
  const page = (client: TestClient, it: Content = item) => client.get(`/api/content/lesson-plans/${it.uid}`);
  const stored = async (it: Content = item) => server.db.selectFrom("content_endorsements").select(["profile_id", "type", "publish_to_public"]).where("content_id", "=", it.id).orderBy("id").execute();
  const ids = (list: { profile_id: number }[]) => list.map((p) => p.profile_id);
  type Listed = { id: number; type: string; can_change: boolean; publish_to_public: boolean; endorser: { profile_id: number; name: string; is_group: boolean } };

  beforeAll(async () => {
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Endorsed Fractions Plan" });
    hidden = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Hidden Plan", visibility: "restricted" });
    // A publisher with an account, who owns an item and leads a publisher group.
    press = await buildUser(server.db, { name: "Aardvark Science Press", publisher: true });
    pressClient = await signedInClient(server, press);
    pressItem = await buildContent(server.db, { ownerId: press.id, modelKey: "lesson_plan", title: "Press Plan" });
    pressGroup = await buildGroup(server.db, press);
    await server.db.updateTable("profiles").set({ is_publisher: 1, name: "Aardvark Press Guild" }).where("id", "=", pressGroup.id).execute();
    otherPublisher = await insertProfile(server.db, { kind: "user", name: "Aardvark Maths Guild", is_publisher: 1 });
    plainMember = await buildUser(server.db, { name: "Aardvark Plain Member" });
    someGroup = await buildGroup(server.db, plainMember);
  });

  it("is for the item's owner, moderators and administrators: guests 401, others 403 (404 when they may not even view it)", async () => {
    const { guest, member, leader, groupie } = cast.clients;
    expect((await dialog(guest)).status).toBe(401);
    expect((await save(guest, [])).status).toBe(401);
    for (const client of [member, leader, groupie, pressClient]) {
      const res = await dialog(client);
      expect([res.status, res.body.message]).toEqual([403, "Only the item's owner, or a moderator or administrator who may open it, may manage its endorsements."]);
      expect((await save(client, [{ type: "endorsed_by", profile_id: press.id }])).status).toBe(403);
    }
    expect((await dialog(member, hidden)).status).toBe(404);
    expect((await member.get("/system/content-endorsements?opaque_id=no-such-item")).status).toBe(404);
    for (const client of [cast.clients.owner, cast.clients.moderator, cast.clients.admin]) expect((await dialog(client)).status).toBe(200);
    expect(await stored()).toEqual([]);
  });

  it("lets an owner name only the publishers they act for: none for an owner who is no publisher, so no one borrows a publisher's name", async () => {
    const { owner } = cast.clients;
    const before = await dialog(owner);
    expect(before.body.is_moderator).toBe(false);
    expect(before.body.supported_endorsement_types.map((t: { key: string }) => t.key)).toEqual(["published_by", "sponsored_by", "endorsed_by", "recognized_by"]);
    // No list of the site's publishers: the owner acts for none of them.
    expect(before.body.endorsement_publisher_profiles).toEqual([]);
    for (const id of [press.id, otherPublisher.id, plainMember.id]) {
      const refused = await save(owner, [{ type: "published_by", profile_id: id }]);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/is not one of the endorsement publishers you may choose\.$/);
    }
    expect(await stored()).toEqual([]);
  });

  it("lets a publisher endorse their own item as themselves or as a publisher group they lead, in the spec's order of types", async () => {
    const offered = (await dialog(pressClient, pressItem)).body.endorsement_publisher_profiles;
    expect(ids(offered).sort()).toEqual([press.id, pressGroup.id].sort());
    const saved = await save(
      pressClient,
      [
        { type: "recognized_by", profile_id: pressGroup.id, publish_to_public: true },
        { type: "published_by", profile_id: press.id, publish_to_public: true },
      ],
      pressItem,
    );
    expect([saved.status, saved.body]).toEqual([200, { status: "success", message: "Endorsements have been saved." }]);
    const after = await dialog(pressClient, pressItem);
    expect((after.body.endorsements as Listed[]).map((e) => [e.type, e.endorser.name, e.endorser.is_group, e.can_change])).toEqual([
      ["published_by", "Aardvark Science Press", false, true],
      ["recognized_by", "Aardvark Press Guild", true, true],
    ]);
    // Once endorsing, neither is offered again, and neither may be added twice.
    expect(after.body.endorsement_publisher_profiles).toEqual([]);
    const twice = await save(pressClient, [{ type: "endorsed_by", profile_id: press.id }], pressItem);
    expect([twice.status, twice.body.message]).toEqual([422, "Aardvark Science Press can endorse the item only once."]);
  });

  it("lets a moderator name any profile or group; the owner may then remove such an endorsement but not change it", async () => {
    const { moderator, owner } = cast.clients;
    expect((await dialog(moderator)).body.is_moderator).toBe(true);
    const res = await save(moderator, [
      { type: "published_by", profile_id: otherPublisher.id },
      { type: "endorsed_by", profile_id: plainMember.id, publish_to_public: false },
      { type: "sponsored_by", profile_id: someGroup.id },
    ]);
    expect(res.status).toBe(200);
    const asModerator = (await dialog(moderator)).body.endorsements as Listed[];
    expect(asModerator.map((e) => [e.endorser.name, e.publish_to_public, e.can_change])).toEqual([
      ["Aardvark Maths Guild", true, true],
      [someGroup.name, true, true],
      ["Aardvark Plain Member", false, true],
    ]);

    const asOwner = (await dialog(owner)).body.endorsements as Listed[];
    expect(asOwner.every((e) => !e.can_change)).toBe(true);
    const hiddenOne = asOwner.find((e) => e.endorser.name === "Aardvark Plain Member")!;
    // Making public what a moderator kept off the page: refused, nothing changed.
    const change = await save(owner, [{ id: hiddenOne.id, type: "endorsed_by", profile_id: hiddenOne.endorser.profile_id, publish_to_public: true }]);
    expect([change.status, change.body.message]).toEqual([422, "You may remove Aardvark Plain Member's endorsement, not change it: only a moderator or Aardvark Plain Member may."]);
    // Sending a row as it is changes nothing and is no refusal.
    expect((await save(owner, [{ id: hiddenOne.id, type: "endorsed_by", profile_id: hiddenOne.endorser.profile_id, publish_to_public: false }])).status).toBe(200);
    expect((await stored()).map((r) => r.publish_to_public)).toEqual([1, 0, 1]);
  });

  it("shows the item's page only the public endorsements, to everyone who may view it", async () => {
    for (const client of [cast.clients.guest, cast.clients.member]) {
      const res = await page(client);
      expect(res.status).toBe(200);
      expect(res.body.abilities.manage_endorsements).toBe(false);
      expect(res.body.endorsements.map((e: { type: string; endorser: { name: string }; can_change: boolean }) => `${e.type} ${e.endorser.name} ${e.can_change}`)).toEqual([
        "published_by Aardvark Maths Guild false",
        `sponsored_by ${someGroup.name} false`,
      ]);
    }
    expect((await page(cast.clients.owner)).body.abilities.manage_endorsements).toBe(true);
  });

  it("removes by id, keeps rows left out, refuses another item's endorsement, and lets a removed endorser be named again", async () => {
    const { admin, owner } = cast.clients;
    const list = (await dialog(admin)).body.endorsements as Listed[];
    const guild = list.find((e) => e.endorser.name === "Aardvark Maths Guild")!;
    const member = list.find((e) => e.endorser.name === "Aardvark Plain Member")!;
    const res = await save(owner, [
      { id: member.id, type: "endorsed_by", profile_id: member.endorser.profile_id, deleted: true },
      // Added and taken out again before saving: nothing happens.
      { type: "endorsed_by", profile_id: press.id, deleted: true },
    ]);
    expect(res.status).toBe(200);
    expect(await stored()).toEqual([
      { profile_id: otherPublisher.id, type: "published_by", publish_to_public: 1 },
      { profile_id: someGroup.id, type: "sponsored_by", publish_to_public: 1 },
    ]);

    const foreign = await save(pressClient, [{ id: guild.id, type: "published_by", profile_id: guild.endorser.profile_id }], pressItem);
    expect([foreign.status, foreign.body.message]).toEqual([422, "An endorsement was not found for this item."]);
    expect((await save(admin, [{ type: "recognized_by", profile_id: plainMember.id }])).status).toBe(200);
    expect((await stored()).map((r) => r.profile_id)).toEqual([otherPublisher.id, someGroup.id, plainMember.id]);
  });

  it("holds at most 50 endorsements", async () => {
    const crowded = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Crowded Plan" });
    const endorsers = [];
    for (let i = 0; i < 51; i++) endorsers.push(await insertProfile(server.db, { kind: "user", name: `Endorser ${i}` }));
    const rows = endorsers.map((p) => ({ type: "endorsed_by", profile_id: p.id }));
    const tooMany = await save(cast.clients.moderator, rows, crowded);
    expect([tooMany.status, tooMany.body.message]).toEqual([422, "An item may have at most 50 endorsements."]);
    expect((await save(cast.clients.moderator, rows.slice(0, 50), crowded)).status).toBe(200);
    const oneMore = await save(cast.clients.moderator, rows.slice(50), crowded);
    expect([oneMore.status, oneMore.body.message]).toEqual([422, "An item may have at most 50 endorsements."]);
    expect(await stored(crowded)).toHaveLength(50);
  });

  it("answers bad input with 422 and the field's message, losing nothing", async () => {
    const { moderator } = cast.clients;
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ endorsements: [] }, "opaque_id is required."],
      [{ opaque_id: "x".repeat(65), endorsements: [] }, "opaque_id names no item (it is at most 64 characters)."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "liked_by", profile_id: press.id }] }, "type must be one of: published_by, sponsored_by, endorsed_by, recognized_by."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by" }] }, "Choose who endorses the item."],
      // true and [1] were read as profile 1.
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: true }] }, "Choose who endorses the item."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: [press.id] }] }, "Choose who endorses the item."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: 999999 }] }, "A chosen endorser was not found."],
      [{ opaque_id: item.opaque_id, endorsements: [{ type: "endorsed_by", profile_id: press.id, publish_to_public: "yes" }] }, "publish_to_public must be true or false."],
      [{ opaque_id: item.opaque_id, endorsements: "all" }, "endorsements must be a list."],
    ];
    for (const [body, message] of cases) {
      const res = await moderator.post("/system/content-endorsements", body);
      expect([res.status, res.body.message]).toEqual([422, message]);
    }
    expect((await moderator.get("/system/content-endorsements")).status).toBe(422);
    expect(await stored()).toEqual(before);
  });
});
