import { beforeAll, describe, expect, it } from "vitest";
import type { AttributeItem, AttributeTreeNode, Standard } from "../../../contract/index.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("attributes and standards", () => {
  const { server } = useTestServer({ seedDemo: true });
  let guest: TestClient;
  let frameworks: AttributeItem[];
  let math: AttributeItem;
  let mathDomains: AttributeItem[];
  let oa: AttributeItem;
  let oaLeaves: AttributeItem[];
  let grades: AttributeItem[];

  beforeAll(async () => {
    guest = server.client();
    frameworks = (await guest.get<AttributeItem[]>("/attributes/tree/standards")).body;
    math = frameworks.find((f) => f.short_name === "CCSS.MATH")!;
    mathDomains = (await guest.get<AttributeItem[]>(`/attributes/tree/standards?parent_id=${math.id}`)).body;
    oa = mathDomains.find((d) => d.short_name === "CCSS.MATH.OA")!;
    oaLeaves = (await guest.get<AttributeItem[]>(`/attributes/tree/standards?parent_id=${oa.id}`)).body;
    grades = (await guest.get<AttributeItem[]>("/attributes/tree/grades")).body;
  });

  describe("GET /attributes/config/{modelKey}", () => {
    it("lists the attribute types of the model's search type, with picker settings", async () => {
      const res = await guest.get("/attributes/config/resource");
      expect(res.status).toBe(200);
      expect(res.body.map((c: { key: string }) => c.key)).toEqual(["grades", "subjects", "standards", "industries", "professional_roles", "resource_categories", "content_pricing"]);
      const standards = res.body.find((c: { key: string }) => c.key === "standards");
      expect(standards).toMatchObject({ type_name: "Standards", leaf_only: true, single: false, none_option: null, searchable: true, cols: 1 });
      expect(typeof standards.type_id).toBe("number");
      expect(res.body.find((c: { key: string }) => c.key === "resource_categories")).toMatchObject({ single: true, none_option: "None", select_all: false });
      // The demo offers a write-in for professional roles and industries only.
      expect(res.body.find((c: { key: string }) => c.key === "professional_roles")).toMatchObject({ show_other: true, other_placeholder: "Another role not listed", other_max_length: 100 });
      expect(res.body.find((c: { key: string }) => c.key === "industries")).toMatchObject({ show_other: true, other_placeholder: "Another industry not listed", other_max_length: 100 });
      expect(res.body.filter((c: { show_other: boolean }) => !c.show_other).map((c: { key: string; other_placeholder: null; other_max_length: null }) => [c.key, c.other_placeholder, c.other_max_length])).toEqual([
        ["grades", null, null],
        ["subjects", null, null],
        ["standards", null, null],
        ["resource_categories", null, null],
        ["content_pricing", null, null],
      ]);
    });

    it("maps facet keys to attribute types (groups: grouptypes -> group_types)", async () => {
      const res = await guest.get("/attributes/config/profile");
      expect(res.body.map((c: { key: string }) => c.key)).toEqual(["group_types"]);
      expect((await guest.get("/attributes/config/lesson_plan")).body.map((c: { key: string }) => c.key)).toEqual(["grades", "subjects", "standards", "content_pricing"]);
    });

    it("answers 404 JSON for an unknown model key", async () => {
      const res = await guest.get("/attributes/config/widget");
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Unknown model key: widget." });
    });
  });

  describe("GET /attributes/tree/{attributeType}", () => {
    it("gives guests the top level with child ids, by type key or type id", async () => {
      expect(grades.map((g) => g.name).slice(0, 2)).toEqual(["Kindergarten", "Grade 1"]);
      expect(grades).toHaveLength(15);
      expect(grades[0]).toMatchObject({ attr_item_id: grades[0]!.id, label: "Kindergarten", parent_id: null, children: [], has_children: false, slug: "kindergarten" });
      const byId = await guest.get(`/attributes/tree/${grades[0]!.type_id}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual(grades);
    });

    it("loads children on demand with parent_id", async () => {
      expect(frameworks.map((f) => f.short_name)).toEqual(["CCSS.MATH", "CCSS.ELA", "NGSS", "C3"]);
      expect(math.has_children).toBe(true);
      expect(mathDomains.map((d) => d.id)).toEqual(math.children);
      expect(mathDomains.every((d) => d.parent_id === math.id)).toBe(true);
      expect(oaLeaves.map((l) => l.short_name)).toEqual(["CCSS.MATH.OA.1", "CCSS.MATH.OA.2", "CCSS.MATH.OA.3", "CCSS.MATH.OA.4"]);
      expect(oaLeaves.every((l) => !l.has_children && l.children.length === 0)).toBe(true);
    });

    it("answers 404 for an unknown type or a parent of another type, 422 for malformed input", async () => {
      expect((await guest.get("/attributes/tree/widgets")).status).toBe(404);
      expect((await guest.get("/attributes/tree/99999")).body).toEqual({ message: "Unknown attribute type: 99999." });
      expect((await guest.get(`/attributes/tree/grades?parent_id=${math.id}`)).status).toBe(404);
      const badType = await guest.get("/attributes/tree/Bad-Type!");
      expect(badType.status).toBe(422);
      expect(badType.body.message).toMatch(/type key/);
      const badParent = await guest.get("/attributes/tree/standards?parent_id=abc");
      expect(badParent.status).toBe(422);
      expect(badParent.body.message).toBe("ids must be positive integers.");
      expect(JSON.stringify(badParent.body)).not.toMatch(/at .*\.ts/);
    });
  });

  describe("POST /attributes/getTreeByType/", () => {
    it("answers whole nested trees by type key", async () => {
      const res = await guest.post("/attributes/getTreeByType/", { types: ["grades", "standards"] });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("success");
      expect(Object.keys(res.body.arrObjResponse)).toEqual(["grades", "standards"]);
      expect(res.body.arrObjResponse.grades.map((g: AttributeTreeNode) => g.id)).toEqual(grades.map((g) => g.id));
      const mathTree: AttributeTreeNode = res.body.arrObjResponse.standards[0];
      expect(mathTree.id).toBe(math.id);
      const oaTree = mathTree.children.find((d) => d.id === oa.id)!;
      expect(oaTree.children.map((l) => l.short_name)).toEqual(oaLeaves.map((l) => l.short_name));
      expect(oaTree.children[0]!.children).toEqual([]);
    });

    it("takes the body as the list of type keys itself, as the second document sends it", async () => {
      const res = await guest.post("/attributes/getTreeByType/", ["grades", "subjects"]);
      expect([res.status, Object.keys(res.body.arrObjResponse ?? {})]).toEqual([200, ["grades", "subjects"]]);
      const empty = await guest.post("/attributes/getTreeByType/", []);
      expect([empty.status, empty.body.message]).toEqual([422, "types must list at least one attribute type key."]);
    });

    it("rejects unknown type keys and missing types with 422", async () => {
      const res = await guest.post("/attributes/getTreeByType", { types: ["grades", "widgets"] });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("Unknown attribute type: widgets.");
      const empty = await guest.post("/attributes/getTreeByType", {});
      expect(empty.status).toBe(422);
      expect(empty.body.message).toBe("types must list at least one attribute type key.");
    });
  });

  describe("POST /attributes/tree", () => {
    it("maps each type to a tree of the items with their ancestors", async () => {
      const leaf = oaLeaves[1]!;
      const res = await guest.post("/attributes/tree", { attribute_id: [leaf.id, grades[3]!.id] });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("success");
      const { standards, grades: gradeTree } = res.body.arrObjResponse as Record<string, AttributeTreeNode[]>;
      expect(Object.keys(res.body.arrObjResponse).sort()).toEqual(["grades", "standards"]);
      expect(gradeTree!.map((g) => g.name)).toEqual(["Grade 3"]);
      expect(standards).toHaveLength(1);
      expect(standards![0]!.id).toBe(math.id);
      expect(standards![0]!.children.map((d) => d.id)).toEqual([oa.id]);
      expect(standards![0]!.children[0]!.children.map((l) => l.id)).toEqual([leaf.id]);
    });

    it("answers 422 for ids that are not positive integers", async () => {
      for (const attribute_id of [["x"], [0], [-3], [1.5], [3000000000]]) {
        const res = await guest.post("/attributes/tree", { attribute_id });
        expect(res.status).toBe(422);
        expect(res.body.message).toBe("ids must be positive integers.");
      }
    });
  });

  describe("POST /attributes/getMultipleItemByIds", () => {
    it("answers standards in the Standard shape, in the order asked for", async () => {
      const [a, b] = [oaLeaves[2]!, oaLeaves[0]!];
      const res = await guest.post("/attributes/getMultipleItemByIds", { type: "standard", ids: [a.id, b.id, grades[0]!.id] });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("success");
      expect(res.body.arrObjResponse).toEqual([
        { id: a.id, short_name: "CCSS.MATH.OA.3", text: a.name, label: `CCSS.MATH.OA.3 ${a.name}`, root_standard_name: math.name, acronym: "CCSS.MATH" },
        { id: b.id, short_name: "CCSS.MATH.OA.1", text: b.name, label: `CCSS.MATH.OA.1 ${b.name}`, root_standard_name: math.name, acronym: "CCSS.MATH" },
      ]);
    });

    it("answers attribute items of any type for 'attributes'", async () => {
      const res = await guest.post("/attributes/getMultipleItemByIds", { type: "attributes", ids: [grades[1]!.id, math.id] });
      expect(res.status).toBe(200);
      const items: AttributeItem[] = res.body.arrObjResponse;
      expect(items.map((i) => i.id)).toEqual([grades[1]!.id, math.id]);
      expect(items[1]).toMatchObject({ attr_item_id: math.id, has_children: true, children: math.children });
    });

    it("rejects a bad type, bad ids and too many ids with 422", async () => {
      expect((await guest.post("/attributes/getMultipleItemByIds", { type: "widget", ids: [1] })).body.message).toBe("type must be 'standard' or 'attributes'.");
      const bad = await guest.post("/attributes/getMultipleItemByIds", { type: "standard", ids: [1, "two"] });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe("ids must be positive integers.");
      const many = await guest.post("/attributes/getMultipleItemByIds", { type: "standard", ids: Array.from({ length: 501 }, (_, i) => i + 1) });
      expect(many.status).toBe(422);
      expect(many.body.message).toBe("At most 500 ids may be asked for at once.");
    });
  });

  describe("POST /attributes/getMultipleItemBySearchTerm", () => {
    const search = (st: unknown) => guest.post("/attributes/getMultipleItemBySearchTerm", { type: "standard", st });

    it("finds leaf standards only, by text or code, case-insensitively", async () => {
      const byText = await search("FRACTIONS");
      expect(byText.status).toBe(200);
      expect(byText.body.status).toBe("success");
      const texts = byText.body.arrObjResponse.map((s: Standard) => s.text);
      expect(texts).toContain("Explain equivalence of fractions");
      // The domain "Number and Operations: Fractions" matches too, but is not a leaf.
      expect(texts).not.toContain("Number and Operations: Fractions");
      expect(byText.body.arrObjResponse.every((s: Standard) => s.acronym === "CCSS.MATH")).toBe(true);
      const byCode = await search("ccss.math.oa");
      expect(byCode.body.arrObjResponse.map((s: Standard) => s.id)).toEqual(oaLeaves.map((l) => l.id));
    });

    it("treats LIKE wildcards literally", async () => {
      expect((await search("%%")).body.arrObjResponse).toEqual([]);
      expect((await search("__")).body.arrObjResponse).toEqual([]);
    });

    it("needs at least 2 characters", async () => {
      for (const st of ["a", " a ", "", undefined]) {
        const res = await search(st);
        expect(res.status).toBe(422);
        expect(res.body.message).toBe("Please enter at least 2 characters to search.");
      }
      expect((await search("ok")).status).toBe(200);
    });
  });

  describe("GET /standards/selected", () => {
    it("groups the selected standards by framework, in either ids form", async () => {
      const ngss = frameworks.find((f) => f.short_name === "NGSS")!;
      const ngssDomain = (await guest.get<AttributeItem[]>(`/attributes/tree/standards?parent_id=${ngss.id}`)).body[0]!;
      const ngssLeaf = (await guest.get<AttributeItem[]>(`/attributes/tree/standards?parent_id=${ngssDomain.id}`)).body[0]!;
      const ids = [ngssLeaf.id, oaLeaves[1]!.id, oaLeaves[0]!.id];
      const bracketed = await guest.get(`/standards/selected?${ids.map((id) => `ids[]=${id}`).join("&")}`);
      expect(bracketed.status).toBe(200);
      expect(bracketed.body.status).toBe("success");
      const groups = bracketed.body.arrObjResponse;
      expect(groups.map((g: { root: { acronym: string } }) => g.root)).toEqual([
        { id: math.id, name: math.name, acronym: "CCSS.MATH" },
        { id: ngss.id, name: ngss.name, acronym: "NGSS" },
      ]);
      expect(groups[0].standards.map((s: Standard) => s.short_name)).toEqual(["CCSS.MATH.OA.1", "CCSS.MATH.OA.2"]);
      expect(groups[1].standards[0]).toMatchObject({ id: ngssLeaf.id, root_standard_name: ngss.name, acronym: "NGSS" });
      expect((await guest.get(`/standards/selected?ids=${ids.join(",")}`)).body).toEqual(bracketed.body);
    });

    it("answers 422 for bad ids", async () => {
      const res = await guest.get("/standards/selected?ids[]=abc");
      expect(res.status).toBe(422);
      expect(res.body.message).toBe("ids must be positive integers.");
    });
  });

  it("needs the CSRF token on POST calls sent with a session cookie", async () => {
    const browser = server.client();
    await browser.get("/getInitializeData");
    const res = await fetch(`${server.url}/attributes/getMultipleItemBySearchTerm`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", cookie: browser.cookieHeader() },
      body: JSON.stringify({ type: "standard", st: "fractions" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Your session has expired. Please refresh the page and try again." });
  });

  it("answers JSON 404 for unknown paths under /attributes/ and /standards/", async () => {
    for (const p of ["/attributes/nope", "/standards/nope"]) {
      const res = await guest.get(p);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: "Not found." });
    }
  });
});
