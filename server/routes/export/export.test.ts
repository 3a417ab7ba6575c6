import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../contract/index.js";
import type { Content } from "../../db/schema.js";
import { absoluteSiteLinks } from "../../export/exportDocument.js";
import { buildContent, buildSignedInClient, buildSignedInUser, buildUser, type TestUser } from "../../test/factories.js";
import { solidPng } from "../../test/sampleFiles.js";
import { startTestServer, type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Runs a real command-line tool on bytes written to a temporary file. */
function withTempFile<T>(bytes: Buffer, ext: string, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-test-"));
  try {
    const file = path.join(dir, `file.${ext}`);
    fs.writeFileSync(file, bytes);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (bytes: Buffer) => withTempFile(bytes, "pdf", (file) => execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }));
const docxPart = (bytes: Buffer, part: string) => withTempFile(bytes, "docx", (file) => execFileSync("unzip", ["-p", file, part], { encoding: "utf8", maxBuffer: 20 * 1024 * 1024 }));
const docxList = (bytes: Buffer) => withTempFile(bytes, "docx", (file) => execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }));
/** The visible text of word/document.xml (runs joined, paragraphs and line breaks on lines). */
const docxText = (xml: string) =>
  xml
    .replace(/<\/w:p>|<w:br\/>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

describe("exports at {link}/export/pdf, /export/Word2007 and /export/HTML", () => {
  const { server } = useTestServer();
  let browser: Browser;
  let owner: TestUser;
  let ownerClient: TestClient;
  let memberClient: TestClient;
  let adminClient: TestClient;
  let plan: Content;
  let link: string;
  let imageKey: string;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM });
    [owner, ownerClient] = await buildSignedInUser(server, { name: "Olive Owner" });
    memberClient = await buildSignedInClient(server);
    adminClient = await buildSignedInClient(server, { admin: true });

    // An image uploaded to this site (a resource file), used in the body.
    const resource = await ownerClient.postFiles("/resources/create-fetch", { title: "Wave picture", add_resource_type: "show-file", file: { name: "wave.png", data: solidPng(40, 20), type: "image/png" } });
    expect(resource.status).toBe(200);
    imageKey = (await server.db.selectFrom("resource_files").select("storage_key").executeTakeFirstOrThrow()).storage_key;

    plan = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tidal Forces Lesson", description: "Why the sea rises twice a day" });
    link = `/lesson-plans/${plan.uid}`;
    const saved = await ownerClient.post(`${link}/update`, {
      title: "Tidal Forces Lesson",
      description: "Why the sea rises twice a day",
      sections: [
        {
          title: "Warm-up",
          html: `<h3>Gravity recap</h3><p><strong>Newton</strong> wrote <em>Principia</em>.<script>alert("x")</script><img src="x" onerror="alert(1)"></p><ul><li>Moon</li><li>Sun</li></ul><ol><li>Observe</li><li>Measure</li></ol>`,
        },
        {
          title: "The equation",
          html: `<p>Force: <span class="math-equation" data-equation="F = G\\frac{m_1 m_2}{r^2}" data-size="1.5"></span> and <span class="math-equation" data-equation="E = mc^2" data-size="1"></span></p>`,
        },
        {
          title: "Data table",
          html: `<table><thead><tr><th>Body</th><th>Mass ratio</th></tr></thead><tbody><tr><td>Moonlet</td><td>0.0123</td></tr></tbody></table><p><img src="/files/uploaded/${imageKey}" alt="Wave picture"><img src="http://127.0.0.1:1/private.png" alt="Internal address"></p>`,
        },
        { title: "Remember", html: `<p>[callout type="tip" title="Tide tip"]High tide comes twice a day.[/callout]</p>` },
      ],
    });
    expect(saved.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("exports HTML that a browser parses into the title, description, sections, rendered equations, tables and images, and no script", async () => {
    const res = await memberClient.download(`${link}/export/HTML`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="Tidal-Forces-Lesson.html"');
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.setContent(res.bytes.toString("utf8"));
    const read = await page.evaluate(() => ({
      title: document.title,
      h1: document.querySelector("h1")?.textContent,
      description: document.querySelector(".export__description")?.textContent,
      sectionTitles: Array.from(document.querySelectorAll("section > h2")).map((h) => h.textContent),
      text: document.body.innerText,
      katex: document.querySelectorAll(".katex").length,
      tex: Array.from(document.querySelectorAll("annotation[encoding='application/x-tex']")).map((a) => a.textContent),
      scripts: document.querySelectorAll("script").length,
      handlers: Array.from(document.querySelectorAll("*")).flatMap((el) => Array.from(el.attributes).filter((a) => a.name.startsWith("on")).map((a) => a.name)),
      images: Array.from(document.querySelectorAll("img")).map((img) => ({ alt: img.alt, src: img.src.slice(0, 22) })),
      cells: Array.from(document.querySelectorAll("td, th")).map((c) => c.textContent),
      callouts: Array.from(document.querySelectorAll(".sc-callout--tip")).map((c) => c.textContent),
    }));
    await page.close();
    expect(read.title).toBe("Tidal Forces Lesson");
    expect(read.h1).toBe("Tidal Forces Lesson");
    expect(read.description).toBe("Why the sea rises twice a day");
    expect(read.sectionTitles).toEqual(["Warm-up", "The equation", "Data table", "Remember"]);
    // Short codes are expanded as on the item's page.
    expect(read.callouts).toEqual(["Tide tipHigh tide comes twice a day."]);
    expect(read.text).not.toContain("[callout");
    expect(read.text).toContain("Newton wrote Principia.");
    expect(read.text).toContain("Gravity recap");
    expect(read.katex).toBe(2);
    expect(read.tex).toEqual(["F = G\\frac{m_1 m_2}{r^2}", "E = mc^2"]);
    expect(read.scripts).toBe(0);
    expect(read.handlers).toEqual([]);
    expect(read.cells).toEqual(["Body", "Mass ratio", "Moonlet", "0.0123"]);
    // The site's own image is embedded; an internal address is never fetched (only its alt text remains).
    expect(read.images).toEqual([{ alt: "Wave picture", src: "data:image/png;base64," }]);
    expect(read.text).toContain("[Image: Internal address]");
  });

  it("prints a table as the editor writes it (a paragraph per cell, some empty) with cells as wide and as tall as on the page", async () => {
    const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Empty cells" });
    const empty = "<p><br></p>";
    const table = `<table><tbody><tr><th><p><span>Cell A</span></p></th><th>${empty}</th><th>${empty}</th></tr><tr><td>${empty}</td><td>${empty}</td><td>${empty}</td></tr></tbody></table>`;
    expect((await ownerClient.post(`/lesson-plans/${item.uid}/update`, { title: "Empty cells", sections: [{ title: "Table", html: table }] })).status).toBe(200);
    const res = await ownerClient.download(`/lesson-plans/${item.uid}/export/HTML`);
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.setContent(res.bytes.toString("utf8"));
    const boxes = await page.evaluate(() => ({
      widths: Array.from(document.querySelectorAll("th, td")).map((c) => c.getBoundingClientRect().width),
      rows: Array.from(document.querySelectorAll("tr")).map((r) => r.getBoundingClientRect().height),
    }));
    await page.close();
    // Empty columns kept the width of a cell (they shrank to slivers), and a cell's paragraph no longer adds a blank line above and below.
    expect(boxes.widths).toHaveLength(6);
    for (const width of boxes.widths) expect(width).toBeGreaterThanOrEqual(64);
    for (const height of boxes.rows) expect(height).toBeLessThan(48);
  });

  it("writes a video embedded in a paragraph (as the editor writes it) into Word and HTML as a link to it", async () => {
    const item = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Tide video" });
    const video = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    const html = `<p>Watch this:</p><p><iframe src="${video}" width="560" height="315" title="Embedded content" allowfullscreen frameborder="0" loading="lazy"></iframe></p>`;
    expect((await ownerClient.post(`/lesson-plans/${item.uid}/update`, { title: "Tide video", sections: [{ title: "Video", html }] })).status).toBe(200);
    const word = await ownerClient.download(`/lesson-plans/${item.uid}/export/Word2007`);
    expect(word.status).toBe(200);
    expect(docxText(docxPart(word.bytes, "word/document.xml"))).toContain(`Watch this:\n${video}\n`);
    expect(docxPart(word.bytes, "word/_rels/document.xml.rels")).toContain(`Target="${video}"`);
    // HTML (and so PDF): the link takes the frame's place in its paragraph, not a paragraph nested in it.
    const page = (await ownerClient.download(`/lesson-plans/${item.uid}/export/HTML`)).bytes.toString("utf8");
    expect(page).toContain(`<p><a href="${video}">${video}</a></p>`);
    expect(page).not.toContain("<p><p>");
  });

  it("applies the option switches and offers the HTML as a download on request", async () => {
    const res = await ownerClient.download(`${link}/export/HTML?include_description=0&include_section_titles=0&download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Tidal-Forces-Lesson.html"');
    const html = res.bytes.toString("utf8");
    expect(html).not.toContain("Why the sea rises twice a day");
    expect(html).not.toContain("<h2>Warm-up</h2>");
    expect(html).toContain("Gravity recap");
    const bad = await ownerClient.get(`${link}/export/HTML?include_description=maybe`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe("Option switches are 0 or 1.");
  });

  it("exports a Word document whose XML holds the title, sections, a Word equation, the table, lists and the image", async () => {
    const res = await memberClient.download(`${link}/export/Word2007`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Tidal-Forces-Lesson.docx"');
    expect(res.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    const xml = docxPart(res.bytes, "word/document.xml");
    const text = docxText(xml);
    expect(text).toContain("Tidal Forces Lesson");
    expect(text).toContain("Why the sea rises twice a day");
    expect(text).toContain("Warm-up");
    expect(text).toContain("Newton wrote Principia.");
    expect(text).not.toContain("alert");
    expect(xml.match(/<m:oMath\b/g)).toHaveLength(2);
    expect(xml).toContain("<m:f>"); // the fraction of the first equation
    expect(xml).toContain("<w:tbl>");
    expect(text).toContain("Moonlet");
    expect(xml).toContain('<w:b/>'); // bold run for Newton and the header cells
    expect(xml).toContain("<w:numPr>"); // list items
    expect(docxList(res.bytes)).toMatch(/word\/media\/\S+\.png/);
    expect(text).toContain("[Image: Internal address]");
    // The callout's title is a bold line of its own, as on the page (it was run into the text: "Tide tipHigh tide...").
    expect(text).toContain("Tide tip\nHigh tide comes twice a day.");
    expect(xml).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">Tide tip<\/w:t><\/w:r><w:r><w:br\/><\/w:r>/);
    expect(text).not.toContain("[callout");
  });

  it("exports a PDF printed by Chromium whose text holds the title, sections and the equations", async () => {
    const res = await memberClient.download(`${link}/export/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Tidal-Forces-Lesson.pdf"');
    expect(res.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(res.bytes);
    expect(text).toContain("Tidal Forces Lesson");
    expect(text).toContain("Why the sea rises twice a day");
    expect(text).toContain("Warm-up");
    expect(text).toContain("Newton wrote Principia.");
    expect(text).toContain("Moonlet");
    // KaTeX's HTML rendering prints the equation's symbols (mc with a raised 2).
    expect(text).toMatch(/E\s*=\s*mc\s*2/);
    expect(text).toMatch(/F\s*=\s*G\s*m/);
    expect(text).toContain("High tide comes twice a day.");
    expect(text).not.toContain("[callout");
  }, 60_000);

  it("ends a resource's export with its link or file, and a collection's with the items the reader may see, each linked", async () => {
    const origin = server.url;
    const site = await buildContent(server.db, { ownerId: owner.id, title: "Tide tables website", url: "https://example.org/tides?week=1&day=2" });
    const html = (await ownerClient.download(`/resources/${site.uid}/export/HTML`)).bytes.toString("utf8");
    expect(html).toContain('<h2>Resource</h2><div class="rich-content"><p>Link: <a href="https://example.org/tides?week=1&amp;day=2">https://example.org/tides?week=1&amp;day=2</a></p></div>');
    // A file: its name, linked at this site's file address.
    const picture = await server.db.selectFrom("content").select(["uid", "url"]).where("title", "=", "Wave picture").executeTakeFirstOrThrow();
    const fileHtml = (await ownerClient.download(`/resources/${picture.uid}/export/HTML`)).bytes.toString("utf8");
    expect(fileHtml).toContain(`<p>File: <a href="${origin}${picture.url}">wave.png</a></p>`);

    // A collection: the items its reader may see, in the order added, with their type; a restricted one only for those it is open to.
    const collection = await buildContent(server.db, { ownerId: owner.id, modelKey: "collection", title: "Tides collection" });
    const hidden = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", title: "Owner's private outline", visibility: "restricted" });
    for (const [i, content] of [site, plan, hidden].entries()) await server.db.insertInto("collection_items").values({ collection_id: collection.id, content_id: content.id, added_by: owner.id, added_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }).execute();
    const listed = (bytes: Buffer) => [...bytes.toString("utf8").matchAll(/<li><a href="([^"]+)">([^<]+)<\/a> \(([^)]+)\)<\/li>/g)].map((m) => `${m[2]} (${m[3]}) ${m[1]}`);
    const forMember = await memberClient.download(`/collections/${collection.uid}/export/HTML`);
    expect(listed(forMember.bytes)).toEqual([`Tide tables website (Resource) ${origin}/resources/${site.uid}`, `Tidal Forces Lesson (Lesson Plan) ${origin}${link}`]);
    expect(listed((await ownerClient.download(`/collections/${collection.uid}/export/HTML`)).bytes)).toHaveLength(3);
    // Word: the same items as hyperlinks.
    const word = await memberClient.download(`/collections/${collection.uid}/export/Word2007`);
    expect(docxText(docxPart(word.bytes, "word/document.xml"))).toContain("Tidal Forces Lesson (Lesson Plan)");
    expect(docxPart(word.bytes, "word/_rels/document.xml.rels")).toContain(`Target="${origin}${link}"`);
    // An item of another type adds nothing.
    expect((await ownerClient.download(`${link}/export/HTML`)).bytes.toString("utf8")).not.toContain("<h2>Items</h2>");
  });

  it("writes a section's links to this site's pages (a pathway step's resource) as absolute addresses, so a saved export still leads there", async () => {
    const origin = server.url;
    const pathway = await buildContent(server.db, { ownerId: owner.id, modelKey: "pathway", title: "Tide Careers Pathway" });
    const step = `<p>Read <a href="/resources/${plan.uid}">the tide sheet</a>, see <a href="#notes">notes</a> and <a href="https://example.org/tides">a site</a>.</p>`;
    const saved = await ownerClient.post(`/pathways/${pathway.uid}/update`, { title: "Tide Careers Pathway", sections: [{ title: "Step 1", html: step }] });
    expect(saved.status).toBe(200);
    const html = (await memberClient.download(`/pathways/${pathway.uid}/export/HTML`)).bytes.toString("utf8");
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([`${origin}/resources/${plan.uid}`, "#notes", "https://example.org/tides"]);
    // The page itself keeps the path, which the site resolves.
    const page = await memberClient.get(`/api/content/pathways/${pathway.uid}`);
    expect(page.body.sections[0].view_html).toContain(`href="/resources/${plan.uid}"`);
    // Word: the step's resource is a hyperlink to the same address (a path alone was written as plain text).
    const word = await memberClient.download(`/pathways/${pathway.uid}/export/Word2007`);
    expect(docxPart(word.bytes, "word/_rels/document.xml.rels")).toContain(`Target="${origin}/resources/${plan.uid}"`);
    expect(docxText(docxPart(word.bytes, "word/document.xml"))).toContain("Read the tide sheet, see notes");
  });

  it("never fetches an image from this machine or its network, whatever way the address is written (IPv4-mapped IPv6 too)", async () => {
    // A server on this machine holding a real PNG: an export that fetched it would embed it.
    const hits: string[] = [];
    const internal = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "image/png" }).end(solidPng(4, 4));
    });
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    try {
      const port = (internal.address() as AddressInfo).port;
      const addresses = [`http://127.0.0.1:${port}/plain.png`, `http://[::ffff:127.0.0.1]:${port}/mapped.png`, `http://[::ffff:7f00:1]:${port}/mapped-hex.png`, `http://[0:0:0:0:0:ffff:7f00:1]:${port}/mapped-long.png`];
      const probe = await buildContent(server.db, { ownerId: owner.id, modelKey: "lesson_plan", title: "Image address probe" });
      const saved = await ownerClient.post(`/lesson-plans/${probe.uid}/update`, {
        title: "Image address probe",
        sections: [{ title: "Images", html: `<p>${addresses.map((src, i) => `<img src="${src}" alt="Internal ${i}">`).join("")}</p>` }],
      });
      expect(saved.status).toBe(200);
      const res = await ownerClient.download(`/lesson-plans/${probe.uid}/export/HTML`);
      expect(res.status).toBe(200);
      expect(res.bytes.toString("utf8")).not.toContain("data:image/png");
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => internal.close(resolve));
    }
  });

  it("lets whoever may view export: guests of a restricted item are asked to sign in, members without a grant get 404", async () => {
    const secret = await buildContent(server.db, { ownerId: owner.id, modelKey: "outline", title: "Secret Outline", visibility: "restricted" });
    const secretLink = `/outlines/${secret.uid}`;
    for (const segment of ["pdf", "Word2007", "HTML"]) {
      const guest = await server.client().get(`${secretLink}/export/${segment}`);
      expect(guest.status).toBe(401);
      expect(guest.body.message).toBe("You must be signed in to do that.");
      expect((await memberClient.get(`${secretLink}/export/${segment}`)).status).toBe(404);
    }
    expect((await ownerClient.download(`${secretLink}/export/HTML`)).status).toBe(200);
    expect((await adminClient.download(`${secretLink}/export/Word2007`)).status).toBe(200);
    // A public item is exported for guests too.
    expect((await server.client().download(`${link}/export/HTML`)).status).toBe(200);
  });

  it("answers 404 with a message for an unknown format or item", async () => {
    const format = await ownerClient.get(`${link}/export/odt`);
    expect(format.status).toBe(404);
    expect(format.body.message).toBe("Unknown export format. Use pdf, Word2007 or HTML.");
    expect((await ownerClient.get(`/lesson-plans/nope/export/pdf`)).status).toBe(404);
    expect((await ownerClient.get(`/resources/${plan.uid}/export/pdf`)).status).toBe(404);
    // A path of this shape naming no content type is a call all the same: JSON, not the web app's page.
    const unknownType = await ownerClient.get(`/abc/${plan.uid}/export/pdf`);
    expect([unknownType.status, unknownType.body.message]).toEqual([404, MESSAGES.notFound]);
  });

  it("answers 503 with a clear message when no Chromium is installed for PDFs (other formats still work)", async () => {
    const noChromium = await startTestServer({ env: { CHROMIUM_PATH: "/nonexistent/chromium" } });
    try {
      const user = await buildUser(noChromium.db);
      const item = await buildContent(noChromium.db, { ownerId: user.id, modelKey: "lesson_plan", title: "Plain" });
      const client = noChromium.client();
      const pdf = await client.get(`/lesson-plans/${item.uid}/export/pdf`);
      expect(pdf.status).toBe(503);
      expect(pdf.body.message).toBe("PDF export is not available: no Chromium browser was found on the server. Ask an administrator to install Chromium or set CHROMIUM_PATH.");
      expect((await client.download(`/lesson-plans/${item.uid}/export/Word2007`)).status).toBe(200);
    } finally {
      await noChromium.stop();
    }
  });
});

