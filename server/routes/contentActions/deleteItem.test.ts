import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_ACTION_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, statusesByRole, type RoleCast } from "../../test/factories.js";
import { pdfBytes } from "../../test/sampleFiles.js";
import { appendFile, type TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

/** Deleting a resource or a collection from its page, by role. */
describe("DELETE /api/content/{typePath}/{uid}", () => {
  const { server, cast, groupPage } = useCastServer();
  const fits = apiReferenceCheck();

  const remove = (who: TestClient, typePath: string, item: Content) => who.send("DELETE", `/api/content/${typePath}/${item.uid}`);
  const exists = async (id: number) => (await server.db.selectFrom("content").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  const itemsOf = async (who: TestClient, collection: Content) => ((await who.get(`/api/collections/${collection.uid}/items`)).body.data as { id: number }[]).map((i) => i.id);

  it("lets only the owner and an admin delete a resource: guests 401, every other role 403", async () => {
    const item = await buildContent(server.db, { ownerId: cast.owner.id, title: "Tide Tables" });
    const others = { ...cast.clients } as Partial<RoleCast["clients"]>;
    delete others.owner;
    delete others.admin;
    const statuses = await statusesByRole(others as RoleCast["clients"], (c) => remove(c, "resources", item));
    expect(statuses).toEqual({ guest: 401, member: 403, groupie: 403, leader: 403, moderator: 403 });
    expect(await exists(item.id)).toBe(true);
    const denied = await remove(cast.clients.member, "resources", item);
    expect(denied.body.message).toBe(CONTENT_ACTION_MESSAGES.deleteForbidden);

    const res = await remove(cast.clients.owner, "resources", item);
    expect(res.status).toBe(200);
    fits("delete", "/api/content/{typePath}/{uid}", res);
    expect(res.body).toEqual({ status: "success", message: "Deleted Tide Tables." });
    expect(await exists(item.id)).toBe(false);
    expect((await cast.clients.owner.get(`/api/content/resources/${item.uid}`)).status).toBe(404);
    expect((await remove(cast.clients.owner, "resources", item)).status).toBe(404);

    const other = await buildContent(server.db, { ownerId: cast.owner.id, title: "Moon Phases" });
    expect((await remove(cast.clients.admin, "resources", other)).status).toBe(200);
    expect(await exists(other.id)).toBe(false);
  });

  it("tells the owner who may delete: abilities.delete on the item's page", async () => {
    const item = await buildContent(server.db, { ownerId: cast.owner.id });
    const ability = async (who: TestClient) => (await who.get(`/api/content/resources/${item.uid}`)).body.abilities.delete as boolean;
    expect([await ability(cast.clients.owner), await ability(cast.clients.admin), await ability(cast.clients.member), await ability(cast.clients.guest)]).toEqual([true, true, false, false]);
  });

  it("takes a deleted resource out of the collections that held it (they are kept, with a new update time), with its favorites and file", async () => {
    const form = new FormData();
    form.append("title", "Field Notes");
    form.append("add_resource_type", "show-file");
    const created = await cast.clients.owner.postForm("/resources/create-fetch", appendFile(form, "file", pdfBytes(), "field-notes.pdf"));
    expect(created.status).toBe(200);
    const resource = await server.db.selectFrom("content").selectAll().where("id", "=", created.body.response.id as number).executeTakeFirstOrThrow();
    const file = await server.db.selectFrom("resource_files").selectAll().where("content_id", "=", resource.id).executeTakeFirstOrThrow();
    const stored = () => existsSync(path.join(server.dataDir, "uploads", file.storage_key.slice(0, 2), file.storage_key));
    expect(stored()).toBe(true);
    const kept = await buildContent(server.db, { ownerId: cast.member.id, title: "Kept Item" });
    const collection = await buildContent(server.db, { ownerId: cast.member.id, modelKey: "collection", title: "Shore Week" });
    for (const id of [resource.id, kept.id]) expect((await cast.clients.member.post("/collections/items", { type: "resource", type_id: id, collection_id: [collection.id] })).status).toBe(200);
    expect((await cast.clients.member.post("/profile/favorite", { modelName: "resource", type: `resource:${resource.id}`, value: true })).status).toBe(200);
    const before = await server.db.selectFrom("content").select("updated_at").where("id", "=", collection.id).executeTakeFirstOrThrow();

    expect((await remove(cast.clients.owner, "resources", resource)).status).toBe(200);

    expect(await itemsOf(cast.clients.member, collection)).toEqual([kept.id]);
    const after = await server.db.selectFrom("content").select("updated_at").where("id", "=", collection.id).executeTakeFirstOrThrow();
    expect(after.updated_at > before.updated_at).toBe(true);
    expect(await server.db.selectFrom("favorites").select("profile_id").where("content_id", "=", resource.id).execute()).toEqual([]);
    expect(await server.db.selectFrom("resource_files").select("content_id").where("content_id", "=", resource.id).execute()).toEqual([]);
    expect(stored()).toBe(false);
    // Search no longer finds it.
    const search = await cast.clients.member.post("/search", { st: "field notes" });
    expect((search.body.arrObjResponse.data as { id: number }[]).map((i) => i.id)).not.toContain(resource.id);
  });

  it("deletes a collection but not the items it held; a group's page is refused with 403", async () => {
    const item = await buildContent(server.db, { ownerId: cast.member.id, title: "Rock Pools" });
    const collection = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "collection", title: "Beach Day" });
    expect((await cast.clients.owner.post("/collections/items", { type: "resource", type_id: item.id, collection_id: [collection.id] })).status).toBe(200);
    expect((await remove(cast.clients.member, "collections", collection)).status).toBe(403);
    expect((await remove(cast.clients.owner, "collections", collection)).body).toEqual({ status: "success", message: "Deleted Beach Day." });
    expect(await exists(collection.id)).toBe(false);
    expect(await exists(item.id)).toBe(true);

    // A group's page is the group's (its leaders edit it, nobody deletes it here).
    const refused = await remove(cast.clients.leader, "groups", groupPage);
    expect([refused.status, refused.body.message]).toEqual([403, CONTENT_ACTION_MESSAGES.deleteForbidden]);
    expect(await exists(groupPage.id)).toBe(true);
  });

  it("deletes the owner's lesson plans, outlines, projects and pathways, with their sections", async () => {
    for (const [modelKey, typePath] of [["lesson_plan", "lesson-plans"], ["outline", "outlines"], ["project", "projects"], ["pathway", "pathways"]] as const) {
      const item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey, title: `Old ${modelKey}` });
      await server.db.insertInto("content_sections").values({ content_id: item.id, position: 0, uid: `s-${item.id}`, title: "Warm-up", body_html: "<p>Go</p>", body_json: null, updated_at: new Date().toISOString() }).execute();
      expect((await remove(cast.clients.member, typePath, item)).status, modelKey).toBe(403);
      expect((await remove(cast.clients.owner, typePath, item)).status, modelKey).toBe(200);
      expect(await exists(item.id)).toBe(false);
      expect(await server.db.selectFrom("content_sections").select("uid").where("content_id", "=", item.id).execute()).toEqual([]);
    }
  });

  it("keeps an item a product sells (its buyers paid for it): 409 with a message, and it is deleted once no product includes it", async () => {
    const sold = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Sold Plan" });
    const now = new Date().toISOString();
    const product = await server.db
      .insertInto("products")
      .values({ uuid: crypto.randomUUID(), name: "Plan Pack", price_cents: 500, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db.insertInto("product_items").values({ product_id: product.id, content_id: sold.id }).execute();
    const res = await remove(cast.clients.owner, "lesson-plans", sold);
    expect([res.status, res.body.message]).toEqual([409, CONTENT_ACTION_MESSAGES.deleteSold]);
    fits("delete", "/api/content/{typePath}/{uid}", res);
    expect(await exists(sold.id)).toBe(true);
    await server.db.deleteFrom("product_items").where("product_id", "=", product.id).execute();
    expect((await remove(cast.clients.owner, "lesson-plans", sold)).status).toBe(200);
  });
});
