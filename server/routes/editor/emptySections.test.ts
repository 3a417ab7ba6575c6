import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildSignedInClient, buildSignedInUser } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

/** The visible text of a Word export's document.xml, a paragraph a line. */
function wordText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "empty-sections-"));
  try {
    fs.writeFileSync(path.join(dir, "file.docx"), bytes);
    const xml = execFileSync("unzip", ["-p", path.join(dir, "file.docx"), "word/document.xml"], { encoding: "utf8", maxBuffer: 20 * 1024 * 1024 });
    return xml.replace(/<\/w:p>|<w:br\/>/g, "\n").replace(/<[^>]+>/g, "");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The editor's empty state as it saves it (Lexical writes an empty paragraph with a line break). */
const EDITOR_EMPTY = '<p class="rt-p" dir="ltr"><br></p>';

describe("empty sections: stored, presented and exported as empty", () => {
  const { server } = useTestServer();
  let ownerClient: TestClient;
  let readerClient: TestClient;
  let plan: Content;
  let link: string;

  beforeAll(async () => {
    const [owner, client] = await buildSignedInUser(server);
    ownerClient = client;
    readerClient = await buildSignedInClient(server);
    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tide Lesson", description: "Moon and sea" });
    link = `/lesson-plans/${plan.uid}`;
    const saved = await ownerClient.post(`${link}/update`, {
      title: "Tide Lesson",
      sections: [
        { title: "", html: EDITOR_EMPTY },
        { title: "Reflection", html: "<p>&nbsp;</p><p><br></p>" },
        { title: "Main idea", html: "<p>Tides follow the moon.</p>" },
        { title: "", html: "<p>Untitled but written.</p>" },
        { title: "", html: "<hr>" },
      ],
    });
    expect(saved.status).toBe(200);
  });

  it("stores a section whose text shows nothing as empty, and keeps any other text", async () => {
    const rows = await server.db.selectFrom("content_sections").select(["title", "body_html"]).where("content_id", "=", plan.id).orderBy("position").execute();
    expect(rows.map((r) => r.body_html)).toEqual(["", "", "<p>Tides follow the moon.</p>", "<p>Untitled but written.</p>", "<hr />"]);
  });

  it("presents empty text as empty, also for a section stored before saves emptied it", async () => {
    await server.db.updateTable("content_sections").set({ body_html: "<p><br /></p><p> </p>" }).where("content_id", "=", plan.id).where("position", "=", 1).execute();
    const res = await readerClient.get(`/api/content${link}`);
    expect(res.status).toBe(200);
    const sections = res.body.sections as { title: string; html: string; view_html: string }[];
    expect(sections.map((s) => [s.title, s.view_html])).toEqual([
      ["", ""],
      ["Reflection", ""],
      ["Main idea", "<p>Tides follow the moon.</p>"],
      ["", "<p>Untitled but written.</p>"],
      ["", "<hr />"],
    ]);
    expect(sections[1]!.html).toBe("");
  });

  it("exports a title-only section as its title alone and leaves out a section with neither", async () => {
    const page = (await ownerClient.download(`${link}/export/HTML`)).bytes.toString("utf8");
    expect(page).toContain("<section><h2>Reflection</h2></section>");
    expect(page).not.toMatch(/<p>(<br \/>|\s)*<\/p>/);
    expect(page).not.toContain('<div class="rich-content"></div>');
    expect(page.match(/<section>/g)).toHaveLength(4);

    const untitled = (await ownerClient.download(`${link}/export/HTML?include_section_titles=0`)).bytes.toString("utf8");
    expect(untitled).not.toContain("Reflection");
    expect(untitled.match(/<section>/g)).toHaveLength(3);

    const word = await ownerClient.download(`${link}/export/Word2007`);
    expect(word.status).toBe(200);
    expect(wordText(word.bytes)).toContain("Reflection\nMain idea\nTides follow the moon.\nUntitled but written.\n");
  });
});
