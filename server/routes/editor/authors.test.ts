import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("a resource's authors (saved with its tags, shown on its page)", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let ownerClient: TestClient;
  let otherClient: TestClient;
  let resource: Content;
  let link: string;

  const stored = async (id: number) => JSON.parse((await server.db.selectFrom("content").select("extra_data").where("id", "=", id).executeTakeFirstOrThrow()).extra_data ?? "null") as Record<string, unknown> | null;

  beforeAll(async () => {
    owner = await buildUser(server.db);
    otherClient = await signedInClient(server, await buildUser(server.db));
    ownerClient = await signedInClient(server, owner);
    resource = await buildContent(server.db, { ownerId: owner.id, title: "Tidepool Field Guide", tags: ["tidepools"] });
    link = `/resources/${resource.uid}`;
    // As an import leaves it: keywords (and another key) in extra_data beside the authors.
    await server.db
      .updateTable("content")
      .set({ extra_data: JSON.stringify({ keywords: ["tidepools"], code: "TP-1", authors_list: [{ name: "Imported Person", url: "" }], authors: "Imported Person" }) })
      .where("id", "=", resource.id)
      .execute();
  });

  it("shows stored authors in the item's answer and the tags editor's, with the owner's profile page", async () => {
    const page = (await server.client().get(`/api/content${link}`)).body;
    expect(page.extra_data).toEqual({ authors_list: [{ name: "Imported Person", url: "" }], authors: "Imported Person", author_url: "", original_author: "" });
    expect(page.owner_data).toEqual({ profile_id: owner.id, name: owner.name, link: `/profiles/${owner.uid}` });
    const tags = (await ownerClient.get(`/api/content${link}/tags`)).body;
    expect([tags.authors_enabled, tags.authors_list, tags.original_author]).toEqual([true, [{ name: "Imported Person", url: "" }], ""]);
  });

  it("lets the owner save authors and an original author with the tags; other extra data and the keywords stay, and search finds the names", async () => {
    const authors = [
      { name: "  Marina Okafor ", url: " https://example.org/marina " },
      { name: "Tomas Reyes", url: "" },
    ];
    const res = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["tidepools", "rocky shore"], authors_list: authors, original_author: " Coastal Trust " });
    expect(res.status).toBe(200);
    expect(res.body.tags).toMatchObject({ keywords: ["rocky shore", "tidepools"], authors_list: [{ name: "Marina Okafor", url: "https://example.org/marina" }, { name: "Tomas Reyes", url: "" }], original_author: "Coastal Trust" });
    expect(await stored(resource.id)).toEqual({
      keywords: ["tidepools"],
      code: "TP-1",
      authors_list: [{ name: "Marina Okafor", url: "https://example.org/marina" }, { name: "Tomas Reyes", url: "" }],
      authors: "Marina Okafor, Tomas Reyes",
      author_url: "https://example.org/marina",
      original_author: "Coastal Trust",
    });
    const page = (await server.client().get(`/api/content${link}`)).body;
    expect(page.extra_data).toEqual({ authors_list: res.body.tags.authors_list, authors: "Marina Okafor, Tomas Reyes", author_url: "https://example.org/marina", original_author: "Coastal Trust" });
    expect(page.tags.keywords).toEqual(["rocky shore", "tidepools"]);
    const byAuthor = await server.client().get("/api/search?st=okafor");
    expect(byAuthor.body.data.map((d: { link: string }) => d.link)).toEqual([link]);
  });

  it("keeps the authors when a save leaves them out, and removes them with []", async () => {
    const kept = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["tidepools"] });
    expect(kept.status).toBe(200);
    expect(kept.body.tags.authors_list.map((a: { name: string }) => a.name)).toEqual(["Marina Okafor", "Tomas Reyes"]);
    const cleared = await ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["tidepools"], authors_list: [], original_author: "" });
    expect([cleared.status, cleared.body.tags.authors_list, cleared.body.tags.original_author]).toEqual([200, [], ""]);
    expect(await stored(resource.id)).toEqual({ keywords: ["tidepools"], code: "TP-1" });
    expect((await server.client().get("/api/search?st=okafor")).body.data).toEqual([]);
  });

  it("refuses bad authors with a 422 naming the field, before anything is written", async () => {
    const before = await stored(resource.id);
    const send = (body: object) => ownerClient.post(`${link}/tags`, { attribute_ids: [], keywords: ["tidepools"], ...body });
    const badUrl = await send({ authors_list: [{ name: "Ok", url: "https://example.org" }, { name: "Bad", url: "example.org/no-scheme" }] });
    expect([badUrl.status, badUrl.body]).toEqual([422, { message: "Please check that your URL is correct", errors: { "authors_list.1.url": ["Please check that your URL is correct"] } }]);
    const script = await send({ authors_list: [{ name: "Sly", url: "javascript:alert(1)" }] });
    expect(script.body.errors).toEqual({ "authors_list.0.url": ["Please check that your URL is correct"] });
    const nameless = await send({ authors_list: [{ name: "   ", url: "https://example.org" }] });
    expect([nameless.status, nameless.body.errors]).toEqual([422, { "authors_list.0.name": ["Please give the author's name."] }]);
    const long = await send({ authors_list: [{ name: "x".repeat(256) }] });
    expect(long.body.errors).toEqual({ "authors_list.0.name": ["An author's name may be at most 255 characters."] });
    const many = await send({ authors_list: Array.from({ length: 21 }, (_, i) => ({ name: `Author ${i}` })) });
    expect([many.status, many.body.message]).toEqual([422, "An item may have at most 20 authors."]);
    const original = await send({ original_author: "y".repeat(256) });
    expect(original.body.errors).toEqual({ original_author: ["The original author may be at most 255 characters."] });
    expect(await stored(resource.id)).toEqual(before);
  });

  it("is authorized by the item's edit policy: guests 401, other members 403, and only resources take authors", async () => {
    const body = { attribute_ids: [], keywords: [], authors_list: [{ name: "Intruder" }] };
    expect((await server.client().post(`${link}/tags`, body)).status).toBe(401);
    const forbidden = await otherClient.post(`${link}/tags`, body);
    expect([forbidden.status, typeof forbidden.body.message]).toEqual([403, "string"]);
    const plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tidepool Lesson" });
    const notTaken = await ownerClient.post(`/lesson-plans/${plan.uid}/tags`, body);
    expect([notTaken.status, notTaken.body]).toEqual([422, { message: "Only resources have authors.", errors: { authors_list: ["Only resources have authors."] } }]);
    expect((await ownerClient.get(`/api/content/lesson-plans/${plan.uid}/tags`)).body.authors_enabled).toBe(false);
    expect(JSON.stringify(await stored(resource.id))).not.toContain("Intruder");
  });
});
