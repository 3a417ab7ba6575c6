import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "./test/useServer.js";

describe("the web app's history fallback", () => {
  let webDir: string;
  const html = "<!doctype html><title>Curriculum Commons</title>";
  beforeAll(() => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-fallback-"));
    fs.writeFileSync(path.join(webDir, "index.html"), html);
  });
  afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
  const { server } = useTestServer(() => ({ env: { WEB_DIR: webDir } }));

  const page = (p: string) => fetch(`${server.url}${p}`, { headers: { Accept: "text/html" } });

  it("answers the app's pages with 200 and any other address with 404, both with the app (which says 'Page not found')", async () => {
    for (const p of ["/", "/search/", "/Search", "/auth/register", "/resources/abc123", "/lesson-plans/abc/edit", "/checkout/orders", "/checkout/orders/6d4e9cf0-b192-4c57-bae3-2a45594a2fd6", "/moderation/messages"]) {
      const res = await page(p);
      expect([res.status, await res.text()], p).toEqual([200, html]);
    }
    for (const p of ["/no/such/page", "/searchh", "/resources", "/resources/abc/edit/more", "/checkout", "/checkout/one-click/abc", "/auth/registerr", "/%E0%A4%A"]) {
      const res = await page(p);
      expect([res.status, res.headers.get("content-type"), await res.text()], p).toEqual([404, "text/html; charset=utf-8", html]);
    }
    // An unknown API path is still JSON.
    const api = await page("/api/nope");
    expect([api.status, api.headers.get("content-type")]).toEqual([404, "application/json; charset=utf-8"]);
  });
});
