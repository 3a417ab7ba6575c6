import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PROFILE_MESSAGES, THUMBNAIL_MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildGroupPage, buildInstitution, buildUser, signedInClient } from "../../test/factories.js";
import { solidPng } from "../../test/sampleFiles.js";
import { fileForm, type TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/** The photo upload as the web app sends it: one image in the part profileAvatarBlock. */
const photoForm = (data: Buffer, name = "me.png", type = "image/png") => fileForm("profileAvatarBlock", data, name, type);

// Profiles' pages (the links beside comments and posts) and the photo a person gives themselves.
describe("profiles", () => {
  const { server, cast, as } = useCast();
  const fits = apiReferenceCheck();

  it("shows a person's public face to everyone, never their account details", async () => {
    for (const client of [as.guest, as.member]) {
      const res = await client.get(`/api/profiles/${cast.owner.uid}`);
      expect(res.status).toBe(200);
      fits("get", "/api/profiles/{uid}", res);
      expect(res.body).toMatchObject({ uid: cast.owner.uid, kind: "user", id: cast.owner.id, name: "Olga Owner", thumbnail: null, group_link: null, institutions: [], abilities: { edit: false, edit_photo: false } });
      expect(JSON.stringify(res.body)).not.toMatch(/username|email|password|permissions/);
    }
    expect((await as.owner.get(`/api/profiles/${cast.owner.uid}`)).body.abilities).toEqual({ edit: true, edit_photo: true });
    expect((await as.admin.get(`/api/profiles/${cast.owner.uid}`)).body.abilities).toEqual({ edit: true, edit_photo: true });
    expect((await as.member.get("/api/profiles/nobody")).status).toBe(404);
  });

  it("sends a group's profile to the group's own page", async () => {
    const page = await buildGroupPage(server.db, cast.leader, cast.group, "Science Team");
    const res = await as.member.get(`/api/profiles/${cast.group.uid}`);
    expect(res.body).toMatchObject({ kind: "group", name: cast.group.name, group_link: `/groups/${page.uid}`, institutions: [] });
    expect((await as.leader.get(`/api/profiles/${cast.group.uid}`)).body.abilities).toEqual({ edit: false, edit_photo: false });
    expect((await as.admin.get(`/api/profiles/${cast.group.uid}`)).body.abilities).toEqual({ edit: false, edit_photo: false });
  });

  it("tells of a members-only group, to those who may not open its page, its name alone: not its description nor its page's link", async () => {
    const made = await as.leader.post("/groups", { name: "Quiet Egrets", description: "Where we keep our nesting-site notes.", view_permission: 1 });
    expect(made.status).toBe(200);
    const group = await server.db.selectFrom("profiles").select("uid").where("id", "=", made.body.objGroup.id).executeTakeFirstOrThrow();
    const outsiders = [as.guest, as.member];
    for (const client of outsiders) {
      const res = await client.get(`/api/profiles/${group.uid}`);
      expect(res.status).toBe(200);
      fits("get", "/api/profiles/{uid}", res);
      expect(res.body).toMatchObject({ kind: "group", name: "Quiet Egrets", description: null, group_link: null });
    }
    // Its leader (and an admin) open the page: they are told all of it.
    for (const client of [as.leader, as.admin]) expect((await client.get(`/api/profiles/${group.uid}`)).body).toMatchObject({ description: "Where we keep our nesting-site notes.", group_link: made.body.objGroup.link });
  });

  it("changes a photo for the person themselves or an admin, and serves only the current one", async () => {
    const path = `/profiles/${cast.owner.uid}/upload-image`;
    const statuses: Record<string, number> = {};
    for (const role of ["guest", "member", "leader", "moderator"] as const) statuses[role] = (await as[role].postForm(path, photoForm(solidPng(512, 512)))).status;
    expect(statuses).toEqual({ guest: 401, member: 403, leader: 403, moderator: 403 });
    expect((await as.member.postForm(path, photoForm(solidPng(512, 512)))).body.message).toBe(PROFILE_MESSAGES.photoForbidden);

    const saved = await as.owner.postForm(path, photoForm(solidPng(512, 512)));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ status: "success", message: PROFILE_MESSAGES.photoSaved });
    const first: string = saved.body.thumbnail;
    expect(first).toMatch(new RegExp(`^/profiles/${cast.owner.uid}/image/[\\w-]+\\.png$`));
    const image = await fetch(server.url + first);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await image.arrayBuffer()).equals(solidPng(512, 512))).toBe(true);
    expect((await as.guest.get(`/api/profiles/${cast.owner.uid}`)).body.thumbnail).toBe(first);

    // An admin replaces it; the old address is gone, and the photo shows beside the person's comments.
    const replaced = await as.admin.postForm(path, photoForm(solidPng(600, 600, [200, 40, 40])));
    expect(replaced.status).toBe(200);
    expect((await fetch(server.url + first)).status).toBe(404);
    const item = await buildContent(server.db, { ownerId: cast.owner.id, title: "Photo check" });
    expect((await as.owner.post("/comment/thread/comment", { opaque_id: item.opaque_id, comment: "Hello" })).body.creator.thumbnail_small).toBe(replaced.body.thumbnail);
  });

  it("refuses what is not a square image of the allowed size, and a missing one, with the uploader's messages", async () => {
    const path = `/profiles/${cast.member.uid}/upload-image`;
    const send = (client: TestClient, form: FormData) => client.postForm(path, form);
    const cases: [FormData, string][] = [
      [photoForm(solidPng(300, 300)), THUMBNAIL_MESSAGES.imageSize],
      [photoForm(solidPng(512, 600)), THUMBNAIL_MESSAGES.imageSquare],
      [photoForm(Buffer.from("not an image"), "me.png"), THUMBNAIL_MESSAGES.imageContent],
      [new FormData(), PROFILE_MESSAGES.photoRequired],
    ];
    for (const [form, message] of cases) {
      const res = await send(as.member, form);
      expect([res.status, res.body.message], message).toEqual([422, message]);
    }
    expect((await as.member.get(`/api/profiles/${cast.member.uid}`)).body.thumbnail).toBeNull();
    expect((await as.member.postForm("/profiles/nobody/upload-image", photoForm(solidPng(512, 512)))).body.message).toBe(MESSAGES.notFound);
  });

  describe("editing a profile (PUT /api/profiles/{uid})", () => {
    const put = async (client: TestClient, uid: string, body: unknown) => {
      const res = await client.request("PUT", `/api/profiles/${uid}`, body, { "x-csrf-token": await client.token() });
      if (res.status === 200 || res.status === 422) fits("put", "/api/profiles/{uid}", res);
      return res;
    };
    const edit = { name: "Pat Person", location: "Austin, TX", description: "I teach science.\nAnd maths.", institutions: [] };

    it("saves the person's own name, location, about and institutions, in order, and the page shows them", async () => {
      const person = await buildUser(server.db, { name: "Pat Before" });
      const client = await signedInClient(server, person);
      const [first, second] = [await buildInstitution(server.db, { name: "Harbor Middle School", location: "Boston, MA" }), await buildInstitution(server.db, { name: "Bay District", location: "Oakland, CA" })];
      const res = await put(client, person.uid, { ...edit, name: "  Pat Person ", institutions: [{ institution_id: second.id }, { institution_id: first.id }, { institution_id: second.id }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: "success", message: PROFILE_MESSAGES.saved, profile: { name: "Pat Person", location: "Austin, TX", description: "I teach science.\nAnd maths." } });
      const page = (await as.guest.get(`/api/profiles/${person.uid}`)).body;
      expect(page).toMatchObject({ name: "Pat Person", location: "Austin, TX", description: "I teach science.\nAnd maths.", abilities: { edit: false } });
      expect(page.institutions).toEqual([
        { institution_id: second.id, name: "Bay District", location: "Oakland, CA" },
        { institution_id: first.id, name: "Harbor Middle School", location: "Boston, MA" },
      ]);
      // Blank or left out clears location, about and institutions; the header's own name (GET /getInitializeData) follows.
      expect((await put(client, person.uid, { name: "Pat Renamed", location: "  " })).status).toBe(200);
      expect((await as.guest.get(`/api/profiles/${person.uid}`)).body).toMatchObject({ name: "Pat Renamed", location: null, description: null, institutions: [] });
      expect((await client.get("/getInitializeData")).body.profile).toMatchObject({ name: "Pat Renamed" });
    });

    it("lets only the person and admins edit a person's profile, never a group's", async () => {
      const person = await buildUser(server.db, { name: "Quinn Quiet" });
      const statuses: Record<string, number> = {};
      for (const role of ["guest", "member", "leader", "moderator", "admin"] as const) statuses[role] = (await put(as[role], person.uid, { ...edit, name: `Quinn by ${role}` })).status;
      expect(statuses).toEqual({ guest: 401, member: 403, leader: 403, moderator: 403, admin: 200 });
      expect((await put(as.member, person.uid, edit)).body.message).toBe(PROFILE_MESSAGES.editForbidden);
      expect((await as.guest.get(`/api/profiles/${person.uid}`)).body.name).toBe("Quinn by admin");
      // A group's profile, even by its leader or an admin.
      for (const role of ["leader", "admin"] as const) expect((await put(as[role], cast.group.uid, edit)).status).toBe(403);
      expect((await as.guest.get(`/api/profiles/${cast.group.uid}`)).body.name).toBe(cast.group.name);
      expect((await put(as.admin, "nobody", edit)).status).toBe(404);
      // Guests are asked to sign in before the body is read.
      expect((await put(as.guest, person.uid, { name: "" })).status).toBe(401);
    });

    it("refuses bad fields with 422, a message and errors per field, and changes nothing", async () => {
      const person = await buildUser(server.db, { name: "Rita Rules" });
      const client = await signedInClient(server, person);
      const listed = await buildInstitution(server.db);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `Custom School ${i}` }));
      const cases: [unknown, string, string][] = [
        [{ ...edit, name: "" }, "name", PROFILE_MESSAGES.nameRequired],
        [{ ...edit, name: "   " }, "name", PROFILE_MESSAGES.nameRequired],
        [{ location: "Here" }, "name", PROFILE_MESSAGES.nameRequired],
        [{ ...edit, name: "x".repeat(256) }, "name", PROFILE_MESSAGES.nameTooLong],
        [{ ...edit, location: "x".repeat(256) }, "location", PROFILE_MESSAGES.locationTooLong],
        [{ ...edit, description: "x".repeat(2001) }, "description", PROFILE_MESSAGES.aboutTooLong],
        [{ ...edit, institutions: eleven }, "institutions", PROFILE_MESSAGES.institutionsTooMany],
        [{ ...edit, institutions: [{ name: " " }] }, "institutions.0.name", PROFILE_MESSAGES.institutionNameRequired],
        [{ ...edit, institutions: [{ name: "y".repeat(256) }] }, "institutions.0.name", PROFILE_MESSAGES.institutionNameTooLong],
        [{ ...edit, institutions: [{ institution_id: listed.id, name: "Both" }] }, "institutions.0", PROFILE_MESSAGES.institutionInvalid],
        [{ ...edit, institutions: [{}] }, "institutions.0", PROFILE_MESSAGES.institutionInvalid],
        [{ ...edit, institutions: ["Lincoln"] }, "institutions.0", PROFILE_MESSAGES.institutionInvalid],
        [{ ...edit, institutions: [{ institution_id: "abc" }] }, "institutions.0.institution_id", PROFILE_MESSAGES.institutionInvalid],
        [{ ...edit, institutions: [{ institution_id: 2147483648 }] }, "institutions.0.institution_id", PROFILE_MESSAGES.institutionInvalid],
        [{ ...edit, institutions: [{ institution_id: listed.id }, { institution_id: 2147483647 }] }, "institutions", PROFILE_MESSAGES.institutionUnknown],
      ];
      for (const [body, field, message] of cases) {
        const res = await put(client, person.uid, body);
        expect([res.status, res.body.message, res.body.errors?.[field]], `${field}: ${message}`).toEqual([422, message, [message]]);
      }
      const res = await put(client, person.uid, "not json");
      expect([res.status, typeof res.body.message]).toEqual([400, "string"]);
      expect((await as.guest.get(`/api/profiles/${person.uid}`)).body).toMatchObject({ name: "Rita Rules", location: null, institutions: [] });
      expect(await server.db.selectFrom("institutions").select("id").where("name", "like", "Custom School%").execute()).toEqual([]);
    });

    it("creates a custom institution once, with its creator, and reuses it by name", async () => {
      const [ann, ben] = [await buildUser(server.db, { name: "Ann Custom" }), await buildUser(server.db, { name: "Ben Custom" })];
      const first = await put(await signedInClient(server, ann), ann.uid, { ...edit, institutions: [{ name: " Tiny Hill Co-op School " }, { name: "tiny hill co-op school" }] });
      expect(first.status).toBe(200);
      expect(first.body.profile.institutions).toEqual([{ institution_id: expect.any(Number), name: "Tiny Hill Co-op School", location: null }]);
      const id = first.body.profile.institutions[0].institution_id;
      const second = await put(await signedInClient(server, ben), ben.uid, { ...edit, institutions: [{ name: "TINY HILL CO-OP SCHOOL" }] });
      expect(second.body.profile.institutions).toEqual([{ institution_id: id, name: "Tiny Hill Co-op School", location: null }]);
      expect(await server.db.selectFrom("institutions").select(["id", "created_by"]).where("name", "=", "Tiny Hill Co-op School").execute()).toEqual([{ id, created_by: ann.id }]);
      // The autocomplete offers it to the next person.
      expect((await as.guest.get("/profiles/autocomplete/institutions?st=hill%20co")).body.data).toEqual([{ institution_id: id, name: "Tiny Hill Co-op School", location: null }]);
    });

    it("shows a new name wherever the name is read: the content it owns, search's cached owner names, the person's own item", async () => {
      const person = await buildUser(server.db, { name: "Vera Original" });
      const item = await buildContent(server.db, { ownerId: person.id, title: "Okapi Migration Notes" });
      const search = async () => {
        const body = (await as.member.get("/api/search?query=okapi")).body;
        return [body.data[0].owner_data.name, body.facets.owners.find((o: { profile_id: number }) => o.profile_id === person.id).name];
      };
      expect(await search()).toEqual(["Vera Original", "Vera Original"]);
      expect((await put(await signedInClient(server, person), person.uid, { name: "Vera Renamed" })).status).toBe(200);
      expect(await search()).toEqual(["Vera Renamed", "Vera Renamed"]);
      expect((await as.member.post(`/quick-info/resource/${item.id}`)).body.model.owner_data.name).toBe("Vera Renamed");
      expect(await server.db.selectFrom("content").select("title").where("id", "=", item.id).executeTakeFirst()).toEqual({ title: "Okapi Migration Notes" });

      // A person's own searchable item (admins search users) carries the name as its title.
      const other = await buildUser(server.db, { name: "Walt Original" });
      const own = await buildContent(server.db, { ownerId: other.id, modelKey: "user", title: "Walt Original", profileId: other.id, visibility: "restricted" });
      expect((await put(await signedInClient(server, other), other.uid, { name: "Walt Renamed" })).status).toBe(200);
      expect(await server.db.selectFrom("content").select("title").where("id", "=", own.id).executeTakeFirst()).toEqual({ title: "Walt Renamed" });
    });
  });

  describe("institution autocomplete (GET /profiles/autocomplete/institutions)", () => {
    const find = async (query: string) => {
      const res = await as.guest.get(`/profiles/autocomplete/institutions?${query}`);
      if (res.status === 200 || res.status === 422) fits("get", "/profiles/autocomplete/institutions", res);
      return res;
    };
    const names = async (query: string) => (await find(query)).body.data.map((i: { name: string }) => i.name);

    beforeAll(async () => {
      for (let i = 0; i < 12; i++) await buildInstitution(server.db, { name: `Zephyr Academy ${String(i).padStart(2, "0")}`, location: i % 2 ? "Reno, NV" : "Boise, ID" });
      await buildInstitution(server.db, { name: "North Zephyr Charter", location: "Reno, NV" });
      await buildInstitution(server.db, { name: "Quokka Valley High", location: "Eugene, OR" });
    });

    it("answers nothing for 2 characters or fewer, and no error", async () => {
      for (const query of ["", "st=", "st=ze", "st=%20ze%20", "st=qu"]) expect([(await find(query)).status, (await find(query)).body], query).toEqual([200, { data: [] }]);
      expect(await names("st=quo")).toEqual(["Quokka Valley High"]);
    });

    it("answers at most 10 by name, those starting with the term first, case aside", async () => {
      const found = await names("st=ZEPHYR");
      expect(found).toHaveLength(10);
      expect(found).toEqual(Array.from({ length: 10 }, (_, i) => `Zephyr Academy ${String(i).padStart(2, "0")}`));
      expect(await names("st=zephyr%20c")).toEqual(["North Zephyr Charter"]);
      expect(await names("st=phyr%20ch")).toEqual(["North Zephyr Charter"]);
      expect(await names("st=%25%25%25")).toEqual([]);
    });

    it("keeps those of a state when asked, and accepts lat and lon without using them", async () => {
      expect(await names("st=zephyr&state=nv")).toEqual(["Zephyr Academy 01", "Zephyr Academy 03", "Zephyr Academy 05", "Zephyr Academy 07", "Zephyr Academy 09", "Zephyr Academy 11", "North Zephyr Charter"]);
      expect(await names("st=zephyr&state=ID&lat=43.6&lon=-116.2")).toHaveLength(6);
      expect(await names("st=zephyr&state=CA")).toEqual([]);
      for (const state of ["Nevada", "N", "1V"]) {
        const res = await find(`st=zephyr&state=${state}`);
        expect([res.status, res.body.message, res.body.errors?.state], state).toEqual([422, PROFILE_MESSAGES.stateInvalid, [PROFILE_MESSAGES.stateInvalid]]);
      }
    });
  });
});
