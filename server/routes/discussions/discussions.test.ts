import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MESSAGES, DISCUSSION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { setConfigValue } from "../../models/appConfig.js";
import { pdfBytes } from "../../test/sampleFiles.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const SUMMARY = "/comment/thread/summary/bulk";
const THREAD = "/comment/thread/bulk";
const COMMENT = "/comment/thread/comment";

/** Sends a write with the CSRF token by any method (the client's post() is POST only). */
const send = async (c: TestClient, method: "PUT" | "DELETE", path: string, body: unknown) => c.request(method, path, body, { "x-csrf-token": await c.token() });
/** The summary of one item, as the card asks for it. */
const summary = (c: TestClient, opaqueId: string) => c.post(SUMMARY, { requests: [{ uniqueId: "card", request: { opaque_id: opaqueId } }] });
/** One page of one item's thread. */
const thread = (c: TestClient, opaqueId: string, page = 1) => c.post(THREAD, { requests: [{ uniqueId: "card", request: { opaque_id: opaqueId, page } }] });
/** Posts a comment (or a reply) and answers the response. */
const post = (c: TestClient, opaqueId: string, comment: string, extra: Record<string, unknown> = {}) => c.post(COMMENT, { opaque_id: opaqueId, comment, ...extra });
const q = (opaqueId: string, commentId: number) => `opaque_id=${encodeURIComponent(opaqueId)}&comment_id=${commentId}`;

