import { beforeAll, describe, expect, it } from "vitest";
import type { Content, Profile } from "../../db/schema.js";
import { buildContent, buildRoleCast, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("link sharing: anyone holding an item's link may view it, and only there", () => {
  const { server } = useTestServer();
  let owner: TestUser, member: TestUser;
  let ownerClient: TestClient, memberClient: TestClient, leaderClient: TestClient, groupieClient: TestClient, moderatorClient: TestClient, adminClient: TestClient, guest: TestClient;
  let group: Profile;
  let item: Content;
  const word = "Wombatlink";

  const page = (client: TestClient, it: Content = item) => client.get(`/api/content/lesson-plans/${it.uid}`);
  const addLinkShare = (client: TestClient, body: Record<string, unknown> = { model: "lesson_plan", id: item.id, opaque_id: item.opaque_id }) => client.post("/permissions/add-link-share", body);
  const summary = (client: TestClient) => client.post("/comment/thread/summary/bulk", { requests: [{ uniqueId: "card", request: { opaque_id: item.opaque_id } }] });
  const titlesFound = async (client: TestClient) => ((await client.get(`/api/search?query=${word}`)).body.data as { title: string }[]).map((d) => d.title);
  const linkRows = async (id = item.id) => (await server.db.selectFrom("content_grants").select("permission").where("content_id", "=", id).where("scope", "=", "link").execute()).map((r) => r.permission);
  /** The calls that name the item by its sequential id: a link share must never open them. */
  const byNumericId = (client: TestClient) =>
    Promise.all([
      client.get(`/system/more-info/${item.id}`),
      client.get(`/related-content?model=lesson_plan&id=${item.id}`),
      client.post("/profile/favorite", { type: `lesson_plan:${item.id}`, value: true }),
      client.get(`/permissions/access-details?model=lesson_plan&id=${item.id}`),
    ]);

  beforeAll(async () => {
    const cast = await buildRoleCast(server);
    ({ owner, member, group } = cast);
    ({ owner: ownerClient, member: memberClient, leader: leaderClient, groupie: groupieClient, moderator: moderatorClient, admin: adminClient, guest } = cast.clients);
    item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: `${word} Plans`, visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: item.id, scope: "group", profile_id: group.id, permission: "read" }).execute();
  });

  it("before any link share, a guest and an ungranted member cannot view the item by its link", async () => {
    expect((await page(guest)).status).toBe(401);
    expect((await page(memberClient)).status).toBe(404);
    expect((await summary(guest)).body.errors.card.status).toBe(404);
    expect((await memberClient.get(`/permissions/access-details?uid=${item.uid}`)).body.details.can_view).toBe(false);
    // The group's leader and member view it through the group's grant, not through a link.
    for (const client of [leaderClient, groupieClient]) {
      const res = await page(client);
      expect(res.status).toBe(200);
      expect(res.body.viewed_by_link).toBe(false);
    }
  });

  it("is for those who may manage the item's permissions: guests 401, a member who cannot view 404, group leader and member 403", async () => {
    expect((await addLinkShare(guest)).status).toBe(401);
    const hidden = await addLinkShare(memberClient);
    expect(hidden.status).toBe(404);
    for (const client of [leaderClient, groupieClient]) {
      const res = await addLinkShare(client);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Only the item's owner, or a moderator or administrator who may open it, may manage its permissions.");
    }
    expect(await linkRows()).toEqual([]);
    const bad = await addLinkShare(ownerClient, {});
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("Name the item by opaque_id or uid, or by model and id.");
    expect((await addLinkShare(ownerClient, { opaque_id: "00000000-0000-0000-0000-000000000000" })).status).toBe(404);
  });

  it("lets the owner add the link share, once however often it is asked; moderators and admins may too", async () => {
    const res = await addLinkShare(ownerClient);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", message: "Anyone with the link can now view this item.", link: ["read"] });
    expect((await addLinkShare(ownerClient, { opaque_id: item.opaque_id })).status).toBe(200);
    expect(await linkRows()).toEqual(["read"]);
    const form = await ownerClient.get(`/permissions?opaque_id=${item.opaque_id}`);
    expect(form.body.config).toMatchObject({ link: true, link_permissions: ["read"] });
    expect(form.body.permissions.link).toEqual(["read"]);
    // Visibility is unchanged: the item is still restricted (its share dialog still warns).
    expect((await page(ownerClient)).body.visibility).toBe("restricted");

    const other = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Numbat Other", visibility: "authed" });
    expect((await moderatorClient.post("/permissions/add-link-share", { uid: other.uid })).status).toBe(200);
    expect((await adminClient.post("/permissions/add-link-share", { model: "lesson_plan", id: other.id })).status).toBe(200);
    expect(await linkRows(other.id)).toEqual(["read"]);
    // A signed-in item shared by link opens to guests at its link.
    expect((await page(guest, other)).status).toBe(200);
  });

  it("then lets a guest and an ungranted member view the item by uid and opaque_id, and nothing more", async () => {
    for (const client of [guest, memberClient]) {
      const res = await page(client);
      expect(res.status).toBe(200);
      expect(res.body.title).toBe(`${word} Plans`);
      expect(res.body.viewed_by_link).toBe(true);
      expect(res.body.abilities).toMatchObject({ view: true, edit: false, copy: false, flag: false, favorite: false, manage_permissions: false, change_owner: false });
      expect((await summary(client)).body.results.card).toMatchObject({ transient: { can_view: true, can_manage: false } });
      expect((await client.get(`/lesson-plans/${item.uid}/export/HTML`)).status).toBe(200);
      // No other rights: no edit, no copy, no comment.
      expect((await client.post(`/lesson-plans/${item.uid}/update`, { sections: [] })).status).toBe(client === guest ? 401 : 403);
      expect((await client.post(`/lesson-plans/${item.uid}/copy`, {})).status).toBe(client === guest ? 401 : 404);
    }
    const details = await memberClient.get(`/permissions/access-details?opaque_id=${item.opaque_id}`);
    expect(details.body.details.can_view).toBe(true);
    const comment = await memberClient.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Hello" });
    expect(comment.status).toBe(403);
    // Those who may view it anyway are not "link viewers": their page keeps its actions.
    expect((await page(groupieClient)).body).toMatchObject({ viewed_by_link: false, abilities: { flag: true } });
  });

  describe("its discussion, for link viewers", () => {
    const COMMENT = "/comment/thread/comment";
    let posted: { id: number };
    const ref = () => ({ opaque_id: item.opaque_id, comment_id: posted.id });
    const rowsOf = async (table: "comment_feedback" | "comment_flags" | "comment_subscriptions") => (await server.db.selectFrom(table).select("profile_id").where("comment_id", "=", posted.id).execute()).length;

    beforeAll(async () => {
      const res = await groupieClient.post(COMMENT, { opaque_id: item.opaque_id, comment: "A comment to react to" });
      expect(res.status).toBe(201);
      posted = res.body;
    });

    it("is offered read-only: the summary says so, and the comments offer no report", async () => {
      const linkOnly = { can_view: true, can_manage: false, can_comment: false, can_react: false, can_subscribe: false, viewed_by_link: true };
      expect((await summary(guest)).body.results.card.transient).toEqual(linkOnly);
      expect((await summary(memberClient)).body.results.card.transient).toEqual(linkOnly);
      const read = await memberClient.post("/comment/thread/bulk", { requests: [{ uniqueId: "card", request: { opaque_id: item.opaque_id } }] });
      expect(read.body.results.card.comments.map((c: { content: string; abilities: object }) => [c.content, c.abilities])).toEqual([
        ["A comment to react to", { edit: false, delete: false, report: false, history: false }],
      ]);
      // Those who may view the item anyway take part as before.
      expect((await summary(leaderClient)).body.results.card.transient).toMatchObject({ can_comment: true, can_react: true, can_subscribe: true, viewed_by_link: false });
    });

    it("refuses a link viewer's posting, replying, reacting, reporting and subscribing (403 signed in, 401 guest)", async () => {
      const tryEverything = (client: TestClient) =>
        Promise.all([
          client.post(COMMENT, { opaque_id: item.opaque_id, comment: "Hello" }),
          client.post(COMMENT, { opaque_id: item.opaque_id, comment: "A reply", reply_to: posted.id }),
          client.post(`${COMMENT}/feedback`, { ...ref(), feedback_type: "like" }),
          client.post(`${COMMENT}/flag`, { ...ref(), value: "inappropriate", message: "Rude" }),
          client.post(`${COMMENT}/subscribe`, { ...ref(), action: "subscribe" }),
        ]);
      const readOnly = "This item was shared with you by its link: you may read its discussion but not take part.";
      for (const res of await tryEverything(memberClient)) expect([res.status, res.body.message]).toEqual([403, readOnly]);
      for (const res of await tryEverything(guest)) expect(res.status).toBe(401);
      // Nothing was written: no reaction, no report, only the author's own subscription, one comment.
      expect([await rowsOf("comment_feedback"), await rowsOf("comment_flags"), await rowsOf("comment_subscriptions")]).toEqual([0, 0, 1]);
      expect((await server.db.selectFrom("comments").select("id").execute()).length).toBe(1);
      // Those who may view the item anyway take part as before.
      expect((await leaderClient.post(`${COMMENT}/feedback`, { ...ref(), feedback_type: "like" })).status).toBe(200);
      expect((await leaderClient.post(`${COMMENT}/flag`, { ...ref(), value: "inappropriate", message: "Rude" })).status).toBe(200);
      expect((await ownerClient.post(`${COMMENT}/subscribe`, { ...ref(), action: "subscribe" })).status).toBe(200);
    });

    it("lets a link viewer neither edit nor delete its own older comment (as it may not post); granted again, it may", async () => {
      const send = (client: TestClient, method: "PUT" | "DELETE", body: Record<string, unknown>) => client.token().then((token) => client.request(method, COMMENT, body, { "x-csrf-token": token }));
      const later = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Open Then Shut", visibility: "authed" });
      const mine = await memberClient.post(COMMENT, { opaque_id: later.opaque_id, comment: "Written while it was open" });
      expect(mine.status).toBe(201);
      const own = { opaque_id: later.opaque_id, comment_id: mine.body.id };
      const stored = () => server.db.selectFrom("comments").select(["content", "edited_at", "deleted_at", "deleted_with_replies_at"]).where("id", "=", own.comment_id).executeTakeFirstOrThrow();
      // The owner restricts it and shares it by link: the member, who wrote a comment there, now sees it only by the link.
      expect((await ownerClient.post("/permissions", { opaque_id: later.opaque_id, link: ["read"] })).status).toBe(200);
      expect((await page(memberClient, later)).body.viewed_by_link).toBe(true);

      const read = await memberClient.post("/comment/thread/bulk", { requests: [{ uniqueId: "card", request: { opaque_id: later.opaque_id } }] });
      expect(read.body.results.card.comments.map((x: { content: string; abilities: object }) => [x.content, x.abilities])).toEqual([
        ["Written while it was open", { edit: false, delete: false, report: false, history: false }],
      ]);
      const readOnly = "This item was shared with you by its link: you may read its discussion but not take part.";
      for (const res of [await send(memberClient, "PUT", { ...own, comment: "Changed through the link" }), await send(memberClient, "DELETE", own)]) {
        expect([res.status, res.body.message]).toEqual([403, readOnly]);
      }
      expect(await stored()).toEqual({ content: "Written while it was open", edited_at: null, deleted_at: null, deleted_with_replies_at: null });
      expect((await server.db.selectFrom("comment_history").select("event").where("comment_id", "=", own.comment_id).execute()).map((h) => h.event)).toEqual(["created"]);

      // Granted to read again, it takes part again: its own comment is its to edit and delete.
      expect((await ownerClient.post("/permissions", { opaque_id: later.opaque_id, link: ["read"], profiles: [{ id: member.id, permissions: ["read"] }] })).status).toBe(200);
      const edited = await send(memberClient, "PUT", { ...own, comment: "Changed as a reader" });
      expect([edited.status, edited.body.content]).toEqual([200, "Changed as a reader"]);
      expect((await send(memberClient, "DELETE", own)).status).toBe(200);
      expect((await stored()).deleted_at).not.toBeNull();
    });
  });

  it("never opens the item by its numeric id", async () => {
    const [info, related, favorite, details] = await byNumericId(memberClient);
    expect(info.status).toBe(404);
    expect(related.status).toBe(404);
    expect(favorite.status).toBe(404);
    expect(details.status).toBe(404);
    for (const res of await byNumericId(guest)) expect(res.status).toBe(401);
  });

  it("never lists the item in search for them", async () => {
    expect(await titlesFound(guest)).toEqual([]);
    expect(await titlesFound(memberClient)).toEqual([]);
    expect(await titlesFound(groupieClient)).toEqual([`${word} Plans`]);
  });

  it("is granted and revoked through the link row of POST /permissions, which takes read only", async () => {
    const edit = await ownerClient.post("/permissions", { opaque_id: item.opaque_id, link: ["edit"] });
    expect(edit.status).toBe(422);
    expect(edit.body.message).toBe("Anyone with the link may only be given read (view) access.");
    expect(await linkRows()).toEqual(["read"]);

    const groups = [{ id: group.id, group_leader: ["read"], group_member: ["read"] }];
    expect((await ownerClient.post("/permissions", { opaque_id: item.opaque_id, link: [], groups })).status).toBe(200);
    expect(await linkRows()).toEqual([]);
    expect((await page(guest)).status).toBe(401);
    expect((await page(memberClient)).status).toBe(404);
    expect((await summary(guest)).body.errors.card.status).toBe(404);

    expect((await ownerClient.post("/permissions", { opaque_id: item.opaque_id, link: ["read"], groups })).status).toBe(200);
    expect(await linkRows()).toEqual(["read"]);
    expect((await page(guest)).status).toBe(200);
    expect(await titlesFound(guest)).toEqual([]);
  });
});
