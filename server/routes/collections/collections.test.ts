import { beforeAll, describe, expect, it } from "vitest";
import { COLLECTION_MESSAGES, MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { buildCollection, buildContent, buildGroup, buildUser } from "../../test/factories.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";
import { useCast, useTestServer } from "../../test/useServer.js";

type User = Awaited<ReturnType<typeof buildUser>>;

/** Collecting as each role of the spec: guest, member, owner, group leader and member, moderator, admin. */
describe("collections: adding items", () => {
  const { server } = useTestServer();
  let owner: User, member: User, leader: User, groupMember: User, moderator: User, admin: User;
  let mine: Content, groupCollection: Content, item: Content, hidden: Content, announcement: Content;

  beforeAll(async () => {
    const db = server.db;
    [owner, member, leader, groupMember, moderator, admin] = await Promise.all([
      buildUser(db),
      buildUser(db),
      buildUser(db),
      buildUser(db),
      buildUser(db, { moderator: true }),
      buildUser(db, { admin: true }),
    ]);
    const group = await buildGroup(db, leader, [groupMember]);
    mine = await buildContent(db, { ownerId: owner.id, modelKey: "collection", title: "Science Week" });
    // Edited by the group: its leader may add to it, its members only read it.
    groupCollection = await buildContent(db, { ownerId: member.id, modelKey: "collection", title: "Team Picks", visibility: "restricted", grantGroups: [group.id] });
    await db.insertInto("content_grants").values({ content_id: groupCollection.id, scope: "group", profile_id: group.id, permission: "edit" }).execute();
    item = await buildContent(db, { ownerId: member.id, title: "Volcano Model" });
    hidden = await buildContent(db, { ownerId: member.id, title: "Hidden Draft", visibility: "restricted" });
    announcement = await buildContent(db, { ownerId: admin.id, modelKey: "cms_page", subType: "announcement", title: "Site News" });
  });

  const signedIn = async (user: User) => {
    const c = server.client();
    await c.signIn(user.username!, user.password);
    return c;
  };
  const add = (c: ReturnType<TestServer["client"]>, content: Content, collections: number[]) => c.post("/collections/items", { type: content.model_key, type_id: content.id, collection_id: collections });
  const itemsOf = async (collection: Content, c = server.client()) => (await c.get(`/api/collections/${collection.uid}/items`)).body;

  it("refuses guests with 401, and others' collections with 403", async () => {
    const guest = await add(server.client(), item, [mine.id]);
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    // A guest's bad input is still "sign in" (authenticate() runs before validation), on both collecting calls.
    const badAdd = await server.client().post("/collections/items", { type: "widget" });
    expect([badAdd.status, badAdd.body]).toEqual([401, { message: MESSAGES.signInRequired }]);
    const badFind = await server.client().get("/collections/autocomplete/find?page=abc");
    expect([badFind.status, badFind.body]).toEqual([401, { message: MESSAGES.signInRequired }]);
    for (const user of [member, groupMember]) {
      const res = await add(await signedIn(user), item, [mine.id]);
      expect([res.status, res.body.message]).toEqual([403, COLLECTION_MESSAGES.notYours]);
    }
    const groupMembers = await add(await signedIn(groupMember), item, [groupCollection.id]);
    expect(groupMembers.status).toBe(403);
    expect((await itemsOf(mine)).total).toBe(0);
  });

  it("lets the owner add an item once, in the order added, and the collection shows it", async () => {
    const c = await signedIn(owner);
    const first = await add(c, item, [mine.id]);
    expect(first.body).toEqual({ status: "success", message: "Added to Science Week." });
    // Again: nothing doubles.
    expect((await add(c, item, [mine.id])).status).toBe(200);
    const other = await buildContent(server.db, { ownerId: member.id, modelKey: "lesson_plan", title: "Lava Lesson" });
    await add(c, other, [mine.id]);
    const listed = await itemsOf(mine);
    expect(listed.data.map((card: { title: string }) => card.title)).toEqual(["Volcano Model", "Lava Lesson"]);
    expect(listed.data[0]).toMatchObject({ model_key: "resource", link: expect.stringMatching(/^\/resources\//) });
  });

  it("lets a group's leader (an edit grant through the group), a moderator and an admin add", async () => {
    const res = await add(await signedIn(leader), item, [groupCollection.id]);
    expect([res.status, res.body.message]).toEqual([200, "Added to Team Picks."]);
    // A moderator edits any collection it may see; the group's restricted one it may not see at all.
    const modPick = await buildContent(server.db, { ownerId: member.id, title: "Moderator Pick" });
    expect((await add(await signedIn(moderator), modPick, [mine.id])).body.message).toBe("Added to Science Week.");
    expect((await add(await signedIn(moderator), modPick, [groupCollection.id])).status).toBe(404);
    const adminPick = await buildContent(server.db, { ownerId: member.id, title: "Admin Pick" });
    expect((await add(await signedIn(admin), adminPick, [mine.id, groupCollection.id])).body.message).toBe("Added to 2 collections.");
    // The group's member reads the group's collection; a guest may not see it at all.
    expect((await itemsOf(groupCollection, await signedIn(groupMember))).data.map((card: { title: string }) => card.title)).toEqual(["Volcano Model", "Admin Pick"]);
    expect((await server.client().get(`/api/collections/${groupCollection.uid}/items`)).status).toBe(401);
  });

  it("answers bad requests with the reason: unseen items, unknown collections, uncollectible types, itself, nothing chosen", async () => {
    const c = await signedIn(owner);
    // One at a time: the client fetches its CSRF token on its first write.
    const cases: [() => Promise<{ status: number; body: { message: string } }>, number, string][] = [
      [() => add(c, hidden, [mine.id]), 404, MESSAGES.notFound],
      // Unknown, not a collection, or one the owner may not see: one answer, so ids tell nothing.
      [() => add(c, item, [999999]), 404, MESSAGES.notFound],
      [() => add(c, item, [item.id]), 404, MESSAGES.notFound],
      // Beyond the databases' integers (PostgreSQL refused to compare them: a 500).
      [() => add(c, item, [9999999999]), 404, MESSAGES.notFound],
      [() => c.post("/collections/items", { type: "resource", type_id: "9999999999", collection_id: [mine.id] }), 404, MESSAGES.notFound],
      [() => c.get("/collections/autocomplete/find?type=resource&type_id=9999999999"), 404, MESSAGES.notFound],
      [() => add(c, item, [groupCollection.id]), 404, MESSAGES.notFound],
      [() => add(c, announcement, [mine.id]), 422, COLLECTION_MESSAGES.notCollectible],
      [() => add(c, mine, [mine.id]), 422, COLLECTION_MESSAGES.notItself],
      [() => add(c, item, []), 422, COLLECTION_MESSAGES.chooseOne],
      [() => c.post("/collections/items", { type: "resource", type_id: item.id }), 422, COLLECTION_MESSAGES.chooseOne],
      [() => c.post("/collections/items", { type: "spaceship", type_id: item.id, collection_id: [mine.id] }), 422, expect.stringContaining("type must be one of") as unknown as string],
    ];
    for (const [send, status, message] of cases) {
      const res = await send();
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
  });

  it("lists the collections a profile may add to (GET /collections/autocomplete/find), with those holding the item marked, by title and page", async () => {
    const c = await signedIn(owner);
    const find = async (client: ReturnType<TestServer["client"]>, query: string) => {
      const res = await client.get(`/collections/autocomplete/find?${query}`);
      expect(res.status, query).toBe(200);
      return res.body as { collections: { data: { id: number; title: string; contains: boolean; items_count: number; link: string }[]; total: number }; already_in_collections: number[] };
    };
    const titlesOf = async (client: ReturnType<TestServer["client"]>, query: string) => (await find(client, query)).collections.data.map((x) => x.title);
    const answer = await find(c, `type=resource&type_id=${item.id}`);
    expect(answer.collections.data.map((x) => [x.title, x.contains])).toEqual([["Science Week", true]]);
    expect(answer.collections.total).toBe(1);
    expect(answer.already_in_collections).toEqual([mine.id]);
    // Its items the owner may see.
    expect(answer.collections.data[0]!.items_count).toBe((await itemsOf(mine, c)).total);
    expect(answer.collections.data[0]!.link).toBe(`/collections/${mine.uid}`);
    const fresh = await buildContent(server.db, { ownerId: member.id, title: "Brand New Worksheet" });
    const forFresh = await find(c, `type=resource&type_id=${fresh.id}`);
    expect([forFresh.collections.data.map((x) => x.contains), forFresh.already_in_collections]).toEqual([[false], []]);
    // Without an item, just the collections; json and include_portfolio change nothing.
    expect(await find(c, "json=1&include_portfolio=1")).toEqual({ collections: { data: [{ ...answer.collections.data[0]!, contains: false }], total: 1 }, already_in_collections: [] });
    // The leader sees the group's collection; a title search narrows the list (percent signs are text).
    const leaders = await signedIn(leader);
    expect(await titlesOf(leaders, `type=resource&type_id=${item.id}&st=team`)).toEqual(["Team Picks"]);
    expect(await titlesOf(leaders, `type=resource&type_id=${item.id}&st=%25`)).toEqual([]);
    expect(await titlesOf(leaders, `type=resource&type_id=${item.id}&st=_`)).toEqual([]);
    // A group's member reads the group's collection but may not edit it; a read grant lists nothing either.
    const memberOfGroup = await signedIn(groupMember);
    expect(await titlesOf(memberOfGroup, `type=resource&type_id=${item.id}`)).toEqual([]);
    await buildContent(server.db, { ownerId: leader.id, modelKey: "collection", title: "Read Only Shelf", visibility: "restricted", grantProfiles: [groupMember.id] });
    expect(await titlesOf(memberOfGroup, `type=resource&type_id=${item.id}`)).toEqual([]);
    // An item the asker may not see: not found, as everywhere.
    expect((await memberOfGroup.get(`/collections/autocomplete/find?type=resource&type_id=${hidden.id}`)).status).toBe(404);
    // Titles match whatever their letters' case, accented ones included (SQLite's lower() knows only A to Z).
    await buildContent(server.db, { ownerId: owner.id, modelKey: "collection", title: "École Trip" });
    for (const st of ["école", "ÉCOLE", "trip"]) expect(await titlesOf(c, `type=resource&type_id=${item.id}&st=${encodeURIComponent(st)}`), st).toEqual(["École Trip"]);
    // Paged, most recently updated first; every page tells the total and all the collections holding the item.
    const page1 = await find(c, `type=resource&type_id=${item.id}&limit=1`);
    const page2 = await find(c, `type=resource&type_id=${item.id}&limit=1&page=2`);
    expect([page1.collections.data.map((x) => x.title), page2.collections.data.map((x) => x.title)]).toEqual([["École Trip"], ["Science Week"]]);
    expect([page1.collections.total, page1.already_in_collections, page2.already_in_collections]).toEqual([2, [mine.id], [mine.id]]);
    expect((await find(c, `type=resource&type_id=${item.id}&page=3&limit=1`)).collections).toEqual({ data: [], total: 2 });
    // Empty values mean the defaults.
    expect((await find(c, `type=resource&type_id=${item.id}&page=&limit=`)).collections.total).toBe(2);
    for (const [query, message] of [
      ["limit=101", "limit may be at most 100."],
      ["page=0", "page must be 1 or more."],
      [`type=resource`, "type and type_id go together."],
    ] as const) {
      const res = await c.get(`/collections/autocomplete/find?${query}`);
      expect([res.status, res.body.message], query).toEqual([422, message]);
    }
    expect((await server.client().get(`/collections/autocomplete/find?type=resource&type_id=${item.id}`)).status).toBe(401);
  });

  it("shows each asker only the collected items they may see", async () => {
    const c = await signedIn(owner);
    const secret = await buildContent(server.db, { ownerId: owner.id, title: "Owner Only Notes", visibility: "restricted" });
    await add(c, secret, [mine.id]);
    const titles = async (client: ReturnType<TestServer["client"]>) => ((await itemsOf(mine, client)).data as { title: string }[]).map((x) => x.title);
    expect(await titles(c)).toContain("Owner Only Notes");
    expect(await titles(server.client())).not.toContain("Owner Only Notes");
    expect(await titles(await signedIn(member))).not.toContain("Owner Only Notes");
    // An admin opens any item, so sees it in the collection too.
    expect(await titles(await signedIn(admin))).toContain("Owner Only Notes");
  });

  it("moves the update time of the collections it added to (only those), so the newest-updated search shows them first", async () => {
    const c = await signedIn(owner);
    const updatedAt = async (collection: Content) => (await server.db.selectFrom("content").select("updated_at").where("id", "=", collection.id).executeTakeFirstOrThrow()).updated_at;
    const later = await buildContent(server.db, { ownerId: owner.id, modelKey: "collection", title: "Later Shelf" });
    const newestTitle = async () => (await c.get("/api/search?types=collections&sort=-2")).body.data[0].title;
    expect(await newestTitle()).toBe("Later Shelf");
    const extra = await buildContent(server.db, { ownerId: member.id, title: "Another Find" });
    const [before, laterBefore] = [await updatedAt(mine), await updatedAt(later)];
    await add(c, extra, [mine.id]);
    expect((await updatedAt(mine)) > before).toBe(true);
    expect(await newestTitle()).toBe("Science Week");
    // Added to the later shelf only: the collection that held it already keeps its time.
    const mineAfter = await updatedAt(mine);
    await add(c, extra, [mine.id, later.id]);
    expect([(await updatedAt(mine)) === mineAfter, (await updatedAt(later)) > laterBefore]).toEqual([true, true]);
    expect(await newestTitle()).toBe("Later Shelf");
  });
});

describe("collections: removing items (the collection page's Remove)", () => {
  const { server, cast } = useCast();

  /** A collection of the owner's, edited by the cast's group too (its leader edits; its plain member only reads), holding one item. */
  async function shelf() {
    const item = await buildContent(server.db, { ownerId: cast.member.id, title: "Kelp Forest Poster" });
    const collection = await buildCollection(server.db, { ownerId: cast.owner.id, title: "Ocean Shelf" }, [item]);
    await server.db.insertInto("content_grants").values({ content_id: collection.id, scope: "group", profile_id: cast.group.id, permission: "edit" }).execute();
    return { item, collection };
  }
  const remove = (c: TestClient, collection: Content, itemId: number | string) => c.send("DELETE", `/api/collections/${collection.uid}/items/${itemId}`);

  it("lets those who may edit the collection remove an item (owner, group leader, moderator, admin), and nobody else", async () => {
    const statuses: Record<string, number> = {};
    for (const role of ["guest", "member", "groupie", "owner", "leader", "moderator", "admin"] as const) {
      const { item, collection } = await shelf();
      const res = await remove(cast.clients[role], collection, item.id);
      statuses[role] = res.status;
      const held = await server.db.selectFrom("collection_items").select("content_id").where("collection_id", "=", collection.id).execute();
      expect(held.length, role).toBe(res.status === 200 ? 0 : 1);
      if (res.status === 200) expect(res.body).toEqual({ status: "success", message: "Removed from Ocean Shelf." });
      if (res.status === 403) expect(res.body.message).toBe(COLLECTION_MESSAGES.notYoursToRemove);
    }
    expect(statuses).toEqual({ guest: 401, member: 403, groupie: 403, owner: 200, leader: 200, moderator: 200, admin: 200 });
  });

  it("gives a moderator who sees a restricted collection only through its link share reading, not removing", async () => {
    const item = await buildContent(server.db, { ownerId: cast.member.id, title: "Tide Pool Guide" });
    const collection = await buildCollection(server.db, { ownerId: cast.owner.id, title: "Private Shelf", visibility: "restricted" }, [item]);
    await server.db.insertInto("content_grants").values({ content_id: collection.id, scope: "link", profile_id: null, permission: "read" }).execute();
    // The link lets the moderator read the collection's items, as anyone holding it...
    expect((await cast.clients.moderator.get(`/api/collections/${collection.uid}/items`)).body.total).toBe(1);
    // ...and nothing more: a link share gives viewing, and a moderator edits only what it may view (canEditReached).
    const res = await remove(cast.clients.moderator, collection, item.id);
    expect([res.status, res.body.message]).toEqual([403, COLLECTION_MESSAGES.notYoursToRemove]);
    expect(await server.db.selectFrom("collection_items").select("content_id").where("collection_id", "=", collection.id).execute()).toHaveLength(1);
    // The owner and an admin, who view it without the link, still remove.
    expect((await remove(cast.clients.admin, collection, item.id)).status).toBe(200);
  });

  it("answers 404 for an item it does not hold, 422 for a bad id, and the collection's page no longer lists a removed item", async () => {
    const { item, collection } = await shelf();
    const owner = cast.clients.owner;
    const before = (await owner.get(`/api/collections/${collection.uid}/items`)).body;
    expect(before.total).toBe(1);
    expect((await remove(owner, collection, item.id)).status).toBe(200);
    const again = await remove(owner, collection, item.id);
    expect([again.status, again.body.message]).toEqual([404, COLLECTION_MESSAGES.notInCollection]);
    const bad = await remove(owner, collection, "first");
    expect([bad.status, bad.body.message]).toEqual([422, "itemId must be a whole number."]);
    expect((await owner.get(`/api/collections/${collection.uid}/items`)).body).toEqual({ data: [], total: 0 });
    // The item itself is untouched: only its place in the collection went.
    expect((await owner.get(`/api/content/resources/${item.uid}`)).status).toBe(200);
  });
});

describe("collections: the demo catalogue", () => {
  it("fills each demo collection with 3 to 8 of its items, listed on the collection's page", async () => {
    const server = await startTestServer({ seedDemo: true });
    try {
      const collections = await server.db.selectFrom("content").select(["id", "uid", "visibility"]).where("model_key", "=", "collection").execute();
      expect(collections.length).toBe(25);
      for (const c of collections) {
        const held = await server.db.selectFrom("collection_items").select("content_id").where("collection_id", "=", c.id).execute();
        expect(held.length).toBeGreaterThanOrEqual(3);
        expect(held.length).toBeLessThanOrEqual(8);
      }
      const open = collections.find((c) => c.visibility === "public")!;
      expect((await server.client().get(`/api/collections/${open.uid}/items`)).body.total).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
