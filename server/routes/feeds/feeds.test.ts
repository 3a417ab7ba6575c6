import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, CONTENT_ACTION_MESSAGES, FEED_MESSAGES, FEED_POSTS_PER_PAGE, MESSAGES, PENDING_ATTACHMENTS_MAX } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildContent, buildGroup, buildGroupPage, buildSignedInUser, buildUser, signedInClient, statusesByRole } from "../../test/factories.js";
import { pdfBytes, pngBytes } from "../../test/sampleFiles.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

const base = (item: Content) => `/feeds/by-type/${item.model_key}/${item.id}`;
/** Sends a DELETE with the CSRF token (the client's post() is POST only). */
const remove = async (c: TestClient, postId: number) => c.request("DELETE", `/feeds/posts/${postId}`, undefined, { "x-csrf-token": await c.token() });
/** Sends a PUT with the CSRF token. */
const edit = async (c: TestClient, postId: number | string, body: unknown) => c.request("PUT", `/feeds/posts/${postId}`, body, { "x-csrf-token": await c.token() });
/** Uploads one file to attach later. */
const uploadFile = (c: TestClient, name: string, data: Uint8Array, type = "application/octet-stream") => c.postFiles("/feeds/attachment", { file: { name, data, type } });
const react = (c: TestClient, postId: number, feedback_type: string, extra: Record<string, unknown> = {}) => c.post(`/feeds/posts/${postId}/feedback`, { feedback_type, ...extra });