describe("the links an export writes to this site", () => {
  const PUBLIC_URL = "http://commons.example.test";
  const { server } = useTestServer({ env: { PUBLIC_URL } });

  /** A GET with a Host header of the caller's choosing (fetch would not send one). */
  const getWithHost = (pathname: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(server.url);
      const req = http.get({ host: url.hostname, port: url.port, path: pathname, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      });
      req.on("error", reject);
    });

  it("are written on PUBLIC_URL, whatever Host header the request forged", async () => {
    const [owner, client] = await buildSignedInUser(server);
    const target = await buildContent(server.db, { ownerId: owner.id, title: "Tide sheet" });
    const pathway = await buildContent(server.db, { ownerId: owner.id, modelKey: "pathway", title: "Forged Host Pathway" });
    const saved = await client.post(`/pathways/${pathway.uid}/update`, { title: "Forged Host Pathway", sections: [{ title: "Step 1", html: `<p><a href="/resources/${target.uid}">the tide sheet</a></p>` }] });
    expect(saved.status).toBe(200);
    const res = await getWithHost(`/pathways/${pathway.uid}/export/HTML`, "evil.example");
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<a href="${PUBLIC_URL}/resources/${target.uid}">the tide sheet</a>`);
    expect(res.body).not.toContain("evil.example");
  });

  it("escape the site address for the attribute", () => {
    expect(absoluteSiteLinks('<p><a href="/resources/abc">x</a></p>', 'http://site.test/a?b=1&c="<x>')).toBe('<p><a href="http://site.test/a?b=1&amp;c=&quot;&lt;x&gt;/resources/abc">x</a></p>');
  });
});
