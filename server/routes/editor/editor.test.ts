import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { writeSections } from "../../models/sections.js";
import { buildContent, buildSignedInClient, buildSignedInUser, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** A Lexical editor state with one paragraph of text (what the editor sends). */
const lexical = (text: string) => ({
  root: { type: "root", version: 1, direction: null, format: "", indent: 0, children: [{ type: "paragraph", version: 1, children: [{ type: "text", text, version: 1 }] }] },
});

describe("editing an item's body", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let ownerClient: TestClient;
  let otherClient: TestClient;
  let adminClient: TestClient;
  let plan: Content;
  let link: string;

  beforeAll(async () => {
    [owner, ownerClient] = await buildSignedInUser(server, { name: "Olive Owner" });
    otherClient = await buildSignedInClient(server);
    adminClient = await buildSignedInClient(server, { admin: true });
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tidal Forces Lesson", description: "Moon and sea" });
    link = `/lesson-plans/${plan.uid}`;
  });

  it("loads an item for viewing and editing, with the actor's abilities", async () => {
    const asOwner = await ownerClient.get(`/api/content${link}`);
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ id: plan.id, uid: plan.uid, model_key: "lesson_plan", type_name_singular: "Lesson Plan", title: "Tidal Forces Lesson", link, sections: [], abilities: { view: true, edit: true }, is_new: true });
    expect(asOwner.body.owner_data).toEqual({ profile_id: owner.id, name: "Olive Owner", link: `/profiles/${owner.uid}` });
    expect(asOwner.body.abilities).toEqual({ view: true, edit: true, copy: true, change_owner: true, take_ownership: false, manage_permissions: true, manage_endorsements: true, manage_badges: false, flag: true, favorite: true, delete: true });
    expect(asOwner.body.features).toEqual({ favorite: true, collectible: true, copy: true, feed: false });
    expect((await otherClient.get(`/api/content${link}`)).body.abilities).toEqual({ view: true, edit: false, copy: true, change_owner: false, take_ownership: false, manage_permissions: false, manage_endorsements: false, manage_badges: false, flag: true, favorite: true, delete: false });
    expect((await server.client().get(`/api/content${link}`)).body.abilities).toEqual({ view: true, edit: false, copy: false, change_owner: false, take_ownership: false, manage_permissions: false, manage_endorsements: false, manage_badges: false, flag: false, favorite: false, delete: false });
    expect((await adminClient.get(`/api/content${link}`)).body.abilities).toMatchObject({ edit: true, change_owner: true, take_ownership: true, manage_permissions: true, manage_endorsements: true, manage_badges: true });
  });

  it("says whether the actor favorited the item, so its page's favorite control starts right", async () => {
    const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "resource", title: "Favorite Flag Resource" });
    const path = `/api/content/resources/${item.uid}`;
    expect((await otherClient.get(path)).body.favorite).toBe(false);
    expect((await otherClient.post("/profile/favorite", { modelName: "resource", type: `resource:${item.id}`, value: true })).body).toEqual({ value: true });
    expect((await otherClient.get(path)).body.favorite).toBe(true);
    // Another profile's favorite is not the owner's, and a guest has none.
    expect((await ownerClient.get(path)).body.favorite).toBe(false);
    expect((await server.client().get(path)).body.favorite).toBe(false);
    expect((await otherClient.post("/profile/favorite", { modelName: "resource", type: `resource:${item.id}`, value: false })).body).toEqual({ value: false });
    expect((await otherClient.get(path)).body.favorite).toBe(false);
  });

  it("answers 404 for an unknown item or a link of the wrong type", async () => {
    expect((await ownerClient.get(`/api/content/lesson-plans/nope`)).status).toBe(404);
    const wrongType = await ownerClient.get(`/api/content/resources/${plan.uid}`);
    expect(wrongType.status).toBe(404);
    expect(wrongType.body).toEqual({ message: "Not found." });
    expect((await ownerClient.post(`/resources/${plan.uid}/update`, { title: "x" })).status).toBe(404);
  });

  it("keeps restricted items from guests (401) and members without a grant (404)", async () => {
    const secret = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", visibility: "restricted" });
    const path = `/api/content/outlines/${secret.uid}`;
    expect((await server.client().get(path)).status).toBe(401);
    expect((await otherClient.get(path)).status).toBe(404);
    expect((await ownerClient.get(path)).status).toBe(200);
    expect((await adminClient.get(path)).status).toBe(200);
    // Writes tell a member who may not see the item no more than reading does: 404, not 403 (which says it exists).
    for (const write of [`/outlines/${secret.uid}/update`, `/outlines/${secret.uid}/tags`, `/outlines/${secret.uid}/thumbnail`]) {
      const res = await otherClient.post(write, {});
      expect([write, res.status, res.body.message]).toEqual([write, 404, "Not found."]);
    }
    expect((await otherClient.post("/update-lock", { type: "outline", type_id: secret.id })).status).toBe(404);
  });

  it("saves title, description and sections for the owner, sanitized, and search sees the new title", async () => {
    const res = await ownerClient.post(`${link}/update`, {
      title: "  Tidal Forces and Gravity  ",
      description: "Why the sea rises",
      sections: [
        { title: "Warm-up", json: lexical("Hello"), html: `<p>Hello <script>alert(1)</script><a href="https://example.org">ref</a></p>` },
        { title: "Math", json: lexical("eq"), html: `<p><span class="math-equation" data-equation="F = G\\frac{m_1 m_2}{r^2}" data-size="1.5"></span></p>` },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "success", message: "Saved.", item: { title: "Tidal Forces and Gravity", description: "Why the sea rises", is_new: false } });
    const [warmUp, math] = res.body.item.sections;
    expect(warmUp).toMatchObject({ position: 0, title: "Warm-up", json: lexical("Hello"), html: '<p>Hello <a href="https://example.org" target="_blank" rel="noopener">ref</a></p>' });
    expect(math.html).toContain('data-size="1.5"');
    expect(math.html).toContain('class="katex"');

    const reloaded = await otherClient.get(`/api/content${link}`);
    expect(reloaded.body.sections.map((s: { title: string }) => s.title)).toEqual(["Warm-up", "Math"]);
    // Viewers read the sanitized HTML; the editor state is only for those who may edit.
    expect(reloaded.body.sections[0].json).toBeNull();
    expect(reloaded.body.sections[0].html).not.toContain("script");

    const found = await server.client().get("/api/search?query=tidal%20gravity");
    expect(found.body.data.map((d: { link: string }) => d.link)).toContain(link);
  });

  it("renames the group when its page is saved: its pickers, its items' owner name and search say the new name", async () => {
    const made = await ownerClient.post("/groups", { name: "Kelp Forest Circle", description: "We study kelp." });
    const groupId = made.body.objGroup.id as number;
    const groupLink = made.body.objGroup.link as string;
    const owned = await buildContent(server.db, { ownerId: groupId, title: "Kelp Holdfast Diagram" });
    // Search has seen the old name before the rename, so its caches hold it.
    expect((await ownerClient.get("/api/search?query=kelp%20holdfast")).body.data[0].owner_data.name).toBe("Kelp Forest Circle");

    const saved = await ownerClient.post(`${groupLink}/update`, { title: "Seagrass Meadow Circle", description: "We study seagrass.", sections: [] });
    expect(saved.status).toBe(200);
    expect(await server.db.selectFrom("profiles").select(["name", "description"]).where("id", "=", groupId).executeTakeFirstOrThrow()).toEqual({ name: "Seagrass Meadow Circle", description: "We study seagrass." });
    const picker = await ownerClient.get("/profile/autocomplete?st=circle&only-group=1");
    expect(picker.body.data.map((o: { name: string }) => o.name)).toEqual(["Seagrass Meadow Circle"]);
    expect((await ownerClient.get(`/api/content/resources/${owned.uid}`)).body.owner_data.name).toBe("Seagrass Meadow Circle");
    expect((await ownerClient.get("/api/search?query=kelp%20holdfast")).body.data[0].owner_data.name).toBe("Seagrass Meadow Circle");
  });

  it("keeps a group's About text and Name required when its page is saved (422 naming About and Name, the edit page's labels); a collection may have no description, and its title is a Title", async () => {
    const made = await ownerClient.post("/groups", { name: "Reef Survey Crew", description: "We survey reefs." });
    const emptied = await ownerClient.post(`${made.body.objGroup.link}/update`, { title: "Reef Survey Crew", description: "   ", sections: [] });
    expect([emptied.status, emptied.body.message, emptied.body.errors?.description]).toEqual([422, "About is required.", ["About is required."]]);
    // Its title is the group's name, labelled Name on the edit page: the messages say so.
    const nameless = await ownerClient.post(`${made.body.objGroup.link}/update`, { title: "  ", description: "We survey reefs.", sections: [] });
    expect([nameless.status, nameless.body.message, nameless.body.errors?.title]).toEqual([422, "Name is required.", ["Name is required."]]);
    const long = await ownerClient.post(`${made.body.objGroup.link}/update`, { title: "n".repeat(256), description: "We survey reefs.", sections: [] });
    expect(long.body.errors?.title).toEqual(["Name may be at most 255 characters."]);
    expect((await server.db.selectFrom("profiles").select("description").where("id", "=", made.body.objGroup.id).executeTakeFirstOrThrow()).description).toBe("We survey reefs.");
    const plain = await buildContent(server.db, { ownerId: owner.id, modelKey: "collection", title: "Reef Pictures", description: "Corals" });
    expect((await ownerClient.post(`/collections/${plain.uid}/update`, { title: "Reef Pictures", description: "", sections: [] })).status).toBe(200);
    expect((await ownerClient.post(`/collections/${plain.uid}/update`, { title: " ", sections: [] })).body.errors?.title).toEqual(["Title is required."]);
  });

  it("keeps a curriculum item's introduction required (422 'Introduction is required.' under it) and never empties it on a save that leaves it out", async () => {
    const types = [
      ["lesson_plan", "lesson-plans"],
      ["outline", "outlines"],
      ["project", "projects"],
      ["pathway", "pathways"],
    ] as const;
    for (const [modelKey, typePath] of types) {
      const item = await buildContent(server.db, { ownerId: owner.id, modelKey, title: `Reef ${modelKey}`, description: "Why corals bleach." });
      const update = `/${typePath}/${item.uid}/update`;
      const emptied = await ownerClient.post(update, { title: `Reef ${modelKey}`, description: "  ", sections: [] });
      expect([emptied.status, emptied.body.message, emptied.body.errors?.description], modelKey).toEqual([422, "Introduction is required.", ["Introduction is required."]]);
      const long = await ownerClient.post(update, { title: `Reef ${modelKey}`, description: "x".repeat(10001), sections: [] });
      expect(long.body.errors?.description, modelKey).toEqual(["Introduction may be at most 10000 characters."]);
      // A save of the body alone keeps the introduction.
      const bodyOnly = await ownerClient.post(update, { title: `Reef ${modelKey} Renamed`, sections: [{ title: "Look", html: "<p>White corals</p>" }] });
      expect([bodyOnly.status, bodyOnly.body.item?.title, bodyOnly.body.item?.description], modelKey).toEqual([200, `Reef ${modelKey} Renamed`, "Why corals bleach."]);
      const changed = await ownerClient.post(update, { title: `Reef ${modelKey}`, description: " Warm water bleaches corals. ", sections: [] });
      expect(changed.body.item?.description, modelKey).toBe("Warm water bleaches corals.");
      expect((await server.db.selectFrom("content").select("description").where("id", "=", item.id).executeTakeFirstOrThrow()).description).toBe("Warm water bleaches corals.");
    }
  });

  it("reorders and removes sections by sending the body in its new order", async () => {
    await ownerClient.post(`${link}/update`, { title: "Tidal", sections: [{ title: "A", html: "<p>a</p>" }, { title: "B", html: "<p>b</p>" }, { title: "C", html: "<p>c</p>" }] });
    const res = await ownerClient.post(`${link}/update`, { title: "Tidal", sections: [{ title: "C", html: "<p>c</p>" }, { title: "A", html: "<p>a</p>" }] });
    expect(res.body.item.sections.map((s: { title: string; position: number }) => [s.position, s.title])).toEqual([[0, "C"], [1, "A"]]);
    const rows = await server.db.selectFrom("content_sections").select("title").where("content_id", "=", plan.id).orderBy("position").execute();
    expect(rows.map((r) => r.title)).toEqual(["C", "A"]);
  });

  it("refuses other members (403), guests (401) and lets admins save", async () => {
    const forbidden = await otherClient.post(`${link}/update`, { title: "Hijacked" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ message: "You do not have permission to do that." });
    const guest = await server.client().post(`${link}/update`, { title: "Hijacked" });
    expect(guest.status).toBe(401);
    expect(guest.body).toEqual({ message: "You must be signed in to do that." });
    expect((await server.db.selectFrom("content").select("title").where("id", "=", plan.id).executeTakeFirstOrThrow()).title).not.toBe("Hijacked");

    const byAdmin = await adminClient.post(`${link}/update`, { title: "Tidal (reviewed)", sections: [] });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.item.title).toBe("Tidal (reviewed)");
  });

  it("answers bad input with 422 and the field's message", async () => {
    const noTitle = await ownerClient.post(`${link}/update`, { title: "  " });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.message).toBe("Title is required.");
    const badState = await ownerClient.post(`${link}/update`, { title: "T", sections: [{ title: "x", json: { notRoot: 1 }, html: "" }] });
    expect(badState.status).toBe(422);
    expect(badState.body.message).toBe("The section's editor state is not valid.");
    const tooMany = await ownerClient.post(`${link}/update`, { title: "T", sections: Array.from({ length: 101 }, () => ({ title: "s", html: "" })) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe("An item may have at most 100 sections.");
    const notJson = await ownerClient.request("POST", `${link}/update`, "{", { "x-csrf-token": await ownerClient.token() });
    expect(notJson.status).toBe(400);
  });

  it("writeSections stores a template's HTML-only sections, sanitized, in one call", async () => {
    const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "project" });
    const rows = await server.db.transaction().execute((trx) =>
      writeSections(trx, item.id, [
        { title: "Overview", html: `<h2 onmouseover="x()">Goal</h2><iframe src="https://evil.example/x"></iframe>` },
        { title: "Steps", html: "<ol><li>one</li></ol>" },
      ]),
    );
    expect(rows.map((r) => [r.position, r.title, r.body_json, r.body_html])).toEqual([
      [0, "Overview", null, "<h2>Goal</h2>"],
      [1, "Steps", null, "<ol><li>one</li></ol>"],
    ]);
    const view = await ownerClient.get(`/api/content/projects/${item.uid}`);
    expect(view.body.sections.map((s: { json: unknown; html: string }) => [s.json, s.html])).toEqual([[null, "<h2>Goal</h2>"], [null, "<ol><li>one</li></ol>"]]);
  });
});
