import { beforeAll, describe, expect, it } from "vitest";
import { DISCUSSION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildGroup, buildGroupPage, statusesByRole } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { pdfBytes } from "../../test/sampleFiles.js";
import type { TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

const COMMENT = "/comment/thread/comment";
const feedOf = (item: Content) => `/feeds/by-type/${item.model_key}/${item.id}`;

type FeedPost = { id: number; opaque_id: string };

describe("comments on a group's feed posts (the discussion calls, named by the post's opaque_id)", () => {
  const { server, cast, as, groupPage } = useCastServer();
  const fits = apiReferenceCheck();
  let hiddenGroupItem: Content;

  const newPost = async (c: TestClient, content: string, item = groupPage): Promise<FeedPost> => {
    const res = await c.post(feedOf(item), { content });
    expect(res.status).toBe(201);
    return res.body as FeedPost;
  };
  const comment = (c: TestClient, post: FeedPost, text: string, extra: Record<string, unknown> = {}) => c.post(COMMENT, { opaque_id: post.opaque_id, comment: text, ...extra });
  const summary = async (c: TestClient, opaqueId: string) => (await c.post("/comment/thread/summary/bulk", { requests: [{ uniqueId: "s", request: { opaque_id: opaqueId } }] })).body;
  const thread = async (c: TestClient, opaqueId: string) => (await c.post("/comment/thread/bulk", { requests: [{ uniqueId: "t", request: { opaque_id: opaqueId, page: 1 } }] })).body;
  const put = async (c: TestClient, post: FeedPost, commentId: number, text: string) => c.request("PUT", COMMENT, { opaque_id: post.opaque_id, comment_id: commentId, comment: text }, { "x-csrf-token": await c.token() });
  const del = async (c: TestClient, post: FeedPost, commentId: number) => c.request("DELETE", COMMENT, { opaque_id: post.opaque_id, comment_id: commentId }, { "x-csrf-token": await c.token() });
  const contents = (body: { results: { t?: { comments: { content: string }[] } } }) => body.results.t?.comments.map((c) => c.content);

  beforeAll(async () => {
    // A restricted group only its own members may see.
    hiddenGroupItem = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Secret Club", { restricted: true });
  });

  it("lets the group's members, leaders, moderators and admins comment, every signed-in reader of the feed read, and a guest only count", async () => {
    const post = await newPost(as.groupie, "Field trip on Friday");
    const posted = await statusesByRole(as, (c) => comment(c, post, "Count me in"));
    expect(posted).toEqual({ guest: 401, owner: 403, member: 403, leader: 201, groupie: 201, moderator: 201, admin: 201 });
    const refused = await comment(as.member, post, "Not a member");
    expect([refused.status, refused.body.message]).toEqual([403, DISCUSSION_MESSAGES.feedCommentForbidden]);
    fits("post", COMMENT, refused);
    // A top-level comment needs no title (a group discussion's does).
    const created = await comment(as.groupie, post, "Bring a lunch.");
    expect(created.status).toBe(201);
    fits("post", COMMENT, created);
    expect(created.body).toMatchObject({ content: "Bring a lunch.", title: null, abilities: { edit: true, delete: true, report: false } });

    // Who may read the feed reads the comments once signed in; guests get the count and the sign-in prompt.
    for (const role of ["owner", "member", "leader", "groupie", "moderator", "admin"] as const) {
      const body = await thread(as[role], post.opaque_id);
      expect(contents(body), role).toHaveLength(5);
    }
    expect((await thread(as.guest, post.opaque_id)).errors.t).toEqual({ status: 401, message: MESSAGES.signInRequired });
    const guest = await summary(as.guest, post.opaque_id);
    expect(guest.results.s).toMatchObject({ comments_count: 5, view_permission: "open", transient: { can_view: true, can_comment: false, can_manage: false, viewed_by_link: false } });
    expect((await summary(as.member, post.opaque_id)).results.s.transient).toMatchObject({ can_comment: false, can_react: true, can_manage: false });
    expect((await summary(as.groupie, post.opaque_id)).results.s.transient).toMatchObject({ can_comment: true, can_react: true, can_manage: false });

    // The post's comments have no open/closed switch, and a group context does not name a post.
    const closing = await as.leader.request("PUT", "/comment/thread", { opaque_id: post.opaque_id, view_permission: "closed" }, { "x-csrf-token": await as.leader.token() });
    expect(closing.status).toBe(403);
    expect((await as.groupie.post(COMMENT, { opaque_id: post.opaque_id, context: "group", title: "T", comment: "Wrong place" })).status).toBe(404);
  });

  it("follows a restricted group's view rule: outsiders meet it as not found", async () => {
    const post = await newPost(as.groupie, "Members only", hiddenGroupItem);
    expect(await statusesByRole(as, (c) => comment(c, post, "Hello"))).toEqual({ guest: 401, owner: 404, member: 404, leader: 201, groupie: 201, moderator: 404, admin: 201 });
    expect((await summary(as.member, post.opaque_id)).errors.s.status).toBe(404);
    expect(contents(await thread(as.groupie, post.opaque_id))).toHaveLength(3);
  });

  it("keeps each post's comments apart from the other posts' and from the group's discussions; the group page has no Discuss card", async () => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    const item = await buildGroupPage(server.db, cast.leader, group, "Maths Club");
    const first = await newPost(as.groupie, "First", item);
    const second = await newPost(as.leader, "Second", item);
    const onFirst = (await comment(as.groupie, first, "On the first")).body;
    await comment(as.leader, second, "On the second");
    expect((await as.groupie.post(COMMENT, { opaque_id: item.opaque_id, context: "group", title: "A discussion", comment: "In the widget" })).status).toBe(201);

    expect(contents(await thread(as.member, first.opaque_id))).toEqual(["On the first"]);
    expect(contents(await thread(as.member, second.opaque_id))).toEqual(["On the second"]);
    // The group page has no Discuss card (server/policies/comment.ts): its summary lets nobody read or post there.
    expect((await summary(as.groupie, item.opaque_id)).results.s.transient).toMatchObject({ can_view: false, can_comment: false });
    expect((await as.member.get(`/comment/thread/discussions?opaque_id=${item.opaque_id}&context=group`)).body.meta.total).toBe(1);
    // A reply names its parent within the same post only.
    const crossed = await comment(as.leader, second, "Crossed", { reply_to: onFirst.id });
    expect([crossed.status, crossed.body.message]).toEqual([422, DISCUSSION_MESSAGES.replyTargetGone]);
    const replied = await comment(as.leader, first, "A reply", { reply_to: onFirst.id });
    expect(replied.status).toBe(201);
    expect((await summary(as.member, first.opaque_id)).results.s.comments_count).toBe(2);
  });

  it("lets a comment's author or an admin edit and delete it; the poster, leaders and moderators report it as others do", async () => {
    const post = await newPost(as.leader, "Our next meeting");
    const written = (await comment(as.groupie, post, "Thursday suits me")).body;
    expect(await statusesByRole(as, (c) => put(c, post, written.id, "Thursday or Friday"))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 200, moderator: 403, admin: 200 });
    const asLeader = (await thread(as.leader, post.opaque_id)).results.t.comments[0];
    expect(asLeader).toMatchObject({ content: "Thursday or Friday", abilities: { edit: false, delete: false, report: true } });
    expect((await thread(as.admin, post.opaque_id)).results.t.comments[0].abilities).toMatchObject({ edit: true, delete: true, report: false });
    const report = await as.leader.post(`${COMMENT}/flag`, { opaque_id: post.opaque_id, comment_id: written.id, value: "inappropriate", message: "Rude" });
    expect(report.status).toBe(200);
    expect((await as.groupie.post(`${COMMENT}/flag`, { opaque_id: post.opaque_id, comment_id: written.id, value: "inappropriate", message: "Rude" })).status).toBe(403);
    const reacted = await as.member.post(`${COMMENT}/feedback`, { opaque_id: post.opaque_id, comment_id: written.id, feedback_type: "like" });
    expect([reacted.status, reacted.body.content_feedback_likes_count]).toEqual([200, 1]);

    for (const role of ["leader", "moderator", "member"] as const) expect((await del(as[role], post, written.id)).status, role).toBe(403);
    expect((await del(as.admin, post, written.id)).status).toBe(200);
    const own = (await comment(as.groupie, post, "Again")).body;
    expect((await del(as.groupie, post, own.id)).status).toBe(200);
    expect((await summary(as.member, post.opaque_id)).results.s.comments_count).toBe(0);
  });

  it("deletes a post's comments, their reactions, reports and attached files with the post, and leaves the other posts' alone", async () => {
    const kept = await newPost(as.groupie, "Kept");
    const doomed = await newPost(as.groupie, "Going away");
    await comment(as.leader, kept, "Stays");
    const file = await as.groupie.postFiles("/comment/attachment", { file: { name: "worksheet.pdf", data: pdfBytes(), type: "application/pdf" } });
    expect(file.status).toBe(201);
    const top = (await comment(as.groupie, doomed, "With a worksheet", { attachments: [file.body.id] })).body;
    expect(top.attachments).toHaveLength(1);
    // Its file is read as the post's comments are: a signed-in reader of the feed.
    expect((await as.member.get(file.body.link)).status).toBe(200);
    await comment(as.leader, doomed, "A reply", { reply_to: top.id });
    await as.member.post(`${COMMENT}/feedback`, { opaque_id: doomed.opaque_id, comment_id: top.id, feedback_type: "love" });
    await as.member.post(`${COMMENT}/flag`, { opaque_id: doomed.opaque_id, comment_id: top.id, value: "inappropriate", message: "Rude" });

    const removed = await as.groupie.request("DELETE", `/feeds/posts/${doomed.id}`, undefined, { "x-csrf-token": await as.groupie.token() });
    expect(removed.status).toBe(200);
    const db = server.db;
    expect(await db.selectFrom("comments").select("id").where("feed_post_id", "=", doomed.id).execute()).toEqual([]);
    expect(await db.selectFrom("comment_feedback").select("comment_id").where("comment_id", "=", top.id).execute()).toEqual([]);
    expect(await db.selectFrom("comment_flags").select("id").where("comment_id", "=", top.id).execute()).toEqual([]);
    expect(await db.selectFrom("attachments").select("id").where("id", "=", file.body.id).execute()).toEqual([]);
    expect((await as.groupie.get(file.body.link)).status).toBe(404);
    // The post's opaque_id names nothing now; the other post and the group's reports page read as before.
    expect((await summary(as.member, doomed.opaque_id)).errors.s.status).toBe(404);
    expect(contents(await thread(as.member, kept.opaque_id))).toEqual(["Stays"]);
    expect((await as.moderator.get("/api/moderation/reports?status=open")).status).toBe(200);
  });
});
