import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildRoleCast, buildSignedInClient, buildSignedInUser, type TestUser } from "../../test/factories.js";
import { exeBytes, pngBytes, solidPng } from "../../test/sampleFiles.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const PRESETS = "/system/thumbnail-designer-presets";

describe("thumbnail designer: settings and presets", () => {
  const { server } = useTestServer();
  let ownerClient: TestClient;
  let otherClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    ownerClient = await buildSignedInClient(server);
    otherClient = await buildSignedInClient(server);
    adminClient = await buildSignedInClient(server, { admin: true });
  });

  it("describes the settings as typed fields with defaults and depends_on", async () => {
    const res = await server.client().get("/system/thumbnail-designer/settings");
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.body.data.map((d: { key: string }) => [d.key, d]));
    expect(Object.keys(byKey)).toEqual(["default-background-color", "hide-default-icon", "default-icon", "default-icon-color", "overlay-color", "overlay-opacity", "overlay-filter", "overlay-filter-strength"]);
    expect(byKey["overlay-color"]).toMatchObject({ type: "color", default: "#222222" });
    expect(byKey["overlay-opacity"]).toMatchObject({ type: "range", min: 0, max: 1 });
    expect(byKey["overlay-filter"].options.map((o: { value: string }) => o.value)).toEqual(["none", "blur", "brightness", "contrast", "grayscale", "invert", "sepia", "saturate"]);
    expect(byKey["overlay-filter-strength"]).toMatchObject({ min: 0, max: 1, depends_on: { key: "overlay-filter", not: "none" } });
    expect(byKey["hide-default-icon"]).toMatchObject({ type: "checkbox", default: false });
    expect(byKey["default-icon"]).toEqual({ key: "default-icon", label: "Icon", type: "icon", tab: "theme", default: null, depends_on: { key: "hide-default-icon", equals: false } });
  });

  it("asks guests to sign in for presets", async () => {
    const guest = server.client();
    const list = await guest.get(PRESETS);
    expect(list.status).toBe(401);
    expect(list.body.message).toBe("You must be signed in to do that.");
    expect((await guest.post(PRESETS, { name: "x" })).status).toBe(401);
    expect((await guest.request("PUT", `${PRESETS}/1`, { name: "x" }, { "x-csrf-token": await guest.token() })).status).toBe(401);
    expect((await guest.request("DELETE", `${PRESETS}/1`, undefined, { "x-csrf-token": await guest.token() })).status).toBe(401);
  });

  it("creates, lists, updates and deletes presets; only the owner may change or delete one", async () => {
    expect((await ownerClient.get(PRESETS)).body).toEqual([]);
    const created = await ownerClient.post(PRESETS, { name: "  Night sky ", settings: { "overlay-color": "#222222", "overlay-opacity": 0.4, "overlay-filter": "sepia", "hide-default-icon": false } });
    expect(created.status).toBe(201);
    // Defaults are not stored: only what differs from them.
    expect(created.body).toEqual({ status: "success", message: "Preset Created", preset: { id: expect.any(Number), name: "Night sky", settings: { "overlay-opacity": 0.4, "overlay-filter": "sepia" }, is_owner: true } });
    const id = created.body.preset.id;

    const seenByOther = await otherClient.get(PRESETS);
    expect(seenByOther.body).toEqual([{ id, name: "Night sky", settings: { "overlay-opacity": 0.4, "overlay-filter": "sepia" }, is_owner: false }]);

    const put = (client: TestClient, body: unknown, target = id) => client.token().then((token) => client.request("PUT", `${PRESETS}/${target}`, body, { "x-csrf-token": token }));
    const del = (client: TestClient, target = id) => client.token().then((token) => client.request("DELETE", `${PRESETS}/${target}`, undefined, { "x-csrf-token": token }));

    for (const client of [otherClient, adminClient]) {
      const denied = await put(client, { name: "Mine now" });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe("Only the owner of a preset may change or delete it.");
      expect((await del(client)).status).toBe(403);
    }

    const updated = await put(ownerClient, { name: "Night", settings: { "overlay-filter": "blur", "overlay-filter-strength": 0.8 } });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ status: "success", message: "Preset Updated", preset: { id, name: "Night", settings: { "overlay-filter": "blur", "overlay-filter-strength": 0.8 }, is_owner: true } });

    const deleted = await del(ownerClient);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ status: "success", message: "Preset Deleted", id });
    expect((await ownerClient.get(PRESETS)).body).toEqual([]);
    expect((await del(ownerClient)).status).toBe(404);
    expect((await put(ownerClient, { name: "x" }, 999999)).body.message).toBe("Preset not found.");
    expect((await del(ownerClient, "abc" as unknown as number)).status).toBe(404);
    // Beyond the databases' integers (PostgreSQL refused to compare it: a 500).
    expect((await put(ownerClient, { name: "x" }, 2147483648)).body.message).toBe("Preset not found.");
  });

  it("leaves a preset a group owns to the group's leaders (the shared owner rule), not to its members or admins", async () => {
    const cast = await buildRoleCast(server);
    const c = cast.clients;
    const preset = await server.db
      .insertInto("thumbnail_presets")
      .values({ owner_id: cast.group.id, name: "Group colours", settings: JSON.stringify({ "overlay-opacity": 0.5 }), created_at: "2024-01-01T00:00:00.000Z", updated_at: "2024-01-01T00:00:00.000Z" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const isOwner = async (client: TestClient) => ((await client.get(PRESETS)).body as { id: number; is_owner: boolean }[]).find((p) => p.id === preset.id)?.is_owner;
    const send = (client: TestClient, method: "PUT" | "DELETE", body?: unknown) => client.token().then((token) => client.request(method, `${PRESETS}/${preset.id}`, body, { "x-csrf-token": token }));
    expect(await isOwner(c.leader)).toBe(true);
    for (const role of ["groupie", "owner", "member", "moderator", "admin"] as const) {
      expect(await isOwner(c[role]), role).toBe(false);
      const denied = await send(c[role], "PUT", { name: "Mine now" });
      expect([denied.status, denied.body.message], role).toEqual([403, "Only the owner of a preset may change or delete it."]);
      expect((await send(c[role], "DELETE")).status, role).toBe(403);
    }
    const renamed = await send(c.leader, "PUT", { name: "Group colours, brighter", settings: { "overlay-opacity": 0.2 } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.preset).toEqual({ id: preset.id, name: "Group colours, brighter", settings: { "overlay-opacity": 0.2 }, is_owner: true });
    expect((await send(c.leader, "DELETE")).status).toBe(200);
    expect(await isOwner(c.leader)).toBeUndefined();
  });

  it("validates preset names and settings with 422 and the rule's message", async () => {
    const cases: [unknown, string][] = [
      [{}, "Preset name is required."],
      [{ name: "   " }, "Preset name is required."],
      [{ name: "x".repeat(101) }, "Preset name may be at most 100 characters."],
      [{ name: "a", settings: { "overlay-opacity": 1.5 } }, "Values run from 0 to 1."],
      [{ name: "a", settings: { "overlay-filter-strength": -0.1 } }, "Values run from 0 to 1."],
      [{ name: "a", settings: { "overlay-filter": "emboss" } }, "Unknown overlay filter."],
      [{ name: "a", settings: { "overlay-color": "red" } }, "Colors are hex values such as #222222."],
      [{ name: "a", settings: { "font-size": 3 } }, "Unknown thumbnail setting: font-size."],
      [{ name: "a", settings: "dark" }, "The thumbnail settings are not valid."],
      // An icon must be an icon value the server has: a known style, a name, and that icon drawn in that style.
      [{ name: "a", settings: { "default-icon": { style: "fas", name: "no-such-icon-here" } } }, "Icon type not found"],
      [{ name: "a", settings: { "default-icon": { style: "fal", name: "house" } } }, "Icon type not found"],
      [{ name: "a", settings: { "default-icon": { style: "fab", name: "house" } } }, "Icon type not found"],
      [{ name: "a", settings: { "default-icon": { style: "fax", name: "house" } } }, "Unknown icon style."],
      [{ name: "a", settings: { "default-icon": { style: "fas", name: "../../package" } } }, "An icon name is lowercase letters, digits and dashes."],
      [{ name: "a", settings: { "default-icon": "house" } }, "Icon type not found"],
    ];
    for (const [body, message] of cases) {
      const res = await ownerClient.post(PRESETS, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
  });
});

describe("an item's designed thumbnail", () => {
  const { server } = useTestServer();
  let owner: TestUser;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let adminClient: TestClient;
  let plan: Content;
  let link: string;

  beforeAll(async () => {
    [owner, ownerClient] = await buildSignedInUser(server);
    memberClient = await buildSignedInClient(server);
    adminClient = await buildSignedInClient(server, { admin: true });
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Thumbnail Lighthouse Plan" });
    link = `/lesson-plans/${plan.uid}`;
  });

  const save = (client: TestClient, fields: Record<string, string | { name: string; data: Uint8Array; type?: string }>, target = link) => client.postFiles(`${target}/thumbnail`, fields);
  const searchCard = async (client: TestClient) => (await client.get(`/api/search?query=lighthouse`)).body.data.find((d: { id: number }) => d.id === plan.id);

  it("starts without a design: default settings, no image", async () => {
    expect((await server.client().get(`/api/content${link}/thumbnail`)).body).toEqual({ thumbnail_settings: null, bool_thumbnail: false, thumb_url: null });
    expect((await ownerClient.get(`/api/content${link}`)).body.thumbnail).toEqual({ thumbnail_settings: null, bool_thumbnail: false, thumb_url: null });
  });

  it("lets only those who may edit save a design: guests 401, members 403", async () => {
    const guest = await save(server.client(), { settings: "{}" });
    expect(guest.status).toBe(401);
    const denied = await save(memberClient, { settings: "{}", image: { name: "t.png", data: solidPng(512, 512), type: "image/png" } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe("You do not have permission to do that.");
    expect(await server.db.selectFrom("content_thumbnails").selectAll().execute()).toEqual([]);
  });

  it("saves an image and the non-default settings, serves the image, and search cards and the item page show them", async () => {
    const res = await save(ownerClient, {
      settings: JSON.stringify({ "overlay-color": "#112233", "overlay-opacity": 0.35, "overlay-filter": "grayscale", "overlay-filter-strength": 0.5 }),
      image: { name: "cropped.png", data: solidPng(512, 512), type: "image/png" },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Thumbnail saved.");
    const thumbnail = res.body.thumbnail;
    expect(thumbnail).toEqual({ thumbnail_settings: { "overlay-color": "#112233", "overlay-opacity": 0.35, "overlay-filter": "grayscale" }, bool_thumbnail: true, thumb_url: expect.stringMatching(/^\/files\/thumbnails\/[\w-]{32}$/) });

    const image = await server.client().download(thumbnail.thumb_url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.bytes.equals(solidPng(512, 512))).toBe(true);

    const card = await searchCard(memberClient);
    expect(card).toMatchObject({ thumb_url: thumbnail.thumb_url, bool_thumbnail: true, thumbnail_settings: thumbnail.thumbnail_settings });
    expect((await memberClient.get(`/api/content${link}`)).body.thumbnail).toEqual(thumbnail);
  });

  it("keeps the image when only settings change, replaces it with a new one, and clears it when asked", async () => {
    const first = (await ownerClient.get(`/api/content${link}/thumbnail`)).body.thumb_url;
    const settingsOnly = await save(ownerClient, { settings: JSON.stringify({ "default-background-color": "#ffcc00" }) });
    expect(settingsOnly.body.thumbnail).toEqual({ thumbnail_settings: { "default-background-color": "#ffcc00" }, bool_thumbnail: true, thumb_url: first });

    const replaced = await save(adminClient, { settings: "{}", image: { name: "new.png", data: solidPng(1024, 1024, [200, 10, 10]), type: "image/png" } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.thumbnail.thumb_url).not.toBe(first);
    expect(replaced.body.thumbnail.thumbnail_settings).toBeNull();
    // The old image is gone from storage.
    expect((await server.client().download(first)).status).toBe(404);

    const cleared = await save(ownerClient, { settings: JSON.stringify({ "hide-default-icon": true }), clear_image: "1" });
    expect(cleared.body.thumbnail).toEqual({ thumbnail_settings: { "hide-default-icon": true }, bool_thumbnail: false, thumb_url: null });
    expect((await server.client().download(replaced.body.thumbnail.thumb_url)).status).toBe(404);
    expect(await searchCard(memberClient)).toMatchObject({ bool_thumbnail: false, thumb_url: null, thumbnail_settings: { "hide-default-icon": true } });
  });

  it("saves an icon in place of the type's icon, checked against the supported icons; null means the type's own", async () => {
    const icon = { style: "fas", name: "graduation-cap" };
    const res = await save(ownerClient, { settings: JSON.stringify({ "default-icon": icon, "default-icon-color": "#aa3300" }) });
    expect(res.status).toBe(200);
    expect(res.body.thumbnail.thumbnail_settings).toMatchObject({ "default-icon": icon, "default-icon-color": "#aa3300" });
    expect((await searchCard(memberClient)).thumbnail_settings).toMatchObject({ "default-icon": icon });
    expect((await memberClient.get(`/api/content${link}`)).body.thumbnail.thumbnail_settings["default-icon"]).toEqual(icon);

    for (const bad of [{ style: "fas", name: "unicorn-of-doom" }, { style: "far", name: "graduation-cap" }, { style: "fad", name: "house" }]) {
      const refused = await save(ownerClient, { settings: JSON.stringify({ "default-icon": bad }) });
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.body).toEqual({ message: "Icon type not found", errors: { "settings.default-icon": ["Icon type not found"] } });
    }
    const extraKey = await save(ownerClient, { settings: JSON.stringify({ "default-icon": { ...icon, color: "red" } }) });
    expect(extraKey.status).toBe(422);
    // The refused saves changed nothing.
    expect((await ownerClient.get(`/api/content${link}/thumbnail`)).body.thumbnail_settings["default-icon"]).toEqual(icon);

    // null is the default (the type's icon), so it is not stored.
    const reset = await save(ownerClient, { settings: JSON.stringify({ "default-icon": null, "hide-default-icon": true }), clear_image: "1" });
    expect(reset.body.thumbnail.thumbnail_settings).toEqual({ "hide-default-icon": true });
  });

  it("checks uploads by name, content and size with the uploader's rules", async () => {
    const cases: [Record<string, string | { name: string; data: Uint8Array; type?: string }>, string][] = [
      [{ image: { name: "t.bmp", data: solidPng(512, 512) } }, "Allowed image types: jpg, jpeg, gif, png, svg."],
      [{ image: { name: "t.png", data: exeBytes() } }, "The image's content does not match an allowed image type."],
      [{ image: { name: "t.jpg", data: solidPng(512, 512) } }, "The image's content does not match an allowed image type."],
      [{ image: { name: "t.svg", data: Buffer.from("hello, not svg") } }, "The image's content does not match an allowed image type."],
      [{ image: { name: "t.png", data: solidPng(600, 400) } }, "The image must be square (aspect ratio 1)."],
      [{ image: { name: "t.png", data: pngBytes() } }, "The image must be between 512 and 1024 pixels wide."],
      [{ image: { name: "t.png", data: solidPng(1100, 1100) } }, "The image must be between 512 and 1024 pixels wide."],
      [{ image: { name: "big.png", data: Buffer.alloc(5 * 1024 * 1024 + 1) } }, "The image may be at most 5 MB."],
      [{ settings: "{not json" }, "The thumbnail settings are not valid."],
      [{ settings: JSON.stringify({ "overlay-opacity": 2 }) }, "Values run from 0 to 1."],
      [{ settings: "{}", clear_image: "maybe" }, "clear_image is 0 or 1."],
    ];
    for (const [fields, message] of cases) {
      const res = await save(ownerClient, fields);
      expect(res.status, message).toBe(422);
      expect(res.body.message, JSON.stringify(Object.keys(fields))).toBe(message);
    }
  });

  it("cleans SVG uploads so they cannot carry script, and serves them sandboxed", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)"><script>alert(2)</script><rect width="100" height="100" fill="#0a0"/><a href="javascript:alert(3)"><circle cx="50" cy="50" r="20"/></a><foreignObject><iframe src="https://evil.example"></iframe></foreignObject><image href="https://evil.example/x.png"/></svg>`;
    const res = await save(ownerClient, { settings: "{}", image: { name: "logo.svg", data: Buffer.from(svg), type: "image/svg+xml" } });
    expect(res.status).toBe(200);
    const served = await server.client().download(res.body.thumbnail.thumb_url);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    const text = served.bytes.toString("utf8");
    expect(text).toContain('<rect width="100" height="100" fill="#0a0">');
    expect(text).toContain("<circle");
    for (const bad of ["script", "alert", "onload", "javascript", "foreignObject", "iframe", "evil.example", "<image"]) expect(text).not.toContain(bad);
    // A square SVG scales, so it needs no pixel size; a wide one is refused.
    const wide = await save(ownerClient, { image: { name: "wide.svg", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"></svg>') } });
    expect(wide.body.message).toBe("The image must be square (aspect ratio 1).");
  });

  it("keeps a restricted item's thumbnail from guests and members without a grant", async () => {
    const secret = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", visibility: "restricted" });
    const secretLink = `/outlines/${secret.uid}`;
    const saved = await save(ownerClient, { image: { name: "s.png", data: solidPng(512, 512) } }, secretLink);
    expect(saved.status).toBe(200);
    expect((await server.client().download(saved.body.thumbnail.thumb_url)).status).toBe(401);
    expect((await memberClient.download(saved.body.thumbnail.thumb_url)).status).toBe(403);
    expect((await adminClient.download(saved.body.thumbnail.thumb_url)).status).toBe(200);
    expect((await server.client().get(`/api/content${secretLink}/thumbnail`)).status).toBe(401);
    expect((await memberClient.get(`/api/content${secretLink}/thumbnail`)).status).toBe(404);
    expect((await server.client().download("/files/thumbnails/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });

  it("refuses a design while someone else holds the item's edit lock (409)", async () => {
    const locked = await adminClient.post("/update-lock", { type: "lesson_plan", type_id: plan.id });
    expect(locked.body.locked).toBe(false);
    const res = await save(ownerClient, { settings: "{}" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^This item is being edited by /);
    await adminClient.post("/system/locks/unlock", { type: "lesson_plan", type_id: plan.id });
    expect((await save(ownerClient, { settings: "{}" })).status).toBe(200);
  });

  it("answers 404 for an unknown item", async () => {
    expect((await save(ownerClient, { settings: "{}" }, "/lesson-plans/nope")).status).toBe(404);
    expect((await ownerClient.get("/api/content/lesson-plans/nope/thumbnail")).status).toBe(404);
  });
});
