import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildAttribute, buildCollection, buildContent, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

type Card = { title: string; common: { grade_bands?: string[] } };
const bandsIn = (cards: Card[]) => Object.fromEntries(cards.map((c) => [c.title, c.common.grade_bands]));

// A card's common.grade_bands (second document, "Search result item"): the item's grades folded into their bands,
// on every call that answers cards, on the in-memory index and on the SQL path, and current after a grade change.
describe.each(["memory", "sql"] as const)("search cards' grade bands (%s search)", (searchIndex) => {
  const { server } = useTestServer({ env: { SEARCH_INDEX: searchIndex, SEARCH_CACHE: "1" } });
  let owner: TestUser;
  let kinder: number, grade2: number, grade4: number, grade10: number, middle: number, grade7: number;
  let oneBand: Content, twoBands: Content, nested: Content;

  beforeAll(async () => {
    owner = await buildUser(server.db);
    kinder = await buildAttribute(server.db, "grades", "Kindergarten");
    grade2 = await buildAttribute(server.db, "grades", "Grade 2");
    grade4 = await buildAttribute(server.db, "grades", "Grade 4");
    grade10 = await buildAttribute(server.db, "grades", "Grade 10");
    // A nested grade tree: the folder is the band.
    middle = await buildAttribute(server.db, "grades", "Middle School");
    grade7 = await buildAttribute(server.db, "grades", "Grade 7", middle);
    const subject = await buildAttribute(server.db, "subjects", "Oceanography");
    oneBand = await buildContent(server.db, { ownerId: owner.id, title: "Quokka Counting Cards", attributeIds: [kinder, grade2, subject] });
    twoBands = await buildContent(server.db, { ownerId: owner.id, title: "Quokka Habitat Survey", attributeIds: [grade10, grade4] });
    nested = await buildContent(server.db, { ownerId: owner.id, title: "Quokka Middle Years", attributeIds: [grade7] });
    await buildContent(server.db, { ownerId: owner.id, title: "Quokka Without Grades", attributeIds: [subject] });
  });

  const expected = {
    "Quokka Counting Cards": ["K–2"],
    "Quokka Habitat Survey": ["3–5", "9–12"],
    "Quokka Middle Years": ["Middle School"],
    "Quokka Without Grades": [],
  };

  it("answers them on the screen's search, to guests (twice: the cached body) and members, and on POST /search", async () => {
    const guest = new TestClient(server.url);
    for (let i = 0; i < 2; i++) expect(bandsIn((await guest.get("/api/search?query=quokka")).body.data)).toEqual(expected);
    const member = await signedInClient(server, owner);
    expect(bandsIn((await member.get("/api/search?query=quokka")).body.data)).toEqual(expected);
    const legacy = await member.post("/search", { st: "quokka" });
    expect(legacy.status).toBe(200);
    expect(bandsIn(legacy.body.arrObjResponse.data)).toEqual(expected);
  });

  it("answers them on a collection's cards", async () => {
    const collection = await buildCollection(server.db, { ownerId: owner.id, title: "Quokka Shelf" }, [twoBands, nested]);
    const member = await signedInClient(server, owner);
    const res = await member.get(`/api/collections/${collection.uid}/items`);
    expect(res.status).toBe(200);
    expect(bandsIn(res.body.data)).toEqual({ "Quokka Habitat Survey": ["3–5", "9–12"], "Quokka Middle Years": ["Middle School"] });
  });

  it("shows an item's new grades in a cached answer once they are saved", async () => {
    const guest = new TestClient(server.url);
    const bandsOf = async () => bandsIn((await guest.get("/api/search?query=quokka+counting")).body.data)["Quokka Counting Cards"];
    expect(await bandsOf()).toEqual(["K–2"]);
    expect(await bandsOf()).toEqual(["K–2"]);
    const editor = await signedInClient(server, owner);
    const saved = await editor.post(`/resources/${oneBand.uid}/tags`, { attribute_ids: [kinder, grade7], keywords: [] });
    expect(saved.status).toBe(200);
    expect(await bandsOf()).toEqual(["K–2", "Middle School"]);
    const cleared = await editor.post(`/resources/${oneBand.uid}/tags`, { attribute_ids: [], keywords: [] });
    expect(cleared.status).toBe(200);
    expect(await bandsOf()).toEqual([]);
  });
});
