import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_ACTION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildContent, buildGroup, buildGroupPage, statusesByRole, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

describe("flagging a group's page", () => {
  const { server, cast, as } = useCastServer();
  let groupPage: Content;

  const flag = (c: TestClient, item: Content) => c.post("/profile/flag", { type: `${item.model_key}:${item.id}`, value: "inappropriate", message: "Spam in the About text." });
  const flagShown = async (c: TestClient, item: Content) => (await c.get(`/api/content/groups/${item.uid}`)).body.abilities?.flag;

  beforeAll(async () => {
    // A group with two leaders: the one who made its page (its owner) and a second one promoted since.
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    await server.db.insertInto("group_members").values({ group_id: group.id, profile_id: cast.owner.id, role: "leader" }).execute();
    groupPage = await buildGroupPage(server.db, cast.leader, group, "Flag Test Team");
  });

  it("is refused to the group's leaders with a message, and Flag is not offered to them; members and outsiders flag it", async () => {
    const statuses = await statusesByRole(as, (c) => flag(c, groupPage));
    expect(statuses).toEqual({ guest: 401, owner: 403, member: 200, leader: 403, groupie: 200, moderator: 200, admin: 200 });
    for (const role of ["leader", "owner"] as const) {
      const refused = await flag(as[role], groupPage);
      expect([refused.status, refused.body.message], role).toEqual([403, CONTENT_ACTION_MESSAGES.flagOwnGroup]);
    }
    const shown = Object.fromEntries(await Promise.all((["guest", "owner", "member", "leader", "groupie", "moderator", "admin"] as const).map(async (r) => [r, await flagShown(as[r], groupPage)])));
    expect(shown).toEqual({ guest: false, owner: false, member: true, leader: false, groupie: true, moderator: true, admin: true });
  });

  it("refuses an administrator who leads the group as any leader, and offers no Flag; an administrator outside it flags it", async () => {
    const led = await buildGroup(server.db, cast.admin, [cast.member]);
    const page = await buildGroupPage(server.db, cast.member, led, "Admin-Led Team");
    const refused = await flag(as.admin, page);
    expect([refused.status, refused.body.message]).toEqual([403, CONTENT_ACTION_MESSAGES.flagOwnGroup]);
    expect(await flagShown(as.admin, page)).toBe(false);
    // Not a leader there: the same administrator flags another group's page, and is offered Flag.
    expect((await flag(as.admin, groupPage)).body.message).toBe(CONTENT_ACTION_MESSAGES.flagThanks);
    expect(await flagShown(as.admin, groupPage)).toBe(true);
  });

  it("still lets a group's leader flag other groups' pages and other items", async () => {
    const other = await buildGroupPage(server.db, cast.member, await buildGroup(server.db, cast.member), "Someone Else's Team");
    expect((await flag(as.leader, other)).body.message).toBe(CONTENT_ACTION_MESSAGES.flagThanks);
    expect(await flagShown(as.leader, other)).toBe(true);
    expect((await flag(as.guest, other)).body.message).toBe(MESSAGES.signInRequired);
  });
});

describe("flagging a person's profile", () => {
  const { server, cast, as } = useCastServer();
  /** Each person's profile row (model_key user, restricted: the person and administrators see it), as registration makes it. */
  const profileOf: Partial<Record<keyof RoleCast["clients"], Content>> = {};

  const flag = (c: TestClient, item: Content) => c.post("/profile/flag", { type: `user:${item.id}`, value: "inappropriate", message: "Rude words in the About text." });

  beforeAll(async () => {
    for (const role of ["owner", "member", "moderator", "admin"] as const) {
      profileOf[role] = await buildContent(server.db, { ownerId: cast[role].id, modelKey: "user", title: cast[role].name, profileId: cast[role].id, visibility: "restricted" });
    }
  });

  it("is refused to the person with a message, whatever their role, and nothing is stored", async () => {
    for (const role of ["member", "moderator", "admin"] as const) {
      const refused = await flag(as[role], profileOf[role]!);
      expect([refused.status, refused.body.message], role).toEqual([403, CONTENT_ACTION_MESSAGES.flagOwnProfile]);
    }
    const stored = await server.db.selectFrom("content_flags").select("id").where("content_id", "in", [profileOf.member!.id, profileOf.moderator!.id, profileOf.admin!.id]).execute();
    expect(stored).toEqual([]);
  });

  it("lets others who may see the profile flag it: an administrator flags a member's; others are told it is not found, guests to sign in", async () => {
    const statuses = await statusesByRole(as, (c) => flag(c, profileOf.owner!));
    expect(statuses).toEqual({ guest: 401, owner: 403, member: 404, leader: 404, groupie: 404, moderator: 404, admin: 200 });
    expect((await flag(as.admin, profileOf.member!)).body.message).toBe(CONTENT_ACTION_MESSAGES.flagThanks);
  });
});
