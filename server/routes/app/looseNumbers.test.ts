import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildUser } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** What a plain coercion read as the number it resembles: true as 1, [5] as 5, "0x6" and "6e0" as 6, " 6 " as 6. */
const looseForms = (id: number): unknown[] => [true, [id], [[id]], `0x${id.toString(16)}`, `${id}e0`, ` ${id} `, `+${id}`, false, { id }];

// ids and numbers are a number or its digits only, refused otherwise with a message that names the field; nothing is stored.
describe("ids and numbers: only a number or its digits", () => {
  const { server } = useTestServer();
  let owner: TestClient;
  let collection: Content, item: Content;

  beforeAll(async () => {
    const user = await buildUser(server.db);
    collection = await buildContent(server.db, { ownerId: user.id, modelKey: "collection", title: "Loose Ids" });
    item = await buildContent(server.db, { ownerId: user.id, title: "Number One" });
    owner = server.client();
    await owner.signIn(user.username!, user.password);
  });

  const stored = async () => (await server.db.selectFrom("collection_items").select("content_id").where("collection_id", "=", collection.id).execute()).length;

  it("POST /collections/items: type_id and collection_id in any other form are refused by name, and nothing is added", async () => {
    for (const bad of looseForms(item.id)) {
      const answer = await owner.post("/collections/items", { type: "resource", type_id: bad, collection_id: [collection.id] });
      expect([answer.status, answer.body.message], JSON.stringify(bad)).toEqual([422, "type_id must be an id."]);
    }
    for (const bad of looseForms(collection.id)) {
      const answer = await owner.post("/collections/items", { type: "resource", type_id: item.id, collection_id: [bad] });
      expect([answer.status, answer.body.message], JSON.stringify(bad)).toEqual([422, "collection_id must list ids."]);
    }
    expect(await stored()).toBe(0);
    // The digits alone, and the number, are still read.
    expect((await owner.post("/collections/items", { type: "resource", type_id: String(item.id), collection_id: [collection.id] })).status).toBe(200);
    expect(await stored()).toBe(1);
  });

  it("query numbers (page, limit, type_id) in another form are refused by name", async () => {
    for (const bad of ["0x2", "2e0", " 2 ", "+2", "true"]) {
      const page = await owner.get(`/collections/autocomplete/find?page=${encodeURIComponent(bad)}`);
      expect([page.status, page.body.message], bad).toEqual([422, "page must be a number."]);
      const typeId = await owner.get(`/collections/autocomplete/find?type=resource&type_id=${encodeURIComponent(bad)}`);
      expect([typeId.status, typeId.body.message], bad).toEqual([422, "type_id must be an id."]);
    }
    expect((await owner.get("/collections/autocomplete/find?page=1&limit=5")).status).toBe(200);
  });
});
