import { beforeAll, describe, expect, it } from "vitest";
import { EDITOR_MESSAGES, PERMISSION_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { uploadsStorage, newStorageKey } from "../../storage/fileStorage.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { pdfBytes, solidPng } from "../../test/sampleFiles.js";
import { buildContent, buildRoleCast, buildSignedInUser, statusesByRole, type RoleCast } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("a new link for an item shared by link with the wrong people: the old link stops opening it", () => {
  const { server } = useTestServer();
  let cast: RoleCast;
  let as: RoleCast["clients"];
  let item: Content;
  const fits = apiReferenceCheck();

  const page = (client: TestClient, uid: string) => client.get(`/api/content/lesson-plans/${uid}`);
  const newLink = (client: TestClient, opaqueId: string) => client.post("/permissions/new-link", { opaque_id: opaqueId });
  const current = async (id: number) => server.db.selectFrom("content").select(["uid", "opaque_id"]).where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    cast = await buildRoleCast(server);
    as = cast.clients;
    item = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Wrong Hands Plan", visibility: "restricted" });
    // Shared by link, and read by the group (its leader and member) and one granted person.
    await server.db
      .insertInto("content_grants")
      .values([
        { content_id: item.id, scope: "link", profile_id: null, permission: "read" },
        { content_id: item.id, scope: "group", profile_id: cast.group.id, permission: "read" },
      ])
      .execute();
  });

  it("is for those who may manage the item's permissions: guests 401, who may not view it 404, readers 403; nothing changes", async () => {
    // An item of its own for each call, so a success does not change the next role's item.
    const statuses = await statusesByRole(as, async (client) => {
      const own = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Role Plan", visibility: "restricted" });
      await server.db.insertInto("content_grants").values({ content_id: own.id, scope: "group", profile_id: cast.group.id, permission: "read" }).execute();
      return newLink(client, own.opaque_id);
    });
    expect(statuses).toEqual({ guest: 401, owner: 200, member: 404, leader: 403, groupie: 403, moderator: 404, admin: 200 });
    const refused = await newLink(as.leader, item.opaque_id);
    expect(refused.body.message).toBe(PERMISSION_MESSAGES.forbidden);
    fits("post", "/permissions/new-link", refused);
    expect(await current(item.id)).toEqual({ uid: item.uid, opaque_id: item.opaque_id });
  });

  it("refuses bad input and an item open to everybody (whose link is no secret), with the message", async () => {
    for (const body of [{}, { opaque_id: "" }, { opaque_id: 5 }]) {
      const res = await as.owner.post("/permissions/new-link", body);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(PERMISSION_MESSAGES.opaqueIdRequired);
    }
    expect((await newLink(as.owner, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
    const open = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Open Plan" });
    const res = await newLink(as.owner, open.opaque_id);
    expect([res.status, res.body.message]).toEqual([422, PERMISSION_MESSAGES.newLinkPublic]);
    expect(await current(open.id)).toEqual({ uid: open.uid, opaque_id: open.opaque_id });
  });

  it("gives the owner a new link: the old link lets no one in by the link share, the old opaque_id opens nothing, the new ones open it to anyone by the link share, and grants are kept", async () => {
    // Before: a guest holding the link reads it.
    expect((await page(as.guest, item.uid)).status).toBe(200);
    const res = await newLink(as.owner, item.opaque_id);
    expect(res.status).toBe(200);
    fits("post", "/permissions/new-link", res);
    const fresh = await current(item.id);
    expect(res.body).toEqual({ status: "success", message: PERMISSION_MESSAGES.newLinkMade, link: `/lesson-plans/${fresh.uid}`, opaque_id: fresh.opaque_id });
    expect(fresh.uid).not.toBe(item.uid);
    expect(fresh.opaque_id).not.toBe(item.opaque_id);

    // The old link: nothing to those only the link share let in (guests 401 as at any hidden item, members 404), and its discussion neither.
    expect((await page(as.guest, item.uid)).status).toBe(401);
    expect((await page(as.member, item.uid)).status).toBe(404);
    const oldThread = await as.guest.post("/comment/thread/summary/bulk", { requests: [{ uniqueId: "card", request: { opaque_id: item.opaque_id } }] });
    expect(oldThread.body.errors.card.status).toBe(404);
    expect((await as.owner.get(`/permissions?opaque_id=${item.opaque_id}`)).status).toBe(404);

    // The new link: the link share works with it, the owner and the group read as before, the grants are the same.
    const guestView = await page(as.guest, fresh.uid);
    expect([guestView.status, guestView.body.viewed_by_link, guestView.body.opaque_id]).toEqual([200, true, fresh.opaque_id]);
    for (const client of [as.owner, as.leader, as.groupie]) expect((await page(client, fresh.uid)).body.viewed_by_link, "reads as before").toBe(false);
    const form = await as.owner.get(`/permissions?opaque_id=${fresh.opaque_id}`);
    expect(form.body.permissions.link).toEqual(["read"]);
    expect(form.body.permissions.groups.map((g: { id: number }) => g.id)).toEqual([cast.group.id]);
  });

  it("keeps the old address for whoever may view the item another way (owner, a person or group granted, staff), answering its new link; a link share no longer counts there", async () => {
    const plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Kept Address Plan", visibility: "restricted" });
    const [granted, grantedClient] = await buildSignedInUser(server, { name: "Greta Granted" });
    await server.db
      .insertInto("content_grants")
      .values([
        { content_id: plan.id, scope: "link", profile_id: null, permission: "read" },
        { content_id: plan.id, scope: "group", profile_id: cast.group.id, permission: "read" },
        { content_id: plan.id, scope: "profile", profile_id: granted.id, permission: "read" },
      ])
      .execute();
    // The member holds the link: the link share lets it in, and only that.
    expect((await page(as.member, plan.uid)).body.viewed_by_link).toBe(true);
    const moved = await newLink(as.owner, plan.opaque_id);
    expect(moved.status).toBe(200);
    const fresh = await current(plan.id);

    for (const [who, client] of [["owner", as.owner], ["granted person", grantedClient], ["group member", as.groupie], ["group leader", as.leader], ["admin", as.admin]] as const) {
      const old = await page(client, plan.uid);
      expect([old.status, old.body.link, old.body.uid, old.body.opaque_id, old.body.viewed_by_link], who).toEqual([200, `/lesson-plans/${fresh.uid}`, fresh.uid, fresh.opaque_id, false]);
    }
    // Who held only the link: as at any item it may not view. Asking for access by the old link learns nothing either.
    expect((await page(as.member, plan.uid)).status).toBe(404);
    expect((await page(as.guest, plan.uid)).status).toBe(401);
    expect((await as.member.get(`/permissions/access-details?uid=${plan.uid}`)).status).toBe(404);
    expect((await as.member.post("/permissions/request", { uid: plan.uid, requestReason: "Please" })).status).toBe(404);
    expect((await page(as.member, fresh.uid)).body.viewed_by_link, "the new link still opens it by the link share").toBe(true);
    // The old address under another type's path finds nothing.
    expect((await as.owner.get(`/api/content/resources/${plan.uid}`)).status).toBe(404);
    // Deleted (here at its old address, which its owner may use), the item takes its former uids with it.
    expect((await as.owner.send("DELETE", `/api/content/lesson-plans/${plan.uid}`)).status).toBe(200);
    expect((await page(as.owner, plan.uid)).status).toBe(404);
    expect(await server.db.selectFrom("content_former_uids").select("uid").where("content_id", "=", plan.id).execute()).toEqual([]);
  });

  it("a pathway that links the item's old address still lists it as available to a reader who may view it (and to the editor)", async () => {
    const plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "UXA Plants Make Food", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: plan.id, scope: "group", profile_id: cast.group.id, permission: "read" }).execute();
    const pathway = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "pathway", title: "Food Pathway" });
    const html = `<p><a href="/lesson-plans/${plan.uid}">UXA Plants Make Food</a></p>`;
    const saved = await as.owner.post(`/pathways/${pathway.uid}/update`, { title: "Food Pathway", description: "How plants eat.", sections: [{ title: "Start", html }] });
    expect(saved.status).toBe(200);
    expect((await newLink(as.owner, plan.opaque_id)).status).toBe(200);

    expect((await as.owner.get(`/api/content/pathways/${pathway.uid}`)).body.removed_links, "the editor marks nothing").toEqual([]);
    for (const client of [as.groupie, as.owner]) {
      const viewHtml = ((await client.get(`/api/content/pathways/${pathway.uid}`)).body.sections as { view_html: string }[])[0]!.view_html;
      expect(viewHtml).toContain(`<a href="/lesson-plans/${plan.uid}">UXA Plants Make Food</a>`);
      expect(viewHtml).not.toContain(EDITOR_MESSAGES.linkedItemRemoved);
      // Following it opens the item.
      expect((await page(client, plan.uid)).body.title).toBe("UXA Plants Make Food");
    }
  });

  it("moves the files the page hands out by address (the uploaded file, the designed thumbnail): the old addresses open nothing", async () => {
    const shared = await buildContent(server.db, { ownerId: cast.owner.id, title: "Leaked Worksheet", visibility: "restricted" });
    await server.db.insertInto("content_grants").values({ content_id: shared.id, scope: "link", profile_id: null, permission: "read" }).execute();
    const storage = uploadsStorage(server.dataDir);
    const [fileKey, imageKey] = [newStorageKey(), newStorageKey()];
    await storage.put(fileKey, pdfBytes());
    await storage.put(imageKey, solidPng(20, 20));
    const now = new Date().toISOString();
    await server.db.insertInto("resource_files").values({ content_id: shared.id, storage_key: fileKey, file_name: "sheet.pdf", mime_type: "application/pdf", size: pdfBytes().length, created_at: now }).execute();
    await server.db.insertInto("content_thumbnails").values({ content_id: shared.id, image_key: imageKey, image_mime: "image/png", settings: "{}", designed_by: cast.owner.id, designed_at: now }).execute();
    const client = server.client();
    // Before: a guest holding the addresses (as one who opened the link did) gets both.
    expect((await client.download(`/files/uploaded/${fileKey}`)).status).toBe(200);
    expect((await client.download(`/files/thumbnails/${imageKey}`)).status).toBe(200);

    const moved = await newLink(as.owner, shared.opaque_id);
    expect(moved.status).toBe(200);
    expect((await client.download(`/files/uploaded/${fileKey}`)).status).toBe(404);
    expect((await client.download(`/files/thumbnails/${imageKey}`)).status).toBe(404);
    expect([await storage.get(fileKey), await storage.get(imageKey)], "the old copies are removed").toEqual([null, null]);
    // The page's new link names the new addresses, which serve the same bytes.
    const fresh = await current(shared.id);
    const view = await as.guest.get(`/api/content/resources/${fresh.uid}`);
    const fileUrl = view.body.resource_view.file_url as string;
    expect(fileUrl).not.toContain(fileKey);
    expect((await client.download(fileUrl)).bytes).toEqual(pdfBytes());
    const thumb = await server.db.selectFrom("content_thumbnails").select("image_key").where("content_id", "=", shared.id).executeTakeFirstOrThrow();
    expect(thumb.image_key).not.toBe(imageKey);
    expect((await client.download(`/files/thumbnails/${thumb.image_key}`)).bytes).toEqual(solidPng(20, 20));
  });

  it("sends the owner's notifications about the item to its new link", async () => {
    const asked = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Asked Then Moved", visibility: "restricted" });
    const sent = await as.member.post("/permissions/request", { uid: asked.uid, requestReason: "Please" });
    expect(sent.status).toBe(200);
    const moved = await newLink(as.owner, asked.opaque_id);
    expect(moved.status).toBe(200);
    const list = (await as.owner.get("/api/notifications")).body.data as { kind: string; subject: { title: string; link: string } }[];
    expect(list.find((n) => n.kind === "access_request" && n.subject.title === "Asked Then Moved")?.subject.link).toBe(`${moved.body.link}?permission_request=${sent.body.request.id}`);
  });

  it("does not hand the new link to a requester declined after it was made (the link share would let them in)", async () => {
    const asked = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Declined After Moving", visibility: "restricted" });
    const sent = await as.member.post("/permissions/request", { uid: asked.uid, requestReason: "Please" });
    expect(sent.status).toBe(200);
    // The owner shares it by link, then replaces the link (it reached the wrong people), then declines the request.
    expect((await as.owner.post("/permissions", { opaque_id: asked.opaque_id, link: ["read"] })).status).toBe(200);
    const moved = await newLink(as.owner, asked.opaque_id);
    expect(moved.status).toBe(200);
    expect((await as.owner.post("/permissions", { opaque_id: moved.body.opaque_id, link: ["read"], rejected_requests: [sent.body.request.id] })).status).toBe(200);
    const list = await as.member.get("/api/notifications");
    fits("get", "/api/notifications", list);
    expect(list.body.data[0]).toMatchObject({ kind: "access_declined", subject: { title: "this Lesson Plan", link: null } });
    const fresh = await current(asked.id);
    expect(JSON.stringify(list.body)).not.toContain(fresh.uid);
  });
});
