import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, MODERATION_MESSAGES, REPORTS_PER_PAGE } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildUser, signedInClient, type RoleCast } from "../../test/factories.js";
import { useCastServer } from "../../test/useServer.js";

// The staff's review of reports: an item, a comment and a group's feed post reported through their own calls,
// then read and resolved by moderators and administrators only.
describe("reviewing reports", () => {
  const { server, cast, as, resource, groupPage } = useCastServer();
  const fits = apiReferenceCheck();
  const reports = (role: keyof RoleCast["clients"], query = "") => as[role].get(`/api/moderation/reports${query}`);

  beforeAll(async () => {

    // Reported in this order, a moment apart, so the list's newest-first order shows.
    const pause = () => new Promise((r) => setTimeout(r, 5));
    expect((await as.member.post("/profile/flag", { type: `resource:${resource.id}`, value: "broken", message: "The link goes nowhere." })).status).toBe(200);
    await pause();
    const comment = await as.owner.post("/comment/thread/comment", { opaque_id: resource.opaque_id, comment: "<p>Buy <strong>cheap</strong> pens &amp; more</p>", is_html: true });
    expect(comment.status).toBe(201);
    expect((await as.member.post("/comment/thread/comment/flag", { opaque_id: resource.opaque_id, comment_id: comment.body.id, value: "inappropriate", message: "Spam." })).status).toBe(200);
    await pause();
    const post = await as.groupie.post(`/feeds/by-type/profile/${groupPage.id}`, { content: "Off-topic advert" });
    expect(post.status).toBe(201);
    expect((await as.leader.post(`/feeds/posts/${post.body.id}/flag`, { value: "inappropriate", message: "An advert." })).status).toBe(200);
  });

  it("lists every kind of open report, newest first, to moderators and administrators only", async () => {
    const guest = await reports("guest");
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    for (const role of ["member", "owner", "leader", "groupie"] as const) expect((await reports(role)).status, role).toBe(403);

    for (const role of ["moderator", "admin"] as const) {
      const res = await reports(role);
      expect(res.status, role).toBe(200);
      fits("get", "/api/moderation/reports", res);
      expect(res.body.total).toBe(3);
      expect(res.body.data.map((r: { kind: string }) => r.kind)).toEqual(["post", "comment", "content"]);
    }
    const [post, comment, content] = (await reports("moderator")).body.data;
    expect(content).toMatchObject({ reason: "broken", reason_label: "Broken link or content", message: "The link goes nowhere.", status: "open", reporter: { profile_id: cast.member.id, name: "Milo Member" }, item: { title: "Volcano Model", link: `/resources/${resource.uid}` }, excerpt: null, author: null, discussion: null, review: null });
    // A comment's HTML is shown as its text; it and a post name who wrote them. A comment on the item's own Discuss card is in no group discussion.
    expect(comment).toMatchObject({ reason: "inappropriate", message: "Spam.", item: { title: "Volcano Model" }, excerpt: "Buy cheap pens & more", author: { profile_id: cast.owner.id, name: "Olga Owner", link: `/profiles/${cast.owner.uid}` }, discussion: null });
    expect(post).toMatchObject({ message: "An advert.", reporter: { name: "Lea Leader" }, item: { title: "Science Team" }, excerpt: "Off-topic advert", author: { profile_id: cast.groupie.id, name: "Gus Groupie", link: `/profiles/${cast.groupie.uid}` }, discussion: null });
    expect(post.item.link).toMatch(new RegExp(`/${groupPage.uid}$`));
  });

  it("resolves a report and opens it again, for moderators and administrators only", async () => {
    const [post] = (await reports("moderator")).body.data;
    const path = `/api/moderation/reports/post/${post.id}`;
    for (const role of ["member", "leader", "owner"] as const) expect((await as[role].post(path, { status: "resolved" })).status, role).toBe(403);
    expect((await as.guest.post(path, { status: "resolved" })).status).toBe(401);

    const resolved = await as.moderator.post(path, { status: "resolved" });
    expect(resolved.status).toBe(200);
    fits("post", "/api/moderation/reports/{kind}/{id}", resolved);
    expect(resolved.body).toMatchObject({ status: "success", message: MODERATION_MESSAGES.resolved, report: { kind: "post", id: post.id, status: "resolved", review: { reviewer: { profile_id: cast.moderator.id, name: "Mona Moderator" } } } });
    expect(Date.now() - Date.parse(resolved.body.report.review.at)).toBeLessThan(60_000);
    expect((await reports("admin")).body.data.map((r: { kind: string }) => r.kind)).toEqual(["comment", "content"]);
    expect((await reports("admin", "?status=resolved")).body).toMatchObject({ total: 1, data: [{ kind: "post", id: post.id }] });

    const reopened = await as.admin.post(path, { status: "open" });
    expect(reopened.body).toMatchObject({ message: MODERATION_MESSAGES.reopened, report: { status: "open", review: { reviewer: { name: "Adam Admin" } } } });
    expect((await reports("moderator")).body.total).toBe(3);
  });

  it("shows each reviewer only the reports about what they may open: admins everything, moderators no restricted item they cannot see", async () => {
    const secret = await buildContent(server.db, { ownerId: cast.owner.id, title: "Secret Staff Plan", visibility: "restricted", grantProfiles: [cast.member.id] });
    expect((await as.member.post("/profile/flag", { type: `resource:${secret.id}`, value: "inappropriate", message: "Hidden but wrong." })).status).toBe(200);
    const titles = async (role: "moderator" | "admin") => (await reports(role)).body.data.map((r: { item: { title: string } }) => r.item.title);
    expect(await titles("admin")).toContain("Secret Staff Plan");
    expect(await titles("moderator")).not.toContain("Secret Staff Plan");
    expect((await reports("admin")).body.total).toBe((await reports("moderator")).body.total + 1);
    const hidden = (await reports("admin")).body.data.find((r: { item: { title: string } }) => r.item.title === "Secret Staff Plan");
    expect((await as.moderator.post(`/api/moderation/reports/content/${hidden.id}`, { status: "resolved" })).status).toBe(404);
    // Resolved by the admin, then again by another: the first name stays on it.
    expect((await as.admin.post(`/api/moderation/reports/content/${hidden.id}`, { status: "resolved" })).body.report.review.reviewer.name).toBe("Adam Admin");
    const other = await buildUser(server.db, { admin: true, name: "Ada Second" });
    const again = await (await signedInClient(server, other)).post(`/api/moderation/reports/content/${hidden.id}`, { status: "resolved" });
    expect(again.body.report).toMatchObject({ status: "resolved", review: { reviewer: { name: "Adam Admin" } } });
  });

  it("answers bad requests with their messages, and an unknown report with 404", async () => {
    const badStatus = await reports("moderator", "?status=closed");
    expect([badStatus.status, badStatus.body.message]).toEqual([422, MODERATION_MESSAGES.statusInvalid]);
    fits("get", "/api/moderation/reports", badStatus);
    expect((await reports("moderator", "?page=0")).status).toBe(422);
    expect((await as.moderator.post("/api/moderation/reports/user/1", { status: "resolved" })).body.message).toBe(MODERATION_MESSAGES.kindInvalid);
    expect((await as.moderator.post("/api/moderation/reports/content/abc", { status: "resolved" })).body.message).toBe(MODERATION_MESSAGES.idInvalid);
    expect((await as.moderator.post("/api/moderation/reports/content/1", { status: "gone" })).body.message).toBe(MODERATION_MESSAGES.statusInvalid);
    const missing = await as.moderator.post("/api/moderation/reports/comment/999999", { status: "resolved" });
    expect([missing.status, missing.body.message]).toEqual([404, MESSAGES.notFound]);
    fits("post", "/api/moderation/reports/{kind}/{id}", missing);
  });

  it("pages the list", async () => {
    // One report each of as many other items (a second report of one item by one person updates the first).
    for (let i = 0; i < REPORTS_PER_PAGE; i++) {
      const other = await buildContent(server.db, { ownerId: cast.owner.id });
      expect((await as.member.post("/profile/flag", { type: `resource:${other.id}`, value: "awesome", message: `Great ${i}` })).status).toBe(200);
    }
    const first = (await reports("moderator")).body;
    const second = (await reports("moderator", "?page=2")).body;
    expect(first.total).toBe(REPORTS_PER_PAGE + 3);
    expect(first.data).toHaveLength(REPORTS_PER_PAGE);
    expect(second.data).toHaveLength(3);
    expect(second.data.at(-1)).toMatchObject({ kind: "content", message: "The link goes nowhere." });
  });

  it("tells the reviewer when a reported comment was deleted since (by its author or an administrator), on SQLite and PostgreSQL alike", async () => {
    const other = await buildContent(server.db, { ownerId: cast.owner.id, title: "Pond Study" });
    const post = (comment: string, reply_to?: number) => as.owner.post("/comment/thread/comment", { opaque_id: other.opaque_id, comment, ...(reply_to ? { reply_to } : {}) });
    const alone = (await post("Rude words")).body.id as number;
    const answered = (await post("Ruder words")).body.id as number;
    const standing = (await post("Fine words")).body.id as number;
    expect((await post("A reply", answered)).status).toBe(201);
    for (const [id, message] of [[alone, "Rude."], [answered, "Ruder."], [standing, "Not sure."]] as const) {
      expect((await as.member.post("/comment/thread/comment/flag", { opaque_id: other.opaque_id, comment_id: id, value: "inappropriate", message })).status).toBe(200);
    }
    const byMessage = async () => new Map(((await reports("moderator", "?page=1")).body.data as { message: string; deleted_at: string | null; excerpt: string }[]).map((r) => [r.message, r]));
    const before = await byMessage();
    expect([before.get("Rude.")?.deleted_at, before.get("Ruder.")?.deleted_at, before.get("Not sure.")?.deleted_at]).toEqual([null, null, null]);

    // The author deletes one without replies (removed) and an administrator one with a reply (kept for its reply).
    expect((await as.owner.send("DELETE", "/comment/thread/comment", { opaque_id: other.opaque_id, comment_id: alone })).status).toBe(200);
    expect((await as.admin.send("DELETE", "/comment/thread/comment", { opaque_id: other.opaque_id, comment_id: answered })).status).toBe(200);
    const res = await reports("admin", "?page=1");
    fits("get", "/api/moderation/reports", res);
    const after = await byMessage();
    expect(after.get("Rude.")).toMatchObject({ excerpt: "Rude words", deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(after.get("Ruder.")).toMatchObject({ excerpt: "This comment has been deleted.", deleted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(after.get("Not sure.")).toMatchObject({ excerpt: "Fine words", deleted_at: null });
    // Items and posts have none.
    expect(((await reports("moderator", "?page=2")).body.data as { kind: string; deleted_at: null }[]).filter((r) => r.kind !== "comment").every((r) => r.deleted_at === null)).toBe(true);
  });

  it("names the author of a reported comment in a group's discussion and links its thread (a reply's too), on SQLite and PostgreSQL alike", async () => {
    const inGroup = (c: (typeof as)["leader"], body: Record<string, unknown>) => c.post("/comment/thread/comment", { opaque_id: groupPage.opaque_id, context: "group", ...body });
    const thread = await inGroup(as.leader, { title: "Bake sale rota", comment: "Sign up for a slot." });
    expect(thread.status).toBe(201);
    const answer = await inGroup(as.groupie, { comment: "Rude reply", reply_to: thread.body.id });
    expect(answer.status).toBe(201);
    for (const [id, message] of [[thread.body.id, "Opening reported."], [answer.body.id, "Reply reported."]] as const) {
      expect((await as.member.post("/comment/thread/comment/flag", { opaque_id: groupPage.opaque_id, context: "group", comment_id: id, value: "inappropriate", message })).status).toBe(200);
    }
    const threadLink = `/groups/${groupPage.uid}?discussion=${thread.body.id}`;
    const byMessage = async (role: "moderator" | "admin") => {
      const res = await reports(role);
      fits("get", "/api/moderation/reports", res);
      return new Map((res.body.data as { id: number; message: string }[]).map((r) => [r.message, r]));
    };
    for (const role of ["moderator", "admin"] as const) {
      const listed = await byMessage(role);
      expect(listed.get("Opening reported."), role).toMatchObject({ kind: "comment", item: { title: "Science Team", link: `/groups/${groupPage.uid}` }, excerpt: "Sign up for a slot.", author: { profile_id: cast.leader.id, name: "Lea Leader", link: `/profiles/${cast.leader.uid}` }, discussion: { title: "Bake sale rota", link: threadLink } });
      expect(listed.get("Reply reported."), role).toMatchObject({ excerpt: "Rude reply", author: { name: "Gus Groupie", link: `/profiles/${cast.groupie.uid}` }, discussion: { title: "Bake sale rota", link: threadLink } });
    }
    // Resolving answers the report as the list shows it.
    const reply = (await byMessage("admin")).get("Reply reported.");
    const resolved = await as.admin.post(`/api/moderation/reports/comment/${reply?.id}`, { status: "resolved" });
    expect(resolved.body.report).toMatchObject({ author: { name: "Gus Groupie" }, discussion: { title: "Bake sale rota", link: threadLink } });
    // The opening comment deleted (kept for its reply): the thread has no title left, its link stays.
    expect((await as.leader.send("DELETE", "/comment/thread/comment", { opaque_id: groupPage.opaque_id, context: "group", comment_id: thread.body.id })).status).toBe(200);
    expect((await byMessage("moderator")).get("Opening reported.")).toMatchObject({ author: { name: "Lea Leader" }, discussion: { title: null, link: threadLink } });
    // Members still may not read the list.
    expect((await reports("groupie")).status).toBe(403);
  });
});
