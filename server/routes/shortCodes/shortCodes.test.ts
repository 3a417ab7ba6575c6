import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES, SHORT_CODE_MESSAGES, SHORT_CODE_PREVIEW_MAX } from "../../../contract/index.js";
import { apiReferenceCheck } from "../../test/apiReference.js";
import { buildContent, buildSignedInClient, buildSignedInUser } from "../../test/factories.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const CALLOUT = '[callout type="tip" title="Soak"]Soak the seeds overnight.[/callout]';
const CALLOUT_HTML = '<span class="sc-callout sc-callout--tip"><span class="sc-callout__title">Soak</span><span class="sc-callout__body">Soak the seeds overnight.</span></span>';

/** A Lexical editor state with one paragraph of text (what the editor sends). */
const lexical = (text: string) => ({
  root: { type: "root", version: 1, direction: null, format: "", indent: 0, children: [{ type: "paragraph", version: 1, children: [{ type: "text", text, version: 1 }] }] },
});

describe("short codes", () => {
  const { server } = useTestServer();
  let author: TestClient;
  const fits = apiReferenceCheck();

  beforeAll(async () => {
    author = await buildSignedInClient(server);
  });

  it("previews an author's text as the view page shows it (POST /api/short-codes/preview)", async () => {
    const answer = await author.post("/api/short-codes/preview", { text: `Read first.\n${CALLOUT}\n<script>alert(1)</script> [button href="javascript:alert(1)"]Go[/button]` });
    fits("post", "/api/short-codes/preview", answer);
    expect(answer.status).toBe(200);
    expect(answer.body.html).toBe(`<p>Read first.</p><p>${CALLOUT_HTML}</p><p>&lt;script&gt;alert(1)&lt;/script&gt; [button href="javascript:alert(1)"]Go[/button]</p>`);
    expect((await author.post("/api/short-codes/preview", { text: "" })).body).toEqual({ html: "" });
  });

  it("is for signed-in profiles and refuses what is not text or too long", async () => {
    const guest = await server.client().post("/api/short-codes/preview", { text: CALLOUT });
    fits("post", "/api/short-codes/preview", guest);
    expect([guest.status, guest.body.message]).toEqual([401, MESSAGES.signInRequired]);
    const tooLong = await author.post("/api/short-codes/preview", { text: "x".repeat(SHORT_CODE_PREVIEW_MAX + 1) });
    fits("post", "/api/short-codes/preview", tooLong);
    expect([tooLong.status, tooLong.body.message]).toEqual([422, SHORT_CODE_MESSAGES.previewTooLong]);
    expect((await author.post("/api/short-codes/preview", {})).body.message).toBe(SHORT_CODE_MESSAGES.previewText);
    expect((await author.post("/api/short-codes/preview", { text: 42 })).status).toBe(422);
  });

  it("keeps a section's saved HTML and JSON as typed and shows its codes expanded on the view page", async () => {
    const [owner, ownerClient] = await buildSignedInUser(server);
    const plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Seeds" });
    const link = `/lesson-plans/${plan.uid}`;
    const html = `<p><span style="white-space: pre-wrap;">${CALLOUT} and [vocab word="Germination"]A seed starting to grow.[/vocab]</span></p>`;
    const saved = await ownerClient.post(`${link}/update`, { title: "Seeds", sections: [{ title: "Lab", html, json: lexical(`${CALLOUT} and more`) }] });
    expect(saved.status).toBe(200);

    const stored = await server.db.selectFrom("content_sections").select(["body_html", "body_json"]).where("content_id", "=", plan.id).executeTakeFirstOrThrow();
    expect(stored.body_html).toContain(CALLOUT);
    expect(stored.body_html).not.toContain("sc-callout");
    expect(JSON.parse(stored.body_json!)).toEqual(lexical(`${CALLOUT} and more`));

    for (const client of [ownerClient, server.client()]) {
      const [section] = (await client.get(`/api/content${link}`)).body.sections;
      expect(section.html).toBe(stored.body_html);
      expect(section.view_html).toBe(
        `<p><span>${CALLOUT_HTML} and <span class="sc-vocab"><span class="sc-vocab__word">Germination</span> <span class="sc-vocab__definition">A seed starting to grow.</span></span></span></p>`,
      );
    }
  });
});
