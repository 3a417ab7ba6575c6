import { beforeAll, describe, expect, it } from "vitest";
import { ATTACHMENT_MESSAGES, DISCUSSION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildContent, buildGroup, buildGroupPage, statusesByRole } from "../../test/factories.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import type { TestClient } from "../../test/testServer.js";
import { pdfBytes } from "../../test/sampleFiles.js";
import { useCastServer } from "../../test/useServer.js";

const COMMENT = "/comment/thread/comment";
const LIST = "/comment/thread/discussions";
const ONE = "/comment/thread/discussion";

type Thread = { id: number; title: string; replies_count: number; last_activity_at: string };

describe("a group's discussions (the thread widget)", () => {
  const { server, cast, as, resource, groupPage: groupItem } = useCastServer();
  let hiddenGroupItem: Content;
  const fits = apiReferenceCheck();

  /** Starts a thread in the group's discussions. */
  const start = (c: TestClient, title: string | undefined, comment = "Let us talk.", item = groupItem) => c.post(COMMENT, { opaque_id: item.opaque_id, context: "group", title, comment });
  const reply = (c: TestClient, replyTo: number, comment: string, item = groupItem) => c.post(COMMENT, { opaque_id: item.opaque_id, context: "group", reply_to: replyTo, comment });
  const list = (c: TestClient, query: Record<string, string | number> = {}, item = groupItem) =>
    c.get(`${LIST}?${new URLSearchParams({ opaque_id: item.opaque_id, context: "group", ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`);
  const titles = (res: { body: { data: Thread[] } }) => res.body.data.map((t) => t.title);

  beforeAll(async () => {
    // A restricted group only its own members may see.
    hiddenGroupItem = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Secret Club", { restricted: true });
  });

  it("lets the group's leaders and members, moderators and admins start threads; signed-in viewers read them; guests get 401", async () => {
    const started = await statusesByRole(as, (c) => start(c, "Field trip"));
    expect(started).toEqual({ guest: 401, owner: 403, member: 403, leader: 201, groupie: 201, moderator: 201, admin: 201 });
    const refused = await start(as.member, "Not a member");
    expect(refused.body.message).toBe(DISCUSSION_MESSAGES.groupPostForbidden);
    fits("post", COMMENT, refused);

    expect(await statusesByRole(as, (c) => list(c))).toEqual({ guest: 401, owner: 200, member: 200, leader: 200, groupie: 200, moderator: 200, admin: 200 });
    const asMember = await list(as.member);
    fits("get", LIST, asMember);
    expect(asMember.body.meta).toEqual({ current_page: 1, last_page: 1, total: 4, limit: 5, sort: "last_activity_at_desc", st: null });
    expect(asMember.body.transient).toMatchObject({ can_view: true, can_comment: false, can_react: true, can_subscribe: true });
    expect(asMember.body.features).toEqual({ search: true, subscribe: true });
    expect((await list(as.groupie)).body.transient.can_comment).toBe(true);
    // The guest's widget reads the summary (for the guest modal) of the group's discussions, not the item's card.
    const summary = await as.guest.post("/comment/thread/summary/bulk", { requests: [{ uniqueId: "w", request: { opaque_id: groupItem.opaque_id, context: "group" } }] });
    expect(summary.body.results.w).toMatchObject({ comments_count: 4, transient: { can_view: true, can_comment: false } });

    // A restricted group: its own members only; everyone else as for its page (401 guest, 404 member).
    expect(await statusesByRole(as, (c) => list(c, {}, hiddenGroupItem))).toEqual({ guest: 401, owner: 404, member: 404, leader: 200, groupie: 200, moderator: 404, admin: 200 });
    // Only a group has discussions.
    const notGroup = await list(as.admin, {}, resource);
    expect([notGroup.status, notGroup.body.message]).toEqual([404, DISCUSSION_MESSAGES.notAGroup]);
    expect((await start(as.admin, "Hello", "Hi", resource)).status).toBe(404);
  });

  it("refuses bad input with the spec's messages, never a 500", async () => {
    const noTitle = await start(as.groupie, undefined);
    expect([noTitle.status, noTitle.body.message]).toEqual([422, DISCUSSION_MESSAGES.titleRequired]);
    expect((await start(as.groupie, "   ")).body.message).toBe(DISCUSSION_MESSAGES.titleRequired);
    expect((await start(as.groupie, "x".repeat(256))).body.message).toBe(DISCUSSION_MESSAGES.titleTooLong);
    expect((await start(as.groupie, "Title", "  ")).body.message).toBe(DISCUSSION_MESSAGES.commentRequired);
    const bad: [Record<string, string | number>, string][] = [
      [{ context: "other" }, DISCUSSION_MESSAGES.groupContextRequired],
      [{ sort: "title_asc" }, DISCUSSION_MESSAGES.sortInvalid],
      [{ limit: 0 }, DISCUSSION_MESSAGES.limitInvalid],
      [{ limit: 51 }, DISCUSSION_MESSAGES.limitInvalid],
      [{ page: "x" }, DISCUSSION_MESSAGES.pageInvalid],
      [{ st: "a".repeat(81) }, DISCUSSION_MESSAGES.searchTooLong],
    ];
    for (const [query, message] of bad) {
      const res = await list(as.groupie, query);
      expect([res.status, res.body.message], JSON.stringify(query)).toEqual([422, message]);
    }
    const oneOfNothing = await as.groupie.get(`${ONE}?opaque_id=${groupItem.opaque_id}&context=group&comment_id=999999`);
    expect([oneOfNothing.status, oneOfNothing.body.message]).toEqual([404, DISCUSSION_MESSAGES.discussionNotFound]);
  });

  it("sorts by last activity (a reply counts), by creation either way, pages, searches in any case; the group page has no Discuss card beside it", async () => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    const item = await buildGroupPage(server.db, cast.leader, group, "Maths Club");
    const ids: Record<string, number> = {};
    for (const title of ["Alpha", "Bravo", "Charlie"]) ids[title] = (await start(as.groupie, title, `About ${title}`, item)).body.id;
    const answered = await reply(as.leader, ids.Alpha!, "Une réponse sur l'ÉCOLE", item);
    expect(answered.status).toBe(201);
    // A group's page has no Discuss card of its own (its discussions are the widget's): nobody posts a plain comment there.
    for (const role of ["member", "groupie", "leader", "admin"] as const) expect((await as[role].post(COMMENT, { opaque_id: item.opaque_id, comment: "On the page itself" })).status, role).toBe(403);

    expect(titles(await list(as.member, {}, item))).toEqual(["Alpha", "Charlie", "Bravo"]);
    expect(titles(await list(as.member, { sort: "created_at_desc" }, item))).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect(titles(await list(as.member, { sort: "created_at_asc" }, item))).toEqual(["Alpha", "Bravo", "Charlie"]);
    const alpha = (await list(as.member, {}, item)).body.data[0] as Thread;
    expect(alpha).toMatchObject({ replies_count: 1, last_activity_at: answered.body.created_at, replies: [] });
    const page2 = await list(as.member, { sort: "created_at_asc", limit: 2, page: 2 }, item);
    expect([titles(page2), page2.body.meta.last_page, page2.body.meta.total]).toEqual([["Charlie"], 2, 3]);

    // Search: a thread's title or text, or a reply's text, in any case (É and é alike).
    expect(titles(await list(as.member, { st: "école" }, item))).toEqual(["Alpha"]);
    expect(titles(await list(as.member, { st: "ABOUT b" }, item))).toEqual(["Bravo"]);
    expect((await list(as.member, { st: "nothing like it" }, item)).body).toMatchObject({ data: [], meta: { total: 0, last_page: 1, st: "nothing like it" } });

    const card = await as.member.post("/comment/thread/bulk", { requests: [{ uniqueId: "c", request: { opaque_id: item.opaque_id } }] });
    expect(card.body.errors.c).toEqual({ status: 403, message: DISCUSSION_MESSAGES.disabled });
    // Nor does a member reply from the card's side to a group thread.
    const crossed = await as.groupie.post(COMMENT, { opaque_id: item.opaque_id, comment: "Crossed", reply_to: ids.Bravo });
    expect([crossed.status, crossed.body.message]).toEqual([403, DISCUSSION_MESSAGES.disabled]);
  });

  it("lets a thread's author or an admin edit its title with its text, under the rules of starting one, and records the title in its history", async () => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    const item = await buildGroupPage(server.db, cast.leader, group, "Chess Club");
    const thread = (await start(as.groupie, "Opening trap", "Which opening?", item)).body;
    const put = async (c: TestClient, body: Record<string, unknown>) => c.request("PUT", COMMENT, { opaque_id: item.opaque_id, context: "group", comment_id: thread.id, comment: "Which opening first?", ...body }, { "x-csrf-token": await c.token() });

    const renamed = await put(as.groupie, { title: "  Opening traps for beginners  " });
    expect(renamed.status).toBe(200);
    fits("put", COMMENT, renamed);
    expect(renamed.body).toMatchObject({ title: "Opening traps for beginners", content: "Which opening first?", edited_at: expect.any(String) });
    expect(titles(await list(as.member, {}, item))).toEqual(["Opening traps for beginners"]);
    expect((await put(as.admin, { title: "Openings (moved)" })).body).toMatchObject({ title: "Openings (moved)" });
    // Others may not, and the rules of a new thread hold: required, at most 255 characters.
    for (const role of ["member", "leader", "moderator"] as const) expect((await put(as[role], { title: "Mine now" })).status, role).toBe(403);
    for (const [title, message] of [["   ", DISCUSSION_MESSAGES.titleRequired], ["", DISCUSSION_MESSAGES.titleRequired], ["x".repeat(256), DISCUSSION_MESSAGES.titleTooLong], [42, DISCUSSION_MESSAGES.titleTooLong]] as const) {
      const refused = await put(as.groupie, { title });
      expect([refused.status, refused.body.message], String(title)).toEqual([422, message]);
      fits("put", COMMENT, refused);
    }
    expect((await list(as.member, {}, item)).body.data[0].title).toBe("Openings (moved)");

    const history = await as.admin.get(`${COMMENT}/history?opaque_id=${item.opaque_id}&context=group&comment_id=${thread.id}`);
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { new_values: { title: string | null } }) => e.new_values.title)).toEqual(expect.arrayContaining(["Opening traps for beginners", "Openings (moved)"]));
  });

  it("opens a thread with its replies; its author or an admin edits and deletes, others report; reactions and subscriptions follow the features", async () => {
    const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
    const item = await buildGroupPage(server.db, cast.leader, group, "Art Club");
    const thread = (await start(as.groupie, "Colour wheels", "Which paints?", item)).body;
    const r1 = (await reply(as.moderator, thread.id, "Acrylics.", item)).body;
    expect((await reply(as.member, thread.id, "Me too", item)).status).toBe(403);
    const one = await as.member.get(`${ONE}?opaque_id=${item.opaque_id}&context=group&comment_id=${thread.id}`);
    fits("get", ONE, one);
    expect(one.body.comments).toHaveLength(1);
    expect(one.body.comments[0]).toMatchObject({ title: "Colour wheels", replies_count: 1, abilities: { edit: false, delete: false, report: true } });
    expect(one.body.comments[0].replies.map((r: { content: string }) => r.content)).toEqual(["Acrylics."]);
    const ofReply = await as.member.get(`${ONE}?opaque_id=${item.opaque_id}&context=group&comment_id=${r1.id}`);
    expect([ofReply.status, ofReply.body.message]).toEqual([404, DISCUSSION_MESSAGES.discussionNotFound]);

    const put = async (c: TestClient, body: Record<string, unknown>) => c.request("PUT", COMMENT, { opaque_id: item.opaque_id, context: "group", comment_id: thread.id, ...body }, { "x-csrf-token": await c.token() });
    expect(await statusesByRole(as, (c) => put(c, { comment: "Which paints, and which brushes?" }))).toEqual({ guest: 401, owner: 403, member: 403, leader: 403, groupie: 200, moderator: 403, admin: 200 });
    const untitled = await put(as.groupie, { comment: "No title", title: null });
    expect([untitled.status, untitled.body.message]).toEqual([422, DISCUSSION_MESSAGES.titleRequired]);

    // Any signed-in reader reacts; subscribing follows group-discussions.subscribe, searching group-discussions.search.
    const react = await as.member.post(`${COMMENT}/feedback`, { opaque_id: item.opaque_id, context: "group", comment_id: thread.id, feedback_type: "love" });
    expect([react.status, react.body.content_feedback_loves_count]).toEqual([200, 1]);
    await setConfigValue(server.db, "settings", { features: { "group-discussions.subscribe": false, "group-discussions.search": false } });
    try {
      const sub = await as.groupie.post(`${COMMENT}/subscribe`, { opaque_id: item.opaque_id, context: "group", comment_id: thread.id, action: "subscribe" });
      expect([sub.status, sub.body.message]).toEqual([403, DISCUSSION_MESSAGES.subscribeDisabled]);
      const listed = await list(as.groupie, {}, item);
      expect([listed.body.features, listed.body.transient.can_subscribe]).toEqual([{ search: false, subscribe: false }, false]);
      const searched = await list(as.groupie, { st: "paint" }, item);
      expect([searched.status, searched.body.message]).toEqual([403, DISCUSSION_MESSAGES.searchDisabled]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }

    const del = async (c: TestClient, id: number) => c.request("DELETE", COMMENT, { opaque_id: item.opaque_id, context: "group", comment_id: id }, { "x-csrf-token": await c.token() });
    expect((await del(as.leader, r1.id)).status).toBe(403);
    expect((await del(as.admin, r1.id)).status).toBe(200);
    expect((await del(as.groupie, thread.id)).status).toBe(200);
    expect((await list(as.member, {}, item)).body.data).toEqual([]);
    expect((await del(as.guest, thread.id)).body.message).toBe(MESSAGES.signInRequired);
  });

  it("opens a thread by its id alone, as its address on the group's page names it; a thread removed, a reply, another group's or the Discuss card's comment is no discussion (404), and a hidden group's is not found either", async () => {
    const one = (c: TestClient, id: number, item = groupItem) => c.get(`${ONE}?opaque_id=${item.opaque_id}&context=group&comment_id=${id}`);
    const thread = (await start(as.leader, "Seed swap", "Bring your spare seeds.")).body;
    const answer = (await reply(as.groupie, thread.id, "Sunflowers from me.")).body;
    const opened = await one(as.member, thread.id);
    fits("get", ONE, opened);
    expect(opened.body.comments[0]).toMatchObject({ id: thread.id, title: "Seed swap", creator: { name: cast.leader.name }, replies: [{ id: answer.id, content: "Sunflowers from me." }] });

    const elsewhere = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader), "Elsewhere Club");
    const otherGroups = (await start(as.leader, "Not here", "Elsewhere.", elsewhere)).body;
    // A comment on an item's Discuss card (a group's page has none: server/policies/comment.ts).
    const lesson = await buildContent(server.db, { ownerId: cast.owner.id, title: "Seed lesson" });
    const discussCard = await as.owner.post(COMMENT, { opaque_id: lesson.opaque_id, comment: "On an item's Discuss card." });
    expect(discussCard.status).toBe(201);
    const removed = (await start(as.leader, "Gone soon", "Short-lived.")).body;
    expect((await as.leader.request("DELETE", COMMENT, { opaque_id: groupItem.opaque_id, context: "group", comment_id: removed.id }, { "x-csrf-token": await as.leader.token() })).status).toBe(200);
    for (const [id, what] of [[removed.id, "removed"], [answer.id, "a reply"], [otherGroups.id, "another group's"], [discussCard.body.id, "the Discuss card's"]] as const) {
      const res = await one(as.member, id);
      expect([res.status, res.body.message], what).toEqual([404, DISCUSSION_MESSAGES.discussionNotFound]);
    }
    // A group the asker may not see: its threads' addresses open nothing (404, as the group's page), a guest is asked to sign in.
    const hidden = (await start(as.groupie, "Members only", "Shh.", hiddenGroupItem)).body;
    expect((await one(as.groupie, hidden.id, hiddenGroupItem)).status).toBe(200);
    expect((await one(as.member, hidden.id, hiddenGroupItem)).status).toBe(404);
    expect((await one(as.guest, hidden.id, hiddenGroupItem)).status).toBe(401);
  });
  it("takes files on a new thread and its replies while group-discussions.attachments is on; an item's comments follow model-discussions.attachments, each on its own", async () => {
    /** Uploads a file for a comment, naming the group's discussions (as the widget does) or not (an item's Discuss card). */
    const upload = (c: TestClient, context?: "group", name = "plan.pdf") => c.postFiles(`/comment/attachment${context ? `?context=${context}` : ""}`, { file: { name, data: pdfBytes(), type: "application/pdf" } });
    const item = await buildGroupPage(server.db, cast.leader, await buildGroup(server.db, cast.leader, [cast.groupie]), "Art Club");
    const lesson = await buildContent(server.db, { ownerId: cast.owner.id, title: "Colour lesson" });
    const startWith = (c: TestClient, attachments: number[], title = "Mural plans") => c.post(COMMENT, { opaque_id: item.opaque_id, context: "group", title, comment: "See the plan.", attachments });
    const replyWith = (c: TestClient, replyTo: number, attachments: number[]) => c.post(COMMENT, { opaque_id: item.opaque_id, context: "group", reply_to: replyTo, comment: "Mine too.", attachments });
    const commentWith = (c: TestClient, attachments: number[]) => c.post(COMMENT, { opaque_id: lesson.opaque_id, comment: "On the lesson.", attachments });

    // On by default: a thread with a file, a reply with another; the thread as the modal opens it shows both.
    const plan = await upload(as.groupie, "group");
    expect(plan.status).toBe(201);
    const thread = await startWith(as.groupie, [plan.body.id]);
    expect(thread.status).toBe(201);
    fits("post", COMMENT, thread);
    expect(thread.body.attachments).toEqual([{ title: "plan.pdf", source_title: "plan.pdf", description: `${pdfBytes().length} B`, attachment_type: "common_file", attachment_id: plan.body.id, link: plan.body.link, model_common: { icon: "file" }, removed: false }]);
    const sketch = (await upload(as.leader, "group", "sketch.pdf")).body;
    const answer = await replyWith(as.leader, thread.body.id, [sketch.id]);
    expect([answer.status, answer.body.attachments.map((a: { title: string }) => a.title)]).toEqual([201, ["sketch.pdf"]]);
    const opened = await as.member.get(`${ONE}?opaque_id=${item.opaque_id}&context=group&comment_id=${thread.body.id}`);
    expect(opened.body.comments[0]).toMatchObject({ attachments: [{ title: "plan.pdf" }], replies: [{ id: answer.body.id, attachments: [{ title: "sketch.pdf" }] }] });
    // Whoever reads the group's discussions reads their files (signed-in viewers of its page); a guest is asked to sign in.
    for (const c of [as.member, as.groupie, as.admin]) expect((await c.download(plan.body.link)).status).toBe(200);
    expect((await as.guest.download(sketch.link)).status).toBe(401);

    // group-discussions.attachments off: no uploads for the group's discussions and no files on a thread or a reply
    // (422, nothing posted); an item's comments still take them.
    const waiting = (await upload(as.groupie, "group")).body;
    const forLesson = (await upload(as.member)).body;
    await setConfigValue(server.db, "settings", { features: { "group-discussions.attachments": false } });
    try {
      const refusedUpload = await upload(as.groupie, "group");
      expect([refusedUpload.status, refusedUpload.body.message]).toEqual([403, ATTACHMENT_MESSAGES.unavailable]);
      const refused = await startWith(as.groupie, [waiting.id], "Refused");
      expect([refused.status, refused.body.message]).toEqual([422, DISCUSSION_MESSAGES.attachmentsUnavailable]);
      fits("post", COMMENT, refused);
      expect((await list(as.groupie, {}, item)).body.data.map((t: Thread) => t.title)).toEqual(["Mural plans"]);
      const refusedReply = await replyWith(as.groupie, thread.body.id, [waiting.id]);
      expect([refusedReply.status, refusedReply.body.message]).toEqual([422, DISCUSSION_MESSAGES.attachmentsUnavailable]);
      // Without files the discussions go on; files posted before are still read.
      expect((await replyWith(as.groupie, thread.body.id, [])).status).toBe(201);
      expect((await as.member.download(plan.body.link)).status).toBe(200);
      expect((await upload(as.member)).status).toBe(201);
      expect((await commentWith(as.member, [forLesson.id])).status).toBe(201);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }

    // model-discussions.attachments off: the reverse.
    const lessonWaiting = (await upload(as.member)).body;
    await setConfigValue(server.db, "settings", { features: { "model-discussions.attachments": false } });
    try {
      expect((await upload(as.member)).status).toBe(403);
      const refused = await commentWith(as.member, [lessonWaiting.id]);
      expect([refused.status, refused.body.message]).toEqual([422, DISCUSSION_MESSAGES.attachmentsUnavailable]);
      expect((await upload(as.groupie, "group")).status).toBe(201);
      const started = await startWith(as.groupie, [waiting.id], "Still with files");
      expect([started.status, started.body.attachments.map((a: { title: string }) => a.title)]).toEqual([201, ["plan.pdf"]]);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
  });
});
