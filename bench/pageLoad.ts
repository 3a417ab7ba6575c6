import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { freePort, startChild, stopChild } from "./processes.js";

// npm run bench:pageload -- [--web dist/web,/tmp/web-old] [--loads 20]
// Starts the compiled server on the demo catalogue once per web build (WEB_DIR), then opens pages in Debian's
// Chromium, each in a fresh browser context as every browser test does (nothing cached), the builds taking turns so
// a busy machine weighs on each alike. Prints per page and build: p50 and p95 in ms from navigation until the
// page's content shows, and the JavaScript it fetched (KB, uncompressed).
const { values } = parseArgs({ options: { web: { type: "string", default: "dist/web" }, loads: { type: "string", default: "20" } } });
const builds = values.web.split(",");
const loads = Number(values.loads);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** The pages measured, each with what shows that it is ready for its user. */
const PAGES = [
  { name: "search, a term", path: "/search/?st=fractions", ready: 'role=region[name="Results"] >> role=article' },
  { name: "an item page", path: "", ready: "role=heading[level=1]" },
] as const;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One load of a page in a fresh context: milliseconds until `ready` is visible, and the JavaScript bytes fetched. */
async function load(browser: Browser, url: string, ready: string): Promise<{ ms: number; jsBytes: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let jsBytes = 0;
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) void response.body().then((body) => (jsBytes += body.length), () => undefined);
  });
  const started = performance.now();
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  const ms = performance.now() - started;
  await page.waitForLoadState("networkidle");
  await context.close();
  return { ms, jsBytes };
}

if (spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build:server failed");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pageload-"));
const servers = [];
try {
  for (const web of builds) {
    if (!fs.existsSync(path.join(web, "index.html"))) throw new Error(`${web} has no index.html: build it first (npm run build)`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // One demo database for every build: the first server seeds it, the others open it.
    const child = await startChild(["dist/server/index.js"], { PORT: String(port), DATA_DIR: dataDir, WEB_DIR: path.resolve(web), LOG_LEVEL: "warn", DEMO_INTERCEPTOR: "0" }, `${base}/app/config`);
    servers.push({ web, base, child });
  }
  const first = (await (await fetch(`${servers[0]!.base}/api/search?st=fractions`)).json()) as { data: { link: string }[] };
  const itemPath = new URL(first.data[0]!.link, servers[0]!.base).pathname;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  try {
    console.log(`== page loads in fresh browser contexts, ${loads} per page and build (after one warm-up)`);
    console.log(`${"page".padEnd(18)}${"build".padEnd(28)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"JS KB".padStart(8)}`);
    for (const page of PAGES) {
      const pagePath = page.path || itemPath;
      const results = new Map(servers.map((s) => [s.web, { ms: [] as number[], jsBytes: 0 }]));
      for (const s of servers) await load(browser, s.base + pagePath, page.ready);
      for (let i = 0; i < loads; i++) {
        for (const s of servers) {
          const { ms, jsBytes } = await load(browser, s.base + pagePath, page.ready);
          const result = results.get(s.web)!;
          result.ms.push(ms);
          result.jsBytes = jsBytes;
        }
      }
      for (const [web, result] of results) {
        const sorted = result.ms.sort((a, b) => a - b);
        console.log(`${page.name.padEnd(18)}${web.padEnd(28)}${percentile(sorted, 50).toFixed(0).padStart(8)}${percentile(sorted, 95).toFixed(0).padStart(8)}${Math.round(result.jsBytes / 1024).toString().padStart(8)}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  for (const s of servers) await stopChild(s.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
