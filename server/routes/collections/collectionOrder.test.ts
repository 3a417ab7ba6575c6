import { describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, statusesByRole, type RoleCast } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/** Reordering a collection's items: PUT /api/collections/{uid}/items/{itemId}/position, by role. */
describe("PUT /api/collections/{uid}/items/{itemId}/position", () => {
  const { server, cast } = useCast();
  const fits = apiReferenceCheck();

  const titlesOf = async (who: TestClient, collection: Content) => ((await who.get(`/api/collections/${collection.uid}/items`)).body.data as { title: string }[]).map((i) => i.title);
  const move = (who: TestClient, collection: Content, item: Content, direction: string) => who.send("PUT", `/api/collections/${collection.uid}/items/${item.id}/position`, { direction });
  const add = async (collection: Content, item: Content) => expect((await cast.clients.owner.post("/collections/items", { type: item.model_key, type_id: item.id, collection_id: [collection.id] })).status).toBe(200);

  async function collectionOf(titles: string[], extra: { visibility?: "restricted" } = {}) {
    const collection = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "collection", title: `Order ${titles.join(" ")}` });
    const items: Content[] = [];
    for (const title of titles) {
      const item = await buildContent(server.db, { ownerId: cast.owner.id, title, ...extra });
      await add(collection, item);
      items.push(item);
    }
    return { collection, items };
  }

  it("lets the collection's owner and an admin move an item up or down; the new order is everyone's, and an item added later goes last", async () => {
    const { collection, items } = await collectionOf(["Anchor", "Buoy", "Coral"]);
    const [anchor, buoy, coral] = items as [Content, Content, Content];
    const res = await move(cast.clients.owner, collection, coral, "up");
    expect(res.status).toBe(200);
    fits("put", "/api/collections/{uid}/items/{itemId}/position", res);
    expect(res.body).toEqual({ status: "success", message: "Moved Coral up." });
    expect(await titlesOf(cast.clients.member, collection)).toEqual(["Anchor", "Coral", "Buoy"]);
    expect((await move(cast.clients.admin, collection, anchor, "down")).body.message).toBe("Moved Anchor down.");
    expect(await titlesOf(cast.clients.guest, collection)).toEqual(["Coral", "Anchor", "Buoy"]);

    const dune = await buildContent(server.db, { ownerId: cast.owner.id, title: "Dune" });
    await add(collection, dune);
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Coral", "Anchor", "Buoy", "Dune"]);
    expect(buoy.id).toBeGreaterThan(0);
  });

  it("refuses guests (401) and those who may not edit the collection (403), and leaves the order alone; moderators edit any collection", async () => {
    const { collection, items } = await collectionOf(["Kelp", "Lagoon"]);
    const others = { ...cast.clients } as Partial<RoleCast["clients"]>;
    delete others.owner;
    delete others.admin;
    delete others.moderator;
    const statuses = await statusesByRole(others as RoleCast["clients"], (c) => move(c, collection, items[1]!, "up"));
    expect(statuses).toEqual({ guest: 401, member: 403, groupie: 403, leader: 403 });
    expect((await move(cast.clients.member, collection, items[1]!, "up")).body.message).toBe("You can only reorder the items of collections you can edit.");
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Kelp", "Lagoon"]);
    expect((await move(cast.clients.moderator, collection, items[1]!, "up")).status).toBe(200);
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Lagoon", "Kelp"]);
  });

  it("answers 422 for a bad direction or an item at the end already, and 404 for an item the collection does not hold", async () => {
    const { collection, items } = await collectionOf(["Reef", "Shoal"]);
    const bad = await move(cast.clients.owner, collection, items[0]!, "sideways");
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("direction must be up or down.");
    const first = await move(cast.clients.owner, collection, items[0]!, "up");
    expect([first.status, first.body.message]).toEqual([422, "That item is first already."]);
    const last = await move(cast.clients.owner, collection, items[1]!, "down");
    expect([last.status, last.body.message]).toEqual([422, "That item is last already."]);
    const stranger = await buildContent(server.db, { ownerId: cast.owner.id, title: "Stranger" });
    expect((await move(cast.clients.owner, collection, stranger, "up")).status).toBe(404);
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Reef", "Shoal"]);
  });

  it("moves past items the editor sees, keeping those others may not open in their places", async () => {
    const { collection, items } = await collectionOf(["Tide"]);
    const hidden = await buildContent(server.db, { ownerId: cast.member.id, title: "Hidden", visibility: "restricted" });
    await server.db.insertInto("collection_items").values({ collection_id: collection.id, content_id: hidden.id, added_by: cast.member.id, added_at: new Date().toISOString(), position: 1 }).execute();
    const wave = await buildContent(server.db, { ownerId: cast.owner.id, title: "Wave" });
    await add(collection, wave);
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Tide", "Wave"]);
    // Wave is next to Tide in the owner's list: one move puts it first.
    expect((await move(cast.clients.owner, collection, wave, "up")).status).toBe(200);
    expect(await titlesOf(cast.clients.owner, collection)).toEqual(["Wave", "Tide"]);
    expect(await titlesOf(cast.clients.member, collection)).toEqual(["Wave", "Tide", "Hidden"]);
    expect(items).toHaveLength(1);
  });
});
