import { beforeAll, describe, expect, it } from "vitest";
import { CREATE_MESSAGES, CURRICULUM_MESSAGES } from "../../../contract/index.js";
import type { Profile } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useCast, useTestServer } from "../../test/useServer.js";

describe("curriculum items and templates", () => {
  const { server } = useTestServer();
  let member: Profile & { password: string };
  let client: TestClient;
  let templateId: number;

  beforeAll(async () => {
    member = await buildUser(server.db);
    client = server.client();
    await client.signIn(member.username!, member.password);
    const template = await server.db
      .insertInto("curriculum_templates")
      .values({ uid: "starter-template", model_key: "lesson_plan", title: "Starter Lesson", description: "Warm-up and practice", owner_id: member.id, sort_order: 0, created_at: "2024-01-01T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    templateId = template.id;
    await server.db
      .insertInto("curriculum_template_sections")
      .values([
        { template_id: templateId, position: 0, title: "Warm-up", html: "<p>Start here.</p>" },
        { template_id: templateId, position: 1, title: "Practice", html: "<p>Then practise.</p>" },
      ])
      .execute();
  });

  it("asks guests to sign in", async () => {
    const guest = server.client();
    for (const path of ["/lesson-plans/start", "/outlines/start", "/pathway/start", "/projects/start"]) {
      expect((await guest.post(path, { title: "T", introduction: "I" })).status).toBe(401);
    }
    expect((await guest.get("/curriculum/templates/lesson_plan")).status).toBe(401);
  });

  it("refuses types the app config does not list as creatable (403)", async () => {
    await setConfigValue(server.db, "settings", { creatableTypes: ["lesson_plan"] });
    try {
      for (const path of ["/outlines/start", "/pathway/start", "/projects/start"]) {
        const res = await client.post(path, { title: "T", introduction: "I" });
        expect([res.status, res.body.message], path).toEqual([403, CREATE_MESSAGES.typeNotCreatable]);
      }
      expect((await client.post("/lesson-plans/start", { title: "T", introduction: "I" })).status).toBe(200);
    } finally {
      await setConfigValue(server.db, "settings", {});
    }
  });

  it("starts each curriculum type, found by search at once", async () => {
    const cases = [
      ["/lesson-plans/start", "lesson_plan", /^\/lesson-plans\/[\w-]+$/, "Lesson Plan created."],
      ["/outlines/start", "outline", /^\/outlines\/[\w-]+$/, "Outline created."],
      ["/pathway/start", "pathway", /^\/pathways\/[\w-]+$/, "Pathway created."],
      ["/projects/start", "project", /^\/projects\/[\w-]+$/, "Project created."],
    ] as const;
    for (const [path, modelKey, link, message] of cases) {
      const title = `Narwhal ${modelKey} Odyssey`;
      const res = await client.post(path, { title: `  ${title} `, introduction: " Tusks and ice. ", extra: "ignored" });
      expect(res.status, path).toBe(200);
      expect(res.body).toMatchObject({ status: "success", message, data: { title, template_id: null } });
      expect(res.body.data.link).toMatch(link);
      const row = await server.db.selectFrom("content").selectAll().where("id", "=", res.body.data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ model_key: modelKey, owner_id: member.id, description: "Tusks and ice." });
      const item = await server.db.selectFrom("curriculum_items").selectAll().where("content_id", "=", row.id).executeTakeFirstOrThrow();
      // The introduction is stored once, as the description (the page shows it, the edit page edits it).
      expect(item).toEqual({ content_id: row.id, template_id: null });
      const found = await server.client().get(`/api/search?query=${encodeURIComponent(title.toLowerCase())}`);
      expect(found.body.data.map((d: { title: string; link: string }) => [d.title, d.link])).toContainEqual([title, res.body.data.link]);
    }
  });

  it("records the template and copies its sections through applyTemplate", async () => {
    const res = await client.post("/lesson-plans/start", { title: "From a Template", introduction: "Intro", template_id: String(templateId) });
    expect(res.status).toBe(200);
    expect(res.body.data.template_id).toBe(templateId);
    const item = await server.db.selectFrom("curriculum_items").selectAll().where("content_id", "=", res.body.data.id).executeTakeFirstOrThrow();
    expect(item.template_id).toBe(templateId);
    const sections = await server.db.selectFrom("content_sections").select(["position", "title", "body_html", "body_json"]).where("content_id", "=", res.body.data.id).orderBy("position").execute();
    expect(sections).toEqual([
      { position: 0, title: "Warm-up", body_html: "<p>Start here.</p>", body_json: null },
      { position: 1, title: "Practice", body_html: "<p>Then practise.</p>", body_json: null },
    ]);
    // The edit page's load call hands them to the editor.
    const loaded = await client.get(`/api/content${res.body.data.link}`);
    expect(loaded.body.sections.map((s: { title: string; html: string }) => [s.title, s.html])).toEqual([
      ["Warm-up", "<p>Start here.</p>"],
      ["Practice", "<p>Then practise.</p>"],
    ]);
  });

  it("answers 422 for a missing title or introduction, or a template of another type", async () => {
    const cases: [unknown, string][] = [
      [{ introduction: "I" }, CURRICULUM_MESSAGES.titleRequired],
      [{ title: "   ", introduction: "I" }, CURRICULUM_MESSAGES.titleRequired],
      [{ title: "T" }, CURRICULUM_MESSAGES.introductionRequired],
      [{ title: "T", introduction: "  " }, CURRICULUM_MESSAGES.introductionRequired],
      [{ title: "x".repeat(256), introduction: "I" }, CURRICULUM_MESSAGES.titleTooLong],
      [{ title: "T", introduction: "I", template_id: "abc" }, CURRICULUM_MESSAGES.templateInvalid],
      [{ title: "T", introduction: "I", template_id: 999999 }, CURRICULUM_MESSAGES.templateInvalid],
      // Beyond the databases' integers (PostgreSQL refused to compare it: a 500).
      [{ title: "T", introduction: "I", template_id: "9999999999" }, CURRICULUM_MESSAGES.templateInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await client.post("/lesson-plans/start", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toBe(message);
    }
    const wrongType = await client.post("/outlines/start", { title: "T", introduction: "I", template_id: templateId });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.message).toBe(CURRICULUM_MESSAGES.templateInvalid);
  });

  it("lists a type's templates 48 per page with totals and the actor's abilities", async () => {
    const res = await client.get("/curriculum/templates/lesson_plan");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [{ id: templateId, title: "Starter Lesson", description: "Warm-up and practice", link: "/templates/starter-template", sections: ["Warm-up", "Practice"], can_edit: true, abilities: { edit: true } }],
      total: 1,
      meta: { total: 1, current_page: 1, last_page: 1, per_page: 48 },
    });
    const other = server.client();
    const someone = await buildUser(server.db);
    await other.signIn(someone.username!, someone.password);
    expect((await other.get("/curriculum/templates/lesson-plans")).body.data[0].abilities).toEqual({ edit: false });
    const admin = await buildUser(server.db, { admin: true });
    const adminClient = server.client();
    await adminClient.signIn(admin.username!, admin.password);
    expect((await adminClient.get("/curriculum/templates/lesson_plan")).body.data[0].can_edit).toBe(true);

    expect((await client.get("/curriculum/templates/outline")).body).toMatchObject({ data: [], total: 0, meta: { total: 0 } });
    expect((await client.get("/curriculum/templates/widget")).status).toBe(404);
    const badLimit = await client.get("/curriculum/templates/lesson_plan?limit=49");
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.message).toBe(CURRICULUM_MESSAGES.limitInvalid);
    expect((await client.get("/curriculum/templates/lesson_plan?page=0")).status).toBe(422);
  });

  it("a template's owner loads and saves it on its edit page; items started afterwards copy the new sections", async () => {
    const loaded = await client.get("/api/templates/starter-template");
    expect(loaded.status).toBe(200);
    expect(loaded.body).toEqual({
      id: templateId,
      uid: "starter-template",
      model_key: "lesson_plan",
      type_name_singular: "Lesson Plan",
      title: "Starter Lesson",
      description: "Warm-up and practice",
      link: "/templates/starter-template",
      sections: [
        { title: "Warm-up", html: "<p>Start here.</p>" },
        { title: "Practice", html: "<p>Then practise.</p>" },
      ],
      abilities: { edit: true },
    });

    const saved = await client.post("/templates/starter-template/update", {
      title: "  Starter Lesson v2 ",
      description: "Warm-up, practice and reflection",
      sections: [
        { title: "Warm-up", html: "<p>Start here.<script>alert(1)</script></p>" },
        { title: "Reflect", html: `<p>Think: <span class="math-equation" data-equation="a^2" data-size="1"></span></p>` },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "success", message: "Saved.", template: { title: "Starter Lesson v2", description: "Warm-up, practice and reflection" } });
    expect(saved.body.template.sections.map((s: { title: string }) => s.title)).toEqual(["Warm-up", "Reflect"]);
    expect(saved.body.template.sections[0].html).toBe("<p>Start here.</p>");
    expect(saved.body.template.sections[1].html).toContain('class="katex"');
    const listed = await client.get("/curriculum/templates/lesson_plan");
    expect(listed.body.data.find((t: { id: number }) => t.id === templateId)).toMatchObject({ title: "Starter Lesson v2", sections: ["Warm-up", "Reflect"] });

    const started = await client.post("/lesson-plans/start", { title: "Reflective Lesson", introduction: "Looking back", template_id: templateId });
    const item = await client.get(`/api/content${started.body.data.link}`);
    expect(item.body.sections.map((s: { title: string }) => s.title)).toEqual(["Warm-up", "Reflect"]);
  });

  it("refuses template edits from guests (401), other members (403), bad input (422) and unknown templates (404); admins may", async () => {
    expect((await server.client().get("/api/templates/starter-template")).status).toBe(401);
    expect((await server.client().post("/templates/starter-template/update", { title: "Guest" })).status).toBe(401);
    const other = await buildUser(server.db);
    const otherClient = server.client();
    await otherClient.signIn(other.username!, other.password);
    expect((await otherClient.get("/api/templates/starter-template")).body.abilities).toEqual({ edit: false });
    const refused = await otherClient.post("/templates/starter-template/update", { title: "Taken over" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toEqual(expect.any(String));

    const noTitle = await client.post("/templates/starter-template/update", { title: "   ", sections: [] });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.message).toBe("Title is required.");
    const badSections = await client.post("/templates/starter-template/update", { title: "Fine", sections: "nope" });
    expect(badSections.status).toBe(422);
    expect((await client.get("/api/templates/no-such-template")).status).toBe(404);
    expect((await client.post("/templates/no-such-template/update", { title: "x" })).status).toBe(404);

    const admin = await buildUser(server.db, { admin: true });
    const adminClient = server.client();
    await adminClient.signIn(admin.username!, admin.password);
    const byAdmin = await adminClient.post("/templates/starter-template/update", { title: "Starter Lesson v3", sections: [{ title: "Only", html: "<p>One</p>" }] });
    expect(byAdmin.status).toBe(200);
    // A save that leaves out the description keeps it (as an item's does); one that sends it empty empties it.
    expect((await client.get("/api/templates/starter-template")).body).toMatchObject({ title: "Starter Lesson v3", description: "Warm-up, practice and reflection", sections: [{ title: "Only", html: "<p>One</p>" }] });
    expect((await adminClient.post("/templates/starter-template/update", { title: "Starter Lesson v3", description: "", sections: [] })).status).toBe(200);
    expect((await client.get("/api/templates/starter-template")).body).toMatchObject({ description: "", sections: [] });
  });

  it("pages through many templates", async () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ uid: `outline-bulk-${i}`, model_key: "outline", title: `Outline Template ${String(i).padStart(2, "0")}`, description: "", owner_id: null, sort_order: i, created_at: "2024-01-01T00:00:00.000Z" }));
    await server.db.insertInto("curriculum_templates").values(rows).execute();
    const first = await client.get("/curriculum/templates/outline");
    expect(first.body.data).toHaveLength(48);
    expect(first.body.meta).toEqual({ total: 50, current_page: 1, last_page: 2, per_page: 48 });
    expect(first.body.data[0].can_edit).toBe(false);
    const second = await client.get("/curriculum/templates/outline?page=2");
    expect(second.body.data.map((t: { title: string }) => t.title)).toEqual(["Outline Template 48", "Outline Template 49"]);
  });
});

