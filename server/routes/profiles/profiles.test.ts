import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, PROFILE_MESSAGES, THUMBNAIL_MESSAGES } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildRoleCast, type RoleCast } from "../../test/factories.js";
import { solidPng } from "../../test/sampleFiles.js";
import { startTestServer, type TestClient, type TestServer } from "../../test/testServer.js";

/** The photo upload as the web app sends it: one image in the part profileAvatarBlock. */
function photoForm(data: Buffer, name = "me.png", type = "image/png"): FormData {
  const form = new FormData();
  form.append("profileAvatarBlock", new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

// Profiles' pages (the links beside comments and posts) and the photo a person gives themselves.
describe("profiles", () => {
  let server: TestServer;
  let cast: RoleCast;
  let as: RoleCast["clients"];
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    server = await startTestServer();
    cast = await buildRoleCast(server);
    as = cast.clients;
  });
  afterAll(() => server.stop());

  it("shows a person's public face to everyone, never their account details", async () => {
    for (const client of [as.guest, as.member]) {
      const res = await client.get(`/api/profiles/${cast.owner.uid}`);
      expect(res.status).toBe(200);
      fits("get", "/api/profiles/{uid}", res);
      expect(res.body).toMatchObject({ uid: cast.owner.uid, kind: "user", id: cast.owner.id, name: "Olga Owner", thumbnail: null, group_link: null, abilities: { edit_photo: false } });
      expect(JSON.stringify(res.body)).not.toMatch(/username|email|password|permissions/);
    }
    expect((await as.owner.get(`/api/profiles/${cast.owner.uid}`)).body.abilities).toEqual({ edit_photo: true });
    expect((await as.admin.get(`/api/profiles/${cast.owner.uid}`)).body.abilities).toEqual({ edit_photo: true });
    expect((await as.member.get("/api/profiles/nobody")).status).toBe(404);
  });

  it("sends a group's profile to the group's own page", async () => {
    const page = await buildContent(server.db, { ownerId: cast.leader.id, modelKey: "profile", subType: "group", title: "Science Team", profileId: cast.group.id });
    const res = await as.member.get(`/api/profiles/${cast.group.uid}`);
    expect(res.body).toMatchObject({ kind: "group", name: cast.group.name, group_link: `/groups/${page.uid}` });
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
});
