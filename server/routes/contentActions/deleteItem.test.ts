import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_ACTION_MESSAGES, EDITOR_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildGroup, buildGroupPage, statusesByRole, type RoleCast } from "../../test/factories.js";
import { pdfBytes, solidPng } from "../../test/sampleFiles.js";
import { appendFile, type TestClient } from "../../test/testServer.js";
import { useCastServer } from "../../test/useServer.js";

/** Deleting a resource or a collection from its page, by role. */
describe("DELETE /api/content/{typePath}/{uid}", () => {
  const { server, cast } = useCastServer();
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

  it("deletes a collection but not the items it held", async () => {
    const item = await buildContent(server.db, { ownerId: cast.member.id, title: "Rock Pools" });
    const collection = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "collection", title: "Beach Day" });
    expect((await cast.clients.owner.post("/collections/items", { type: "resource", type_id: item.id, collection_id: [collection.id] })).status).toBe(200);
    expect((await remove(cast.clients.member, "collections", collection)).status).toBe(403);
    expect((await remove(cast.clients.owner, "collections", collection)).body).toEqual({ status: "success", message: "Deleted Beach Day." });
    expect(await exists(collection.id)).toBe(false);
    expect(await exists(item.id)).toBe(true);
  });

  it("lets a group's leaders and administrators delete the group with its page, feed, files, people and grants; members and others 403", async () => {
    const fresh = async (title: string) => {
      const group = await buildGroup(server.db, cast.leader, [cast.groupie]);
      return { group, page: await buildGroupPage(server.db, cast.leader, group, title) };
    };
    const { group, page } = await fresh("Tide Pool Club");
    const expected = { guest: 401, member: 403, groupie: 403, moderator: 403, owner: 403 } as const;
    for (const [role, status] of Object.entries(expected)) expect((await remove(cast.clients[role as keyof typeof expected], "groups", page)).status, role).toBe(status);
    expect((await remove(cast.clients.groupie, "groups", page)).body.message).toBe(CONTENT_ACTION_MESSAGES.deleteForbidden);
    const ability = async (who: TestClient) => (await who.get(`/api/content/groups/${page.uid}`)).body.abilities.delete as boolean;
    expect([await ability(cast.clients.leader), await ability(cast.clients.admin), await ability(cast.clients.groupie), await ability(cast.clients.moderator)]).toEqual([true, true, false, false]);

    // The groupie posts with a file; an item restricted to the group is read by the groupie until the group goes.
    const uploaded = await cast.clients.groupie.postForm("/feeds/attachment", appendFile(new FormData(), "file", pdfBytes(), "notes.pdf"));
    expect(uploaded.status).toBe(201);
    const key = (await server.db.selectFrom("attachments").select("storage_key").where("id", "=", uploaded.body.id as number).executeTakeFirstOrThrow()).storage_key;
    const stored = () => existsSync(path.join(server.dataDir, "uploads", key.slice(0, 2), key));
    expect(stored()).toBe(true);
    const posted = await cast.clients.groupie.post(`/feeds/by-type/profile/${page.id}`, { content: "Low tide at six.", attachments: [uploaded.body.id] });
    expect(posted.status).toBe(201);
    const fileLink = posted.body.attachments[0].link as string;
    expect((await cast.clients.groupie.get(fileLink)).status).toBe(200);
    const shared = await buildContent(server.db, { ownerId: cast.owner.id, title: "Club Rota", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: shared.id, scope: "group", profile_id: group.id, permission: "read" }).execute();
    expect((await cast.clients.groupie.get(`/api/content/resources/${shared.uid}`)).status).toBe(200);

    const res = await remove(cast.clients.leader, "groups", page);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "success", message: "Deleted Tide Pool Club." });
    expect(await exists(page.id)).toBe(false);
    expect(await server.db.selectFrom("profiles").select("id").where("id", "=", group.id).executeTakeFirst()).toBeUndefined();
    expect(await server.db.selectFrom("group_members").select("profile_id").where("group_id", "=", group.id).execute()).toEqual([]);
    expect(await server.db.selectFrom("feed_posts").select("id").where("content_id", "=", page.id).execute()).toEqual([]);
    expect((await cast.clients.groupie.get(fileLink)).status).toBe(404);
    expect(stored()).toBe(false);
    expect((await cast.clients.groupie.get(`/api/content/resources/${shared.uid}`)).status).toBe(404);
    expect(await exists(shared.id)).toBe(true);
    expect((await cast.clients.leader.get(`/api/content/groups/${page.uid}`)).status).toBe(404);

    // An administrator outside the group deletes one too; a group that owns an item is kept until it gives it away.
    const second = await fresh("Rock Pool Club");
    const owned = await buildContent(server.db, { ownerId: second.group.id, title: "Club Handbook" });
    const kept = await remove(cast.clients.admin, "groups", second.page);
    expect([kept.status, kept.body.message]).toEqual([409, CONTENT_ACTION_MESSAGES.deleteGroupOwns]);
    expect(await exists(second.page.id)).toBe(true);
    await server.db.updateTable("content").set({ owner_id: cast.owner.id }).where("id", "=", owned.id).execute();
    expect((await remove(cast.clients.admin, "groups", second.page)).status).toBe(200);
    expect(await exists(second.page.id)).toBe(false);

    // A page its own group owns (Change owner may give it to the group) is no item in the way.
    const third = await fresh("Sand Dune Club");
    await server.db.updateTable("content").set({ owner_id: third.group.id }).where("id", "=", third.page.id).execute();
    expect((await remove(cast.clients.leader, "groups", third.page)).status).toBe(200);
    expect(await exists(third.page.id)).toBe(false);
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

  it("deletes the stored files that went with the item: its comments' attachments and its designed thumbnail", async () => {
    const plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Plan With Files" });
    const stored = (key: string) => existsSync(path.join(server.dataDir, "uploads", key.slice(0, 2), key));
    const upload = await cast.clients.member.postFiles("/comment/attachment", { file: { name: "worksheet.pdf", data: pdfBytes(), type: "application/pdf" } });
    expect(upload.status).toBe(201);
    const comment = await cast.clients.member.post("/comment/thread/comment", { opaque_id: plan.opaque_id, comment: "My worksheet", attachments: [upload.body.id] });
    expect(comment.status).toBe(201);
    const thumbnail = await cast.clients.owner.postFiles(`/lesson-plans/${plan.uid}/thumbnail`, { settings: "{}", image: { name: "t.png", data: solidPng(512, 512), type: "image/png" } });
    expect(thumbnail.status).toBe(200);
    const attachmentKey = (await server.db.selectFrom("attachments").select("storage_key").where("id", "=", upload.body.id).executeTakeFirstOrThrow()).storage_key;
    const thumbnailKey = (await server.db.selectFrom("content_thumbnails").select("image_key").where("content_id", "=", plan.id).executeTakeFirstOrThrow()).image_key!;
    expect([stored(attachmentKey), stored(thumbnailKey)]).toEqual([true, true]);

    expect((await remove(cast.clients.owner, "lesson-plans", plan)).status).toBe(200);

    expect([stored(attachmentKey), stored(thumbnailKey)]).toEqual([false, false]);
    expect(await server.db.selectFrom("attachments").select("id").where("id", "=", upload.body.id).execute()).toEqual([]);
    expect((await cast.clients.member.download(upload.body.link)).status).toBe(404);
  });

  it("a pathway's step that linked to a deleted item shows its text as no longer available, not a link to a missing page", async () => {
    const pathway = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "pathway", title: "Shore Pathway" });
    const gone = await buildContent(server.db, { ownerId: cast.member.id, title: "Tide Pool Guide" });
    const kept = await buildContent(server.db, { ownerId: cast.member.id, title: "Crab Facts" });
    const html = `<p>Read these.</p><p><a href="/resources/${gone.uid}">Tide Pool Guide</a></p><p><a href="/resources/${kept.uid}">Crab Facts</a></p>`;
    const saved = await cast.clients.owner.post(`/pathways/${pathway.uid}/update`, { title: "Shore Pathway", description: "Walk the shore.", sections: [{ title: "Explore", html }] });
    expect(saved.status).toBe(200);
    const viewHtml = async (who: TestClient) => ((await who.get(`/api/content/pathways/${pathway.uid}`)).body.sections as { view_html: string; html: string }[])[0]!;
    expect((await viewHtml(cast.clients.member)).view_html).toContain(`href="/resources/${gone.uid}"`);

    expect((await remove(cast.clients.member, "resources", gone)).status).toBe(200);

    for (const who of [cast.clients.member, cast.clients.guest]) {
      const section = await viewHtml(who);
      expect(section.view_html).not.toContain(`/resources/${gone.uid}`);
      expect(section.view_html).toContain(`<span class="removed-link">Tide Pool Guide</span> <span class="removed-link__note">${EDITOR_MESSAGES.linkedItemRemoved}</span>`);
      expect(section.view_html).toContain(`<a href="/resources/${kept.uid}">Crab Facts</a>`);
    }
    // The stored text keeps what the author wrote (the edit page still has the link, to remove or replace).
    expect((await viewHtml(cast.clients.owner)).html).toContain(`href="/resources/${gone.uid}"`);
  });

  it("names the deleted items a section links to (removed_links), so the editor can mark those links; a save keeps naming them until the link is gone", async () => {
    const pathway = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "pathway", title: "Dune Pathway" });
    const gone = await buildContent(server.db, { ownerId: cast.member.id, title: "Dune Plants" });
    const kept = await buildContent(server.db, { ownerId: cast.member.id, title: "Sand Facts" });
    const link = `/pathways/${pathway.uid}`;
    const withBoth = `<p><a href="/resources/${gone.uid}?from=step">Dune Plants</a> then <a href="/resources/${kept.uid}">Sand Facts</a></p>`;
    const save = (html: string) => cast.clients.owner.post(`${link}/update`, { title: "Dune Pathway", description: "Walk the dunes.", sections: [{ title: "Explore", html }] });
    expect((await save(withBoth)).status).toBe(200);
    expect((await cast.clients.owner.get(`/api/content${link}`)).body.removed_links).toEqual([]);

    expect((await remove(cast.clients.member, "resources", gone)).status).toBe(200);
    expect((await cast.clients.owner.get(`/api/content${link}`)).body.removed_links).toEqual([gone.uid]);
    expect((await cast.clients.guest.get(`/api/content${link}`)).body.removed_links).toEqual([gone.uid]);
    const resaved = await save(withBoth);
    expect(resaved.status).toBe(200);
    expect(resaved.body.item.removed_links).toEqual([gone.uid]);
    // The author took the link out (its text stays): nothing is named any more.
    const unlinked = await save(`<p>Dune Plants then <a href="/resources/${kept.uid}">Sand Facts</a></p>`);
    expect(unlinked.body.item.removed_links).toEqual([]);
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
