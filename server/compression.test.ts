import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContent, buildSignedInUser } from "./test/factories.js";
import { type TestClient } from "./test/testServer.js";
import { useTestServer } from "./test/useServer.js";

/** A GET through node:http, which neither asks for nor decodes compression by itself: the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("compressed answers", () => {
  let webDir: string;
  const script = `export const greeting = ${JSON.stringify("hello, world; ".repeat(2000))};\n`;
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "compression-web-"));
    fs.mkdirSync(path.join(webDir, "assets"));
    fs.writeFileSync(path.join(webDir, "assets", "main-abc123.js"), script);
    fs.writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Curriculum Commons</title>");
    // A script the build wrote compressed copies of (renderer/vite.config.ts), at other levels than the server's own.
    fs.writeFileSync(path.join(webDir, "assets", "page-def456.js"), script);
    fs.writeFileSync(path.join(webDir, "assets", "page-def456.js.br"), zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(path.join(webDir, "assets", "page-def456.js.gz"), zlib.gzipSync(script, { level: 9 }));
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const { server } = useTestServer(() => ({ env: { WEB_DIR: webDir } }));
  let owner: TestClient;
  let link: string;

  beforeAll(async () => {
    const [user, client] = await buildSignedInUser(server);
    owner = client;
    const plan = await buildContent(server.db, { ownerId: user.id, modelKey: "lesson_plan", title: "Narwhal Tusks", description: "Why a narwhal has a tusk. ".repeat(200) });
    link = `/lesson-plans/${plan.uid}`;
  }, 60_000);

  it("sends the whole icon list gzip-encoded when asked, and as it is when not", async () => {
    const url = `${server.url}/system/icons/supported?all=1`;
    const plain = await rawGet(url);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // A client that accepts no compression skips the middleware: no Vary, which is safe (a plain answer suits any client).
    expect(plain.headers.vary ?? "").not.toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(100_000);
    const icons = JSON.parse(plain.body.toString("utf8")) as unknown;

    const gzipped = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["content-length"]).toBeUndefined();
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString("utf8"))).toEqual(icons);

    const identity = await rawGet(url, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.equals(plain.body)).toBe(true);
  });

  it("prefers Brotli when the client takes it, as browsers do", async () => {
    const res = await rawGet(`${server.url}/system/icons/supported?all=1`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString("utf8"))).toBeInstanceOf(Object);
  });

  it("leaves small answers as they are", async () => {
    const res = await rawGet(`${server.url}/api/no-such-call`, { "accept-encoding": "gzip" });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString("utf8"))).toHaveProperty("message");
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("compresses the web build's scripts, but not a byte range of them", async () => {
    const url = `${server.url}/assets/main-abc123.js`;
    const res = await rawGet(url, { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(zlib.gunzipSync(res.body).toString("utf8")).toBe(script);

    const part = await rawGet(url, { "accept-encoding": "gzip", range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.body.toString("utf8")).toBe(script.slice(0, 100));
  });

  it("sends the build's own compressed copies of a script as they are, Brotli first, and the script to a client that takes neither", async () => {
    const url = `${server.url}/assets/page-def456.js`;
    const copy = (ext: string) => fs.readFileSync(path.join(webDir, "assets", `page-def456.js${ext}`));
    const br = await rawGet(url, { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers["vary"]).toContain("Accept-Encoding");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(br.body.equals(copy(".br"))).toBe(true);

    const gz = await rawGet(url, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body.equals(copy(".gz"))).toBe(true);

    const plain = await rawGet(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(script);

    const part = await rawGet(url, { "accept-encoding": "gzip, br", range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.body.toString("utf8")).toBe(script.slice(0, 100));
  });

  it("still answers a repeated search 304 by its ETag when the answer is compressed", async () => {
    const url = `${server.url}/api/search?query=narwhal`;
    const first = await rawGet(url, { "accept-encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("gzip");
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await rawGet(url, { "accept-encoding": "gzip", "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("sends an export as the file it is, with its length, even to a client that takes gzip", async () => {
    const cookie = { cookie: owner.cookieHeader() };
    for (const query of ["", "?download=1"]) {
      const res = await rawGet(`${server.url}${link}/export/HTML${query}`, { "accept-encoding": "gzip", ...cookie });
      expect(res.status).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^(inline|attachment); filename="Narwhal-Tusks.html"$/);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.toString("utf8")).toContain("Why a narwhal has a tusk.");
    }
  });
});
