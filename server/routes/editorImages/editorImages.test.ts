import { describe, expect, it } from "vitest";
import { EDITOR_IMAGE_MESSAGES, THUMBNAIL_MESSAGES } from "../../../contract/index.js";
import { DAILY_UPLOADS } from "../../policies/editorImage.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent } from "../../test/factories.js";
import { gifBytes, pdfBytes, solidPng } from "../../test/sampleFiles.js";
import { fileForm } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/** The upload as the editor sends it: one image in the part named image. */
const imageForm = (data: Buffer, name = "diagram.png", type = "image/png") => fileForm("image", data, name, type);

// Images an author puts in an item's body from their computer (POST /corefiles/image) and where they are served.
describe("editor images", () => {
  const { server, cast, as } = useCast();
  const fits = apiReferenceCheck();

  it("takes an image from every signed-in role, answers its address and size, and serves it to anyone with the address", async () => {
    expect((await as.guest.postForm("/corefiles/image/?v=2", imageForm(solidPng(30, 20)))).status).toBe(401);
    for (const role of ["member", "owner", "leader", "groupie", "moderator", "admin"] as const) {
      const res = await as[role].postForm("/corefiles/image/?v=2", imageForm(solidPng(30, 20)));
      expect(res.status, role).toBe(200);
      fits("post", "/corefiles/image", res);
      expect(res.body).toMatchObject({ status: "success", message: EDITOR_IMAGE_MESSAGES.uploaded, width: 30, height: 20 });
      expect(res.body.location).toMatch(/^\/files\/images\/[A-Za-z0-9_-]{16,64}\.png$/);
    }
    const { body } = await as.member.postForm("/corefiles/image", imageForm(solidPng(64, 48, [200, 40, 40]), "red.png"));
    const served = await as.guest.download(body.location);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.bytes.equals(solidPng(64, 48, [200, 40, 40]))).toBe(true);
    // The same key under another extension, or a key that is not an editor image, is not served.
    expect((await as.guest.download(body.location.replace(/\.png$/, ".gif"))).status).toBe(404);
    expect((await as.guest.download("/files/images/AAAAAAAAAAAAAAAAAAAAAA.png")).status).toBe(404);
    expect((await as.guest.download("/files/images/..%2F..%2Fsecret.png")).status).toBe(404);
  });

  it("never serves another kind of stored file (a restricted resource's) at an image address", async () => {
    const resource = await as.owner.postFiles("/resources/create-fetch", { title: "Private scan", add_resource_type: "show-file", file: { name: "scan.png", data: solidPng(10, 10), type: "image/png" } });
    expect(resource.status).toBe(200);
    const key = (await server.db.selectFrom("resource_files").select("storage_key").executeTakeFirstOrThrow()).storage_key;
    expect((await as.member.download(`/files/images/${key}.png`)).status).toBe(404);
  });

  it("checks the file: an image of an allowed type whose content matches, at most 5 MB; SVG cleaned of script", async () => {
    const refused: [FormData, number, string][] = [
      [new FormData(), 422, EDITOR_IMAGE_MESSAGES.required],
      [imageForm(pdfBytes(), "notes.pdf", "application/pdf"), 422, THUMBNAIL_MESSAGES.imageType],
      [imageForm(pdfBytes(), "fake.png"), 422, THUMBNAIL_MESSAGES.imageContent],
      [imageForm(Buffer.alloc(5 * 1024 * 1024 + 1, 1), "huge.png"), 422, THUMBNAIL_MESSAGES.imageTooLarge],
    ];
    for (const [form, status, message] of refused) {
      const res = await as.member.postForm("/corefiles/image", form);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect((await as.member.postForm("/corefiles/image", imageForm(gifBytes(), "dot.gif", "image/gif"))).body.location).toMatch(/\.gif$/);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><script>alert(1)</script><rect width="40" height="10" fill="teal" onclick="alert(2)"/></svg>`;
    const res = await as.member.postForm("/corefiles/image", imageForm(Buffer.from(svg), "bar.svg", "image/svg+xml"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 40, height: 10 });
    const served = await as.guest.download(res.body.location);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.bytes.toString("utf8")).toContain("<rect");
    expect(served.bytes.toString("utf8")).not.toMatch(/script|onclick|alert/);
  });

  it("turns a profile away past its day's allowance, before reading the file", async () => {
    const since = new Date().toISOString();
    await server.db
      .insertInto("editor_images")
      .values(Array.from({ length: DAILY_UPLOADS }, (_, i) => ({ storage_key: `quota${String(i).padStart(16, "0")}`, owner_id: cast.leader.id, mime_type: "image/png" as const, byte_size: 1, created_at: since })))
      .execute();
    const res = await as.leader.postForm("/corefiles/image", imageForm(solidPng(5, 5)));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe("You have uploaded many images today. Please try again tomorrow.");
    // Others are not held back by it.
    expect((await as.groupie.postForm("/corefiles/image", imageForm(solidPng(5, 5)))).status).toBe(200);
  });

  it("keeps an uploaded image in an item's body through a save, on its page and in its HTML export", async () => {
    const { body } = await as.owner.postForm("/corefiles/image", imageForm(solidPng(40, 20, [10, 160, 90]), "leaf.png"));
    const plan = await buildContent(server.db, { ownerId: cast.owner.id, modelKey: "lesson_plan", title: "Leaves Lesson" });
    const link = `/lesson-plans/${plan.uid}`;
    const saved = await as.owner.post(`${link}/update`, { title: "Leaves Lesson", description: "<p>How a leaf takes in light.</p>", sections: [{ title: "Look", html: `<p><img src="${body.location}" alt="A leaf"></p>` }] });
    expect(saved.status).toBe(200);
    const item = await as.member.get(`/api/content/lesson-plans/${plan.uid}`);
    expect(item.status).toBe(200);
    expect(JSON.stringify(item.body)).toContain(`src=\\"${body.location}\\"`);
    const exported = await as.member.download(`${link}/export/HTML`);
    expect(exported.status).toBe(200);
    const article = exported.bytes.toString("utf8").split("<article>")[1] ?? "";
    expect(article.match(/<img[^>]{0,60}|<span class="export__missing-image">[^<]*/g)).toEqual(['<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACgAAAAU']);
  });
});
