import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, SECTION_COMMENT_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { listSections, writeSections } from "../../models/sections.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, statusesByRole, type RoleCast } from "../../test/factories.js";
import { useCast } from "../../test/useServer.js";

type Role = keyof RoleCast["clients"];
type Section = { uid?: string; title: string; html: string };

// The Deleted Comment Threads sidebar's data: a save that removes a commented section keeps its thread, marked removed
// with the section's last title, listed for the item's editors and read-only; a save that brings the uid back revives it.
describe("removed section threads", () => {
  const { server, cast, as } = useCast();
  let plan: Content;
  let warmUp: string, practice: string, extra: string;
  const fits = apiReferenceCheck();
  const ref = () => ({ type: "lesson_plan", type_id: plan.id });
  const removed = (role: Role, item = plan) => as[role].get(`/comment/threads/removed?type=lesson_plan&type_id=${item.id}`);
  const live = (role: Role) => as[role].get(`/comment/threads?type=lesson_plan&type_id=${plan.id}`);
  const add = (role: Role, content: string, uid: string) => as[role].post("/comment/addcomment", { ...ref(), module: "section", module_id: uid, content });
  const save = (sections: Section[]) => as.owner.post(`/lesson-plans/${plan.uid}/update`, { title: "Rock Pools", sections });
  const section = (uid: string, title: string): Section => ({ uid, title, html: `<p>${title}</p>` });

  beforeAll(async () => {
    plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Rock Pools" });
    [warmUp, practice, extra] = (await writeSections(server.db, plan.id, [section("", "Introduction"), section("", "Practice"), section("", "Extra")])).map((s) => s.uid!) as [string, string, string];
    expect((await add("member", "Should this start with a question?", warmUp)).status).toBe(201);
    expect((await add("owner", "Yes, good idea.", warmUp)).status).toBe(201);
    const started = await add("leader", "Needs a diagram", practice);
    expect((await as.owner.post("/comment/updatestatus", { ...ref(), thread_id: started.body.thread_id, status: 2 })).status).toBe(200);
  });

  it("lists nothing while every commented section is there", async () => {
    const none = await removed("owner");
    expect(none.status).toBe(200);
    fits("get", "/comment/threads/removed", none);
    expect(none.body).toEqual({ threads: [] });
  });

  it("keeps a removed section's thread with the section's last title, and lists it apart from the live threads", async () => {
    // Renamed by one save, removed by the next: the thread remembers the title it had last.
    expect((await save([section(warmUp, "Warm-up"), section(practice, "Practice"), section(extra, "Extra")])).status).toBe(200);
    expect((await save([section(practice, "Practice"), section(extra, "Extra")])).status).toBe(200);

    expect((await live("member")).body).toEqual({
      threads: [{ id: expect.any(Number), module: "section", module_id: practice, status: 2, status_label: "resolved", comments_count: 1 }],
      open_count: 0,
    });
    const list = await removed("owner");
    expect(list.status).toBe(200);
    fits("get", "/comment/threads/removed", list);
    expect(list.body.threads).toHaveLength(1);
    const [thread] = list.body.threads;
    expect(thread).toMatchObject({ module: "section", module_id: warmUp, section_title: "Warm-up", status: 1, status_label: "open", comments_count: 2 });
    expect(Date.parse(thread.removed_at)).not.toBeNaN();
    expect(thread.comments.map((c: { content: string; creator: { name: string; link: string } }) => [c.content, c.creator.name, c.creator.link])).toEqual([
      ["Should this start with a question?", "Milo Member", `/profiles/${cast.member.uid}`],
      ["Yes, good idea.", "Olga Owner", `/profiles/${cast.owner.uid}`],
    ]);
    // Read-only, even for their writers.
    expect(thread.comments.map((c: { abilities: object }) => c.abilities)).toEqual([
      { edit: false, delete: false },
      { edit: false, delete: false },
    ]);
  });

  it("answers the item's editors only: 403 other viewers, 401 guests, 404 who cannot view the item", async () => {
    expect(await statusesByRole(as, (client) => client.get(`/comment/threads/removed?type=lesson_plan&type_id=${plan.id}`))).toEqual({
      guest: 401,
      // Viewers who may not edit: the removed section is no longer part of what they read.
      member: 403,
      leader: 403,
      groupie: 403,
      owner: 200,
      moderator: 200,
      admin: 200,
    });
    const refused = await removed("member");
    expect(refused.body.message).toBe(SECTION_COMMENT_MESSAGES.removedForbidden);
    expect((await removed("guest")).body.message).toBe(MESSAGES.signInRequired);

    // A restricted plan its owner shares with a group for editing: the group's leader edits it, its members only read.
    const shared = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Shared Plan", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: shared.id, scope: "group", profile_id: cast.group.id, permission: "edit" }).execute();
    expect(await statusesByRole(as, (client) => client.get(`/comment/threads/removed?type=lesson_plan&type_id=${shared.id}`))).toEqual({
      guest: 401,
      member: 404,
      leader: 200,
      groupie: 403,
      // Moderators do not open restricted items (only admins pass over permissions).
      moderator: 404,
      owner: 200,
      admin: 200,
    });
  });

  it("refuses bad parameters with a message", async () => {
    const bad = await as.owner.get("/comment/threads/removed?type=lesson_plan&type_id=abc");
    expect([bad.status, bad.body.message]).toEqual([422, SECTION_COMMENT_MESSAGES.typeIdInvalid]);
    const noType = await as.owner.get(`/comment/threads/removed?type_id=${plan.id}`);
    expect([noType.status, noType.body.message]).toEqual([422, SECTION_COMMENT_MESSAGES.typeRequired]);
    expect((await as.owner.get(`/comment/threads/removed?type=resource&type_id=${plan.id}`)).status).toBe(404);
  });

  it("keeps a removed section's thread as it is: no new comments, edits, deletions or status changes", async () => {
    const [thread] = (await removed("owner")).body.threads;
    const [memberComment, ownerComment] = thread.comments;
    expect((await add("member", "Still there?", warmUp)).body.message).toBe(SECTION_COMMENT_MESSAGES.sectionNotFound);
    const edit = await as.member.post("/comment/updatecomment", { ...ref(), comment_id: memberComment.id, content: "Changed" });
    expect([edit.status, edit.body.message]).toEqual([403, SECTION_COMMENT_MESSAGES.threadRemoved]);
    const del = await as.owner.post("/comment/deletecomment", { ...ref(), comment_id: ownerComment.id });
    expect([del.status, del.body.message]).toEqual([403, SECTION_COMMENT_MESSAGES.threadRemoved]);
    const status = await as.owner.post("/comment/updatestatus", { ...ref(), thread_id: thread.id, status: 2 });
    expect([status.status, status.body.message]).toEqual([403, SECTION_COMMENT_MESSAGES.threadRemoved]);
    expect((await removed("owner")).body.threads[0]).toMatchObject({ status: 1, comments_count: 2 });
  });

  it("lists the most recently removed first, and makes a thread live again when a save brings its section back", async () => {
    // Every section removed: Practice's thread joins, resolved.
    expect((await save([])).status).toBe(200);
    const both = (await removed("owner")).body.threads;
    expect(both.map((t: { module_id: string; section_title: string; status_label: string }) => [t.module_id, t.section_title, t.status_label])).toEqual([
      [practice, "Practice", "resolved"],
      [warmUp, "Warm-up", "open"],
    ]);

    // The editor's Undo sends the removed section back with its uid.
    expect((await save([section(warmUp, "Warm-up again")])).status).toBe(200);
    expect((await listSections(server.db, plan.id)).map((s) => s.uid)).toEqual([warmUp]);
    expect((await removed("owner")).body.threads.map((t: { module_id: string }) => t.module_id)).toEqual([practice]);
    expect((await live("member")).body).toEqual({ threads: [{ id: expect.any(Number), module: "section", module_id: warmUp, status: 1, status_label: "open", comments_count: 2 }], open_count: 1 });
    const thread = await as.member.get(`/comment/getcomment?type=lesson_plan&type_id=${plan.id}&module=section&module_id=${warmUp}`);
    expect(thread.body.thread.comments.map((c: { abilities: object }) => c.abilities)).toEqual([
      { edit: true, delete: true },
      { edit: false, delete: false },
    ]);
    expect(thread.body.abilities.comment).toBe(true);
    expect((await add("member", "Welcome back", warmUp)).status).toBe(201);
    // A removed section's thread, asked for by its old uid, offers no comment form (adding one would be refused).
    const gone = await as.member.get(`/comment/getcomment?type=lesson_plan&type_id=${plan.id}&module=section&module_id=${practice}`);
    expect(gone.body.abilities).toEqual({ comment: false, set_status: false });
    expect((await add("member", "Too late", practice)).status).toBe(404);

    // Removed again, it is listed under its newest title.
    expect((await save([])).status).toBe(200);
    const again = (await removed("owner")).body.threads;
    expect(again.find((t: { module_id: string }) => t.module_id === warmUp)).toMatchObject({ section_title: "Warm-up again", comments_count: 3 });
  });

  it("does not let another item take a removed section's uid", async () => {
    const other = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Other Plan" });
    const saved = await as.owner.post(`/lesson-plans/${other.uid}/update`, { title: "Other Plan", sections: [section(practice, "Borrowed")] });
    expect(saved.status).toBe(200);
    const [uid] = (await listSections(server.db, other.id)).map((s) => s.uid);
    expect(uid).not.toBe(practice);
    expect((await removed("owner")).body.threads.map((t: { module_id: string }) => t.module_id)).toContain(practice);
  });
});
