import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { itemLink } from "../../presenters/editableItem.js";
import { buildAttribute, buildContent, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** Write-in ("Other") values of attribute types: configuration, saving with an item's tags, reading them back. */
describe("attribute write-ins", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let ownerClient: TestClient;
  let otherClient: TestClient;
  let item: Content;
  let link: string;
  const types: Record<string, number> = {};
  let roleId: number;

  const tagsOf = async () => (await server.client().get(`/api/content${link}/tags`)).body;
  const groupsOf = async () => (await server.client().get(`/api/content${link}`)).body.tags.attributes as { type_key: string; items: { name: string }[]; other: string | null }[];

  beforeAll(async () => {
    const db = server.db;
    for (const t of await db.selectFrom("attribute_types").select(["id", "key"]).execute()) types[t.key] = t.id;
    await db.updateTable("attribute_types").set({ show_other: 1, other_placeholder: "Another role not listed", other_max_length: 20 }).where("key", "=", "professional_roles").execute();
    // Offered without a maximum: the contract's bound applies.
    await db.updateTable("attribute_types").set({ show_other: 1, other_placeholder: null, other_max_length: null }).where("key", "=", "subjects").execute();
    owner = await buildUser(db);
    item = await buildContent(db, { ownerId: owner.id, modelKey: "resource", title: "Tide Pool Careers" });
    link = itemLink(item);
    roleId = await buildAttribute(db, "professional_roles", "Oceanographer");
    ownerClient = await signedInClient(server, owner);
    otherClient = await signedInClient(server, await buildUser(db));
  });

  it("the configuration carries show_other, the placeholder and the maximum length from the database", async () => {
    const res = await server.client().get("/attributes/config/resource");
    expect(res.status).toBe(200);
    const byKey = new Map(res.body.map((c: { key: string }) => [c.key, c]));
    expect(byKey.get("professional_roles")).toMatchObject({ show_other: true, other_placeholder: "Another role not listed", other_max_length: 20 });
    expect(byKey.get("subjects")).toMatchObject({ show_other: true, other_placeholder: null, other_max_length: 255 });
    expect(byKey.get("industries")).toMatchObject({ show_other: false, other_placeholder: null, other_max_length: null });
  });

  it("saves a write-in trimmed with the item's attributes, and reads it back in the tags and on the item's page", async () => {
    const res = await ownerClient.post(`${link}/tags`, { attribute_ids: [roleId], other_values: [{ type_id: types.professional_roles, value: "  Kelp farmer  " }], keywords: ["kelp"] });
    expect(res.status).toBe(200);
    expect(res.body.tags).toMatchObject({ attribute_ids: [roleId], other_values: [{ type_id: types.professional_roles, value: "Kelp farmer" }], keywords: ["kelp"] });
    expect((await tagsOf()).other_values).toEqual([{ type_id: types.professional_roles, value: "Kelp farmer" }]);
    expect(await groupsOf()).toEqual([{ type_key: "professional_roles", type_name: "Professional Roles", items: [expect.objectContaining({ id: roleId, name: "Oceanographer" })], other: "Kelp farmer" }]);
  });

  it("a write-in alone makes its type's group, in the types' order; an empty one means none", async () => {
    const res = await ownerClient.post(`${link}/tags`, {
      attribute_ids: [roleId],
      other_values: [
        { type_id: types.subjects, value: "Marine ecology" },
        { type_id: types.professional_roles, value: "   " },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.tags.other_values).toEqual([{ type_id: types.subjects, value: "Marine ecology" }]);
    expect((await groupsOf()).map((g) => [g.type_key, g.items.map((i) => i.name), g.other])).toEqual([
      ["subjects", [], "Marine ecology"],
      ["professional_roles", ["Oceanographer"], null],
    ]);
    // More info names it in its type's row.
    const moreInfo = (await server.client().get(`/system/more-info/${item.id}`)).body as { renderables: { key: string; value: string }[] };
    expect(Object.fromEntries(moreInfo.renderables.map((r) => [r.key, r.value]))).toMatchObject({ "attributes.subjects": "Other: Marine ecology", "attributes.professional_roles": "Oceanographer" });
    // A save that leaves write-ins out (a client that knows none) keeps them; an empty list removes them.
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [roleId] })).body.tags.other_values).toEqual([{ type_id: types.subjects, value: "Marine ecology" }]);
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [roleId], other_values: [] })).body.tags.other_values).toEqual([]);
    expect((await groupsOf()).map((g) => g.other)).toEqual([null]);
  });

  it("takes the configured maximum exactly, and refuses one character more with 422 while keeping what was saved", async () => {
    const exact = "x".repeat(20);
    expect((await ownerClient.post(`${link}/tags`, { attribute_ids: [roleId], other_values: [{ type_id: types.professional_roles, value: exact }], keywords: ["kelp"] })).status).toBe(200);
    const long = await ownerClient.post(`${link}/tags`, { attribute_ids: [], other_values: [{ type_id: types.professional_roles, value: "y".repeat(21) }], keywords: [] });
    const message = "The other professional roles may be at most 20 characters.";
    expect([long.status, long.body]).toEqual([422, { message, errors: { other_values: [message] } }]);
    // Nothing of the refused save was written: the write-in, the attributes and the keywords are as they were.
    expect(await tagsOf()).toMatchObject({ attribute_ids: [roleId], other_values: [{ type_id: types.professional_roles, value: exact }], keywords: ["kelp"] });
    // A type without its own maximum takes up to the contract's bound.
    const tooLong = await ownerClient.post(`${link}/tags`, { attribute_ids: [roleId], other_values: [{ type_id: types.subjects, value: "z".repeat(256) }] });
    expect([tooLong.status, tooLong.body.message]).toEqual([422, "The other subjects may be at most 255 characters."]);
  });

  it("refuses a write-in for a type without show_other, a type not of the item's model, an unknown type, twice the same type or a bad shape", async () => {
    const before = await tagsOf();
    const industries = await ownerClient.post(`${link}/tags`, { attribute_ids: [], other_values: [{ type_id: types.industries, value: "Aquaculture" }] });
    expect([industries.status, industries.body]).toEqual([422, { message: "Industries takes no other value.", errors: { other_values: ["Industries takes no other value."] } }]);
    // Group types offer a write-in here, but they are not a resource's.
    await server.db.updateTable("attribute_types").set({ show_other: 1 }).where("key", "=", "group_types").execute();
    const foreign = await ownerClient.post(`${link}/tags`, { attribute_ids: [], other_values: [{ type_id: types.group_types, value: "Club" }] });
    expect([foreign.status, foreign.body.message]).toEqual([422, "A write-in value is for an attribute type that does not apply to this item."]);
    await server.db.updateTable("attribute_types").set({ show_other: 0 }).where("key", "=", "group_types").execute();
    expect((await ownerClient.post(`${link}/tags`, { other_values: [{ type_id: 999999, value: "Anything" }] })).body.message).toBe("A write-in value is for an attribute type that does not apply to this item.");
    const twice = await ownerClient.post(`${link}/tags`, {
      other_values: [
        { type_id: types.professional_roles, value: "One" },
        { type_id: types.professional_roles, value: "Two" },
      ],
    });
    expect([twice.status, twice.body.message]).toEqual([422, "other_values must list each attribute type at most once, with its type_id and a text value."]);
    for (const bad of [{ other_values: "Kelp" }, { other_values: [{ type_id: types.professional_roles, value: 5 }] }, { other_values: [{ type_id: "x", value: "Kelp" }] }, { other_values: [null] }]) {
      const res = await ownerClient.post(`${link}/tags`, bad);
      expect([res.status, typeof res.body.message]).toEqual([422, "string"]);
    }
    expect(await tagsOf()).toEqual(before);
  });

  it("is authorized as the tag save is: guests 401, members who do not own the item 403, the owner may", async () => {
    const body = { attribute_ids: [], other_values: [{ type_id: types.professional_roles, value: "Intruder" }] };
    expect((await server.client().post(`${link}/tags`, body)).status).toBe(401);
    const forbidden = await otherClient.post(`${link}/tags`, body);
    expect([forbidden.status, typeof forbidden.body.message]).toEqual([403, "string"]);
    expect((await tagsOf()).other_values).not.toContainEqual(expect.objectContaining({ value: "Intruder" }));
    const own = await ownerClient.post(`${link}/tags`, { attribute_ids: [], other_values: [{ type_id: types.professional_roles, value: "Harbor pilot" }] });
    expect([own.status, own.body.tags.other_values]).toEqual([200, [{ type_id: types.professional_roles, value: "Harbor pilot" }]]);
  });

  it("a copy keeps the write-ins, and deleting an item leaves none of its write-ins behind", async () => {
    const doomed = await buildContent(server.db, { ownerId: owner.id, modelKey: "resource", title: "Short-lived resource" });
    const doomedLink = itemLink(doomed);
    expect((await ownerClient.post(`${doomedLink}/tags`, { attribute_ids: [], other_values: [{ type_id: types.professional_roles, value: "Diver" }] })).status).toBe(200);
    const rowsOf = (contentId: number) => server.db.selectFrom("content_attribute_others").select("value").where("content_id", "=", contentId).execute();
    expect(await rowsOf(doomed.id)).toEqual([{ value: "Diver" }]);
    const copied = await ownerClient.post(`${doomedLink}/copy`, { id: doomed.id, modeltitle: "Short-lived resource (Copy)" });
    expect(copied.status).toBe(200);
    expect((await ownerClient.get(`/api/content${copied.body.link}/tags`)).body.other_values).toEqual([{ type_id: types.professional_roles, value: "Diver" }]);
    const deleted = await ownerClient.send("DELETE", `/api/content${doomedLink}`);
    expect(deleted.status).toBe(200);
    expect(await rowsOf(doomed.id)).toEqual([]);
  });
});
