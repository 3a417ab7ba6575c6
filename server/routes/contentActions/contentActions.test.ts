import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { listOpenFlags } from "../../models/flags.js";
import { buildAttribute, buildContent, buildGroup, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("actions around an item: copy, owner change, flag, related, similar, quick-info, more-info", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let member: TestUser;
  let admin: TestUser;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let adminClient: TestClient;
  let guest: TestClient;
  let plan: Content;
  let secret: Content;
  let link: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    owner = await buildUser(server.db, { name: "Olive Owner" });
    member = await buildUser(server.db, { name: "Mel Member" });
    admin = await buildUser(server.db, { admin: true, name: "Ada Admin" });
    ids.framework = await buildAttribute(server.db, "standards", "Tide Framework");
    ids.standard = await buildAttribute(server.db, "standards", "TIDE.1 Tides and moons", ids.framework);
    ids.grade = await buildAttribute(server.db, "grades", "Grade 6");
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Walrus Tides Lesson", description: "How tides move walruses.", tags: ["tides", "walrus"], attributeIds: [ids.standard, ids.grade] });
    link = `/lesson-plans/${plan.uid}`;
    await server.db.insertInto("content_sections").values({ content_id: plan.id, position: 0, title: "Warm-up", body_json: null, body_html: "<p>Moon pulls water</p>", updated_at: plan.created_at }).execute();
    await server.db.insertInto("curriculum_items").values({ content_id: plan.id, template_id: null }).execute();
    // Related (shares the standard), similar (same type, shares "walrus" and "tides"), and a restricted one that shares both.
    await buildContent(server.db, { ownerId: member.id, title: "Moon Resource", attributeIds: [ids.standard] });
    await buildContent(server.db, { ownerId: member.id, modelKey: "lesson_plan", title: "Walrus Tides Review" });
    secret = await buildContent(server.db, { ownerId: admin.id, modelKey: "lesson_plan", title: "Walrus Tides Secret", visibility: "restricted", attributeIds: [ids.standard, ids.grade] });
    ownerClient = await signedInClient(server, owner);
    memberClient = await signedInClient(server, member);
    adminClient = await signedInClient(server, admin);
    guest = server.client();
  });

  describe("copy", () => {
    it("copies the body, attributes, keywords and introduction for the copier, and records where it came from", async () => {
      const res = await memberClient.post(`${link}/copy`, { id: plan.id, modeltitle: "Walrus Tides Lesson (Copy)" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "success", message: "A copy has been made." });
      expect(res.body.edit_link).toBe(`${res.body.link}/edit`);
      const copy = await memberClient.get(`/api/content${res.body.link}`);
      expect(copy.body).toMatchObject({ title: "Walrus Tides Lesson (Copy)", description: "How tides move walruses.", owner_data: { profile_id: member.id, name: "Mel Member" }, abilities: { edit: true } });
      expect(copy.body.sections.map((s: { title: string; html: string }) => [s.title, s.html])).toEqual([["Warm-up", "<p>Moon pulls water</p>"]]);
      expect(copy.body.copied_from_details).toMatchObject({ title: "Walrus Tides Lesson", link, owner_data: { profile_id: owner.id, name: "Olive Owner" } });
      expect(copy.body.copied_from_details.created_at).toMatch(/^\d{4}-/);
      const tags = await memberClient.get(`/api/content${res.body.link}/tags`);
      expect(tags.body.attribute_ids).toEqual([ids.standard, ids.grade].sort((a, b) => a! - b!));
      expect(tags.body.keywords).toEqual(["tides", "walrus"]);
      const copyId = copy.body.id as number;
      // The introduction is the description (above); the record of the item's template goes with it.
      expect(await server.db.selectFrom("curriculum_items").select("template_id").where("content_id", "=", copyId).executeTakeFirst()).toEqual({ template_id: null });
      // Search finds the copy by its standard at once; the original is untouched.
      const found = await server.client().get(`/api/search?standards[]=${ids.standard}&query=walrus`);
      expect(found.body.data.map((d: { link: string }) => d.link)).toEqual(expect.arrayContaining([link, res.body.link]));
      expect((await ownerClient.get(`/api/content${link}`)).body.copied_from_details).toBeNull();
    });

    it("needs a title and the item's own id", async () => {
      const blank = await memberClient.post(`${link}/copy`, { id: plan.id, modeltitle: "   " });
      expect(blank.status).toBe(422);
      expect(blank.body.message).toBe("A title for the copy is required.");
      expect((await memberClient.post(`${link}/copy`, { id: plan.id })).body.message).toBe("A title for the copy is required.");
      expect((await memberClient.post(`${link}/copy`, { id: plan.id, modeltitle: "x".repeat(256) })).body.message).toBe("The title may be at most 255 characters.");
      const wrong = await memberClient.post(`${link}/copy`, { id: plan.id + 1000, modeltitle: "Mine" });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe("The id does not match the item being copied.");
    });

    it("is for those who can view: guests 401, members 404 on a restricted item, the admin may", async () => {
      expect((await guest.post(`${link}/copy`, { id: plan.id, modeltitle: "Mine" })).status).toBe(401);
      const secretLink = `/lesson-plans/${secret.uid}`;
      expect((await memberClient.post(`${secretLink}/copy`, { id: secret.id, modeltitle: "Mine" })).status).toBe(404);
      const adminCopy = await adminClient.post(`${secretLink}/copy`, { id: secret.id, modeltitle: "Admin's copy" });
      expect(adminCopy.status).toBe(200);
      // The copy of a restricted item stays the copier's alone.
      expect((await memberClient.get(`/api/content${adminCopy.body.link}`)).status).toBe(404);
      expect((await memberClient.post("/lesson-plans/nope/copy", { id: 1, modeltitle: "x" })).status).toBe(404);
    });

    it("a plain form post (token in the body) is redirected to the copy's editor", async () => {
      const token = await ownerClient.token();
      const res = await ownerClient.request("POST", `${link}/copy`, `_token=${encodeURIComponent(token)}&id=${plan.id}&modeltitle=Form+copy`, {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
      });
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/lesson-plans\/[\w-]+\/edit$/);
    });
  });

  describe("change of ownership", () => {
    it("validates: opaque_id and a chosen, existing, different owner", async () => {
      expect((await ownerClient.post("/profile/owner/change", { selected_profile: member.id })).body.message).toBe("opaque_id is required.");
      const none = await ownerClient.post("/profile/owner/change", { opaque_id: plan.opaque_id, selected_profile: "" });
      expect(none.status).toBe(422);
      expect(none.body.message).toBe("Please pick the new owner.");
      expect((await ownerClient.post("/profile/owner/change", { opaque_id: plan.opaque_id, selected_profile: 99999999 })).body.message).toBe("The chosen owner was not found.");
      expect((await ownerClient.post("/profile/owner/change", { opaque_id: plan.opaque_id, selected_profile: owner.id })).body.message).toBe("That profile already owns this item.");
      expect((await ownerClient.post("/profile/owner/change", { opaque_id: "no-such-item", selected_profile: member.id })).status).toBe(404);
    });

    it("only the owner or an admin: guests 401, members 403", async () => {
      expect((await guest.post("/profile/owner/change", { opaque_id: plan.opaque_id, selected_profile: member.id })).status).toBe(401);
      const forbidden = await memberClient.post("/profile/owner/change", { opaque_id: plan.opaque_id, selected_profile: member.id });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe("Only the owner or an administrator may change the owner.");
    });

    it("the owner hands the item over (to a profile or a group); the admin may give it back", async () => {
      const item = await buildContent(server.db, { ownerId: owner.id, title: "Handover Resource" });
      const res = await ownerClient.post("/profile/owner/change", { opaque_id: item.opaque_id, selected_profile: String(member.id) });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "success", message: "The owner has been changed to Mel Member." });
      const page = await memberClient.get(`/api/content/resources/${item.uid}`);
      expect(page.body.abilities).toMatchObject({ edit: true, change_owner: true });
      expect((await ownerClient.get(`/api/content/resources/${item.uid}`)).body.abilities).toMatchObject({ edit: false, change_owner: false });
      expect((await ownerClient.post("/profile/owner/change", { opaque_id: item.opaque_id, selected_profile: owner.id })).status).toBe(403);
      const group = await buildGroup(server.db, member);
      expect((await adminClient.post("/profile/owner/change", { opaque_id: item.opaque_id, selected_profile: group.id })).body.message).toBe(`The owner has been changed to ${group.name}.`);
      const mine = await server.client().get(`/api/search?owners[]=${group.id}`);
      expect(mine.body.data.map((d: { uid: string }) => d.uid)).toEqual([item.uid]);
    });

    it("an item handed to someone it was shared with drops their grants: the new owner's Permissions form has no row for them, and saves", async () => {
      const item = await buildContent(server.db, { ownerId: owner.id, title: "Shared Then Given", visibility: "restricted" });
      await server.db.insertInto("content_grants").values(["read", "edit"].map((permission) => ({ content_id: item.id, scope: "profile" as const, profile_id: member.id, permission }))).execute();
      expect((await ownerClient.post("/profile/owner/change", { opaque_id: item.opaque_id, selected_profile: member.id })).status).toBe(200);
      expect(await server.db.selectFrom("content_grants").select("id").where("content_id", "=", item.id).where("profile_id", "=", member.id).execute()).toEqual([]);
      const form = await memberClient.get(`/permissions?opaque_id=${item.opaque_id}`);
      expect(form.body.permissions.profiles).toEqual([]);
      expect((await memberClient.post("/permissions", { opaque_id: item.opaque_id, ...form.body.permissions })).status).toBe(200);
    });

    it("handing a group's page over hands the group over: the new owner leads it and posts to its feed, the previous one stays a member", async () => {
      const made = await ownerClient.post("/groups", { name: "Walrus Watchers", description: "We watch walruses." });
      const groupId = made.body.objGroup.id as number;
      const page = await server.db.selectFrom("content").selectAll().where("profile_id", "=", groupId).executeTakeFirstOrThrow();
      const feed = `/feeds/by-type/profile/${page.id}`;
      expect((await memberClient.get(feed)).body.abilities.post).toBe(false);

      expect((await ownerClient.post("/profile/owner/change", { opaque_id: page.opaque_id, selected_profile: member.id })).status).toBe(200);
      const roles = await server.db.selectFrom("group_members").select(["profile_id", "role"]).where("group_id", "=", groupId).orderBy("profile_id").execute();
      expect(roles).toEqual([{ profile_id: owner.id, role: "member" }, { profile_id: member.id, role: "leader" }].sort((a, b) => a.profile_id - b.profile_id));
      expect((await memberClient.get(`/api/content${made.body.objGroup.link}`)).body.abilities).toMatchObject({ edit: true, change_owner: true });
      expect((await memberClient.get(feed)).body.abilities).toMatchObject({ post: true, leave: false });
      expect((await memberClient.post(feed, { content: "Our new leader says hello." })).status).toBe(201);
      // The previous owner still belongs, and may leave now that it no longer leads.
      expect((await ownerClient.get(feed)).body.abilities).toMatchObject({ post: true, leave: true });
    });

    it("the owner autocomplete answers profiles by name", async () => {
      const res = await ownerClient.get("/profile/autocomplete/change-ownership?st=mel");
      expect(res.body.data).toEqual(expect.arrayContaining([{ profile_id: member.id, name: "Mel Member", is_group: false }]));
      expect((await guest.get("/profile/autocomplete/change-ownership?st=mel")).status).toBe(401);
      // Not by username: that would tell any member what others sign in with.
      const byUsername = await ownerClient.get(`/profile/autocomplete/change-ownership?st=${member.username}`);
      expect(byUsername.body.data).toEqual([]);
    });
  });

  describe("flagging", () => {
    it("stores a flag for moderators and thanks the flagger", async () => {
      const res = await memberClient.post("/profile/flag", { type: `lesson_plan:${plan.id}`, value: "broken", message: "  The video link is dead.  " });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: "success", message: "Thank you for your feedback!" });
      const flags = await listOpenFlags(server.db);
      expect(flags[0]).toMatchObject({ content_id: plan.id, profile_id: member.id, reason: "broken", message: "The video link is dead.", status: "open" });
    });

    it("needs a reason, a description and an item the flagger can view", async () => {
      expect((await memberClient.post("/profile/flag", { type: `lesson_plan:${plan.id}`, message: "x" })).body.message).toBe("Please choose a reason.");
      expect((await memberClient.post("/profile/flag", { type: `lesson_plan:${plan.id}`, value: "spam", message: "x" })).body.message).toBe("Please choose a reason.");
      const empty = await memberClient.post("/profile/flag", { type: `lesson_plan:${plan.id}`, value: "awesome", message: " " });
      expect(empty.status).toBe(422);
      expect(empty.body.message).toBe("Please describe the problem.");
      expect((await memberClient.post("/profile/flag", { type: "lesson_plan", value: "awesome", message: "x" })).body.message).toBe('type must look like "resource:12".');
      expect((await memberClient.post("/profile/flag", { type: `resource:${plan.id}`, value: "awesome", message: "x" })).status).toBe(404);
      expect((await memberClient.post("/profile/flag", { type: `lesson_plan:${secret.id}`, value: "awesome", message: "x" })).status).toBe(404);
      expect((await guest.post("/profile/flag", { type: `lesson_plan:${plan.id}`, value: "awesome", message: "x" })).status).toBe(401);
      expect((await adminClient.post("/profile/flag", { type: `lesson_plan:${secret.id}`, value: "awesome", message: "Great" })).status).toBe(200);
    });
  });

  describe("related and similar content", () => {
    it("related: items sharing attributes, most shared first, never restricted ones the actor cannot view", async () => {
      const res = await memberClient.get(`/related-content?model=lesson_plan&id=${plan.id}&idField=id`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("success");
      const titles = res.body.arrObjResponse.data.map((d: { title: string }) => d.title);
      expect(titles).toContain("Moon Resource");
      expect(titles).not.toContain("Walrus Tides Secret");
      expect(titles).not.toContain("Walrus Tides Lesson");
      expect(res.body.arrObjResponse.total).toBe(titles.length);
      const asAdminOwner = await adminClient.get(`/related-content?model=lesson_plan&id=${plan.uid}&idField=uid&limit=24`);
      expect(asAdminOwner.body.arrObjResponse.data.map((d: { title: string }) => d.title)).toContain("Walrus Tides Secret");
      const sorted = await guest.get(`/related-content?model=lesson_plan&id=${plan.opaque_id}&idField=opaque_id&sortBy=title_lsort_asc&limit=24`);
      const sortedTitles = sorted.body.arrObjResponse.data.map((d: { title: string }) => d.title);
      expect(sortedTitles).toEqual([...sortedTitles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(sortedTitles).not.toContain("Walrus Tides Secret");
    });

    it("related validates its query and hides items the actor cannot view", async () => {
      expect((await guest.get(`/related-content?model=widget&id=${plan.id}`)).body.message).toBe("model must be a content model key.");
      expect((await guest.get("/related-content?model=lesson_plan")).body.message).toBe("id must identify an item.");
      expect((await guest.get(`/related-content?model=lesson_plan&id=${plan.id}&idField=slug`)).body.message).toBe("idField must be id, uid or opaque_id.");
      expect((await guest.get(`/related-content?model=lesson_plan&id=${plan.id}&sortBy=random`)).status).toBe(422);
      expect((await guest.get(`/related-content?model=lesson_plan&id=${plan.id}&limit=99`)).body.message).toBe("limit must be between 1 and 24.");
      expect((await guest.get(`/related-content?model=resource&id=${plan.id}`)).status).toBe(404);
      expect((await guest.get(`/related-content?model=lesson_plan&id=${secret.id}`)).status).toBe(401);
      expect((await memberClient.get(`/related-content?model=lesson_plan&id=${secret.id}`)).status).toBe(404);
    });

    it("similar: same type with shared title words, viewable only", async () => {
      const res = await guest.get(`${link}/similar`);
      expect(res.status).toBe(200);
      const titles = res.body.arrObjResponse.data.map((d: { title: string }) => d.title);
      expect(titles).toContain("Walrus Tides Review");
      expect(titles).not.toContain("Walrus Tides Secret");
      expect(titles).not.toContain("Moon Resource");
      expect((await adminClient.get(`${link}/similar?limit=24`)).body.arrObjResponse.data.map((d: { title: string }) => d.title)).toContain("Walrus Tides Secret");
      expect((await guest.get(`${link}/similar?sortBy=nope`)).status).toBe(422);
      expect((await memberClient.get(`/lesson-plans/${secret.uid}/similar`)).status).toBe(404);
      expect((await guest.get(`/lesson-plans/${secret.uid}/similar`)).status).toBe(401);
      // A path of this shape naming no content type is a call all the same: JSON, not the web app's page.
      const unknownType = await guest.get(`/abc/${secret.uid}/similar`);
      expect([unknownType.status, unknownType.body.message]).toEqual([404, MESSAGES.notFound]);
    });
  });

  describe("quick-info and more-info", () => {
    it("quick-info: owner, description and attributes by type, for signed-in viewers only", async () => {
      const res = await memberClient.post(`/quick-info/lesson_plan/${plan.id}`);
      expect(res.status).toBe(200);
      expect(res.body.model).toMatchObject({ id: plan.id, title: "Walrus Tides Lesson", link, owner_data: { name: "Olive Owner" }, description: "How tides move walruses." });
      expect(res.body.model.attributes).toEqual(
        expect.arrayContaining([
          { type_key: "grades", type_name: "Grades", items: [{ id: ids.grade, name: "Grade 6", short_name: null }], other: null },
          { type_key: "standards", type_name: "Standards", items: [{ id: ids.standard, name: "TIDE.1 Tides and moons", short_name: null }], other: null },
        ]),
      );
      expect((await guest.post(`/quick-info/lesson_plan/${plan.id}`)).status).toBe(401);
      // Signed-in calls answer a guest "sign in" before looking at the path or the body.
      for (const [path, body] of [["/quick-info/lesson_plan/abc", undefined], ["/profile/owner/change", {}], ["/profile/flag", { type: "nonsense" }]] as const) {
        const res = await guest.post(path, body);
        expect([res.status, res.body], path).toEqual([401, { message: "You must be signed in to do that." }]);
      }
      expect((await memberClient.post(`/quick-info/lesson_plan/${secret.id}`)).status).toBe(404);
      expect((await memberClient.post(`/quick-info/resource/${plan.id}`)).status).toBe(404);
      expect((await memberClient.post("/quick-info/lesson_plan/abc")).status).toBe(404);
      expect((await adminClient.post(`/quick-info/lesson_plan/${secret.id}`)).status).toBe(200);
    });

    it("more-info: the model and labelled rows, by id or opaque id, respecting view permission", async () => {
      const res = await guest.get(`/system/more-info/${plan.id}`);
      expect(res.status).toBe(200);
      expect(res.body.model).toMatchObject({ id: plan.id, opaque_id: plan.opaque_id, link, owner_data: { name: "Olive Owner" } });
      const rows = Object.fromEntries(res.body.renderables.map((r: { key: string; value: string }) => [r.key, r.value]));
      expect(rows).toMatchObject({ type: "Lesson Plan", owner: "Olive Owner", visibility: "Everyone", "attributes.grades": "Grade 6" });
      expect((await guest.get(`/system/more-info/${plan.opaque_id}`)).body.model.id).toBe(plan.id);
      expect((await guest.get(`/system/more-info/${secret.id}`)).status).toBe(401);
      expect((await memberClient.get(`/system/more-info/${secret.id}`)).status).toBe(404);
      expect((await ownerClient.get(`/system/more-info/${secret.opaque_id}`)).status).toBe(404);
      expect((await adminClient.get(`/system/more-info/${secret.id}`)).status).toBe(200);
      expect((await guest.get("/system/more-info/../etc")).status).toBe(404);
    });

    it("answers 404 for ids beyond the databases' integers (PostgreSQL refused to compare them: a 500)", async () => {
      const big = "9999999999";
      expect((await memberClient.get(`/system/more-info/${big}`)).status).toBe(404);
      expect((await memberClient.post(`/quick-info/lesson_plan/${big}`)).status).toBe(404);
      expect((await memberClient.get(`/related-content?model=lesson_plan&id=${big}`)).status).toBe(404);
      expect((await memberClient.post("/profile/flag", { type: `lesson_plan:${big}`, value: "awesome", message: "x" })).status).toBe(404);
    });
  });
});
