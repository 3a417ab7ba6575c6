import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, SECTION_COMMENT_MAX, SECTION_COMMENT_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { listSections, writeSections } from "../../models/sections.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, statusesByRole, type RoleCast } from "../../test/factories.js";
import { useCast } from "../../test/useServer.js";

// Comments on an item's sections through the legacy comment calls: one thread per section, open or resolved,
// read and written by signed-in profiles that can view the item; changed only by their writers.
describe("section comments", () => {
  const { server, cast, as } = useCast();
  let plan: Content, secret: Content;
  let intro: string, practice: string;
  const fits = apiReferenceCheck();
  const ref = () => ({ type: "lesson_plan", type_id: plan.id });
  const thread = (role: keyof RoleCast["clients"], uid = intro) => as[role].get(`/comment/getcomment?type=lesson_plan&type_id=${plan.id}&module=section&module_id=${uid}`);
  const add = (role: keyof RoleCast["clients"], content: string, uid = intro) => as[role].post("/comment/addcomment", { ...ref(), module: "section", module_id: uid, content });

  beforeAll(async () => {
    plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Tide Pools" });
    const uids = (await writeSections(server.db, plan.id, [{ title: "Introduction", html: "<p>Hello</p>" }, { title: "Practice", html: "<p>Work</p>" }])).map((s) => s.uid!);
    intro = uids[0]!;
    practice = uids[1]!;
    secret = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Draft Plan", visibility: "restricted" });
  });

  it("starts a section's thread with its first comment and lists it oldest first, to signed-in viewers only", async () => {
    const none = await thread("member");
    expect(none.status).toBe(200);
    fits("get", "/comment/getcomment", none);
    expect(none.body).toEqual({ thread: null, abilities: { comment: true, set_status: false } });

    const first = await add("member", "  Should this start with a question?  ");
    expect(first.status).toBe(201);
    fits("post", "/comment/addcomment", first);
    expect(first.body.comment).toMatchObject({ content: "Should this start with a question?", creator: { id: cast.member.id, name: "Milo Member" }, edited: false, abilities: { edit: true, delete: true } });
    expect((await add("owner", "Yes, good idea.")).status).toBe(201);

    const asOwner = await thread("owner");
    expect(asOwner.body.thread).toMatchObject({ id: first.body.thread_id, module: "section", module_id: intro, status: 1, status_label: "open" });
    expect(asOwner.body.thread.comments.map((c: { content: string }) => c.content)).toEqual(["Should this start with a question?", "Yes, good idea."]);
    // Each may change only what they wrote.
    expect(asOwner.body.thread.comments.map((c: { abilities: object }) => c.abilities)).toEqual([{ edit: false, delete: false }, { edit: true, delete: true }]);
    expect(asOwner.body.abilities).toEqual({ comment: true, set_status: true });

    const guest = await thread("guest");
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    expect((await add("guest", "Hi")).status).toBe(401);
  });

  it("refuses an empty comment, a section the item does not have, and an item the asker cannot view", async () => {
    const empty = await add("member", "   ");
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(SECTION_COMMENT_MESSAGES.contentRequired);
    expect((await add("member", "x".repeat(SECTION_COMMENT_MAX + 1))).body.message).toBe(SECTION_COMMENT_MESSAGES.contentTooLong);
    const gone = await add("member", "Where did it go?", "not-a-section");
    expect([gone.status, gone.body.message]).toEqual([404, SECTION_COMMENT_MESSAGES.sectionNotFound]);
    const badModule = await as.member.post("/comment/addcomment", { ...ref(), module: "page", module_id: intro, content: "Hi" });
    expect([badModule.status, badModule.body.message]).toEqual([422, SECTION_COMMENT_MESSAGES.moduleInvalid]);
    // The wrong model key for the id reads as no such item.
    expect((await as.member.get(`/comment/threads?type=resource&type_id=${plan.id}`)).status).toBe(404);

    const [secretUid] = (await writeSections(server.db, secret.id, [{ title: "Only for us", html: "<p>x</p>" }])).map((s) => s.uid!);
    const onSecret = (client: RoleCast["clients"]["guest"]) => client.post("/comment/addcomment", { type: "lesson_plan", type_id: secret.id, module: "section", module_id: secretUid, content: "Peek" });
    // Moderators do not open restricted items (only admins pass over permissions).
    expect(await statusesByRole(as, onSecret)).toEqual({ guest: 401, member: 404, leader: 404, groupie: 404, moderator: 404, owner: 201, admin: 201 });
  });

  it("lets only a comment's writer change or delete it; the thread goes with its last comment", async () => {
    const mine = (await add("groupie", "Typo in the second line")).body.comment;
    const update = (role: keyof RoleCast["clients"]) => as[role].post("/comment/updatecomment", { ...ref(), comment_id: mine.id, content: "Typo in the third line" });
    const refused = await update("admin");
    expect([refused.status, refused.body.message]).toEqual([403, SECTION_COMMENT_MESSAGES.notCreator]);
    expect((await update("owner")).status).toBe(403);
    const changed = await update("groupie");
    expect(changed.status).toBe(200);
    fits("post", "/comment/updatecomment", changed);
    expect(changed.body.comment).toMatchObject({ id: mine.id, content: "Typo in the third line" });
    // A comment of another item is not found through this one.
    const other = await buildContent(server.db, { ownerId: cast.groupie.id, modelKey: "lesson_plan", title: "Other" });
    expect((await as.groupie.post("/comment/updatecomment", { type: "lesson_plan", type_id: other.id, comment_id: mine.id, content: "x" })).status).toBe(404);

    const remove = (role: keyof RoleCast["clients"], id: number) => as[role].post("/comment/deletecomment", { ...ref(), comment_id: id });
    expect((await remove("moderator", mine.id)).status).toBe(403);
    const deleted = await remove("groupie", mine.id);
    expect(deleted.body).toEqual({ status: "success", thread_removed: false });
    expect((await thread("groupie")).body.thread.comments).toHaveLength(2);

    const lone = (await add("leader", "Only comment here", practice)).body;
    expect((await remove("leader", lone.comment.id)).body).toEqual({ status: "success", thread_removed: true });
    expect((await thread("leader", practice)).body.thread).toBeNull();
  });

  it("resolves and re-opens a thread for the item's editors and the thread's starter, and counts the open threads", async () => {
    const started = await add("leader", "Needs a diagram", practice);
    const threadId = started.body.thread_id;
    const setStatus = (role: keyof RoleCast["clients"], status: number) => as[role].post("/comment/updatestatus", { ...ref(), thread_id: threadId, status });
    expect(await statusesByRole(as, (client) => client.post("/comment/updatestatus", { ...ref(), thread_id: threadId, status: 2 }))).toEqual({
      guest: 401,
      member: 403,
      groupie: 403,
      // The thread's starter, the owner, a moderator and an admin.
      leader: 200,
      owner: 200,
      moderator: 200,
      admin: 200,
    });
    expect((await setStatus("member", 1)).body.message).toBe(SECTION_COMMENT_MESSAGES.statusForbidden);
    expect((await setStatus("owner", 3)).status).toBe(422);

    const threads = await as.member.get(`/comment/threads?type=lesson_plan&type_id=${plan.id}`);
    fits("get", "/comment/threads", threads);
    expect(threads.body).toEqual({
      threads: [
        { id: expect.any(Number), module: "section", module_id: intro, status: 1, status_label: "open", comments_count: 2 },
        { id: threadId, module: "section", module_id: practice, status: 2, status_label: "resolved", comments_count: 1 },
      ],
      open_count: 1,
    });
    const reopened = await setStatus("owner", 1);
    fits("post", "/comment/updatestatus", reopened);
    expect(reopened.body).toEqual({ id: threadId, status: 1, status_label: "open" });
    expect((await as.member.get(`/comment/threads?type=lesson_plan&type_id=${plan.id}`)).body.open_count).toBe(2);
  });

  it("keeps a section's thread through saves that send its uid back, and drops it from the list with the section", async () => {
    const link = `/lesson-plans/${plan.uid}`;
    const loaded = (await as.owner.get(`/api/content${link}`)).body.sections;
    expect(loaded.map((s: { uid: string }) => s.uid)).toEqual([intro, practice]);
    // Moved: Practice first, Introduction second, and a new section in between.
    const saved = await as.owner.post(`${link}/update`, {
      title: "Tide Pools",
      sections: [
        { uid: practice, title: "Practice", html: "<p>Work</p>" },
        { title: "New", html: "<p>New</p>" },
        { uid: intro, title: "Introduction", html: "<p>Hello again</p>" },
      ],
    });
    expect(saved.status).toBe(200);
    const uids = (await listSections(server.db, plan.id)).map((s) => s.uid);
    expect([uids[0], uids[2]]).toEqual([practice, intro]);
    expect(uids[1]).not.toBe(intro);
    expect((await thread("member")).body.thread.comments).toHaveLength(2);

    // Introduction removed: its thread is no longer listed, nor can it take comments.
    await as.owner.post(`${link}/update`, { title: "Tide Pools", sections: [{ uid: practice, title: "Practice", html: "<p>Work</p>" }] });
    const threads = (await as.member.get(`/comment/threads?type=lesson_plan&type_id=${plan.id}`)).body;
    expect(threads.threads.map((t: { module_id: string }) => t.module_id)).toEqual([practice]);
    expect((await add("member", "Still there?")).status).toBe(404);
  });
});
