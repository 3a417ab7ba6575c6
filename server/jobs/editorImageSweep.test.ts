import { beforeAll, describe, expect, it } from "vitest";
import { buildContent, buildSignedInUser } from "../test/factories.js";
import { solidPng } from "../test/sampleFiles.js";
import { fileForm, type TestClient } from "../test/testServer.js";
import { uploadsStorage, type FileStorage } from "../storage/fileStorage.js";
import { claimTurn } from "./lease.js";
import { EDITOR_IMAGE_GRACE_MS, sweepEditorImages } from "./editorImageSweep.js";
import { useTestServer } from "../test/useServer.js";

// Images uploaded from the editor that no stored body uses any more are deleted once they are a day old.
describe("the sweep of unused editor images", () => {
  const { server } = useTestServer();
  let author: TestClient;
  let storage: FileStorage;
  let link: string;
  let planId: number;

  /** Uploads an image as the editor does; its address and key. */
  async function upload(shade: number): Promise<{ location: string; key: string }> {
    const res = await author.postForm("/corefiles/image", fileForm("image", solidPng(8, 8, [shade, 10, 10]), "picture.png", "image/png"));
    expect(res.status).toBe(200);
    const location = res.body.location as string;
    return { location, key: location.split("/").pop()!.split(".")[0]! };
  }
  /** Makes an image look uploaded two days ago. */
  const age = (key: string) =>
    server.db
      .updateTable("editor_images")
      .set({ created_at: new Date(Date.now() - 2 * EDITOR_IMAGE_GRACE_MS).toISOString() })
      .where("storage_key", "=", key)
      .execute();
  const saveSection = async (html: string) => expect((await author.post(`${link}/update`, { title: "Coral Reefs", sections: [{ title: "Look", html }] })).status).toBe(200);
  const served = async (location: string) => (await server.client().download(location)).status;

  beforeAll(async () => {
    storage = uploadsStorage(server.dataDir);
    const [user, client] = await buildSignedInUser(server);
    author = client;
    const plan = await buildContent(server.db, { ownerId: user.id, modelKey: "lesson_plan", title: "Coral Reefs" });
    link = `/lesson-plans/${plan.uid}`;
    planId = plan.id;
  }, 60_000);

  it("deletes an old image nothing refers to (row and file), keeps referenced ones and young ones", async () => {
    const inBody = await upload(10);
    const inComment = await upload(20);
    const orphan = await upload(30);
    const young = await upload(40);
    await saveSection(`<p>A reef:</p><p><img src="${inBody.location}" alt="Reef"></p>`);
    const section = ((await author.get(`/api/content${link}`)).body as { sections: { uid: string }[] }).sections[0]!;
    const comment = await author.post("/comment/addcomment", { type: "lesson_plan", type_id: planId, module: "section", module_id: section.uid, content: `Like this one? http://example.test${inComment.location}` });
    expect(comment.status).toBe(201);
    for (const image of [inBody, inComment, orphan]) await age(image.key);

    expect(await sweepEditorImages(server.db, storage)).toEqual([orphan.key]);
    expect(await served(orphan.location)).toBe(404);
    expect(await storage.get(orphan.key)).toBeNull();
    expect(await server.db.selectFrom("editor_images").select("storage_key").where("storage_key", "=", orphan.key).executeTakeFirst()).toBeUndefined();
    for (const kept of [inBody, inComment, young]) {
      expect(await served(kept.location)).toBe(200);
      expect(await storage.get(kept.key)).not.toBeNull();
    }

    // Once the body no longer shows it, the image goes on the next sweep.
    await saveSection("<p>A reef, described in words.</p>");
    expect(await sweepEditorImages(server.db, storage)).toEqual([inBody.key]);
    expect(await served(inBody.location)).toBe(404);
    expect(await storage.get(inBody.key)).toBeNull();
    expect(await served(inComment.location)).toBe(200);
    expect(await served(young.location)).toBe(200);
  });

  it("gives a periodic job's turn to exactly one of several claimants, and again once the turn is over", async () => {
    const claims = await Promise.all(["a", "b", "c", "d"].map((owner) => claimTurn(server.db, "test-turn", owner, 300)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTurn(server.db, "test-turn", "e", 300)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await claimTurn(server.db, "test-turn", "e", 300)).toBe(true);
  });

  it("sweeps when an instance starts and the sweep's turn is free", async () => {
    const orphan = await upload(50);
    await age(orphan.key);
    // The first instance took this period's turn at its start; the period is over.
    await server.db.updateTable("job_leases").set({ lease_until: 0 }).where("name", "=", "editor-image-sweep").execute();
    const other = await server.startInstance();
    // The row goes first, then the file.
    await expect.poll(() => storage.get(orphan.key), { timeout: 10_000 }).toBeNull();
    expect(await served(orphan.location)).toBe(404);
    // That instance holds the turn now: the next one to start leaves the sweep alone.
    const holder = await server.db.selectFrom("job_leases").selectAll().where("name", "=", "editor-image-sweep").executeTakeFirstOrThrow();
    expect(holder.lease_until).toBeGreaterThan(Date.now());
    await other.close();
  });
});
