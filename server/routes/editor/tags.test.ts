import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildAttribute, buildContent, buildSignedInClient, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("tagging an item (attributes and keywords)", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let ownerClient: TestClient;
  let otherClient: TestClient;
  let plan: Content;
  let link: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await buildUser(server.db);
    const other = await buildUser(server.db);
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Narwhal Migration Plan" });
    link = `/lesson-plans/${plan.uid}`;
    ids.grade4 = await buildAttribute(server.db, "grades", "Grade 4");
    ids.grade5 = await buildAttribute(server.db, "grades", "Grade 5");
    ids.framework = await buildAttribute(server.db, "standards", "Ocean Framework");
    ids.standard = await buildAttribute(server.db, "standards", "OCN.1 Marine mammals", ids.framework);
    await server.db.updateTable("attribute_items").set({ is_leaf: 0 }).where("id", "=", ids.framework).execute();
    ids.free = await buildAttribute(server.db, "content_pricing", "Free");
    ids.paid = await buildAttribute(server.db, "content_pricing", "Paid");
    ids.industry = await buildAttribute(server.db, "industries", "Fisheries");
    ownerClient = await signedInClient(server, owner);
    otherClient = await signedInClient(server, other);
  });

  it("saves attributes and keywords (trimmed, de-duplicated, sorted) and search finds the item by them at once", async () => {
    const itemPath = `/api/content${link}`;
    // The item page offers View standards only once the item has standards.
    expect((await server.client().get(itemPath)).body).toMatchObject({ has_standards: false, tags: { attributes: [], keywords: [] } });
    const res = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade5, ids.standard, ids.free], keywords: [" tusks ", "Arctic  ocean", "tusks", "cold-water", "whales"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "success", message: "Tags saved." });
    // The save's answer and the tags read name the values by type too: the edit page shows them as the item's current tags.
    const groups = [
      { type_key: "grades", type_name: "Grades", items: [{ id: ids.grade5, name: "Grade 5", short_name: null }], other: null },
      { type_key: "standards", type_name: "Standards", items: [{ id: ids.standard, name: "OCN.1 Marine mammals", short_name: null }], other: null },
      { type_key: "content_pricing", type_name: "Content Pricing", items: [{ id: ids.free, name: "Free", short_name: null }], other: null },
    ];
    expect(res.body.tags).toEqual({ model_key: "lesson_plan", attribute_ids: [ids.grade5!, ids.standard!, ids.free!].sort((a, b) => a - b), other_values: [], keywords: ["Arctic ocean", "cold-water", "tusks", "whales"], keywords_enabled: true, authors_enabled: false, authors_list: [], original_author: "", groups });
    const read = (await server.client().get(`/api/content${link}/tags`)).body;
    expect(read.keywords).toEqual(["Arctic ocean", "cold-water", "tusks", "whales"]);
    expect(read.groups).toEqual(groups);
    const page = (await server.client().get(itemPath)).body;
    expect(page.has_standards).toBe(true);
    // The item page shows them: values by type, in the types' order, and the keywords.
    expect(page.tags.keywords).toEqual(["Arctic ocean", "cold-water", "tusks", "whales"]);
    expect(page.tags.attributes.map((g: { type_key: string; items: { id: number; name: string }[] }) => [g.type_key, g.items.map((i) => i.name)])).toEqual([
      ["grades", ["Grade 5"]],
      ["standards", ["OCN.1 Marine mammals"]],
      ["content_pricing", ["Free"]],
    ]);

    const byGrade = await server.client().get(`/api/search?grades[]=${ids.grade5}`);
    expect(byGrade.body.data.map((d: { link: string }) => d.link)).toEqual([link]);
    expect((await server.client().get(`/api/search?grades[]=${ids.grade4}`)).body.data).toEqual([]);
    const byStandard = await server.client().get(`/api/search?standards[]=${ids.standard}`);
    expect(byStandard.body.data.map((d: { link: string }) => d.link)).toEqual([link]);
    const byKeyword = await server.client().get("/api/search?query=tusks");
    expect(byKeyword.body.data.map((d: { link: string }) => d.link)).toContain(link);
  });

  it("lets projects and pathways take standards, as lesson plans and outlines do", async () => {
    for (const [modelKey, path] of [["project", "projects"], ["pathway", "pathways"]] as const) {
      const config = (await ownerClient.get(`/attributes/config/${modelKey}`)).body as { type_name: string }[];
      expect(config.map((t) => t.type_name)).toEqual(["Grades", "Subjects", "Standards", "Industries", "Professional Roles"]);
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey, title: `Narwhal ${modelKey}` });
      const res = await ownerClient.post(`/${path}/${item.uid}/tags`, { attribute_ids: [ids.standard, ids.industry] });
      expect(res.status).toBe(200);
      expect(res.body.tags.attribute_ids).toEqual([ids.standard!, ids.industry!].sort((a, b) => a - b));
      expect((await server.client().get(`/api/content/${path}/${item.uid}`)).body.has_standards).toBe(true);
    }
  });

  it("replaces the tags on the next save", async () => {
    const res = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade4], keywords: [] });
    expect(res.body.tags).toMatchObject({ attribute_ids: [ids.grade4], keywords: [] });
    expect(res.body.tags.groups.map((g: { type_key: string; items: { name: string }[] }) => [g.type_key, g.items.map((i) => i.name)])).toEqual([["grades", ["Grade 4"]]]);
    expect((await server.client().get(`/api/search?grades[]=${ids.grade5}`)).body.data).toEqual([]);
    expect((await server.client().get(`/api/search?grades[]=${ids.grade4}`)).body.data.map((d: { link: string }) => d.link)).toEqual([link]);
  });

  it("enforces the type rules: leaf-only, single choice, types of the item's model, existing items", async () => {
    const parent = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.framework] });
    expect(parent.status).toBe(422);
    expect(parent.body.message).toBe("Only the most specific standards can be chosen.");
    const two = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.free, ids.paid] });
    expect(two.status).toBe(422);
    expect(two.body.message).toBe("Choose at most one content pricing.");
    const foreign = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.industry] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe("One of the chosen attributes does not exist or does not apply to this item.");
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [999999] })).status).toBe(422);
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: ["x"] })).body.message).toBe("ids must be positive integers.");
  });

  it("rejects keywords with characters outside the rule", async () => {
    const bad = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["ok", "<script>"] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("Invalid keyword characters.  Please check that you are only using approved characters.");
    expect((await ownerClient.post(`${link}/tags`, { keywords: ["x".repeat(65)] })).body.message).toBe("A keyword may be at most 64 characters.");
    expect((await ownerClient.post(`${link}/tags`, { keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) })).body.message).toBe("An item may have at most 50 keywords.");
  });

  it("adds keywords by the editor's rule (no periods), and keeps a keyword with a period the item already carries", async () => {
    const invalid = "Invalid keyword characters.  Please check that you are only using approved characters.";
    await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["narwhal"] });
    const dotted = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["narwhal", "e.g. whales"] });
    expect([dotted.status, dotted.body]).toEqual([422, { message: invalid, errors: { keywords: [invalid] } }]);
    expect((await server.client().get(`/api/content${link}/tags`)).body.keywords).toEqual(["narwhal"]);
    // A keyword with a period that came another way (add resource, bulk import: the first document's reading) is kept on a
    // save that sends it back, in any case; the editor refuses only the ones it adds.
    await server.db.updateTable("content").set({ tags: "v2.0, narwhal" }).where("id", "=", plan.id).execute();
    const kept = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["V2.0", "narwhal", "tusk"] });
    expect([kept.status, kept.body.tags?.keywords]).toEqual([200, ["narwhal", "tusk", "V2.0"]]);
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["V2.0", "v3.0"] })).body.message).toBe(invalid);
    expect((await server.client().get(`/api/content${link}/tags`)).body.keywords).toEqual(["narwhal", "tusk", "V2.0"]);
  });

  it("keeps an attribute the item already has of a type its model does not take when the save sends it back, and refuses a new one", async () => {
    // Lesson plans take no industries (their search type's attributes); one the item carries anyway (seeded, imported, or
    // left from a type an administrator took off the model) does not block a save that sends it back, as the Tags dialog does.
    const other = await buildAttribute(server.db, "industries", "Shipping");
    await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade4], keywords: [] });
    await server.db.insertInto("content_attributes").values({ content_id: plan.id, attr_item_id: ids.industry!, type_id: (await server.db.selectFrom("attribute_items").select("type_id").where("id", "=", ids.industry!).executeTakeFirstOrThrow()).type_id }).execute();
    const tags = (await ownerClient.get(`/api/content${link}/tags`)).body;
    expect(tags.attribute_ids).toEqual([ids.grade4!, ids.industry!].sort((a, b) => a - b));
    const saved = await ownerClient.post(`${link}/tags`, { attribute_ids: [...tags.attribute_ids, ids.grade5], other_values: [], keywords: [...tags.keywords, "tusks"] });
    expect([saved.status, saved.body.tags?.attribute_ids, saved.body.tags?.keywords]).toEqual([200, [ids.grade4!, ids.grade5!, ids.industry!].sort((a, b) => a - b), ["tusks"]]);
    expect(saved.body.tags.groups.map((g: { type_key: string }) => g.type_key)).toEqual(["grades", "industries"]);
    // Another value of that type is still refused, carried one or not, and nothing is written.
    const added = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade4, ids.industry, other], keywords: [] });
    expect([added.status, added.body.message]).toEqual([422, "One of the chosen attributes does not exist or does not apply to this item."]);
    expect((await ownerClient.get(`/api/content${link}/tags`)).body.attribute_ids).toEqual([ids.grade4!, ids.grade5!, ids.industry!].sort((a, b) => a - b));
    // Left out of a save, it goes, as any attribute does (and cannot come back).
    const dropped = await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade4], keywords: [] });
    expect([dropped.status, dropped.body.tags?.attribute_ids]).toEqual([200, [ids.grade4]]);
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [ids.grade4, ids.industry] })).status).toBe(422);
  });

  it("is authorized: guests 401, other members 403, and a lock held by someone else 409", async () => {
    expect((await server.client().post(`${link}/tags`, { attribute_ids: [] })).status).toBe(401);
    const forbidden = await otherClient.post(`${link}/tags`, { attribute_ids: [] });
    expect(forbidden.status).toBe(403);
    const adminClient = await buildSignedInClient(server, { admin: true, name: "Ada Admin" });
    await adminClient.post("/update-lock", { type: "lesson_plan", type_id: plan.id });
    const locked = await ownerClient.post(`${link}/tags`, { attribute_ids: [] });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe("This item is being edited by Ada Admin.");
    await adminClient.post("/system/locks/unlock", { type: "lesson_plan", type_id: plan.id });
  });
});
