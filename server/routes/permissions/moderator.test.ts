import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, statusesByRole, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/**
 * A moderator manages the permissions (and endorsements) of what it may view, and of nothing else: it is no super user
 * (only admins ignore permissions), so an item it cannot open stays a 404 everywhere, managing included; and one it sees
 * only through a link share it reads there like anyone holding the link, without managing or editing it.
 */
describe("moderators manage the permissions of the items they may view, not of those hidden from them", () => {
  const { server, cast } = useCast();
  let c: RoleCast["clients"];
  let secret: Content, membersOnly: Content, granted: Content, linked: Content;

  const page = (client: TestClient, item: Content) => client.get(`/api/content/lesson-plans/${item.uid}`);
  const permissions = (client: TestClient, item: Content) => client.get(`/permissions?opaque_id=${item.opaque_id}`);
  const grantsOf = async (item: Content) =>
    (await server.db.selectFrom("content_grants").select(["scope", "profile_id", "permission"]).where("content_id", "=", item.id).orderBy("scope").orderBy("permission").execute()).map((g) => [g.scope, g.profile_id, g.permission]);
  const statuses = (call: (client: TestClient) => Promise<{ status: number }>) => statusesByRole(c, call);

  beforeAll(async () => {
    c = cast.clients;
    const plan = (title: string, visibility: "authed" | "restricted") => buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title, visibility });
    secret = await plan("Private Plans", "restricted");
    membersOnly = await plan("Members Plans", "authed");
    granted = await plan("Granted Plans", "restricted");
    await server.db.insertInto("content_grants").values({ content_id: granted.id, scope: "profile", profile_id: cast.moderator.id, permission: "read" }).execute();
    linked = await plan("Linked Plans", "restricted");
    expect((await c.owner.post("/permissions/add-link-share", { opaque_id: linked.opaque_id })).status).toBe(200);
  });

  it("answers every role that cannot open a restricted item 404 on its permissions too (the moderator included)", async () => {
    const opened = await statuses((client) => page(client, secret));
    expect(opened).toEqual({ guest: 401, owner: 200, member: 404, leader: 404, groupie: 404, moderator: 404, admin: 200 });
    expect(await statuses((client) => permissions(client, secret))).toEqual(opened);
    const hidden = await permissions(c.moderator, secret);
    expect(hidden.body.message).toBe((await page(c.moderator, secret)).body.message);
  });

  it("does not let a moderator grant itself (or anyone) into an item hidden from it, nor share it by link", async () => {
    const self = await c.moderator.post("/permissions", { opaque_id: secret.opaque_id, profiles: [{ id: cast.moderator.id, permissions: ["read", "edit"] }] });
    expect(self.status).toBe(404);
    expect((await c.moderator.post("/permissions", { opaque_id: secret.opaque_id, global: ["read"] })).status).toBe(404);
    expect((await c.moderator.post("/permissions/add-link-share", { opaque_id: secret.opaque_id })).status).toBe(404);
    expect((await c.moderator.post("/permissions/add-link-share", { model: "lesson_plan", id: secret.id })).status).toBe(404);
    expect((await c.moderator.get(`/system/content-endorsements?opaque_id=${secret.opaque_id}`)).status).toBe(404);
    expect(await grantsOf(secret)).toEqual([]);
    expect((await page(c.moderator, secret)).status).toBe(404);
  });

  it("lets a moderator manage an item it may view: a signed-in one, and a restricted one granted to it", async () => {
    for (const item of [membersOnly, granted]) {
      const res = await page(c.moderator, item);
      expect(res.status).toBe(200);
      expect(res.body.abilities).toMatchObject({ manage_permissions: true, manage_endorsements: true, take_ownership: false, change_owner: false });
      expect((await permissions(c.moderator, item)).status).toBe(200);
      expect((await c.moderator.get(`/system/content-endorsements?opaque_id=${item.opaque_id}`)).status).toBe(200);
    }
    const saved = await c.moderator.post("/permissions", { opaque_id: membersOnly.opaque_id, authed: ["read"], profiles: [{ id: cast.member.id, permissions: ["edit"] }] });
    expect(saved.status).toBe(200);
    expect(await grantsOf(membersOnly)).toEqual([
      ["authed", null, "read"],
      ["profile", cast.member.id, "edit"],
      ["profile", cast.member.id, "read"],
    ]);
  });

  it("lets a moderator who sees an item only through its link share read it there, and neither manage nor edit it", async () => {
    const res = await page(c.moderator, linked);
    expect(res.status).toBe(200);
    expect(res.body.viewed_by_link).toBe(true);
    expect(res.body.abilities).toMatchObject({ view: true, manage_permissions: false, manage_endorsements: false });
    const refused = await permissions(c.moderator, linked);
    expect([refused.status, refused.body.message]).toEqual([403, "Only the item's owner, or a moderator or administrator who may open it, may manage its permissions."]);
    expect((await c.moderator.post("/permissions", { opaque_id: linked.opaque_id, profiles: [{ id: cast.moderator.id, permissions: ["read"] }] })).status).toBe(403);
    expect((await c.moderator.get(`/system/content-endorsements?opaque_id=${linked.opaque_id}`)).status).toBe(403);
    expect(await grantsOf(linked)).toEqual([["link", null, "read"]]);
    // Nor does it edit there (a link share gives viewing only): not the body, tags, thumbnail or the discussion's state.
    expect(res.body.abilities.edit).toBe(false);
    for (const write of [
      c.moderator.post(`/lesson-plans/${linked.uid}/update`, { title: "Moderated" }),
      c.moderator.post(`/lesson-plans/${linked.uid}/tags`, { attribute_ids: [], keywords: [] }),
      c.moderator.postForm(`/lesson-plans/${linked.uid}/thumbnail`, new FormData()),
      c.moderator.token().then((token) => c.moderator.request("PUT", "/comment/thread", { opaque_id: linked.opaque_id, view_permission: "closed" }, { "x-csrf-token": token })),
    ]) {
      expect((await write).status).toBe(403);
    }
    const summary = await c.moderator.post("/comment/thread/summary/bulk", { requests: [{ uniqueId: "card", request: { opaque_id: linked.opaque_id } }] });
    expect(summary.body.results.card.transient).toMatchObject({ can_view: true, can_manage: false, viewed_by_link: true });
    expect((await page(c.owner, linked)).body.title).toBe("Linked Plans");
    // The owner and an admin still manage it.
    expect((await permissions(c.owner, linked)).status).toBe(200);
    expect((await page(c.admin, linked)).body.abilities.manage_permissions).toBe(true);
  });
});