describe("a group's feed", () => {
  const { server, cast, as, resource, groupPage: feedItem } = useCastServer();
  let hiddenGroupItem: Content;

  /** The answer fits what the API reference documents for its status. */
  const fits = apiReferenceCheck();
  const post = async (c: TestClient, content: string, item = feedItem) => c.post(base(item), { content });

  beforeAll(async () => {
    // A restricted group only its own members may see.
    hiddenGroupItem = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Secret Club", { restricted: true });
  });

  it("lets whoever may view the group read its feed, and only its signed-in members post", async () => {
    const empty = await as.guest.get(base(feedItem));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], next_page_url: null, abilities: { post: false, join: false, leave: false, request_join: false }, join_requested_at: null });
    fits("get", "/feeds/by-type/{modelKey}/{modelId}", empty);

    expect((await as.groupie.get(base(feedItem))).body.abilities).toEqual({ post: true, join: false, leave: true, request_join: false });
    expect((await as.leader.get(base(feedItem))).body.abilities).toEqual({ post: true, join: false, leave: false, request_join: false });
    for (const role of ["member", "owner"] as const) expect((await as[role].get(base(feedItem))).body.abilities, role).toEqual({ post: false, join: false, leave: false, request_join: false });
    // Moderators and admins who are not members post, as they start the group's discussions.
    for (const role of ["moderator", "admin"] as const) expect((await as[role].get(base(feedItem))).body.abilities, role).toEqual({ post: true, join: false, leave: false, request_join: false });

    const guestPost = await post(as.guest, "Hello");
    expect([guestPost.status, guestPost.body.message]).toEqual([401, MESSAGES.signInRequired]);
    for (const role of ["member", "owner"] as const) {
      const refused = await post(as[role], "Not a member");
      expect([refused.status, refused.body.message], role).toEqual([403, FEED_MESSAGES.postForbidden]);
      fits("post", "/feeds/by-type/{modelKey}/{modelId}", refused);
    }

    const created = await post(as.groupie, "  Our field trip is on Friday!  ");
    expect(created.status).toBe(201);
    fits("post", "/feeds/by-type/{modelKey}/{modelId}", created);
    expect(created.body).toMatchObject({
      content: "Our field trip is on Friday!",
      poster: { id: cast.groupie.id, name: "Gus Groupie", link: `/profiles/${cast.groupie.uid}` },
      attachments: [],
      current_user_feedback_type: null,
      content_feedback_likes_count: 0,
      abilities: { edit: true, delete: true, report: false, react: true },
    });
    const byLeader = await post(as.leader, "Remember the permission slips.");
    expect(byLeader.status).toBe(201);

    // Newest first, as everyone who may view the group sees it; abilities are each reader's own.
    const asGuest = await as.guest.get(base(feedItem));
    expect(asGuest.body.data.map((p: { content: string }) => p.content)).toEqual(["Remember the permission slips.", "Our field trip is on Friday!"]);
    expect(asGuest.body.data[1].abilities).toEqual({ edit: false, delete: false, report: false, react: false });
    const asMember = await as.member.get(base(feedItem));
    expect(asMember.body.data[1].abilities).toEqual({ edit: false, delete: false, report: true, react: true });
    const asLeader = await as.leader.get(base(feedItem));
    expect(asLeader.body.data.map((p: { abilities: object }) => p.abilities)).toEqual([{ edit: true, delete: true, report: false, react: true }, { edit: false, delete: true, report: true, react: true }]);
    for (const role of ["moderator", "admin"] as const) expect((await as[role].get(base(feedItem))).body.data[1].abilities.delete, role).toBe(true);
  });

  it("lets moderators and admins who are not members post where they may read, as they start the group's discussions", async () => {
    const item = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Staff Corner");
    expect(await statusesByRole(as, (c) => post(c, "A word from outside", item))).toEqual({ guest: 401, owner: 403, member: 403, leader: 201, groupie: 201, moderator: 201, admin: 201 });
    const byModerator = await post(as.moderator, "Please keep posts on topic.", item);
    expect(byModerator.body.abilities).toEqual({ edit: true, delete: true, report: false, react: true });
    expect((await edit(as.moderator, byModerator.body.id, { content: "Please keep posts on the topic." })).status).toBe(200);
    // Not where they may not read: a moderator does not see an "Only members" group it is not in.
    expect((await post(as.moderator, "Let me in", hiddenGroupItem)).status).toBe(404);
    expect((await post(as.admin, "An admin sees every group", hiddenGroupItem)).status).toBe(201);
  });

  it("refuses bad posts with a message, never a 500", async () => {
    for (const [body, message] of [
      [{}, FEED_MESSAGES.contentRequired],
      [{ content: "   " }, FEED_MESSAGES.contentRequired],
      [{ content: 42 }, FEED_MESSAGES.contentRequired],
      [{ content: "x".repeat(10001) }, FEED_MESSAGES.contentTooLong],
      [{ content: "With a file", attachments: [{ id: 1 }] }, ATTACHMENT_MESSAGES.idsInvalid],
      [{ content: "With a file", attachments: "1" }, ATTACHMENT_MESSAGES.idsInvalid],
      [{ content: "With files", attachments: Array.from({ length: 11 }, (_, i) => i + 1) }, ATTACHMENT_MESSAGES.tooMany],
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
    expect((await as.groupie.get(base(hiddenGroupItem))).body.abilities).toEqual({ post: true, join: false, leave: true, request_join: false });
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
    const item = await buildGroupPage(server.db, cast.leader, group, "Paging Team");
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

  it("lets only the poster edit a post's text, and marks it edited", async () => {
    const { body: p } = await post(as.groupie, "Fied trip on Friday");
    expect(p.edited_at).toBeNull();
    // Only the poster: the group's leader, moderators and admins may delete it but not put words in it.
    expect(await statusesByRole(as, (c) => edit(c, p.id, { content: "Not yours" }))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 200, moderator: 403, admin: 403 });
    const refused = await edit(as.leader, p.id, { content: "Not yours" });
    expect([refused.status, refused.body.message]).toEqual([403, FEED_MESSAGES.editForbidden]);
    fits("put", "/feeds/posts/{id}", refused);

    const saved = await edit(as.groupie, p.id, { content: "  Field trip on Friday  " });
    expect(saved.status).toBe(200);
    fits("put", "/feeds/posts/{id}", saved);
    expect(saved.body).toMatchObject({ id: p.id, content: "Field trip on Friday", created_at: p.created_at, edited_at: expect.any(String), abilities: { edit: true } });
    // Everyone reads the new text and the Edited marker's time.
    const listed = (await as.guest.get(base(feedItem))).body.data.find((x: { id: number }) => x.id === p.id);
    expect([listed.content, listed.edited_at]).toEqual(["Field trip on Friday", saved.body.edited_at]);

    for (const [body, message] of [[{ content: " " }, FEED_MESSAGES.contentRequired], [{}, FEED_MESSAGES.contentRequired], [{ content: "x".repeat(10001) }, FEED_MESSAGES.contentTooLong]] as const) {
      const bad = await edit(as.groupie, p.id, body);
      expect([bad.status, bad.body.message]).toEqual([422, message]);
      fits("put", "/feeds/posts/{id}", bad);
    }
    expect((await edit(as.groupie, 999999, { content: "x" })).status).toBe(404);
    expect((await edit(as.groupie, "abc", { content: "x" })).status).toBe(404);

    // A poster who left the group leaves its posts as they are.
    const leaver = await buildUser(server.db);
    await server.db.insertInto("group_members").values({ group_id: cast.group.id, profile_id: leaver.id, role: "member" }).execute();
    const leaverClient = await signedInClient(server, leaver);
    const { body: old } = await post(leaverClient, "Before I go");
    await server.db.deleteFrom("group_members").where("profile_id", "=", leaver.id).execute();
    expect((await edit(leaverClient, old.id, { content: "Changed" })).status).toBe(403);
  });

  it("uploads attachments, posts them with a post and serves them to whoever may read it", async () => {
    // Upload rules: signed in, one file in the part "file", at most 5 MB.
    expect((await uploadFile(as.guest, "notes.pdf", pdfBytes())).status).toBe(401);
    const tooLarge = await uploadFile(as.groupie, "big.pdf", pdfBytes(ATTACHMENT_MAX_BYTES + 1));
    expect([tooLarge.status, tooLarge.body.message]).toEqual([422, ATTACHMENT_MESSAGES.attachment_too_large]);
    fits("post", "/feeds/attachment", tooLarge);
    const noFile = await as.groupie.postFiles("/feeds/attachment", { other: "x" });
    expect([noFile.status, noFile.body.message]).toEqual([422, ATTACHMENT_MESSAGES.fileRequired]);

    const pdf = await uploadFile(as.groupie, "Trip plan.pdf", pdfBytes(ATTACHMENT_MAX_BYTES - 100));
    expect(pdf.status).toBe(201);
    fits("post", "/feeds/attachment", pdf);
    expect(pdf.body).toMatchObject({ status: "success", name: "Trip plan.pdf", size: ATTACHMENT_MAX_BYTES - 100, common: { icon: "file" }, link: expect.stringMatching(/^\/files\/attachments\/[A-Za-z0-9_-]+$/) });
    const png = (await uploadFile(as.groupie, "map.png", pngBytes(), "image/png")).body;
    // Not posted yet: only its uploader reads it.
    expect((await as.groupie.download(pdf.body.link)).status).toBe(200);
    expect((await as.member.download(pdf.body.link)).status).toBe(404);
    expect((await as.guest.download(pdf.body.link)).status).toBe(401);

    // Another profile's upload cannot be posted, and a refused post attaches nothing.
    const others = (await uploadFile(as.leader, "leader.pdf", pdfBytes())).body;
    const stolen = await as.groupie.post(base(feedItem), { content: "With the leader's file", attachments: [pdf.body.id, others.id] });
    expect([stolen.status, stolen.body.message]).toEqual([422, ATTACHMENT_MESSAGES.notYours]);
    expect((await as.guest.get(base(feedItem))).body.data.some((x: { content: string }) => x.content === "With the leader's file")).toBe(false);

    const created = await as.groupie.post(base(feedItem), { content: "Plan and map attached", attachments: [pdf.body.id, png.id] });
    expect(created.status).toBe(201);
    fits("post", "/feeds/by-type/{modelKey}/{modelId}", created);
    expect(created.body.attachments).toEqual([
      { id: pdf.body.id, title: "Trip plan.pdf", source_title: "Trip plan.pdf", link: pdf.body.link, attachment_type: "common_file", attachment_id: pdf.body.id, description: "5.0 MB", model_common: { icon: "file" } },
      expect.objectContaining({ id: png.id, title: "map.png", description: `${pngBytes().length} B` }),
    ]);
    // Posted once: not again.
    expect((await as.groupie.post(base(feedItem), { content: "Again", attachments: [png.id] })).status).toBe(422);

    // The post's readers read its files (guests too: the group is public); PDFs download, images show inline.
    const asGuest = await as.guest.download(pdf.body.link);
    expect(asGuest.status).toBe(200);
    expect(asGuest.bytes.equals(pdfBytes(ATTACHMENT_MAX_BYTES - 100))).toBe(true);
    expect(asGuest.headers.get("content-type")).toBe("application/pdf");
    expect(asGuest.headers.get("content-disposition")).toContain('attachment; filename="Trip plan.pdf"');
    expect(asGuest.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await as.member.download(png.link)).headers.get("content-disposition")).toMatch(/^inline/);

    // In a restricted group, only those who may read its feed.
    const hidden = (await uploadFile(as.groupie, "secret.pdf", pdfBytes())).body;
    expect((await as.groupie.post(base(hiddenGroupItem), { content: "Secret file", attachments: [hidden.id] })).status).toBe(201);
    expect((await as.groupie.download(hidden.link)).status).toBe(200);
    expect((await as.member.download(hidden.link)).status).toBe(404);
    expect((await as.moderator.download(hidden.link)).status).toBe(404);
    expect((await as.guest.download(hidden.link)).status).toBe(401);
    expect((await as.admin.download(hidden.link)).status).toBe(200);
    expect((await as.guest.download("/files/attachments/nonexistentkey0000000")).status).toBe(404);

    // Deleting the post deletes its files.
    const stored = await server.db.selectFrom("attachments").select("storage_key").where("feed_post_id", "=", created.body.id).execute();
    expect(stored).toHaveLength(2);
    expect((await remove(as.leader, created.body.id)).status).toBe(200);
    expect((await as.groupie.download(pdf.body.link)).status).toBe(404);
    expect(await server.db.selectFrom("attachments").select("id").where("id", "in", [pdf.body.id, png.id]).execute()).toEqual([]);
  });

  it("removes an upload before it is posted, and bounds the uploads a profile leaves unposted", async () => {
    const c = await signedInClient(server, await buildUser(server.db));
    const first = (await uploadFile(c, "draft.txt", Buffer.from("draft"))).body;
    expect((await as.member.request("DELETE", `/feeds/attachment/${first.id}`, undefined, { "x-csrf-token": await as.member.token() })).status).toBe(403);
    const removed = await c.request("DELETE", `/feeds/attachment/${first.id}`, undefined, { "x-csrf-token": await c.token() });
    expect([removed.status, removed.body]).toEqual([200, { status: "success", message: ATTACHMENT_MESSAGES.removed }]);
    fits("delete", "/feeds/attachment/{id}", removed);
    expect((await c.download(first.link)).status).toBe(404);
    expect((await c.request("DELETE", `/feeds/attachment/${first.id}`, undefined, { "x-csrf-token": await c.token() })).status).toBe(404);

    // At most PENDING_ATTACHMENTS_MAX wait at once; one older than a day is swept by the next upload.
    const ids: number[] = [];
    for (let i = 0; i < PENDING_ATTACHMENTS_MAX; i++) ids.push((await uploadFile(c, `f${i}.txt`, Buffer.from(`file ${i}`))).body.id);
    const over = await uploadFile(c, "one-more.txt", Buffer.from("more"));
    expect([over.status, over.body.message]).toEqual([422, ATTACHMENT_MESSAGES.tooManyPending]);
    await server.db.updateTable("attachments").set({ created_at: new Date(Date.now() - 25 * 3600 * 1000).toISOString() }).where("id", "=", ids[0]!).execute();
    expect((await uploadFile(c, "one-more.txt", Buffer.from("more"))).status).toBe(201);
    expect(await server.db.selectFrom("attachments").select("id").where("id", "=", ids[0]!).execute()).toEqual([]);
  });

  it("refuses attachments while the feature feed-discussions.attachments is off", async () => {
    const ready = (await uploadFile(as.groupie, "ready.pdf", pdfBytes())).body;
    await setConfigValue(server.db, "settings", { features: { "feed-discussions.attachments": false } });
    try {
      expect((await as.guest.get("/app/config")).body.features).toMatchObject({ "feed-discussions.attachments": false, guided_tour_edit: true });
      const upload = await uploadFile(as.groupie, "notes.pdf", pdfBytes());
      expect([upload.status, upload.body.message]).toEqual([403, ATTACHMENT_MESSAGES.unavailable]);
      const withFile = await as.groupie.post(base(feedItem), { content: "With a file", attachments: [ready.id] });
      expect([withFile.status, withFile.body.message]).toEqual([422, ATTACHMENT_MESSAGES.unavailable]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
    expect((await as.guest.get("/app/config")).body.features["feed-discussions.attachments"]).toBe(true);
  });

  it("lets a reader join a group open to anyone and post at once, and a member leave it; leaders stay, and closed groups are joined through their leaders", async () => {
    const membership = (item: Content) => `/groups/${item.id}/membership`;
    const leave = async (c: TestClient, item: Content) => c.request("DELETE", membership(item), undefined, { "x-csrf-token": await c.token() });
    const groupOf = async (joinPermission: number | null, title: string) => {
      const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
      await server.db.updateTable("profiles").set({ join_permission: joinPermission }).where("id", "=", group.id).execute();
      return buildContent(server.db, { ownerId: cast.leader.id, modelKey: "profile", subType: "group", title, profileId: group.id });
    };
    const open = await groupOf(6, "Open Birders");
    const [, newcomer] = await buildSignedInUser(server);

    expect((await newcomer.get(base(open))).body.abilities).toEqual({ post: false, join: true, leave: false, request_join: false });
    expect((await as.guest.get(base(open))).body.abilities).toEqual({ post: false, join: false, leave: false, request_join: false });
    expect((await as.guest.post(membership(open), {})).status).toBe(401);

    const joined = await newcomer.post(membership(open), {});
    expect([joined.status, joined.body]).toEqual([200, { status: "success", message: FEED_MESSAGES.joined, role: "member" }]);
    fits("post", "/groups/{modelId}/membership", joined);
    expect((await newcomer.get(base(open))).body.abilities).toEqual({ post: true, join: false, leave: true, request_join: false });
    expect((await post(newcomer, "Hello, birders!", open)).status).toBe(201);
    // Joining again is refused (already in it), as is a leader's leaving.
    expect([(await newcomer.post(membership(open), {})).status]).toEqual([403]);
    const leaderLeaves = await leave(as.leader, open);
    expect([leaderLeaves.status, leaderLeaves.body.message]).toEqual([403, FEED_MESSAGES.leaveForbidden]);

    const left = await leave(newcomer, open);
    expect([left.status, left.body]).toEqual([200, { status: "success", message: FEED_MESSAGES.left, role: null }]);
    fits("delete", "/groups/{modelId}/membership", left);
    expect((await newcomer.get(base(open))).body.abilities).toEqual({ post: false, join: true, leave: false, request_join: false });
    expect((await post(newcomer, "Still here?", open)).status).toBe(403);
    expect((await leave(newcomer, open)).status).toBe(403);

    for (const [joinPermission, title] of [[4, "Invited Birders"], [5, "Asking Birders"], [null, "Old Birders"]] as const) {
      const closed = await groupOf(joinPermission, title);
      expect((await newcomer.get(base(closed))).body.abilities.join, title).toBe(false);
      const refused = await newcomer.post(membership(closed), {});
      expect([refused.status, refused.body.message], title).toEqual([403, FEED_MESSAGES.joinForbidden]);
      fits("post", "/groups/{modelId}/membership", refused);
    }
    // A group the asker may not see is not found, and a non-group has no membership.
    await server.db.updateTable("profiles").set({ join_permission: 6 }).where("id", "=", hiddenGroupItem.profile_id!).execute();
    expect((await as.member.post(membership(hiddenGroupItem), {})).status).toBe(404);
    expect((await as.member.post(membership(resource), {})).status).toBe(404);
    expect((await server.db.selectFrom("group_members").select("profile_id").where("group_id", "=", hiddenGroupItem.profile_id!).execute()).length).toBe(2);
  });

  it("tells the item page which items have a feed", async () => {
    expect((await as.guest.get(`/api/content/groups/${feedItem.uid}`)).body.features).toEqual({ favorite: expect.any(Boolean), collectible: expect.any(Boolean), copy: false, feed: true });
    expect((await as.guest.get(`/api/content/resources/${resource.uid}`)).body.features.feed).toBe(false);
  });
});
