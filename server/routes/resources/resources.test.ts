import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CREATE_MESSAGES, RESOURCE_FILE_MAX_BYTES, RESOURCE_MESSAGES } from "../../../contract/index.js";
import type { Profile } from "../../db/schema.js";
import { setConfigValue } from "../../models/appConfig.js";
import { buildAttribute, buildGroup, buildUser } from "../../test/factories.js";
import { docBytes, docxBytes, exeBytes, gifBytes, jpegBytes, pdfBytes, pngBytes, rtfBytes } from "../../test/sampleFiles.js";
import { appendFile, type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

type Fields = Record<string, string>;

/** The multipart body the add-resource form sends. */
function form(fields: Fields, file?: { bytes: Buffer; name: string; type?: string }): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) appendFile(data, "file", file.bytes, file.name, file.type);
  return data;
}

describe("POST /resources/create-fetch", () => {
  const { server } = useTestServer();
  let member: Profile & { password: string };
  let client: TestClient;
  let group: Profile;

  beforeAll(async () => {
    member = await buildUser(server.db);
    const leader = await buildUser(server.db);
    group = await buildGroup(server.db, leader, [member]);
    client = server.client();
    await client.signIn(member.username!, member.password);
  });
  afterEach(() => setConfigValue(server.db, "settings", {}));

  const create = (fields: Fields, file?: { bytes: Buffer; name: string; type?: string }, who = client) => who.postForm("/resources/create-fetch", form(fields, file));
  const row = (id: number) => server.db.selectFrom("content").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const searchTitles = async (who: TestClient, term: string) => ((await who.get(`/api/search?query=${encodeURIComponent(term)}`)).body.data as { title: string; link: string }[]).map((d) => [d.title, d.link]);

  it("asks guests to sign in, before reading any upload", async () => {
    const guest = server.client();
    const res = await create({ title: "Guest Link", add_resource_type: "show-url", url: "https://example.org" }, undefined, guest);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("You must be signed in to do that.");
    const upload = await create({ title: "Guest File", add_resource_type: "show-file" }, { bytes: pdfBytes(), name: "a.pdf" }, guest);
    expect(upload.status).toBe(401);
  });

  it("refuses resources when the app config does not list them as creatable (403), before reading any upload", async () => {
    await setConfigValue(server.db, "settings", { creatableTypes: ["collection"] });
    const res = await create({ title: "Not Creatable", add_resource_type: "show-url", url: "https://example.org" });
    expect([res.status, res.body.message]).toEqual([403, CREATE_MESSAGES.typeNotCreatable]);
    expect((await client.get("/resources/share-options")).status).toBe(403);
  });

  it("adds a resource by link that search finds at once", async () => {
    const res = await create({ title: "  Walrus Migration Atlas ", description: "Where walruses go", add_resource_type: "show-url", url: "https://example.org/walrus" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "success", message: "Resource created.", response: { title: "Walrus Migration Atlas" } });
    expect(res.body.response.link).toMatch(/^\/resources\/[\w-]+$/);
    expect(await row(res.body.response.id)).toMatchObject({ model_key: "resource", owner_id: member.id, url: "https://example.org/walrus", description: "Where walruses go", visibility: "public" });
    expect(await searchTitles(server.client(), "walrus migration")).toContainEqual(["Walrus Migration Atlas", res.body.response.link]);
  });

  it("accepts the link form as JSON too", async () => {
    const res = await client.post("/resources/create-fetch", { title: "Json Link", url: "http://example.org/json" });
    expect(res.status).toBe(200);
    expect((await row(res.body.response.id)).url).toBe("http://example.org/json");
  });

  it("answers 422 with the rule's message for a missing title or a bad URL", async () => {
    const cases: [Fields, string][] = [
      [{ add_resource_type: "show-url", url: "https://example.org" }, RESOURCE_MESSAGES.titleRequired],
      [{ title: "   ", add_resource_type: "show-url", url: "https://example.org" }, RESOURCE_MESSAGES.titleRequired],
      [{ title: "No URL", add_resource_type: "show-url" }, RESOURCE_MESSAGES.urlRequired],
      [{ title: "FTP", add_resource_type: "show-url", url: "ftp://example.org/file" }, "Please check that your URL is correct"],
      [{ title: "Script", add_resource_type: "show-url", url: "javascript:alert(1)" }, "Please check that your URL is correct"],
      [{ title: "Spaces", add_resource_type: "show-url", url: "https://exa mple.org" }, "Please check that your URL is correct"],
      [{ title: "Mode", add_resource_type: "show-both", url: "https://example.org" }, RESOURCE_MESSAGES.addTypeInvalid],
      [{ title: "x".repeat(256), add_resource_type: "show-url", url: "https://example.org" }, RESOURCE_MESSAGES.titleTooLong],
    ];
    for (const [fields, message] of cases) {
      const res = await create(fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.message).toBe(message);
    }
  });

  it("stores each allowed file type, checked by content, and serves it back with safe headers", async () => {
    const files: [string, Buffer, string][] = [
      ["notes.pdf", pdfBytes(), "application/pdf"],
      ["photo.png", pngBytes(), "image/png"],
      ["anim.gif", gifBytes(), "image/gif"],
      ["pic.jpg", jpegBytes(), "image/jpeg"],
      ["pic.JPEG", jpegBytes(), "image/jpeg"],
      ["old.doc", docBytes(), "application/msword"],
      ["new.docx", docxBytes(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["rich.rtf", rtfBytes(), "application/rtf"],
    ];
    for (const [name, bytes, mime] of files) {
      const res = await create({ title: `Upload ${name}`, add_resource_type: "show-file" }, { bytes, name });
      expect(res.status, name).toBe(200);
      const content = await row(res.body.response.id);
      const stored = await server.db.selectFrom("resource_files").selectAll().where("content_id", "=", content.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ file_name: name, mime_type: mime, size: bytes.length });
      expect(stored.storage_key).toMatch(/^[\w-]{32}$/);
      expect(content.url).toBe(`/files/uploaded/${stored.storage_key}`);

      const served = await server.client().download(content.url!);
      expect(served.status).toBe(200);
      expect(served.bytes.equals(bytes)).toBe(true);
      expect(served.headers.get("content-type")).toBe(mime);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
      // Images and PDFs show in the page (the resource view dialog); a PDF is the one not sandboxed (Chromium's viewer refuses that).
      const shown = mime.startsWith("image/") || mime === "application/pdf";
      expect(served.headers.get("content-disposition")).toBe(`${shown ? "inline" : "attachment"}; filename="${name}"; filename*=UTF-8''${name}`);
      if (mime !== "application/pdf") expect(served.headers.get("content-security-policy")).toContain("sandbox");
      const downloaded = await server.client().download(`${content.url!}?download=1`);
      expect(downloaded.headers.get("content-disposition")).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(downloaded.headers.get("content-security-policy")).toContain("sandbox");
    }
  });

  it("keeps a hostile file name out of paths and headers", async () => {
    const res = await create({ title: "Hostile Name", add_resource_type: "show-file" }, { bytes: pdfBytes(), name: '..\\..\\etc\\"evil";\r\nX-Bad: 1 résumé.pdf' });
    expect(res.status).toBe(200);
    const stored = await server.db.selectFrom("resource_files").selectAll().where("content_id", "=", res.body.response.id).executeTakeFirstOrThrow();
    expect(stored.file_name).toBe("evil X-Bad 1 résumé.pdf");
    expect(stored.storage_key).not.toContain("evil");
    const served = await server.client().download(`/files/uploaded/${stored.storage_key}?download=1`);
    expect(served.headers.get("content-disposition")).toBe(`attachment; filename="evil X-Bad 1 r_sum_.pdf"; filename*=UTF-8''${encodeURIComponent("evil X-Bad 1 résumé.pdf")}`);
    expect(served.headers.get("x-bad")).toBeNull();
  });

  it("rejects a missing file, a wrong extension, content that does not match, and a file over 2048 KB", async () => {
    const cases: [{ bytes: Buffer; name: string } | undefined, string][] = [
      [undefined, RESOURCE_MESSAGES.fileRequired],
      [{ bytes: exeBytes(), name: "setup.exe" }, "The selected file type should be (doc,docx,pdf,rtf,gif,jpeg,jpg,png)"],
      [{ bytes: pdfBytes(), name: "noextension" }, "The selected file type should be (doc,docx,pdf,rtf,gif,jpeg,jpg,png)"],
      [{ bytes: pngBytes(), name: "disguised.pdf" }, RESOURCE_MESSAGES.fileContentMismatch],
      [{ bytes: exeBytes(), name: "trojan.pdf" }, RESOURCE_MESSAGES.fileContentMismatch],
      [{ bytes: Buffer.from("<script>alert(1)</script>"), name: "page.png" }, RESOURCE_MESSAGES.fileContentMismatch],
      [{ bytes: pdfBytes(), name: "word.docx" }, RESOURCE_MESSAGES.fileContentMismatch],
      [{ bytes: pdfBytes(2049 * 1024), name: "big.pdf" }, "The file may be at most 2048 KB."],
    ];
    const before = await server.db.selectFrom("resource_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    for (const [file, message] of cases) {
      const res = await create({ title: "Bad file", add_resource_type: "show-file" }, file);
      expect(res.status, file?.name).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.body.errors.file).toEqual([message]);
    }
    const after = await server.db.selectFrom("resource_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("accepts a file of exactly 2048 KB", async () => {
    const res = await create({ title: "Exactly the limit", add_resource_type: "show-file" }, { bytes: pdfBytes(RESOURCE_FILE_MAX_BYTES), name: "limit.pdf" });
    expect(res.status).toBe(200);
  });

  it("requires a category when resourceCategoryRequired is on, and checks categories, subcategories and pricing", async () => {
    const video = await buildAttribute(server.db, "resource_categories", "Video Clip");
    const lecture = await buildAttribute(server.db, "resource_categories", "Recorded Lecture", video);
    const worksheet = await buildAttribute(server.db, "resource_categories", "Worksheet Pack");
    const drill = await buildAttribute(server.db, "resource_categories", "Drill Sheet", worksheet);
    const free = await buildAttribute(server.db, "content_pricing", "Free of charge");
    const base = { title: "Categorised", add_resource_type: "show-url", url: "https://example.org/c" };

    expect((await create(base)).status).toBe(200);
    await setConfigValue(server.db, "settings", { resourceCategoryRequired: true });
    expect((await server.client().get("/app/config")).body.resourceCategoryRequired).toBe(true);
    const missing = await create(base);
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(RESOURCE_MESSAGES.categoryRequired);

    const bad: [Fields, string][] = [
      [{ resource_category: String(free) }, RESOURCE_MESSAGES.categoryInvalid],
      [{ resource_category: String(lecture) }, RESOURCE_MESSAGES.categoryInvalid],
      [{ resource_category: "video" }, RESOURCE_MESSAGES.categoryInvalid],
      [{ resource_category: String(video), resource_subcategories: String(drill) }, RESOURCE_MESSAGES.subcategoryInvalid],
      [{ resource_category: String(video), content_pricing: String(video) }, RESOURCE_MESSAGES.pricingInvalid],
      // Ids beyond the databases' integers (PostgreSQL refused to compare them: a 500).
      [{ resource_category: "9999999999" }, RESOURCE_MESSAGES.categoryInvalid],
      [{ resource_category: String(video), content_pricing: "9999999999" }, RESOURCE_MESSAGES.pricingInvalid],
    ];
    for (const [fields, message] of bad) {
      const res = await create({ ...base, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.message).toBe(message);
    }

    const ok = await create({ ...base, resource_category: String(video), resource_subcategories: String(lecture), content_pricing: String(free) });
    expect(ok.status).toBe(200);
    const attrs = await server.db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", ok.body.response.id).execute();
    expect(attrs.map((a) => a.attr_item_id).sort((a, b) => a - b)).toEqual([video, lecture, free].sort((a, b) => a - b));
    const filtered = await server.client().get(`/api/search?query=categorised&resource_categories[]=${lecture}`);
    expect(filtered.body.data.map((d: { id: number }) => d.id)).toEqual([ok.body.response.id]);
  });

  it("shares with the author's groups only, and the share decides who finds it", async () => {
    const options = await client.get("/resources/share-options");
    expect(options.status).toBe(200);
    expect(options.body.contexts).toEqual([
      { value: "global", label: "Everyone" },
      { value: "authed", label: "Signed-in members" },
      { value: `group:${group.id}`, label: group.name },
    ]);
    expect((await server.client().get("/resources/share-options")).status).toBe(401);

    const shared = await create({ title: "Quokka Field Notes", add_resource_type: "show-url", url: "https://example.org/q", share_with: `group:${group.id}` });
    expect(shared.status).toBe(200);
    expect((await row(shared.body.response.id)).visibility).toBe("restricted");
    const grants = await server.db.selectFrom("content_grants").select(["scope", "profile_id", "permission"]).where("content_id", "=", shared.body.response.id).execute();
    expect(grants).toEqual([{ scope: "group", profile_id: group.id, permission: "read" }]);

    const outsider = await buildUser(server.db);
    const outsiderClient = server.client();
    await outsiderClient.signIn(outsider.username!, outsider.password);
    expect(await searchTitles(outsiderClient, "quokka field")).toEqual([]);
    expect(await searchTitles(client, "quokka field")).toEqual([["Quokka Field Notes", shared.body.response.link]]);

    const otherGroup = await buildGroup(server.db, outsider);
    const forbidden = await create({ title: "Not my group", add_resource_type: "show-url", url: "https://example.org/n", share_with: `global,group:${otherGroup.id}` });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(RESOURCE_MESSAGES.shareWithForbidden);
    const malformed = await create({ title: "Malformed", add_resource_type: "show-url", url: "https://example.org/m", share_with: "everyone" });
    expect(malformed.status).toBe(422);
    expect(malformed.body.message).toBe(RESOURCE_MESSAGES.shareWithInvalid);

    const authed = await create({ title: "Members Only Sheet", add_resource_type: "show-url", url: "https://example.org/a", share_with: "authed" });
    expect((await row(authed.body.response.id)).visibility).toBe("authed");
  });

  it("gives the item's page a resource view: a player for a video page, the file inline or as a download, a website as a link", async () => {
    const view = async (id: number, who = client) => {
      const link = `/api/content/resources/${(await row(id)).uid}`;
      const res = await who.get(link);
      expect(res.status, link).toBe(200);
      return res.body.resource_view as Record<string, unknown>;
    };

    const video = await create({ title: "Lava Lamp Lesson Video", add_resource_type: "show-url", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5" });
    expect(await view(video.body.response.id)).toMatchObject({
      type: "video",
      resource_type: "url",
      file_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5",
      download_url: null,
      extra_data: { embed_type: "frame", code: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", embed_attributes: { width: 560, height: 315 } },
      common: { type_name_singular: "Resource" },
    });
    const site = await create({ title: "Lava Lamp Website", add_resource_type: "show-url", url: "https://example.org/lava" });
    expect(await view(site.body.response.id)).toMatchObject({ type: "other", file_url: "https://example.org/lava", extra_data: { embed_type: null, code: null } });

    const pdf = await create({ title: "Lava Lamp Worksheet", add_resource_type: "show-file" }, { bytes: pdfBytes(), name: "lava.pdf" });
    const key = (await row(pdf.body.response.id)).url!.split("/").pop();
    const pdfView = await view(pdf.body.response.id);
    expect(pdfView).toMatchObject({
      type: "document",
      resource_type: "file",
      file_url: `/files/uploaded/${key}`,
      download_url: `/files/uploaded/${key}?download=1`,
      file_name: "lava.pdf",
      file_mimetype: "application/pdf",
      file_size: pdfBytes().length,
      extra_data: { embed_type: "frame", code: `/files/uploaded/${key}` },
    });
    // What the view names is served: inline where it is shown, as an attachment where it is downloaded.
    expect((await client.download(pdfView.file_url as string)).headers.get("content-disposition")).toMatch(/^inline;/);
    expect((await client.download(pdfView.download_url as string)).headers.get("content-disposition")).toMatch(/^attachment;/);

    const png = await create({ title: "Lava Lamp Diagram", add_resource_type: "show-file" }, { bytes: pngBytes(), name: "lava.png" });
    expect(await view(png.body.response.id)).toMatchObject({ type: "image", file_mimetype: "image/png", extra_data: { embed_type: "media" } });
    const doc = await create({ title: "Lava Lamp Notes", add_resource_type: "show-file" }, { bytes: docxBytes(), name: "lava.docx" });
    expect(await view(doc.body.response.id)).toMatchObject({ type: "document", file_name: "lava.docx", extra_data: { embed_type: null } });
    // A guest reads a public resource's view too; other kinds of item have none.
    expect((await view(video.body.response.id, server.client())).type).toBe("video");
  });

  it("a copy of a file resource links to its own copy of the file, which its viewers may open", async () => {
    const original = await create({ title: "Copied Diagram Source", add_resource_type: "show-file" }, { bytes: pngBytes(), name: "source.png" });
    const source = await row(original.body.response.id);
    const copied = await client.post(`/resources/${source.uid}/copy`, { id: source.id, modeltitle: "Copied Diagram" });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    const copy = await server.db.selectFrom("content").selectAll().where("title", "=", "Copied Diagram").executeTakeFirstOrThrow();
    const file = await server.db.selectFrom("resource_files").selectAll().where("content_id", "=", copy.id).executeTakeFirstOrThrow();
    expect(copy.url).toBe(`/files/uploaded/${file.storage_key}`);
    expect(copy.url).not.toBe(source.url);
    const page = await client.get(`/api/content/resources/${copy.uid}`);
    expect(page.body.resource_view).toMatchObject({ file_url: copy.url, file_name: "source.png" });
    expect((await client.download(copy.url!)).bytes.equals(pngBytes())).toBe(true);
  });

  it("serves a restricted file only to those who may view it", async () => {
    const res = await create({ title: "Secret Diagram", add_resource_type: "show-file", share_with: `group:${group.id}` }, { bytes: pngBytes(), name: "diagram.png" });
    const url = (await row(res.body.response.id)).url!;
    expect((await server.client().download(url)).status).toBe(401);
    const outsider = await buildUser(server.db);
    const outsiderClient = server.client();
    await outsiderClient.signIn(outsider.username!, outsider.password);
    expect((await outsiderClient.download(url)).status).toBe(403);
    const mine = await client.download(url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect((await client.download("/files/uploaded/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    const traversal = await client.get("/files/uploaded/..%2F..%2Fetc%2Fpasswd");
    expect(traversal.status).toBe(404);
    expect(traversal.body.message).toBe("File not found.");
  });
});
