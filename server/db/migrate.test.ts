import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { isPostgres } from "./connection.js";
import { migrateDownAll, migrateToLatest } from "./migrate.js";
import { buildContent, buildGroup, buildUser, signedInClient } from "../test/factories.js";
import { writeSections } from "../models/sections.js";
import * as m030 from "./migrations/030_removed_section_threads.js";
import * as m041 from "./migrations/041_one_open_report.js";
import * as m045 from "./migrations/045_group_page_visibility.js";
import * as m053 from "./migrations/053_notification_subjects.js";
import * as m056 from "./migrations/056_one_curriculum_introduction.js";
import * as m063 from "./migrations/063_curriculum_standards.js";
import { useTestServer } from "../test/useServer.js";
import { saveSearchType } from "../models/searchTypes.js";
import { DEFAULT_SEARCH_TYPES } from "../seed/defaults.js";

describe("migrations", () => {
  const { server } = useTestServer();

  const tableNames = async () => {
    const db = server.db;
    const rows = isPostgres(db)
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    return rows.rows.map((r) => r.name).filter((n) => !n.startsWith("kysely_") && !n.startsWith("sqlite_") && !n.startsWith("content_fts_"));
  };

  it("run all the way down and up again", async () => {
    expect(await tableNames()).toContain("content");
    await migrateDownAll(server.db);
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(server.db);
    expect(await tableNames()).toEqual(expect.arrayContaining(["profiles", "content", "content_grants", "content_attributes", "favorites", "sessions", "search_types"]));
  });

  it("063 gives projects and pathways standards, after subjects, once, and leaves the other types alone", async () => {
    const db = server.db;
    // The first test migrated everything down and up again, which leaves the search types to the seed.
    for (const [i, t] of DEFAULT_SEARCH_TYPES.entries()) await saveSearchType(db, t, i);
    const attributesOf = async () => Object.fromEntries((await db.selectFrom("search_types").select(["type", "attributes"]).execute()).map((r) => [r.type, JSON.parse(r.attributes) as string[]]));
    const before = await attributesOf();
    // As an installation from before 063 has them.
    await m063.down(db as never);
    expect((await attributesOf()).projects).toEqual(["grades", "subjects", "industries", "professional_roles"]);
    expect((await attributesOf()).pathways).toEqual(["grades", "subjects", "industries", "professional_roles"]);
    await m063.up(db as never);
    await m063.up(db as never);
    expect(await attributesOf()).toEqual(before);
    expect(before.projects).toEqual(["grades", "subjects", "standards", "industries", "professional_roles"]);
    expect(before.pathways).toEqual(["grades", "subjects", "standards", "industries", "professional_roles"]);
  });

  it("063 finds a type an administrator made of projects and pathways together, and leaves a type mixing in other models alone", async () => {
    const db = server.db;
    const attributesOf = async (type: string) => JSON.parse((await db.selectFrom("search_types").select("attributes").where("type", "=", type).executeTakeFirstOrThrow()).attributes) as string[];
    const base = DEFAULT_SEARCH_TYPES.find((t) => t.type === "projects")!;
    await saveSearchType(db, { ...base, type: "curricula", model_types: ["pathway", "project"], attributes: ["grades", "subjects"] }, 90);
    await saveSearchType(db, { ...base, type: "everything", model_types: ["project", "resource"], attributes: ["grades", "subjects"] }, 91);
    await m063.up(db as never);
    expect(await attributesOf("curricula")).toEqual(["grades", "subjects", "standards"]);
    expect(await attributesOf("everything")).toEqual(["grades", "subjects"]);
    await m063.down(db as never);
    expect(await attributesOf("curricula")).toEqual(["grades", "subjects"]);
    await m063.up(db as never);
    await db.deleteFrom("search_types").where("type", "in", ["curricula", "everything"]).execute();
  });

  it("030 marks the threads left behind by sections removed before it as removed, their titles unknown", async () => {
    const db = server.db;
    const owner = await buildUser(db);
    const item = await buildContent(db, { ownerId: owner.id, modelKey: "lesson_plan" });
    const [kept] = await writeSections(db, item.id, [{ title: "Kept", html: "<p>Kept</p>" }]);
    const at = "2026-01-02T03:04:05.000Z";
    await db
      .insertInto("section_threads")
      .values([
        { content_id: item.id, section_uid: kept!.uid!, created_at: at, updated_at: at },
        { content_id: item.id, section_uid: "a-section-removed-long-ago", created_at: at, updated_at: at },
      ])
      .execute();
    // As a database from before 030 would be: the columns gone, one thread's section missing.
    await m030.down(db as never);
    await m030.up(db as never);
    const threads = await db.selectFrom("section_threads").select(["section_uid", "removed_at", "section_title"]).where("content_id", "=", item.id).orderBy("id").execute();
    expect(threads).toEqual([
      { section_uid: kept!.uid, removed_at: null, section_title: null },
      { section_uid: "a-section-removed-long-ago", removed_at: at, section_title: null },
    ]);
  });

  it("041 folds a reporter's open duplicate reports into the oldest before allowing one open report each", async () => {
    const db = server.db;
    const [owner, reporter, other] = [await buildUser(db), await buildUser(db), await buildUser(db)];
    const item = await buildContent(db, { ownerId: owner.id });
    // As a database from before 041 could hold: the same person's report twice while open, beside a resolved one and another person's.
    await m041.down(db as never);
    const flag = (profileId: number, status: "open" | "resolved", at: string) => ({ content_id: item.id, profile_id: profileId, reason: "broken" as const, message: at, status, created_at: at });
    await db
      .insertInto("content_flags")
      .values([flag(reporter.id, "resolved", "2026-01-01"), flag(reporter.id, "open", "2026-01-02"), flag(reporter.id, "open", "2026-01-03"), flag(other.id, "open", "2026-01-04")])
      .execute();
    await m041.up(db as never);
    const rows = await db.selectFrom("content_flags").select(["profile_id", "status", "message"]).where("content_id", "=", item.id).orderBy("id").execute();
    expect(rows).toEqual([
      { profile_id: reporter.id, status: "resolved", message: "2026-01-01" },
      { profile_id: reporter.id, status: "open", message: "2026-01-02" },
      { profile_id: other.id, status: "open", message: "2026-01-04" },
    ]);
    // Now a second open report by the same person cannot be stored.
    await expect(db.insertInto("content_flags").values(flag(reporter.id, "open", "2026-01-05")).execute()).rejects.toThrow();
  });
  it("045 shows the pages of groups made before it as their view permission says (they were public whatever it said)", async () => {
    const db = server.db;
    const [leader, member, outsider] = [await buildUser(db), await buildUser(db), await buildUser(db)];
    const pageOf = async (viewPermission: number, visibility: "public" | "authed" = "public") => {
      const group = await buildGroup(db, leader, [member]);
      await db.updateTable("profiles").set({ view_permission: viewPermission }).where("id", "=", group.id).execute();
      // As createGroup made every page before: public, owned by the leader.
      return buildContent(db, { ownerId: leader.id, modelKey: "profile", subType: "group", title: group.name, profileId: group.id, visibility });
    };
    const [membersOnly, signedIn, everyone, openedByOwner] = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(1, "authed")];
    const changesBefore = Number((await db.selectFrom("content_changes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    await m045.up(db as never);
    await m045.up(db as never);
    const visibility = async (id: number) => (await db.selectFrom("content").select("visibility").where("id", "=", id).executeTakeFirstOrThrow()).visibility;
    expect([await visibility(membersOnly.id), await visibility(signedIn.id), await visibility(everyone.id), await visibility(openedByOwner.id)]).toEqual(["restricted", "authed", "public", "authed"]);
    const changesAfter = Number((await db.selectFrom("content_changes").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    expect(changesAfter - changesBefore).toBe(2);
    // Over HTTP: the members-only page (and so its feed) is its group's alone; run twice, it granted the group once.
    const reads = [server.client(), await signedInClient(server, outsider), await signedInClient(server, member), await signedInClient(server, leader)];
    const statuses = [];
    for (const reader of reads) statuses.push((await reader.get(`/api/content/groups/${membersOnly.uid}`)).status, (await reader.get(`/feeds/by-type/profile/${membersOnly.id}`)).status);
    expect(statuses).toEqual([401, 401, 404, 404, 200, 200, 200, 200]);
    expect(await db.selectFrom("content_grants").select(["scope", "profile_id", "permission"]).where("content_id", "=", membersOnly.id).execute()).toEqual([{ scope: "group", profile_id: membersOnly.profile_id, permission: "read" }]);
    const grantsOf = (id: number) => db.selectFrom("content_grants").select(["scope", "permission"]).where("content_id", "=", id).orderBy("scope").execute();
    expect([await grantsOf(signedIn.id), await grantsOf(everyone.id)]).toEqual([[{ scope: "authed", permission: "read" }], [{ scope: "global", permission: "read" }]]);
    expect((await server.client().get(`/api/content/groups/${signedIn.uid}`)).status).toBe(401);
    expect((await reads[1]!.get(`/api/content/groups/${signedIn.uid}`)).status).toBe(200);
    expect((await server.client().get(`/api/content/groups/${everyone.uid}`)).status).toBe(200);
  });

  it("053 matches the notifications sent before it to their items by their links' uids (reports, which lead to the Reports page, stay without one)", async () => {
    const db = server.db;
    const reader = await buildUser(db);
    const item = await buildContent(db, { ownerId: reader.id, modelKey: "lesson_plan", title: "Before 053" });
    await m053.down(db as never);
    await sql`insert into notifications (profile_id, kind, actor_id, subject_title, subject_link, excerpt, created_at, read_at) values
      (${reader.id}, 'comment_reply', null, 'Before 053', ${`/lesson-plans/${item.uid}`}, null, '2026-01-02T03:04:05.000Z', null),
      (${reader.id}, 'access_request', null, 'Before 053', ${`/lesson-plans/${item.uid}?permission_request=7`}, null, '2026-01-02T03:04:05.000Z', null),
      (${reader.id}, 'content_reported', null, 'Before 053', '/moderation/reports', null, '2026-01-02T03:04:05.000Z', null),
      (${reader.id}, 'comment_reply', null, 'Gone', '/lesson-plans/no-such-uid', null, '2026-01-02T03:04:05.000Z', null)`.execute(db);
    await m053.up(db as never);
    const rows = await db.selectFrom("notifications").select(["subject_link", "subject_id"]).where("profile_id", "=", reader.id).orderBy("id").execute();
    expect(rows.map((r) => r.subject_id)).toEqual([item.id, item.id, null, null]);
  });

  it("056 gives back the introduction a save had emptied, keeps what authors wrote since, and leaves one copy", async () => {
    const db = server.db;
    const author = await buildUser(db);
    const [emptied, rewritten, empty] = [
      await buildContent(db, { ownerId: author.id, modelKey: "lesson_plan", title: "Emptied By A Save", description: "" }),
      await buildContent(db, { ownerId: author.id, modelKey: "outline", title: "Rewritten Since", description: "The introduction as rewritten." }),
      await buildContent(db, { ownerId: author.id, modelKey: "project", title: "Never Introduced", description: "" }),
    ];
    // As a database from before 056 could hold: the copy written when each was started, the description emptied or rewritten since.
    await m056.down(db as never);
    const copy = (id: number, introduction: string) => sql`insert into curriculum_items (content_id, introduction) values (${id}, ${introduction})`.execute(db);
    await copy(emptied.id, "What the author first wrote.");
    await copy(rewritten.id, "The first introduction, stale.");
    await copy(empty.id, "");
    await m056.up(db as never);
    const rows = await db.selectFrom("content").select(["id", "description"]).where("id", "in", [emptied.id, rewritten.id, empty.id]).orderBy("id").execute();
    expect(rows.map((r) => r.description)).toEqual(["What the author first wrote.", "The introduction as rewritten.", ""]);
    const columns = isPostgres(db)
      ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'curriculum_items'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from pragma_table_info('curriculum_items')`.execute(db)).rows;
    expect(columns.map((c) => c.name)).not.toContain("introduction");
  });
});
