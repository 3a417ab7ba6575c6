import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_ACTION_MESSAGES, FEED_MESSAGES, FEED_POSTS_PER_PAGE, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildContent, buildGroup, buildRoleCast, buildUser, signedInClient, type RoleCast } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";

const base = (item: Content) => `/feeds/by-type/${item.model_key}/${item.id}`;
/** Sends a DELETE with the CSRF token (the client's post() is POST only). */
const remove = async (c: TestClient, postId: number) => c.request("DELETE", `/feeds/posts/${postId}`, undefined, { "x-csrf-token": await c.token() });
const react = (c: TestClient, postId: number, feedback_type: string, extra: Record<string, unknown> = {}) => c.post(`/feeds/posts/${postId}/feedback`, { feedback_type, ...extra });

describe("a group's feed", () => {
  let server: TestServer;
  let cast: RoleCast;
  let as: RoleCast["clients"];
  let feedItem: Content, hiddenGroupItem: Content, resource: Content;

  /** The answer fits what the API reference documents for its status. */
  const fits = apiReferenceCheck();
  const post = async (c: TestClient, content: string, item = feedItem) => c.post(base(item), { content });

  beforeAll(async () => {
    server = await startTestServer();
    cast = await buildRoleCast(server);
    as = cast.clients;
    // The group's page: its profile:group content row (leader owns it, as createGroup makes it).
    feedItem = await buildContent(server.db, { ownerId: cast.leader.id, modelKey: "profile", subType: "group", title: "Science Team", profileId: cast.group.id });
    // A restricted group only its own members may see.
    const hiddenGroup = await buildGroup(server.db, cast.leader, [cast.groupie]);
    hiddenGroupItem = await buildContent(server.db, { ownerId: cast.leader.id, modelKey: "profile", subType: "group", title: "Secret Club", profileId: hiddenGroup.id, visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: hiddenGroupItem.id, scope: "group", profile_id: hiddenGroup.id, permission: "read" }).execute();
    resource = await buildContent(server.db, { ownerId: cast.owner.id, title: "Volcano Model" });
  });
  afterAll(() => server.stop());

  it("lets whoever may view the group read its feed, and only its signed-in members post", async () => {
    const empty = await as.guest.get(base(feedItem));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], next_page_url: null, abilities: { post: false } });
    fits("get", "/feeds/by-type/{modelKey}/{modelId}", empty);

    expect((await as.groupie.get(base(feedItem))).body.abilities).toEqual({ post: true });
    expect((await as.leader.get(base(feedItem))).body.abilities).toEqual({ post: true });
    for (const role of ["member", "moderator", "admin", "owner"] as const) expect((await as[role].get(base(feedItem))).body.abilities, role).toEqual({ post: false });

    const guestPost = await post(as.guest, "Hello");
    expect([guestPost.status, guestPost.body.message]).toEqual([401, MESSAGES.signInRequired]);
    for (const role of ["member", "moderator", "admin"] as const) {
      const refused = await post(as[role], "Not a member");
      expect([refused.status, refused.body.message], role).toEqual([403, FEED_MESSAGES.postForbidden]);
      fits("post", "/feeds/by-type/{modelKey}/{modelId}", refused);
    }

    const created = await post(as.groupie, "  Our field trip is on Friday!  ");
    expect(created.status).toBe(201);
    fits("post", "/feeds/by-type/{modelKey}/{modelId}", created);
    expect(created.body).toMatchObject({
      content: "Our field trip is on Friday!",
      poster: { id: cast.groupie.id, name: "Gus Groupie", link: null },
      attachments: [],
      current_user_feedback_type: null,
      content_feedback_likes_count: 0,
      abilities: { delete: true, report: false, react: true },
    });
    const byLeader = await post(as.leader, "Remember the permission slips.");
    expect(byLeader.status).toBe(201);

    // Newest first, as everyone who may view the group sees it; abilities are each reader's own.
    const asGuest = await as.guest.get(base(feedItem));
    expect(asGuest.body.data.map((p: { content: string }) => p.content)).toEqual(["Remember the permission slips.", "Our field trip is on Friday!"]);
    expect(asGuest.body.data[1].abilities).toEqual({ delete: false, report: false, react: false });
    const asMember = await as.member.get(base(feedItem));
    expect(asMember.body.data[1].abilities).toEqual({ delete: false, report: true, react: true });
    const asLeader = await as.leader.get(base(feedItem));
    expect(asLeader.body.data.map((p: { abilities: object }) => p.abilities)).toEqual([{ delete: true, report: false, react: true }, { delete: true, report: true, react: true }]);
    for (const role of ["moderator", "admin"] as const) expect((await as[role].get(base(feedItem))).body.data[1].abilities.delete, role).toBe(true);
  });

  it("refuses bad posts with a message, never a 500", async () => {
    for (const [body, message] of [
      [{}, FEED_MESSAGES.contentRequired],
      [{ content: "   " }, FEED_MESSAGES.contentRequired],
      [{ content: 42 }, FEED_MESSAGES.contentRequired],
      [{ content: "x".repeat(10001) }, FEED_MESSAGES.contentTooLong],
      [{ content: "With a file", attachments: [{ id: 1 }] }, FEED_MESSAGES.attachmentsUnavailable],
    ] as const) {
      const res = await as.groupie.post(base(feedItem), body);
      expect([res.status, res.body.message], JSON.stringify(body).slice(0, 60)).toEqual([422, message]);
      fits("post", "/feeds/by-type/{modelKey}/{modelId}", res);
    }
    // A post is text: markup is kept as the characters typed, for the page to show as text.
    const markup = await post(as.groupie, "<b>bold</b> <script>alert(1)</script>");
    expect(markup.body.content).toBe("<b>bold</b> <script>alert(1)</script>");
    expect((await remove(as.groupie, markup.body.id)).status).toBe(200);
    const badBefore = await as.guest.get(`${base(feedItem)}?before=abc`);
    expect([badBefore.status, badBefore.body.message]).toEqual([422, FEED_MESSAGES.beforeInvalid]);
  });

  it("hides the feed of a group the actor may not view, and answers 404 for items without a feed", async () => {
    expect((await as.guest.get(base(hiddenGroupItem))).status).toBe(401);
    for (const role of ["member", "moderator"] as const) {
      const res = await as[role].get(base(hiddenGroupItem));
      expect([res.status, res.body.message], role).toEqual([404, MESSAGES.notFound]);
    }
    expect((await post(as.member, "Let me in", hiddenGroupItem)).status).toBe(404);
    expect((await as.groupie.get(base(hiddenGroupItem))).body.abilities).toEqual({ post: true });
    const secret = await post(as.groupie, "Secret plans", hiddenGroupItem);
    expect(secret.status).toBe(201);
    // Calls about the post answer 404 to a member who may not see its group, 401 to a guest.
    expect((await react(as.member, secret.body.id, "like")).status).toBe(404);
    expect((await remove(as.member, secret.body.id)).status).toBe(404);
    expect((await as.member.post(`/feeds/posts/${secret.body.id}/flag`, { value: "inappropriate", message: "?" })).status).toBe(404);
    expect((await react(as.guest, secret.body.id, "like")).status).toBe(401);
    // An admin sees every group, so may delete there.
    expect((await remove(as.admin, secret.body.id)).status).toBe(200);

    const noFeed = await as.member.get(base(resource));
    expect([noFeed.status, noFeed.body.message]).toEqual([404, FEED_MESSAGES.noFeed]);
    fits("get", "/feeds/by-type/{modelKey}/{modelId}", noFeed);
    expect((await as.member.get(`/feeds/by-type/resource/${feedItem.id}`)).status).toBe(404);
    expect((await as.member.get("/feeds/by-type/profile/999999999")).status).toBe(404);
    expect((await as.member.get("/feeds/by-type/profile/99999999999")).status).toBe(404);
    expect((await as.member.get("/feeds/by-type/profile/abc")).status).toBe(404);
    const unknownPost = await remove(as.admin, 999999);
    expect([unknownPost.status, unknownPost.body.message]).toEqual([404, FEED_MESSAGES.postNotFound]);
    expect((await react(as.admin, 0, "like")).status).toBe(404);
  });

  it("pages by next_page_url, newest first, without repeating a post when one is added between pages", async () => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    const item = await buildContent(server.db, { ownerId: cast.leader.id, modelKey: "profile", subType: "group", title: "Paging Team", profileId: group.id });
    for (let i = 1; i <= FEED_POSTS_PER_PAGE + 2; i++) expect((await post(as.groupie, `Post ${i}`, item)).status).toBe(201);
    const first = await as.member.get(base(item));
    expect(first.body.data.map((p: { content: string }) => p.content)).toEqual(Array.from({ length: FEED_POSTS_PER_PAGE }, (_, i) => `Post ${FEED_POSTS_PER_PAGE + 2 - i}`));
    expect(first.body.next_page_url).toBe(`${base(item)}?before=${first.body.data.at(-1).id}`);
    // A post added after the first page was read goes first next time, and the next page still starts where the first ended.
    await post(as.leader, "Breaking news", item);
    const second = await as.member.get(first.body.next_page_url);
    expect(second.body.data.map((p: { content: string }) => p.content)).toEqual(["Post 2", "Post 1"]);
    expect(second.body.next_page_url).toBeNull();
    fits("get", "/feeds/by-type/{modelKey}/{modelId}", second);
    expect((await as.member.get(base(item))).body.data[0].content).toBe("Breaking news");
  });

  it("toggles reactions: one per profile and post, the current type again or remove takes it back", async () => {
    const { body: p } = await post(as.groupie, "React to me");
    const liked = await react(as.member, p.id, "like");
    expect(liked.status).toBe(200);
    fits("post", "/feeds/posts/{id}/feedback", liked);
    expect(liked.body).toEqual({ current_user_feedback_type: "like", content_feedback_likes_count: 1, content_feedback_loves_count: 0, content_feedback_magics_count: 0, content_feedback_powerfuls_count: 0 });
    expect((await react(as.leader, p.id, "powerful")).body).toMatchObject({ current_user_feedback_type: "powerful", content_feedback_likes_count: 1, content_feedback_powerfuls_count: 1 });
    // Another type replaces the profile's reaction; the same type again removes it.
    expect((await react(as.member, p.id, "love")).body).toMatchObject({ current_user_feedback_type: "love", content_feedback_likes_count: 0, content_feedback_loves_count: 1 });
    expect((await react(as.member, p.id, "love")).body).toMatchObject({ current_user_feedback_type: null, content_feedback_loves_count: 0, content_feedback_powerfuls_count: 1 });
    expect((await react(as.member, p.id, "magic")).body).toMatchObject({ current_user_feedback_type: "magic", content_feedback_magics_count: 1 });
    expect((await react(as.member, p.id, "magic", { remove: true })).body).toMatchObject({ current_user_feedback_type: null, content_feedback_magics_count: 0 });
    expect((await react(as.member, p.id, "like", { remove: true })).body.current_user_feedback_type).toBeNull();
    // The list shows each reader their own reaction and everyone the counts.
    const listed = (c: TestClient) => c.get(base(feedItem)).then((r) => r.body.data.find((x: { id: number }) => x.id === p.id));
    expect(await listed(as.leader)).toMatchObject({ current_user_feedback_type: "powerful", content_feedback_powerfuls_count: 1 });
    expect(await listed(as.guest)).toMatchObject({ current_user_feedback_type: null, content_feedback_powerfuls_count: 1 });

    for (const body of [{ feedback_type: "wow" }, {}, { feedback_type: "like", remove: "yes" }]) {
      const bad = await as.member.post(`/feeds/posts/${p.id}/feedback`, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      fits("post", "/feeds/posts/{id}/feedback", bad);
    }
    const guest = await react(as.guest, p.id, "like");
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
  });

  it("lets the poster, the group's leaders, moderators and admins delete a post; the post then leaves the feed", async () => {
    const own = (await post(as.groupie, "Mine to delete")).body;
    const leaders = (await post(as.leader, "The leader's own")).body;
    const refusedByMember = await remove(as.member, own.id);
    expect([refusedByMember.status, refusedByMember.body.message]).toEqual([403, FEED_MESSAGES.deleteForbidden]);
    fits("delete", "/feeds/posts/{id}", refusedByMember);
    // A plain member of the group may not delete the leader's post either.
    expect((await remove(as.groupie, leaders.id)).status).toBe(403);
    expect((await remove(as.guest, own.id)).status).toBe(401);

    const deleted = await remove(as.groupie, own.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: own.id, status: "success", message: FEED_MESSAGES.deleted });
    fits("delete", "/feeds/posts/{id}", deleted);
    expect((await as.guest.get(base(feedItem))).body.data.some((x: { id: number }) => x.id === own.id)).toBe(false);
    expect((await remove(as.groupie, own.id)).status).toBe(404);

    for (const role of ["leader", "moderator", "admin"] as const) {
      const target = (await post(as.groupie, `For the ${role} to delete`)).body;
      await react(as.member, target.id, "like");
      expect((await remove(as[role], target.id)).status, role).toBe(200);
      expect(await server.db.selectFrom("feed_post_feedback").select("post_id").where("post_id", "=", target.id).execute()).toEqual([]);
    }
    // The leader of another group has no say here.
    const otherLeader = await buildUser(server.db);
    await buildGroup(server.db, otherLeader);
    expect((await remove(await signedInClient(server, otherLeader), leaders.id)).status).toBe(403);
  });

  it("takes reports of someone else's post for moderators, not of one's own", async () => {
    const target = (await post(as.leader, "Questionable")).body;
    const report = await as.member.post(`/feeds/posts/${target.id}/flag`, { value: "inappropriate", message: "Off topic for the group." });
    expect(report.body).toEqual({ status: "success", message: CONTENT_ACTION_MESSAGES.flagThanks });
    fits("post", "/feeds/posts/{id}/flag", report);
    const stored = await server.db.selectFrom("feed_post_flags").selectAll().where("post_id", "=", target.id).execute();
    expect(stored).toMatchObject([{ profile_id: cast.member.id, reason: "inappropriate", message: "Off topic for the group.", status: "open" }]);
    const own = await as.leader.post(`/feeds/posts/${target.id}/flag`, { value: "inappropriate", message: "Me?" });
    expect([own.status, own.body.message]).toEqual([403, FEED_MESSAGES.reportOwn]);
    const empty = await as.member.post(`/feeds/posts/${target.id}/flag`, { value: "inappropriate", message: " " });
    expect(empty.status).toBe(422);
    fits("post", "/feeds/posts/{id}/flag", empty);
    expect((await as.guest.post(`/feeds/posts/${target.id}/flag`, { value: "inappropriate", message: "x" })).status).toBe(401);
  });

  it("tells the item page which items have a feed", async () => {
    expect((await as.guest.get(`/api/content/groups/${feedItem.uid}`)).body.features).toEqual({ favorite: expect.any(Boolean), collectible: expect.any(Boolean), copy: false, feed: true });
    expect((await as.guest.get(`/api/content/resources/${resource.uid}`)).body.features.feed).toBe(false);
  });
});
