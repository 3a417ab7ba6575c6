import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCE_MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, statusesByRole } from "../../test/factories.js";
import { exeBytes, pdfBytes, pngBytes } from "../../test/sampleFiles.js";
import { appendFile, type TestClient } from "../../test/testServer.js";
import { useCast } from "../../test/useServer.js";

/** A multipart body carrying a replacement file (and the mode field). */
function fileForm(bytes: Buffer, name: string): FormData {
  const data = new FormData();
  data.append("add_resource_type", "show-file");
  return appendFile(data, "file", bytes, name);
}

describe("POST /resources/{uid}/source", () => {
  const { server, cast } = useCast();
  const fits = apiReferenceCheck();

  const linkResource = () => buildContent(server.db, { ownerId: cast.owner.id, title: "Tide Tables", url: "https://example.org/old-tides" });
  const row = (id: number) => server.db.selectFrom("content").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const fileRow = (id: number) => server.db.selectFrom("resource_files").selectAll().where("content_id", "=", id).executeTakeFirst();
  const stored = (key: string) => existsSync(path.join(server.dataDir, "uploads", key.slice(0, 2), key));
  const changeLink = (who: TestClient, item: Content, url: string) => who.post(`/resources/${item.uid}/source`, { add_resource_type: "show-url", url });
  const replaceFile = (who: TestClient, item: Content, bytes: Buffer, name: string) => who.postForm(`/resources/${item.uid}/source`, fileForm(bytes, name));

  it("lets the owner and an admin change the link; members get 403, guests 401", async () => {
    const item = await linkResource();
    const statuses = await statusesByRole(cast.clients, (c) => changeLink(c, item, "https://example.org/new-tides"));
    expect(statuses).toMatchObject({ guest: 401, member: 403, groupie: 403, leader: 403, owner: 200, admin: 200 });
    const res = await changeLink(cast.clients.owner, item, "  https://example.org/corrected  ");
    expect(res.status).toBe(200);
    fits("post", "/resources/{uid}/source", res);
    expect(res.body).toMatchObject({ status: "success", message: "Link or file changed.", resource_view: { resource_type: "url", file_url: "https://example.org/corrected", file_name: null } });
    const after = await row(item.id);
    expect(after.url).toBe("https://example.org/corrected");
    expect(after.updated_at > item.updated_at).toBe(true);
    expect(res.body.updated_at).toBe(after.updated_at);
    // The item's page sees the new link.
    const page = await server.client().get(`/api/content/resources/${item.uid}`);
    expect(page.body.resource_view).toMatchObject({ resource_type: "url", file_url: "https://example.org/corrected" });
  });

  it("answers 422 with the form's messages for a bad or missing URL, and leaves the link alone", async () => {
    const item = await linkResource();
    for (const [url, message] of [
      ["ftp://example.org/x", RESOURCE_MESSAGES.urlInvalid],
      ["javascript:alert(1)", "Please check that your URL is correct"],
      ["https://exa mple.org", "Please check that your URL is correct"],
      ["  ", RESOURCE_MESSAGES.urlRequired],
    ]) {
      const res = await changeLink(cast.clients.owner, item, url!);
      expect([res.status, res.body.message]).toEqual([422, message]);
      fits("post", "/resources/{uid}/source", res);
    }
    const mode = await cast.clients.owner.post(`/resources/${item.uid}/source`, { add_resource_type: "show-both", url: "https://example.org" });
    expect([mode.status, mode.body.message]).toEqual([422, RESOURCE_MESSAGES.addTypeInvalid]);
    expect((await row(item.id)).url).toBe("https://example.org/old-tides");
  });

  it("refuses a file of a refused type, a disguised file and no file (422) without touching the resource", async () => {
    const item = await linkResource();
    const exe = await replaceFile(cast.clients.owner, item, exeBytes(), "setup.exe");
    expect([exe.status, exe.body.message]).toEqual([422, "The selected file type should be (doc,docx,pdf,rtf,gif,jpeg,jpg,png)"]);
    const disguised = await replaceFile(cast.clients.owner, item, exeBytes(), "sheet.pdf");
    expect([disguised.status, disguised.body.message]).toEqual([422, RESOURCE_MESSAGES.fileContentMismatch]);
    const none = await cast.clients.owner.post(`/resources/${item.uid}/source`, { add_resource_type: "show-file" });
    expect([none.status, none.body.message]).toEqual([422, RESOURCE_MESSAGES.fileRequired]);
    expect((await row(item.id)).url).toBe("https://example.org/old-tides");
    expect(await fileRow(item.id)).toBeUndefined();
  });

  it("switches a link to a file, replaces the file (old bytes deleted, new served) and switches back to a link", async () => {
    const item = await linkResource();
    const first = await replaceFile(cast.clients.owner, item, pdfBytes(), "worksheet.pdf");
    expect(first.status).toBe(200);
    const firstFile = (await fileRow(item.id))!;
    expect(firstFile).toMatchObject({ file_name: "worksheet.pdf", mime_type: "application/pdf" });
    expect((await row(item.id)).url).toBe(`/files/uploaded/${firstFile.storage_key}`);
    expect(first.body.resource_view).toMatchObject({ resource_type: "file", file_name: "worksheet.pdf" });
    expect(stored(firstFile.storage_key)).toBe(true);

    const second = await replaceFile(cast.clients.admin, item, pngBytes(), "worksheet-corrected.png");
    expect(second.status).toBe(200);
    const secondFile = (await fileRow(item.id))!;
    expect(secondFile).toMatchObject({ file_name: "worksheet-corrected.png", mime_type: "image/png" });
    expect(stored(firstFile.storage_key)).toBe(false);
    expect((await server.client().download(`/files/uploaded/${firstFile.storage_key}`)).status).toBe(404);
    const served = await server.client().download(`/files/uploaded/${secondFile.storage_key}`);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(pngBytes())).toBe(true);

    const back = await changeLink(cast.clients.owner, item, "https://example.org/back-to-a-link");
    expect(back.status).toBe(200);
    expect(await fileRow(item.id)).toBeUndefined();
    expect(stored(secondFile.storage_key)).toBe(false);
    expect((await row(item.id)).url).toBe("https://example.org/back-to-a-link");
  });

  it("keeps the old bytes when another row still refers to them", async () => {
    const item = await linkResource();
    await replaceFile(cast.clients.owner, item, pdfBytes(), "shared.pdf");
    const key = (await fileRow(item.id))!.storage_key;
    await buildContent(server.db, { ownerId: cast.member.id, title: "Points at the file", url: `/files/uploaded/${key}` });
    await changeLink(cast.clients.owner, item, "https://example.org/elsewhere");
    expect(stored(key)).toBe(true);
  });

  it("is refused while someone else holds the edit lock (409), and 404 for an unknown resource", async () => {
    const item = await linkResource();
    await cast.clients.admin.post("/update-lock", { type: "resource", type_id: item.id });
    const locked = await changeLink(cast.clients.owner, item, "https://example.org/locked");
    expect(locked.status).toBe(409);
    fits("post", "/resources/{uid}/source", locked);
    expect(locked.body.message).toBe(`This item is being edited by ${cast.admin.name}.`);
    expect((await changeLink(cast.clients.owner, { ...item, uid: "no-such-uid" }, "https://example.org")).status).toBe(404);
  });
});