describe("discussions on an item", () => {
  const { server } = useTestServer();
  let owner: TestUser, member: TestUser, other: TestUser, leader: TestUser, groupMember: TestUser, moderator: TestUser, admin: TestUser;
  const as = {} as Record<"owner" | "member" | "other" | "leader" | "groupMember" | "moderator" | "admin", TestClient>;
  let guest: TestClient;
  let item: Content, hidden: Content, groupItem: Content;

  beforeAll(async () => {
    owner = await buildUser(server.db, { name: "Olive Owner" });
    member = await buildUser(server.db, { name: "Max Member" });
    other = await buildUser(server.db, { name: "Otto Other" });
    leader = await buildUser(server.db, { name: "Leo Leader" });
    groupMember = await buildUser(server.db, { name: "Gail Groupmember" });
    moderator = await buildUser(server.db, { moderator: true });
    admin = await buildUser(server.db, { admin: true, name: "Ada Admin" });
    const group = await buildGroup(server.db, leader, [groupMember]);
    item = await buildContent(server.db, { ownerId: owner.id, title: "Volcano Model" });
    hidden = await buildContent(server.db, { ownerId: owner.id, title: "Hidden Draft", visibility: "restricted" });
    // A restricted lesson plan granted to a group for editing: its leader edits (so manages), its members read.
    groupItem = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Group Plan", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: groupItem.id, scope: "group", profile_id: group.id, permission: "edit" }).execute();
    const users = { owner, member, other, leader, groupMember, moderator, admin };
    for (const [key, user] of Object.entries(users)) as[key as keyof typeof as] = await signedInClient(server, user);
    guest = server.client();
  });

  it("gives guests the summary (count and can_view) but never comments, and hides items they may not see", async () => {
    const before = await summary(guest, item.opaque_id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ results: { card: { id: null, view_permission: "open", comments_count: 0, transient: { can_view: true, can_manage: false, can_comment: false, can_react: false, can_subscribe: false, viewed_by_link: false } } }, errors: {} });
    expect((await post(as.member, item.opaque_id, "First!")).status).toBe(201);
    const after = await summary(guest, item.opaque_id);
    expect(after.body.results.card).toMatchObject({ id: expect.any(Number), comments_count: 1, transient: { can_view: true, can_comment: false } });
    // The comments themselves: 401 in that request's error; the other calls: 401 before anything else.
    expect((await thread(guest, item.opaque_id)).body).toEqual({ results: {}, errors: { card: { status: 401, message: MESSAGES.signInRequired } } });
    const write = await post(guest, item.opaque_id, "Hi");
    expect([write.status, write.body.message]).toEqual([401, MESSAGES.signInRequired]);
    expect((await guest.get(`/comment/thread/comment/replies?${q(item.opaque_id, 1)}`)).status).toBe(401);
    // Restricted or unknown items answer 404 in that entry, for guests and members alike; other entries still answer.
    for (const c of [guest, as.member]) {
      const res = await c.post(SUMMARY, { requests: [{ uniqueId: "a", request: { opaque_id: hidden.opaque_id } }, { uniqueId: "b", request: { opaque_id: "no-such-item" } }, { uniqueId: "c", request: { opaque_id: item.opaque_id } }] });
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual({ a: { status: 404, message: MESSAGES.notFound }, b: { status: 404, message: MESSAGES.notFound } });
      expect(res.body.results.c.comments_count).toBe(1);
    }
    expect((await as.owner.post(SUMMARY, { requests: [{ uniqueId: "x", request: { opaque_id: hidden.opaque_id } }] })).body.results.x.transient).toEqual({ can_view: true, can_manage: true, can_comment: true, can_react: true, can_subscribe: true, viewed_by_link: false });
  });

  it("answers a member who may not see the item 404 on every call, as the other item calls do", async () => {
    expect((await post(as.member, hidden.opaque_id, "Hello")).status).toBe(404);
    expect((await thread(as.member, hidden.opaque_id)).body.errors.card.status).toBe(404);
    expect((await send(as.member, "PUT", "/comment/thread", { opaque_id: hidden.opaque_id, view_permission: "closed" })).status).toBe(404);
    expect((await as.member.get(`/comment/thread/comment/history?${q(hidden.opaque_id, 1)}`)).status).toBe(404);
  });

  it("posts comments and replies (a reply to a reply goes under the top-level comment), lists them and counts them", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Reply Plan" });
    const top = await post(as.member, plan.opaque_id, "  What do you think?  ", { title: "Question" });
    expect(top.status).toBe(201);
    expect(top.body).toMatchObject({
      opaque_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      creator: { profile_id: member.id, name: "Max Member", link: `/profiles/${member.uid}`, thumbnail_small: null },
      creator_id: member.id,
      title: "Question",
      content: "What do you think?",
      is_html: false,
      highlight_content: null,
      highlight: false,
      replies: [],
      replies_count: 0,
      attachments: [],
      edited_at: null,
      deleted_at: null,
      deleted_with_replies_at: null,
      subscribed: true,
      current_user_feedback_type: null,
      content_feedback_likes_count: 0,
      abilities: { edit: true, delete: true, report: false, history: false },
    });
    const topId = top.body.id as number;
    const first = await post(as.other, plan.opaque_id, "Reply one", { reply_to: topId });
    expect(first.body).toMatchObject({ subscribed: false, abilities: { edit: true, delete: true } });
    const nested = await post(as.owner, plan.opaque_id, "Reply to the reply", { reply_to: first.body.id });
    expect(nested.status).toBe(201);
    await post(as.member, plan.opaque_id, "Reply three", { reply_to: topId });
    await post(as.other, plan.opaque_id, "Reply four", { reply_to: topId });
    const newer = await post(as.other, plan.opaque_id, "A newer top-level comment");

    const page = (await thread(as.member, plan.opaque_id)).body.results.card;
    expect(page).toMatchObject({ status_label: "open", view_permission: "open", context_type: "resource", context_id: plan.id, comments_count: 6, meta: { current_page: 1, last_page: 1 } });
    expect(page.comments.map((c: { id: number }) => c.id)).toEqual([newer.body.id, topId]);
    const listed = page.comments[1];
    expect(listed.replies_count).toBe(4);
    // The latest three replies, oldest first; the nested reply sits under the top-level comment.
    expect(listed.replies.map((r: { content: string }) => r.content)).toEqual(["Reply to the reply", "Reply three", "Reply four"]);
    // Others' comments: not the member's to change, theirs to report.
    expect(listed.replies[0].abilities).toEqual({ edit: false, delete: false, report: true, history: false });
    expect(page.comments[0].abilities).toEqual({ edit: false, delete: false, report: true, history: false });

    const replies = await as.member.get(`/comment/thread/comment/replies?${q(plan.opaque_id, topId)}`);
    expect(replies.body.data.map((r: { content: string }) => r.content)).toEqual(["Reply one", "Reply to the reply", "Reply three", "Reply four"]);
    const ancestors = await as.member.get(`/comment/thread/comment/ancestors?${q(plan.opaque_id, nested.body.id)}`);
    expect(ancestors.body.data.map((c: { id: number }) => c.id)).toEqual([topId]);
    expect((await as.member.get(`/comment/thread/comment/ancestors?${q(plan.opaque_id, topId)}`)).body).toEqual({ data: [] });
    expect((await summary(as.member, plan.opaque_id)).body.results.card.comments_count).toBe(6);
  });

  it("creates one thread when first comments on an item arrive at once", async () => {
    const fresh = await buildContent(server.db, { ownerId: owner.id, title: "Fresh Item" });
    const answers = await Promise.all([as.member, as.other, as.owner, as.admin, as.moderator].map((c, i) => post(c, fresh.opaque_id, `At once ${i}`)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const threads = await server.db.selectFrom("comment_threads").select("id").where("content_id", "=", fresh.id).execute();
    expect(threads).toHaveLength(1);
    expect((await summary(as.member, fresh.opaque_id)).body.results.card).toMatchObject({ id: threads[0]!.id, comments_count: 5 });
  });

  it("pages top-level comments 10 at a time, newest first", async () => {
    const busy = await buildContent(server.db, { ownerId: owner.id, title: "Busy Item" });
    for (let i = 1; i <= 12; i++) await post(as.member, busy.opaque_id, `Comment ${i}`);
    const one = (await thread(as.member, busy.opaque_id)).body.results.card;
    expect([one.comments.length, one.comments[0].content, one.meta]).toEqual([10, "Comment 12", { current_page: 1, last_page: 2 }]);
    const two = (await thread(as.member, busy.opaque_id, 2)).body.results.card;
    expect(two.comments.map((c: { content: string }) => c.content)).toEqual(["Comment 2", "Comment 1"]);
  });

  it("lets the author or an admin edit (edited_at, history), refuses others, and shows history to admins only", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Edit Plan" });
    const created = (await post(as.member, plan.opaque_id, "Draft words", { title: "Draft" })).body;
    const edit = (c: TestClient, body: Record<string, unknown>) => send(c, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: created.id, ...body });
    const edited = await edit(as.member, { comment: "Final words", title: "" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.id, content: "Final words", title: null, edited_at: expect.any(String) });
    for (const c of [as.other, as.owner, as.moderator]) {
      const refused = await edit(c, { comment: "Not mine" });
      expect([refused.status, refused.body.message]).toEqual([403, DISCUSSION_MESSAGES.editForbidden]);
    }
    expect((await edit(as.admin, { comment: "Moderated words", title: "Note" })).body).toMatchObject({ content: "Moderated words", title: "Note" });
    // A title left out is kept; the edit is still recorded.
    expect((await edit(as.member, { comment: "Moderated words" })).body).toMatchObject({ title: "Note" });

    const history = `/comment/thread/comment/history?${q(plan.opaque_id, created.id)}`;
    for (const c of [as.member, as.owner, as.moderator]) expect([(await c.get(history)).status, (await c.get(history)).body.message]).toEqual([403, DISCUSSION_MESSAGES.historyForbidden]);
    const entries = await as.admin.get(history);
    expect(entries.status).toBe(200);
    expect(entries.body.data).toEqual([
      { id: expect.any(Number), event: "created", created_at: expect.any(String), profile: { name: "Max Member", link: `/profiles/${member.uid}` }, new_values: { title: "Draft", content: "Draft words", is_html: false } },
      { id: expect.any(Number), event: "edited", created_at: expect.any(String), profile: { name: "Max Member", link: `/profiles/${member.uid}` }, new_values: { title: null, content: "Final words", is_html: false } },
      { id: expect.any(Number), event: "edited", created_at: expect.any(String), profile: { name: "Ada Admin", link: `/profiles/${admin.uid}` }, new_values: { title: "Note", content: "Moderated words", is_html: false } },
      { id: expect.any(Number), event: "edited", created_at: expect.any(String), profile: { name: "Max Member", link: `/profiles/${member.uid}` }, new_values: { title: "Note", content: "Moderated words", is_html: false } },
    ]);
    expect((await as.admin.post(THREAD, { requests: [{ uniqueId: "t", request: { opaque_id: plan.opaque_id } }] })).body.results.t.comments[0].abilities).toEqual({ edit: true, delete: true, report: false, history: true });
  });

  it("keeps a deleted comment with replies, removes one without, and never counts a parent's replies below 0", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Delete Plan" });
    const top = (await post(as.member, plan.opaque_id, "Parent comment", { title: "Parent" })).body;
    const reply = (await post(as.other, plan.opaque_id, "A reply", { reply_to: top.id })).body;
    const del = (c: TestClient, id: number) => send(c, "DELETE", COMMENT, { opaque_id: plan.opaque_id, comment_id: id });

    expect((await del(as.other, top.id)).status).toBe(403);
    const kept = await del(as.member, top.id);
    expect(kept.status).toBe(200);
    expect(kept.body).toEqual({ id: top.id, deleted_at: null, deleted_with_replies_at: expect.any(String), content: DISCUSSION_MESSAGES.deletedContent });
    let page = (await thread(as.other, plan.opaque_id)).body.results.card;
    expect(page.comments_count).toBe(1);
    expect(page.comments[0]).toMatchObject({ id: top.id, content: DISCUSSION_MESSAGES.deletedContent, title: null, is_html: false, deleted_with_replies_at: expect.any(String), replies_count: 1 });
    expect(page.comments[0].replies.map((r: { id: number }) => r.id)).toEqual([reply.id]);
    // Kept deleted: nothing to edit; deleting again changes nothing.
    expect(page.comments[0].abilities).toMatchObject({ edit: false, delete: false });
    const editKept = await send(as.member, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: top.id, comment: "Back again" });
    expect([editKept.status, editKept.body.message]).toEqual([409, DISCUSSION_MESSAGES.deletedNotEditable]);
    expect((await del(as.member, top.id)).body).toEqual(kept.body);
    // Replying under a deleted comment is refused.
    const late = await post(as.other, plan.opaque_id, "Too late", { reply_to: top.id });
    expect([late.status, late.body.message]).toEqual([422, DISCUSSION_MESSAGES.replyTargetGone]);

    const removed = await del(as.other, reply.id);
    expect(removed.body).toEqual({ id: reply.id, deleted_at: expect.any(String), deleted_with_replies_at: null, content: "A reply" });
    // The parent was kept only for that reply: it goes with it.
    page = (await thread(as.other, plan.opaque_id)).body.results.card;
    expect([page.comments_count, page.comments]).toEqual([0, []]);
    expect((await as.other.get(`/comment/thread/comment/replies?${q(plan.opaque_id, top.id)}`)).status).toBe(404);
    // A removed comment is gone for every call, but its history stays for admins.
    expect((await del(as.other, reply.id)).status).toBe(404);
    expect((await as.admin.get(`/comment/thread/comment/history?${q(plan.opaque_id, reply.id)}`)).body.data.map((h: { event: string }) => h.event)).toEqual(["created", "deleted"]);

    // A parent whose count is already 0 (however it got there) stays at 0 when a reply goes.
    const second = (await post(as.member, plan.opaque_id, "Second parent")).body;
    const r2 = (await post(as.other, plan.opaque_id, "Second reply", { reply_to: second.id })).body;
    await server.db.updateTable("comments").set({ replies_count: 0 }).where("id", "=", second.id).execute();
    expect((await del(as.admin, r2.id)).body.deleted_at).toEqual(expect.any(String));
    const row = await server.db.selectFrom("comments").select("replies_count").where("id", "=", second.id).executeTakeFirstOrThrow();
    expect(row.replies_count).toBe(0);
    // A top-level comment without replies is removed outright.
    expect((await del(as.member, second.id)).body.deleted_at).toEqual(expect.any(String));
    expect((await thread(as.member, plan.opaque_id)).body.results.card.comments).toEqual([]);
    // A kept parent with two replies stays until the second goes.
    const third = (await post(as.member, plan.opaque_id, "Third parent")).body;
    const [a, b] = [(await post(as.other, plan.opaque_id, "Reply a", { reply_to: third.id })).body, (await post(as.other, plan.opaque_id, "Reply b", { reply_to: third.id })).body];
    await del(as.member, third.id);
    await del(as.other, a.id);
    expect((await thread(as.member, plan.opaque_id)).body.results.card.comments.map((c: { id: number; replies_count: number }) => [c.id, c.replies_count])).toEqual([[third.id, 1]]);
    await del(as.other, b.id);
    expect((await thread(as.member, plan.opaque_id)).body.results.card.comments).toEqual([]);
  });

  it("toggles reactions: a new type replaces the old, the current type again or remove takes it away", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "React Plan" });
    const c = (await post(as.member, plan.opaque_id, "React to me")).body;
    const react = (client: TestClient, feedback_type: string, remove?: boolean) => client.post(`${COMMENT}/feedback`, { opaque_id: plan.opaque_id, comment_id: c.id, feedback_type, ...(remove === undefined ? {} : { remove }) });
    const counts = (mine: string | null, like: number, love: number, magic: number, powerful: number) => ({
      current_user_feedback_type: mine,
      content_feedback_likes_count: like,
      content_feedback_loves_count: love,
      content_feedback_magics_count: magic,
      content_feedback_powerfuls_count: powerful,
    });
    expect((await react(as.other, "like")).body).toEqual(counts("like", 1, 0, 0, 0));
    expect((await react(as.owner, "like")).body).toEqual(counts("like", 2, 0, 0, 0));
    expect((await react(as.other, "love")).body).toEqual(counts("love", 1, 1, 0, 0));
    expect((await react(as.other, "love")).body).toEqual(counts(null, 1, 0, 0, 0));
    expect((await react(as.other, "powerful")).body).toEqual(counts("powerful", 1, 0, 0, 1));
    expect((await react(as.other, "magic", true)).body).toEqual(counts(null, 1, 0, 0, 0));
    expect((await react(as.member, "magic")).body).toEqual(counts("magic", 1, 0, 1, 0));
    const seen = (await thread(as.owner, plan.opaque_id)).body.results.card.comments[0];
    expect(seen).toMatchObject(counts("like", 1, 0, 1, 0));
    const bad = await react(as.other, "wow");
    expect([bad.status, bad.body.message]).toEqual([422, DISCUSSION_MESSAGES.feedbackTypeInvalid]);
    expect((await react(guest, "like")).status).toBe(401);
  });

  it("subscribes and unsubscribes to top-level comments only", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Subscribe Plan" });
    const top = (await post(as.member, plan.opaque_id, "Follow me")).body;
    const reply = (await post(as.other, plan.opaque_id, "Following", { reply_to: top.id })).body;
    const sub = (client: TestClient, id: number, action: string) => client.post(`${COMMENT}/subscribe`, { opaque_id: plan.opaque_id, comment_id: id, action });
    expect((await sub(as.member, top.id, "unsubscribe")).body).toEqual({ subscribed: false });
    expect((await thread(as.member, plan.opaque_id)).body.results.card.comments[0].subscribed).toBe(false);
    expect((await sub(as.other, top.id, "subscribe")).body).toEqual({ subscribed: true });
    expect((await sub(as.other, top.id, "subscribe")).body).toEqual({ subscribed: true });
    expect((await thread(as.other, plan.opaque_id)).body.results.card.comments[0].subscribed).toBe(true);
    const onReply = await sub(as.other, reply.id, "subscribe");
    expect([onReply.status, onReply.body.message]).toEqual([422, DISCUSSION_MESSAGES.notTopLevel]);
    const bad = await sub(as.other, top.id, "follow");
    expect([bad.status, bad.body.message]).toEqual([422, DISCUSSION_MESSAGES.actionInvalid]);
  });

  it("lets those who may edit the item close and reopen it; when closed, others may neither view nor post", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Closing Plan" });
    await post(as.member, plan.opaque_id, "Before closing");
    const setPermission = (c: TestClient, view_permission: string) => send(c, "PUT", "/comment/thread", { opaque_id: plan.opaque_id, view_permission });
    const refused = await setPermission(as.member, "closed");
    expect([refused.status, refused.body.message]).toEqual([403, DISCUSSION_MESSAGES.manageForbidden]);
    expect((await setPermission(guest, "closed")).status).toBe(401);
    const closed = await setPermission(as.owner, "closed");
    expect(closed.body).toEqual({ id: expect.any(Number), view_permission: "closed", comments_count: 1, transient: { can_view: true, can_manage: true, can_comment: true, can_react: true, can_subscribe: true, viewed_by_link: false } });

    expect((await summary(as.member, plan.opaque_id)).body.results.card).toMatchObject({ view_permission: "closed", transient: { can_view: false, can_manage: false, can_comment: false } });
    expect((await summary(guest, plan.opaque_id)).body.results.card.transient.can_view).toBe(false);
    const blocked = await post(as.member, plan.opaque_id, "After closing");
    expect([blocked.status, blocked.body.message]).toEqual([403, DISCUSSION_MESSAGES.disabled]);
    expect((await thread(as.member, plan.opaque_id)).body.errors.card).toEqual({ status: 403, message: DISCUSSION_MESSAGES.disabled });
    // Managers still read and post; moderators and admins manage every item.
    expect((await post(as.owner, plan.opaque_id, "Owner while closed")).status).toBe(201);
    expect((await thread(as.moderator, plan.opaque_id)).body.results.card).toMatchObject({ status_label: "closed", comments_count: 2, transient: { can_manage: true } });
    expect((await post(as.admin, plan.opaque_id, "Admin while closed")).status).toBe(201);
    expect((await setPermission(as.moderator, "open")).body.view_permission).toBe("open");
    expect((await post(as.member, plan.opaque_id, "Open again")).status).toBe(201);
    // Closing an item nobody has commented on yet creates its thread.
    const quiet = await buildContent(server.db, { ownerId: owner.id, title: "Quiet Plan" });
    expect((await send(as.admin, "PUT", "/comment/thread", { opaque_id: quiet.opaque_id, view_permission: "closed" })).body).toMatchObject({ id: expect.any(Number), view_permission: "closed", comments_count: 0 });
  });

  it("lets a group's leader manage an item granted to the group, and its members read and post", async () => {
    const leaderSummary = (await summary(as.leader, groupItem.opaque_id)).body.results.card;
    expect(leaderSummary.transient).toEqual({ can_view: true, can_manage: true, can_comment: true, can_react: true, can_subscribe: true, viewed_by_link: false });
    expect((await summary(as.groupMember, groupItem.opaque_id)).body.results.card.transient).toEqual({ can_view: true, can_manage: false, can_comment: true, can_react: true, can_subscribe: true, viewed_by_link: false });
    expect((await post(as.groupMember, groupItem.opaque_id, "Member note")).status).toBe(201);
    expect((await send(as.groupMember, "PUT", "/comment/thread", { opaque_id: groupItem.opaque_id, view_permission: "closed" })).status).toBe(403);
    expect((await send(as.leader, "PUT", "/comment/thread", { opaque_id: groupItem.opaque_id, view_permission: "closed" })).body.view_permission).toBe("closed");
    expect((await post(as.groupMember, groupItem.opaque_id, "Closed now")).status).toBe(403);
    expect((await post(as.leader, groupItem.opaque_id, "Leader note")).status).toBe(201);
    // Not in the group: the restricted item does not exist for them.
    expect((await summary(as.other, groupItem.opaque_id)).body.errors.card.status).toBe(404);
  });

  it("refuses bad input with a 4xx and the rule's message, never a 500", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Validation Plan" });
    const expectRefused = async (res: Promise<{ status: number; body: { message?: string } }>, status: number, message: string) => {
      const answer = await res;
      expect([answer.status, answer.body.message]).toEqual([status, message]);
    };
    await expectRefused(post(as.member, plan.opaque_id, ""), 422, DISCUSSION_MESSAGES.commentRequired);
    await expectRefused(post(as.member, plan.opaque_id, "   \n "), 422, DISCUSSION_MESSAGES.commentRequired);
    await expectRefused(as.member.post(COMMENT, { opaque_id: plan.opaque_id }), 422, DISCUSSION_MESSAGES.commentRequired);
    await expectRefused(post(as.member, plan.opaque_id, "x".repeat(10001)), 422, DISCUSSION_MESSAGES.commentTooLong);
    expect((await post(as.member, plan.opaque_id, "x".repeat(10000))).status).toBe(201);
    await expectRefused(post(as.member, plan.opaque_id, "Titled", { title: "t".repeat(256) }), 422, DISCUSSION_MESSAGES.titleTooLong);
    await expectRefused(post(as.member, plan.opaque_id, "With a file", { attachments: [{ attachment_id: 1 }] }), 422, ATTACHMENT_MESSAGES.idsInvalid);
    await expectRefused(post(as.member, plan.opaque_id, "With a file", { attachments: [999999] }), 422, ATTACHMENT_MESSAGES.notYours);
    expect((await post(as.member, plan.opaque_id, "No files", { attachments: [] })).status).toBe(201);
    await expectRefused(post(as.member, plan.opaque_id, "Reply", { reply_to: 999999 }), 422, DISCUSSION_MESSAGES.replyTargetGone);
    await expectRefused(post(as.member, plan.opaque_id, "Reply", { reply_to: "abc" }), 422, DISCUSSION_MESSAGES.replyToInvalid);
    await expectRefused(post(as.member, plan.opaque_id, "Html?", { is_html: "yes" }), 422, DISCUSSION_MESSAGES.isHtmlInvalid);
    await expectRefused(post(as.member, "", "Where?"), 422, DISCUSSION_MESSAGES.opaqueIdRequired);
    await expectRefused(post(as.member, "no-such-item", "Where?"), 404, MESSAGES.notFound);
    await expectRefused(post(as.member, plan.opaque_id, "Context", { context: "c".repeat(65) }), 422, DISCUSSION_MESSAGES.contextTooLong);
    for (const [method, path] of [["PUT", COMMENT], ["DELETE", COMMENT]] as const) {
      await expectRefused(send(as.member, method, path, { opaque_id: plan.opaque_id, comment_id: 999999, comment: "x" }), 404, DISCUSSION_MESSAGES.commentNotFound);
      await expectRefused(send(as.member, method, path, { opaque_id: plan.opaque_id, comment_id: "abc", comment: "x" }), 422, DISCUSSION_MESSAGES.commentIdRequired);
      await expectRefused(send(as.member, method, path, { opaque_id: plan.opaque_id, comment_id: 99999999999, comment: "x" }), 422, DISCUSSION_MESSAGES.commentIdRequired);
    }
    await expectRefused(as.member.post(`${COMMENT}/feedback`, { opaque_id: plan.opaque_id, comment_id: 999999, feedback_type: "like" }), 404, DISCUSSION_MESSAGES.commentNotFound);
    await expectRefused(as.member.get(`/comment/thread/comment/replies?${q(plan.opaque_id, 999999)}`), 404, DISCUSSION_MESSAGES.commentNotFound);
    await expectRefused(as.member.get(`/comment/thread/comment/replies?opaque_id=${plan.opaque_id}`), 422, DISCUSSION_MESSAGES.commentIdRequired);
    await expectRefused(send(as.owner, "PUT", "/comment/thread", { opaque_id: plan.opaque_id, view_permission: "resolved" }), 422, DISCUSSION_MESSAGES.viewPermissionInvalid);
    // The bulk calls: a bad envelope is the call's 422; a bad entry is that entry's 422.
    await expectRefused(as.member.post(SUMMARY, { requests: [] }), 422, DISCUSSION_MESSAGES.requestsInvalid);
    await expectRefused(guest.post(SUMMARY, {}), 422, DISCUSSION_MESSAGES.requestsInvalid);
    await expectRefused(as.member.post(SUMMARY, { requests: Array.from({ length: 51 }, (_, i) => ({ uniqueId: `r${i}`, request: { opaque_id: plan.opaque_id } })) }), 422, DISCUSSION_MESSAGES.requestsInvalid);
    const mixed = await as.member.post(THREAD, { requests: [{ uniqueId: "bad", request: { opaque_id: plan.opaque_id, page: 0 } }, { uniqueId: "good", request: { opaque_id: plan.opaque_id } }] });
    expect(mixed.body.errors).toEqual({ bad: { status: 422, message: DISCUSSION_MESSAGES.pageInvalid } });
    expect(mixed.body.results.good.comments_count).toBe(2);
    // Bodies that are not JSON, or hold NUL, are refused before the route.
    const notJson = await as.member.request("POST", COMMENT, "{not json", { "x-csrf-token": await as.member.token() });
    expect([notJson.status, notJson.body.message]).toEqual([400, "The request body is not valid JSON."]);
    expect((await post(as.member, plan.opaque_id, "nul\u0000byte")).status).toBe(400);
  });

  it("sanitizes HTML comments with the comment profile and keeps plain text as text", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Html Plan" });
    const html = await post(as.member, plan.opaque_id, '<p>Hello <b>class</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>', { is_html: true });
    expect(html.status).toBe(201);
    expect(html.body).toMatchObject({ is_html: true, content: "<p>Hello <b>class</b></p>" });
    const onlyScript = await post(as.member, plan.opaque_id, "<script>alert(1)</script><p> </p>", { is_html: true });
    expect([onlyScript.status, onlyScript.body.message]).toEqual([422, DISCUSSION_MESSAGES.commentRequired]);
    const text = await post(as.member, plan.opaque_id, "<b>not bold</b> & <script>x</script>");
    expect(text.body).toMatchObject({ is_html: false, content: "<b>not bold</b> & <script>x</script>" });
    const edited = await send(as.member, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: html.body.id, comment: '<a href="javascript:alert(1)">link</a> ok', is_html: true });
    expect(edited.body.content).toBe("<a>link</a> ok");
    // The spec's edit sends no is_html: an HTML comment stays HTML (and is sanitized), a plain one stays plain.
    const keptKind = await send(as.member, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: html.body.id, comment: "<i>again</i><script>x</script>" });
    expect(keptKind.body).toMatchObject({ is_html: true, content: "<i>again</i>" });
    expect((await send(as.member, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: text.body.id, comment: "<i>still text</i>" })).body).toMatchObject({ is_html: false, content: "<i>still text</i>" });
  });

  it("does not touch search: a comment is not a content change", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Search Plan" });
    const before = await server.db.selectFrom("content_changes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await post(as.member, plan.opaque_id, "Not indexed");
    await send(as.owner, "PUT", "/comment/thread", { opaque_id: plan.opaque_id, view_permission: "closed" });
    const after = await server.db.selectFrom("content_changes").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("answers as the API reference documents, good and bad", async () => {
    const fits = apiReferenceCheck();
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Documented Plan" });
    const top = await post(as.member, plan.opaque_id, "<p>Documented</p>", { is_html: true, title: "Doc" });
    fits("post", COMMENT, top);
    const reply = await post(as.other, plan.opaque_id, "Reply", { reply_to: top.body.id });
    fits("post", COMMENT, await post(as.member, plan.opaque_id, ""));
    fits("post", COMMENT, await post(guest, plan.opaque_id, "Hi"));
    fits("put", COMMENT, await send(as.member, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: top.body.id, comment: "Edited" }));
    fits("put", COMMENT, await send(as.other, "PUT", COMMENT, { opaque_id: plan.opaque_id, comment_id: top.body.id, comment: "Edited" }));
    fits("post", SUMMARY, await summary(guest, plan.opaque_id));
    fits("post", SUMMARY, await guest.post(SUMMARY, { requests: [{ uniqueId: "a", request: { opaque_id: hidden.opaque_id } }, { uniqueId: "b", request: {} }] }));
    fits("post", THREAD, await thread(as.admin, plan.opaque_id));
    fits("post", THREAD, await thread(guest, plan.opaque_id));
    fits("get", "/comment/thread/comment/replies", await as.member.get(`/comment/thread/comment/replies?${q(plan.opaque_id, top.body.id)}`));
    fits("get", "/comment/thread/comment/ancestors", await as.member.get(`/comment/thread/comment/ancestors?${q(plan.opaque_id, reply.body.id)}`));
    fits("get", "/comment/thread/comment/history", await as.admin.get(`/comment/thread/comment/history?${q(plan.opaque_id, top.body.id)}`));
    fits("get", "/comment/thread/comment/history", await as.member.get(`/comment/thread/comment/history?${q(plan.opaque_id, top.body.id)}`));
    fits("post", `${COMMENT}/feedback`, await as.other.post(`${COMMENT}/feedback`, { opaque_id: plan.opaque_id, comment_id: top.body.id, feedback_type: "love" }));
    fits("post", `${COMMENT}/subscribe`, await as.other.post(`${COMMENT}/subscribe`, { opaque_id: plan.opaque_id, comment_id: top.body.id, action: "subscribe" }));
    fits("put", "/comment/thread", await send(as.owner, "PUT", "/comment/thread", { opaque_id: plan.opaque_id, view_permission: "closed" }));
    fits("delete", COMMENT, await send(as.member, "DELETE", COMMENT, { opaque_id: plan.opaque_id, comment_id: top.body.id }));
    fits("delete", COMMENT, await send(as.member, "DELETE", COMMENT, { opaque_id: plan.opaque_id, comment_id: 999999 }));
  });

  it("lets a reader report another's comment as inappropriate (stored for moderators), never their own or a deleted one", async () => {
    const plan = await buildContent(server.db, { ownerId: owner.id, title: "Reported Plan" });
    const rude = await post(as.other, plan.opaque_id, "Something rude");
    const flag = (c: TestClient, body: Record<string, unknown>) => c.post(`${COMMENT}/flag`, { opaque_id: plan.opaque_id, comment_id: rude.body.id, value: "inappropriate", message: "Insults a student", ...body });
    const sent = await flag(as.member, {});
    expect([sent.status, sent.body]).toEqual([200, { status: "success", message: "Thank you for your feedback!" }]);
    const rows = await server.db.selectFrom("comment_flags").selectAll().where("comment_id", "=", rude.body.id).execute();
    expect(rows).toMatchObject([{ profile_id: member.id, reason: "inappropriate", message: "Insults a student", status: "open" }]);
    // A moderator may report too (moderators do not edit comments); the author and admins edit instead.
    expect((await flag(as.moderator, {})).status).toBe(200);
    const own = await flag(as.other, {});
    expect([own.status, own.body.message]).toEqual([403, DISCUSSION_MESSAGES.reportOwn]);
    expect((await flag(as.admin, {})).status).toBe(403);
    expect((await flag(guest, {})).status).toBe(401);
    // The dialog's checks, as for items.
    expect((await flag(as.member, { value: "nonsense" })).body.message).toBe("Please choose a reason.");
    expect((await flag(as.member, { message: "  " })).body.message).toBe("Please describe the problem.");
    expect((await flag(as.member, { comment_id: 999999 })).status).toBe(404);
    // A comment on an item the member may not see is not found; a comment kept as deleted has nothing to report.
    const hiddenComment = await post(as.owner, hidden.opaque_id, "Private note");
    expect((await as.member.post(`${COMMENT}/flag`, { opaque_id: hidden.opaque_id, comment_id: hiddenComment.body.id, value: "inappropriate", message: "x" })).status).toBe(404);
    await post(as.member, plan.opaque_id, "A reply", { reply_to: rude.body.id });
    expect((await send(as.other, "DELETE", COMMENT, { opaque_id: plan.opaque_id, comment_id: rude.body.id })).status).toBe(200);
    expect((await flag(as.member, {})).status).toBe(403);
    expect((await server.db.selectFrom("comment_flags").selectAll().where("comment_id", "=", rude.body.id).execute()).length).toBe(2);
  });

  it("attaches uploads to a comment, serves them to the discussion's readers and deletes them with the comment", async () => {
    const fits = apiReferenceCheck();
    const upload = (c: TestClient, name = "worksheet.pdf") => c.postFiles("/comment/attachment", { file: { name, data: pdfBytes(), type: "application/pdf" } });
    expect((await upload(guest)).status).toBe(401);
    const file = await upload(as.groupMember);
    expect(file.status).toBe(201);
    fits("post", "/comment/attachment", file);
    expect(file.body).toMatchObject({ status: "success", name: "worksheet.pdf", common: { icon: "file" } });
    // Another author cannot post it; its uploader can, and the comment lists it.
    expect((await post(as.leader, groupItem.opaque_id, "Mine now", { attachments: [file.body.id] })).body.message).toBe(ATTACHMENT_MESSAGES.notYours);
    await send(as.leader, "PUT", "/comment/thread", { opaque_id: groupItem.opaque_id, view_permission: "open" });
    const created = await post(as.groupMember, groupItem.opaque_id, "The worksheet", { attachments: [file.body.id] });
    expect(created.status).toBe(201);
    fits("post", COMMENT, created);
    expect(created.body.attachments).toEqual([
      { title: "worksheet.pdf", source_title: "worksheet.pdf", description: `${pdfBytes().length} B`, attachment_type: "common_file", attachment_id: file.body.id, link: file.body.link, model_common: { icon: "file" }, removed: false },
    ]);
    // An edit changes the text only.
    const edit = await send(as.groupMember, "PUT", COMMENT, { opaque_id: groupItem.opaque_id, comment_id: created.body.id, comment: "Edited", attachments: [file.body.id] });
    expect([edit.status, edit.body.message]).toEqual([422, DISCUSSION_MESSAGES.attachmentsNotEditable]);
    // Whoever reads the discussion reads the file: the restricted item's group, not other members, not guests.
    expect((await as.leader.download(file.body.link)).status).toBe(200);
    expect((await as.other.download(file.body.link)).status).toBe(404);
    expect((await guest.download(file.body.link)).status).toBe(401);
    // Deleting the comment deletes its file.
    expect((await send(as.groupMember, "DELETE", COMMENT, { opaque_id: groupItem.opaque_id, comment_id: created.body.id })).status).toBe(200);
    expect((await as.groupMember.download(file.body.link)).status).toBe(404);
    expect(await server.db.selectFrom("attachments").select("id").where("id", "=", file.body.id).execute()).toEqual([]);

    // While model-discussions.attachments is off, no uploads and no attachments on comments.
    const ready = (await upload(as.member)).body;
    await setConfigValue(server.db, "settings", { features: { "model-discussions.attachments": false } });
    try {
      expect((await upload(as.member)).status).toBe(403);
      const refused = await post(as.member, item.opaque_id, "With a file", { attachments: [ready.id] });
      expect([refused.status, refused.body.message]).toEqual([422, DISCUSSION_MESSAGES.attachmentsUnavailable]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
  });
});
