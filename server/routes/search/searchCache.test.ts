import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../boot.js";
import type { Profile } from "../../db/schema.js";
import { recordContentChange } from "../../commands/createContent.js";
import { recordSearchSettingsChange } from "../../search/catalogueIndex.js";
import { buildAttribute, buildContent, buildUser } from "../../test/factories.js";
import { TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

type User = Profile & { password: string };

// The caches of search (settings, labels, names, rows, answers, guests' bodies) against writes made through
// another instance, and against actors who must not see each other's view. Both instances cache results.
describe("search caches", () => {
  const { server } = useTestServer({ env: { SEARCH_CACHE: "1" } });
  let other: RunningServer;
  let owner: User, member: User, stranger: User;
  let grade: number;
  const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();
  const signedIn = async (base: string, user: User) => {
    const c = new TestClient(base);
    await c.signIn(user.username!, user.password);
    return c;
  };

  beforeAll(async () => {
    other = await server.startInstance();
    [owner, member, stranger] = await Promise.all([buildUser(server.db, { name: "Cache Owner" }), buildUser(server.db), buildUser(server.db)]);
    grade = await buildAttribute(server.db, "grades", "Grade 4");
    await buildContent(server.db, { ownerId: owner.id, title: "Narwhal Field Guide", attributeIds: [grade] });
    await buildContent(server.db, { ownerId: owner.id, title: "Narwhal Members Notes", visibility: "authed" });
    await buildContent(server.db, { ownerId: owner.id, title: "Narwhal Private Draft", visibility: "restricted", grantProfiles: [member.id] });
  });

  it("sees a write made through another instance at once, though the same search was cached", async () => {
    const here = new TestClient(server.url);
    const there = new TestClient(other.url);
    for (const c of [here, there]) for (let i = 0; i < 2; i++) expect((await c.get("/api/search?query=narwhal")).body.total).toBe(1);
    await buildContent(other.db, { ownerId: owner.id, title: "Narwhal Tusk Diagram", attributeIds: [grade] });
    for (const c of [here, there]) {
      const res = await c.get("/api/search?query=narwhal");
      expect(titles(res.body)).toEqual(["Narwhal Field Guide", "Narwhal Tusk Diagram"]);
      expect(res.body.facets.attributes.grades.find((g: { id: number }) => g.id === grade).count).toBe(2);
    }
  });

  it("sees changed settings (an attribute's label, a profile's name) logged by another instance at once", async () => {
    const here = new TestClient(server.url);
    const label = async () => (await here.get("/api/search?query=narwhal")).body.facets.attributes.grades.find((g: { id: number }) => g.id === grade).label;
    const ownerFacet = async () => (await here.get("/api/search?query=narwhal")).body.facets.owners.find((o: { profile_id: number }) => o.profile_id === owner.id).name;
    expect(await label()).toBe("Grade 4");
    expect(await ownerFacet()).toBe("Cache Owner");
    await other.db.updateTable("attribute_items").set({ name: "Fourth Grade" }).where("id", "=", grade).execute();
    await other.db.updateTable("profiles").set({ name: "Renamed Owner" }).where("id", "=", owner.id).execute();
    await recordSearchSettingsChange(other.db);
    expect(await label()).toBe("Fourth Grade");
    expect(await ownerFacet()).toBe("Renamed Owner");
    expect((await here.get("/api/search?query=narwhal")).body.data[0].owner_data.name).toBe("Renamed Owner");
  });

  it("shows an item's cards as changed through another instance at once, for guests and members (card rows are kept per item version)", async () => {
    const guest = new TestClient(server.url);
    const signed = await signedIn(server.url, member);
    const cardOf = async (c: TestClient, query: string) => (await c.get(`/api/search?query=${query}`)).body.data.find((d: { title: string }) => d.title.startsWith("Narwhal Field"));
    for (const c of [guest, signed]) expect((await cardOf(c, "narwhal")).description).not.toContain("Second edition");
    const item = await other.db.selectFrom("content").select(["id", "description"]).where("title", "=", "Narwhal Field Guide").executeTakeFirstOrThrow();
    await other.db.updateTable("content").set({ title: "Narwhal Field Guide Revised", description: "Second edition with maps." }).where("id", "=", item.id).execute();
    await recordContentChange(other.db, item.id);
    // The same search (its answer cached before), and another one that shows the same item.
    for (const c of [guest, signed]) {
      for (const query of ["narwhal", "narwhal%20field"]) {
        const card = await cardOf(c, query);
        expect(card.title).toBe("Narwhal Field Guide Revised");
        expect(card.description).toBe("Second edition with maps.");
      }
    }
    await other.db.updateTable("content").set({ title: "Narwhal Field Guide", description: item.description }).where("id", "=", item.id).execute();
    await recordContentChange(other.db, item.id);
    expect((await cardOf(guest, "narwhal")).title).toBe("Narwhal Field Guide");
  });

  it("shows a group card's join mode as its leaders change it, here and on another instance, though the card was cached", async () => {
    const asOwner = await signedIn(server.url, owner);
    const made = await asOwner.post("/groups", { name: "Walrus Watchers", description: "We watch walruses.", join_permission: 5 });
    expect(made.status).toBe(200);
    const page = await server.db.selectFrom("content").select("id").where("title", "=", "Walrus Watchers").executeTakeFirstOrThrow();
    const guests = [new TestClient(server.url), new TestClient(other.url)];
    const modes = async () => Promise.all(guests.map(async (c) => (await c.get("/api/search?f[t][]=groups&query=walrus")).body.data.map((card: { join_mode?: string }) => card.join_mode)));
    // Shown twice, so each instance keeps the card's row (rows are kept from an item's second showing).
    expect(await modes()).toEqual([["request"], ["request"]]);
    expect(await modes()).toEqual([["request"], ["request"]]);
    const choose = async (join_permission: number, can_request_join: boolean) => expect((await asOwner.send("PUT", `/groups/${page.id}/join-permission`, { join_permission, can_request_join })).status).toBe(200);
    await choose(6, false);
    expect(await modes()).toEqual([["anyone"], ["anyone"]]);
    await choose(4, false);
    expect(await modes()).toEqual([["invitation"], ["invitation"]]);
    // "Invitation only" that also takes requests is joined by asking.
    await choose(4, true);
    expect(await modes()).toEqual([["request"], ["request"]]);
  });

  it("never answers one actor with another's view of the same cached search", async () => {
    const guest = new TestClient(server.url);
    const asMember = await signedIn(server.url, member);
    const asStranger = await signedIn(server.url, stranger);
    const asOwner = await signedIn(server.url, owner);
    // Each asks twice, in turns, so every answer after the first comes from a cache.
    for (let round = 0; round < 2; round++) {
      expect(titles((await guest.get("/api/search?query=narwhal")).body)).toEqual(["Narwhal Field Guide", "Narwhal Tusk Diagram"]);
      expect(titles((await asMember.get("/api/search?query=narwhal")).body)).toEqual(["Narwhal Field Guide", "Narwhal Members Notes", "Narwhal Private Draft", "Narwhal Tusk Diagram"]);
      expect(titles((await asStranger.get("/api/search?query=narwhal")).body)).toEqual(["Narwhal Field Guide", "Narwhal Members Notes", "Narwhal Tusk Diagram"]);
      expect((await guest.get("/api/search?query=narwhal")).body.facets.types.all).toBe(2);
    }
    // Cards carry the asker's abilities and ownership, never those of whoever filled the cache.
    const ownersCard = (await asOwner.get("/api/search?query=narwhal&s=1")).body.data[0];
    expect(ownersCard).toMatchObject({ is_owner: true, abilities: { edit: true, favorite: true } });
    const guestsCard = (await guest.get("/api/search?query=narwhal&s=1")).body.data[0];
    expect(guestsCard).toMatchObject({ is_owner: false, favorite: false, abilities: { edit: false, favorite: false } });
  });

  it("shows each member their own favorites on a cached answer, at once after they change", async () => {
    const asMember = await signedIn(server.url, member);
    const asStranger = await signedIn(other.url, stranger);
    const favorite = (body: { data: { title: string; favorite: boolean }[] }) => body.data.find((d) => d.title === "Narwhal Field Guide")!.favorite;
    const guide = (await asMember.get("/api/search?query=narwhal")).body.data.find((d: { title: string }) => d.title === "Narwhal Field Guide");
    expect(guide.favorite).toBe(false);
    await asMember.post("/profile/favorite", { modelName: "resource", type: `resource:${guide.id}`, value: true });
    expect(favorite((await asMember.get("/api/search?query=narwhal")).body)).toBe(true);
    expect(favorite((await asMember.at(other.url).get("/api/search?query=narwhal")).body)).toBe(true);
    expect(favorite((await asStranger.get("/api/search?query=narwhal")).body)).toBe(false);
    expect(favorite((await new TestClient(server.url).get("/api/search?query=narwhal")).body)).toBe(false);
    expect(titles((await asMember.get("/api/search?other=favorites")).body)).toEqual(["Narwhal Field Guide"]);
  });

  it("still checks who may ask for a search whose answer is cached", async () => {
    const admin = await buildUser(server.db, { admin: true });
    const asAdmin = await signedIn(server.url, admin);
    expect((await asAdmin.get("/api/search?query=narwhal&ignore_permissions=1")).status).toBe(200);
    const asMember = await signedIn(server.url, member);
    expect((await asMember.get("/api/search?query=narwhal&ignore_permissions=1")).status).toBe(403);
    expect((await new TestClient(server.url).get("/api/search?query=narwhal&ignore_permissions=1")).status).toBe(401);
  });

  it("answers a guest's repeated search with the same body and ETag, and 304 when it is unchanged", async () => {
    const guest = new TestClient(server.url);
    const first = await guest.get("/api/search?query=narwhal");
    const second = await guest.get("/api/search?query=narwhal");
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const etag = second.headers.get("etag");
    expect(etag).toBe(first.headers.get("etag"));
    // node:http, since fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number>((resolve, reject) =>
      http.get(`${server.url}/api/search?query=narwhal`, { headers: { "if-none-match": etag! } }, (res) => resolve(res.resume().statusCode!)).on("error", reject),
    );
    expect(status).toBe(304);
  });
});
