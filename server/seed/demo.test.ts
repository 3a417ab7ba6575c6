import { imageSize } from "image-size";
import { describe, expect, it } from "vitest";
import { loadConfig, parseScryptCost } from "../config.js";
import { DEMO_ACCOUNTS } from "./demo.js";
import { useTestServer } from "../test/useServer.js";

describe("DEMO_PASSWORD_COST", () => {
  it("is unset by default, so the demo accounts are hashed at the production cost; else scrypt's N,r,p", () => {
    expect(loadConfig({}).demoPasswordCost).toBeNull();
    expect(parseScryptCost(" 1024, 8 ,1")).toEqual({ N: 1024, r: 8, p: 1 });
    for (const bad of ["1000,8,1", "1024,8", "1024,8,1,1", "1024,0,1", "x,8,1", "1,8,1"]) expect(() => parseScryptCost(bad), bad).toThrow(/DEMO_PASSWORD_COST/);
  });

  describe("on a demo-seeded server", () => {
    const { server } = useTestServer({ seedDemo: true, env: { DEMO_PASSWORD_COST: "1024,8,1" } });

    it("hashes the demo accounts at that cost, and they sign in with their passwords", async () => {
      const rows = await server.db.selectFrom("profiles").select(["username", "password_hash"]).where("username", "in", DEMO_ACCOUNTS.map((a) => a.username)).execute();
      expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
      for (const row of rows) expect(row.password_hash, row.username!).toMatch(/^scrypt\$1024\$8\$1\$/);
      const teacher = DEMO_ACCOUNTS.find((a) => a.username === "teacher")!;
      expect((await server.client().signIn(teacher.username, teacher.password)).status).toBe(200);
      expect((await server.client().signIn(teacher.username, "wrong password")).status).toBe(401);
    });

    it("puts two products on sale over restricted items the learner may not open: their pages offer Buy Now to the learner", async () => {
      const products = await server.db.selectFrom("products").select(["id", "name", "price_cents", "is_active"]).orderBy("id").execute();
      expect(products.map((p) => [p.price_cents, p.is_active])).toEqual([
        [4900, 1],
        [500, 1],
      ]);
      const items = await server.db.selectFrom("product_items as pi").innerJoin("content as c", "c.id", "pi.content_id").select(["c.uid", "c.visibility"]).where("pi.product_id", "=", products[0]!.id).execute();
      expect(items).toHaveLength(3);
      const learner = DEMO_ACCOUNTS.find((a) => a.username === "learner")!;
      const client = server.client();
      await client.signIn(learner.username, learner.password);
      for (const item of items) {
        expect(item.visibility).toBe("restricted");
        const details = await client.get(`/permissions/access-details?uid=${item.uid}`);
        expect(details.body.details.can_view).toBe(false);
        expect(details.body.details.availableProducts.map((p: { name: string }) => p.name)).toContain("Classroom Essentials Pack");
      }
    });

    it("gives every lesson plan a body, and the teacher's first public one comments on its sections", async () => {
      const plans = await server.db.selectFrom("content").select("id").where("model_key", "=", "lesson_plan").execute();
      const sections = await server.db.selectFrom("content_sections").select(["content_id", "uid"]).where("content_id", "in", plans.map((p) => p.id)).execute();
      expect(sections).toHaveLength(plans.length * 3);
      expect(new Set(sections.map((s) => s.uid)).size).toBe(sections.length);
      const learner = DEMO_ACCOUNTS.find((a) => a.username === "learner")!;
      const client = server.client();
      await client.signIn(learner.username, learner.password);
      const threads = await server.db.selectFrom("section_threads").select(["content_id"]).execute();
      expect(new Set(threads.map((t) => t.content_id)).size).toBe(1);
      const listed = await client.get(`/comment/threads?type=lesson_plan&type_id=${threads[0]!.content_id}`);
      expect(listed.body).toMatchObject({ open_count: 1, threads: [{ status_label: "resolved", comments_count: 2 }, { status_label: "open", comments_count: 1 }] });
    });

    it("gives every outline, project and pathway a body; a pathway's steps link public resources of its subject, which open", async () => {
      const items = await server.db.selectFrom("content").select(["id", "model_key", "uid"]).where("model_key", "in", ["outline", "project", "pathway"]).orderBy("id").execute();
      const sections = await server.db.selectFrom("content_sections").select(["content_id", "title", "body_html"]).where("content_id", "in", items.map((i) => i.id)).orderBy("position").execute();
      const titlesOf = (id: number) => sections.filter((s) => s.content_id === id).map((s) => s.title);
      const first = (modelKey: string) => items.find((i) => i.model_key === modelKey)!;
      expect(titlesOf(first("outline").id)).toEqual(["Unit 1: Foundations", "Unit 2: Investigation", "Unit 3: Application", "Assessment"]);
      expect(titlesOf(first("project").id)).toEqual(["Driving question", "Research", "Milestones", "Final product"]);
      expect(titlesOf(first("pathway").id)).toEqual(["Step 1: Explore", "Step 2: Practice", "Step 3: Apply"]);
      for (const item of items) expect(titlesOf(item.id).length, item.uid).toBeGreaterThanOrEqual(3);
      const pathway = first("pathway");
      const subjectsOf = (item: { tags: { attributes: { type_key: string; items: { id: number }[] }[] } }) => item.tags.attributes.find((g) => g.type_key === "subjects")?.items.map((i) => i.id);
      const page = await server.client().get(`/api/content/pathways/${pathway.uid}`);
      expect(subjectsOf(page.body)).toHaveLength(1);
      const linked = [...page.body.sections.map((s: { html: string }) => s.html).join("").matchAll(/href="(\/resources\/[\w-]+)">([^<]+)</g)].map((m) => [m[1]!, m[2]!]);
      expect(linked).toHaveLength(3);
      for (const [link, title] of linked) {
        const resource = await server.client().get(`/api/content${link}`);
        expect([resource.status, resource.body.title.replaceAll("&", "&amp;")]).toEqual([200, title]);
        expect(subjectsOf(resource.body)).toEqual(subjectsOf(page.body));
      }
      // Its first step links a resource on its own topic (its first keyword).
      const firstLinked = await server.client().get(`/api/content${linked[0]![0]}`);
      expect(firstLinked.body.tags.keywords[0]).toBe(page.body.tags.keywords[0]);
    });

    it("tells the Science Team's members of its discussions and the teacher of the replies to hers, on their Notifications pages", async () => {
      const teacher = DEMO_ACCOUNTS.find((a) => a.username === "teacher")!;
      const client = server.client();
      await client.signIn(teacher.username, teacher.password);
      const res = await client.get("/api/notifications");
      type Told = { kind: string; actor: { name: string }; subject: { title: string; link: string }; excerpt: string; discussion: { title: string } | null };
      const told = res.body.data as Told[];
      const seen = told.map((n) => [n.kind, n.actor.name, n.subject.title, n.discussion?.title, n.excerpt]);
      expect(seen).toEqual([
        ["group_discussion", "Sam Carter", "Grade 5 Science Team", "Volunteers for the science fair judging", "Volunteers for the science fair judging"],
        ["group_discussion", "James Chen", "Grade 5 Science Team", "Sharing rubrics for the ecosystem project", "Sharing rubrics for the ecosystem project"],
        ["comment_reply", "James Chen", "Grade 5 Science Team", "Field trip to the science museum", "I can prepare a worksheet for the planetarium show."],
        ["comment_reply", "Sam Carter", "Grade 5 Science Team", "Field trip to the science museum", "The energy gallery has a hands-on section that fits our unit on circuits."],
      ]);
      // Each leads to its thread on the group's page; both replies to the same one.
      const links = told.map((n) => n.subject.link);
      for (const link of links) expect(link).toMatch(/^\/groups\/[\w-]+\?discussion=\d+$/);
      expect(new Set(links).size).toBe(3);
      expect(links[2]).toBe(links[3]);
      expect(res.body.unread_count).toBe(4);
    });

    it("gives three public resources a PDF worksheet, a chart image and a video to view, served from the uploads", async () => {
      const rows = await server.db.selectFrom("content").select(["id", "uid", "title"]).where("model_key", "=", "resource").where("visibility", "=", "public").orderBy("id").limit(4).execute();
      const views = await Promise.all(rows.map(async (r) => (await server.client().get(`/api/content/resources/${r.uid}`)).body.resource_view));
      expect(views.map((v) => [v.type, v.resource_type, v.extra_data.embed_type])).toEqual([
        ["document", "file", "frame"],
        ["image", "file", "media"],
        ["video", "url", "frame"],
        ["other", "url", null],
      ]);
      const pdf = await server.client().download(views[0].file_url);
      expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
      // A real PDF: its cross-reference table points at each object (a viewer reads it by these offsets).
      const text = pdf.bytes.toString("latin1");
      const xref = Number(text.match(/startxref\n(\d+)/)![1]);
      expect(text.slice(xref, xref + 4)).toBe("xref");
      for (const [i, offset] of [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m, i) => [i + 1, Number(m[1])] as const)) expect(text.slice(offset).startsWith(`${i} 0 obj`)).toBe(true);
      expect(text).toContain(`(${rows[0]!.title}) Tj`);
      const png = await server.client().download(views[1].file_url);
      expect(imageSize(png.bytes)).toMatchObject({ width: 640, height: 360, type: "png" });
      // Each one's category says what it is.
      const categories = await server.db
        .selectFrom("content_attributes as ca")
        .innerJoin("attribute_items as ai", "ai.id", "ca.attr_item_id")
        .innerJoin("attribute_types as at", "at.id", "ca.type_id")
        .select(["ca.content_id", "ai.name"])
        .where("at.key", "=", "resource_categories")
        .where("ca.content_id", "in", rows.slice(0, 3).map((r) => r.id))
        .execute();
      expect(rows.slice(0, 3).map((r) => categories.filter((c) => c.content_id === r.id).map((c) => c.name))).toEqual([["Worksheet"], ["Image"], ["Video"]]);
    });

    it("grants no item to its own owner (the Permissions form would list the owner, and its save refuse the row)", async () => {
      const ownGrants = await server.db
        .selectFrom("content_grants as g")
        .innerJoin("content as c", "c.id", "g.content_id")
        .select("c.title")
        .where("g.scope", "=", "profile")
        .whereRef("g.profile_id", "=", "c.owner_id")
        .execute();
      expect(ownGrants).toEqual([]);
      expect(await server.db.selectFrom("content_grants").select("id").where("scope", "=", "profile").executeTakeFirst()).toBeDefined();
    });

    it("seeds one interceptor, switched on unless DEMO_INTERCEPTOR=0 (the browser tests' setting)", async () => {
      const teacher = DEMO_ACCOUNTS.find((a) => a.username === "teacher")!;
      const client = server.client();
      await client.signIn(teacher.username, teacher.password);
      expect((await client.get("/profile/interceptors")).body.data.map((i: { title: string }) => i.title)).toEqual(["Welcome to Curriculum Commons"]);
      expect([loadConfig({}).demoInterceptor, loadConfig({ DEMO_INTERCEPTOR: "0" }).demoInterceptor]).toEqual([true, false]);
    });
  });
});
