import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

describe("badges (GET and POST /system/badges/{uid})", () => {
  const { server, cast } = useCast();
  let item: Content;
  let hidden: Content;
  let badgeIds: Record<string, number>;

  const get = (client: TestClient, it: Content = item) => client.get(`/system/badges/${it.uid}`);
  const award = (client: TestClient, body: unknown, it: Content = item) => client.post(`/system/badges/${it.uid}`, body);
  const names = (list: { name: string }[]) => list.map((b) => b.name);

  beforeAll(async () => {
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Badged Plan" });
    hidden = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Hidden Badged Plan", visibility: "restricted" });
    badgeIds = Object.fromEntries((await server.db.selectFrom("badges").select(["id", "key"]).execute()).map((b) => [b.key, b.id]));
  });

  it("lists every badge there is and the item's, to whoever may view the item", async () => {
    for (const client of [cast.clients.guest, cast.clients.member]) {
      const res = await get(client);
      expect(res.status).toBe(200);
      expect(names(res.body.allBadges)).toEqual(["Exemplar", "Peer Reviewed", "Standards Aligned", "Editor's Pick"]);
      expect(res.body.profileBadges).toEqual([]);
    }
    expect((await get(cast.clients.guest, hidden)).status).toBe(401);
    expect((await get(cast.clients.member, hidden)).status).toBe(404);
    expect((await cast.clients.member.get("/system/badges/no-such-item")).status).toBe(404);
  });

  it("is awarded by moderators and administrators only: the owner, a group leader and member, and members get 403, guests 401", async () => {
    const body = [badgeIds.exemplar];
    expect((await award(cast.clients.guest, body)).status).toBe(401);
    for (const client of [cast.clients.owner, cast.clients.member, cast.clients.leader, cast.clients.groupie]) {
      const res = await award(client, body);
      expect([res.status, res.body.message]).toEqual([403, "Only a moderator or an administrator may award badges."]);
    }
    expect((await award(cast.clients.member, body, hidden)).status).toBe(404);
    // Profiles and groups hold no badges: a clear refusal, not the role's.
    const profileItem = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "user", title: "A profile page", profileId: cast.owner.id });
    const refused = await award(cast.clients.admin, body, profileItem);
    expect([refused.status, refused.body.message]).toEqual([422, "Badges are awarded to content items, not to profiles, groups or attribute items."]);
    expect((await get(cast.clients.owner)).body.profileBadges).toEqual([]);
    expect((await cast.clients.owner.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.manage_badges).toBe(false);
    expect((await cast.clients.moderator.get(`/api/content/lesson-plans/${item.uid}`)).body.abilities.manage_badges).toBe(true);
  });

  it("sets the item's badges, keeping the award time of those it keeps, and shows them on its page", async () => {
    const first = await award(cast.clients.moderator, [badgeIds.editors_pick, badgeIds.exemplar]);
    expect([first.status, first.body]).toEqual([200, { status: "success", message: "Badges have been saved." }]);
    const awarded = (await get(cast.clients.member)).body.profileBadges as { name: string; created_at: string }[];
    // In the site's order, whatever the order sent.
    expect(names(awarded)).toEqual(["Exemplar", "Editor's Pick"]);
    expect(awarded.every((b) => typeof b.created_at === "string")).toBe(true);
    const exemplarAt = awarded[0]!.created_at;

    await new Promise((r) => setTimeout(r, 5));
    expect((await award(cast.clients.admin, { badges: [badgeIds.exemplar, badgeIds.peer_reviewed, badgeIds.exemplar] })).status).toBe(200);
    const now = (await get(cast.clients.guest)).body.profileBadges as { name: string; created_at: string }[];
    expect(names(now)).toEqual(["Exemplar", "Peer Reviewed"]);
    expect(now[0]!.created_at).toBe(exemplarAt);

    const page = await cast.clients.guest.get(`/api/content/lesson-plans/${item.uid}`);
    expect(names(page.body.badges)).toEqual(["Exemplar", "Peer Reviewed"]);
  });

  it("gives a moderator who sees a restricted item only through its link share its badges to read, not to change", async () => {
    const shared = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Link-shared Plan", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: shared.id, scope: "link", profile_id: null, permission: "read" }).execute();
    expect((await get(cast.clients.moderator, shared)).status).toBe(200);
    expect((await cast.clients.moderator.get(`/api/content/lesson-plans/${shared.uid}`)).body.abilities.manage_badges).toBe(false);
    const res = await award(cast.clients.moderator, [badgeIds.exemplar], shared);
    expect([res.status, res.body.message]).toEqual([403, "You do not have permission to do that."]);
    expect((await get(cast.clients.owner, shared)).body.profileBadges).toEqual([]);
    // An administrator views it without the link, and awards.
    expect((await award(cast.clients.admin, [badgeIds.exemplar], shared)).status).toBe(200);
  });

  it("answers bad input with 422 and a message, changing nothing", async () => {
    const before = (await get(cast.clients.guest)).body.profileBadges;
    for (const [body, message] of [
      [[999999], "A chosen badge was not found."],
      [["first"], "A chosen badge was not found."],
      [{ badges: "all" }, "badges must be a list of badge ids."],
      [{}, "badges must be a list of badge ids."],
      // true and [[1]] were read as badge 1.
      [[true], "A chosen badge was not found."],
      [[[badgeIds.exemplar]], "A chosen badge was not found."],
      [Array.from({ length: 101 }, () => badgeIds.exemplar), "Choose at most 100 badges."],
    ] as const) {
      const res = await award(cast.clients.moderator, body);
      expect([res.status, res.body.message]).toEqual([422, message]);
    }
    expect((await get(cast.clients.guest)).body.profileBadges).toEqual(before);
    expect((await award(cast.clients.moderator, [])).status).toBe(200);
    expect((await get(cast.clients.guest)).body.profileBadges).toEqual([]);
  });
});