describe("a template a group owns: managed by the group's leaders, as the group's items are", () => {
  const { server, cast } = useCast();

  beforeAll(async () => {
    const template = await server.db
      .insertInto("curriculum_templates")
      .values({ uid: "group-project", model_key: "project", title: "Group Project", description: "The group's own", owner_id: cast.group.id, sort_order: 0, created_at: "2024-01-01T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db.insertInto("curriculum_template_sections").values({ template_id: template.id, position: 0, title: "Plan", html: "<p>Plan it.</p>" }).execute();
  });

  it("offers 'manage' (can_edit) and saves for the leader and admins; the group's members, moderators and others may not", async () => {
    const c = cast.clients;
    const canEdit = async (client: TestClient) => ((await client.get("/curriculum/templates/project")).body.data as { can_edit: boolean }[]).map((t) => t.can_edit);
    const save = (client: TestClient, title: string) => client.post("/templates/group-project/update", { title, sections: [{ title: "Plan", html: "<p>Plan it.</p>" }] });
    for (const role of ["leader", "admin"] as const) {
      expect(await canEdit(c[role]), role).toEqual([true]);
      expect((await c[role].get("/api/templates/group-project")).body.abilities, role).toEqual({ edit: true });
      expect((await save(c[role], `Group Project by ${role}`)).status, role).toBe(200);
    }
    for (const role of ["owner", "member", "groupie", "moderator"] as const) {
      expect(await canEdit(c[role]), role).toEqual([false]);
      expect((await save(c[role], "Taken over")).status, role).toBe(403);
    }
    expect((await save(c.guest, "Taken over")).status).toBe(401);
    expect((await c.leader.get("/api/templates/group-project")).body.title).toBe("Group Project by admin");
  });
});

describe("demo templates", () => {
  const { server } = useTestServer({ seedDemo: true });

  it("are seeded per curriculum type, the teacher's own editable by the teacher", async () => {
    const teacher = server.client();
    await teacher.signIn("teacher", "teacher-demo-pass");
    const lessons = await teacher.get("/curriculum/templates/lesson_plan");
    expect(lessons.body.data.map((t: { title: string; can_edit: boolean }) => [t.title, t.can_edit])).toEqual([
      ["5E Inquiry Lesson", false],
      ["Direct Instruction Lesson", false],
      ["Project Kickoff Lesson", true],
    ]);
    for (const type of ["outline", "project", "pathway"]) expect((await teacher.get(`/curriculum/templates/${type}`)).body.total).toBeGreaterThanOrEqual(2);
  });
});
