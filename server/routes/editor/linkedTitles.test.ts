import { beforeAll, describe, expect, it } from "vitest";
import type { Content } from "../../db/schema.js";
import { buildContent, buildUser, signedInClient, type TestUser } from "../../test/factories.js";
import type { TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

describe("a pathway's steps show their items' current titles", () => {
  const { server } = useTestServer();
  let author: TestUser;
  let authorClient: TestClient;
  let otherClient: TestClient;
  let pathway: Content;
  let open: Content;
  let hidden: Content;

  const section = async (who: TestClient) => ((await who.get(`/api/content/pathways/${pathway.uid}`)).body.sections as { view_html: string; html: string }[])[0]!;

  beforeAll(async () => {
    author = await buildUser(server.db);
    const other = await buildUser(server.db);
    authorClient = await signedInClient(server, author);
    otherClient = await signedInClient(server, other);
    pathway = await buildContent(server.db, { ownerId: author.id, modelKey: "pathway", title: "Reef Pathway" });
    open = await buildContent(server.db, { ownerId: author.id, title: "Coral Basics" });
    // The author's own restricted resource: only the author (and staff) may view it.
    hidden = await buildContent(server.db, { ownerId: author.id, title: "Draft Reef Notes", visibility: "restricted" });
    const html = [
      `<p>Start here.</p>`,
      `<p><a href="/resources/${open.uid}">Coral Basics</a></p>`,
      `<p>Then read <a href="/resources/${open.uid}">this guide</a> again.</p>`,
      `<p><a href="/resources/${hidden.uid}">Draft Reef Notes</a></p>`,
    ].join("");
    const saved = await authorClient.post(`/pathways/${pathway.uid}/update`, { title: "Reef Pathway", description: "Dive in.", sections: [{ title: "Steps", html }] });
    expect(saved.status).toBe(200);
  });

  it("shows a step's item under its new title once renamed, at read time; the stored text and links within sentences stay as written", async () => {
    await server.db.updateTable("content").set({ title: "Coral Reefs: The Basics" }).where("id", "=", open.id).execute();
    for (const who of [authorClient, otherClient, server.client()]) {
      const { view_html: viewHtml, html } = await section(who);
      expect(viewHtml).toContain(`<p><a href="/resources/${open.uid}">Coral Reefs: The Basics</a></p>`);
      expect(viewHtml).toContain(`<a href="/resources/${open.uid}">this guide</a>`);
      expect(html).toContain(`<a href="/resources/${open.uid}">Coral Basics</a>`);
    }
  });

  it("escapes the title, and gives the new title of an item only to who may view it", async () => {
    await server.db.updateTable("content").set({ title: "Reef <Secrets> & Plans" }).where("id", "=", hidden.id).execute();
    expect((await section(authorClient)).view_html).toContain(`<p><a href="/resources/${hidden.uid}">Reef &lt;Secrets&gt; &amp; Plans</a></p>`);
    for (const who of [otherClient, server.client()]) {
      const { view_html: viewHtml } = await section(who);
      expect(viewHtml).toContain(`<a href="/resources/${hidden.uid}">Draft Reef Notes</a>`);
      expect(viewHtml).not.toContain("Secrets");
    }
  });
});
