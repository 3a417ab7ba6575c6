import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { openDatabase } from "../server/db/connection.js";
import { COMMON_WORD } from "../server/seed/catalogue.js";
import { prepareCatalogue } from "./catalogue.js";
import { get, latency, throughput } from "./httpLoad.js";
import { freePort, startChild, stopChild } from "./processes.js";

// npm run bench:search -- [--items 100000,1000000] [--requests 200] [--seconds 5] [--clients 8] [--processes 1]
// Generates (once, cached in bench/.data) a catalogue per size, starts the real server on it and a
// bare Express endpoint, then prints p50/p95 with one client and throughput with several clients.
const { values } = parseArgs({
  options: { items: { type: "string", default: "100000,1000000" }, requests: { type: "string", default: "200" }, seconds: { type: "string", default: "5" }, clients: { type: "string", default: "8" }, processes: { type: "string", default: "1" } },
});
const sizes = values.items.split(",").map(Number);
const requests = Number(values.requests);
const seconds = Number(values.seconds);
const clients = Number(values.clients);
/** Server processes (SERVER_PROCESSES) of the search server, and as many for the bare baseline. */
const processes = Number(values.processes);
/** Never-seen queries generated per size: more than the throughput run asks. */
const NEVER_SEEN = 60_000;

/** A deterministic pseudo-random generator (mulberry32), so every run asks the same never-seen queries. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `count` different queries of the five kinds, in turn, none asked twice: rare and frequent words of the
 * catalogue's vocabulary, a frequent word with a grade and a subject, a grade and a subject alone, and deep
 * pages, on the first pages and in every sort. No answer is ever asked twice; the counts of one word or one
 * grade and subject are, on its other pages and sorts (as when people page and re-sort), and the server keeps
 * them from their second sighting. The benchmark runs them on the uncached server too, where every request counts.
 */
async function neverSeenQueries(dir: string, items: number, count: number): Promise<string[]> {
  const db = openDatabase({ dataDir: dir });
  const terms = await db.selectFrom("search_terms").select(["term", "doc_count"]).where("doc_count", ">=", 2).execute();
  const ids = async (type: string) => (await db.selectFrom("attribute_items").innerJoin("attribute_types", "attribute_types.id", "attribute_items.type_id").select("attribute_items.id").where("attribute_types.key", "=", type).execute()).map((r) => r.id);
  const [grades, subjects] = [await ids("grades"), await ids("subjects")];
  await db.destroy();
  const rare = terms.filter((t) => t.doc_count <= items / 1000).map((t) => t.term);
  const frequent = terms.filter((t) => t.doc_count >= items / 100).map((t) => t.term);
  const r = random(items);
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
  const sorts = ["", "&sort=1", "&sort=-1", "&sort=2", "&sort=-2", "&sort=3", "&sort=-3"];
  const pageOf = (last: number) => `&page=${1 + Math.floor(r() * last)}`;
  const deepest = Math.max(2, Math.min(1000, Math.floor(items / 15 / 2)));
  const kinds = [
    () => `query=${pick(rare)}`,
    () => `query=${pick(frequent)}${pick(sorts)}${pageOf(5)}`,
    () => `query=${pick(frequent)}&grades=${pick(grades)}&subjects=${pick(subjects)}${pick(sorts)}${pageOf(3)}`,
    () => `grades=${pick(grades)}&subjects=${pick(subjects)}${pick(sorts)}${pageOf(5)}`,
    () => `page=${Math.max(2, Math.floor(r() * deepest))}${pick(sorts.slice(1))}`,
  ];
  const seen = new Set<string>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) seen.add(kinds[tries % kinds.length]!());
  return [...seen];
}

async function queriesFor(dir: string, items: number): Promise<[string, string][]> {
  const db = openDatabase({ dataDir: dir });
  const rare = await db.selectFrom("search_terms").select("term").where("doc_count", ">=", Math.max(2, Math.round(items / 20000))).orderBy("doc_count").limit(1).executeTakeFirstOrThrow();
  const grade = await db.selectFrom("attribute_items").select("id").where("name", "=", "Grade 5").executeTakeFirstOrThrow();
  const subject = await db.selectFrom("attribute_items").select("id").where("name", "=", "Science").executeTakeFirstOrThrow();
  await db.destroy();
  const deepPage = Math.min(200, Math.floor(items / 15 / 2));
  return [
    ["rare term", `query=${rare.term}`],
    ["common term (1/3 of items)", `query=${COMMON_WORD}`],
    ["term + two facets", `query=${COMMON_WORD}&grades=${grade.id}&subjects=${subject.id}`],
    ["facets only, no term", `grades=${grade.id}&subjects=${subject.id}`],
    [`deep page (${deepPage})`, `sort=1&page=${deepPage}`],
  ];
}

const fmt = (n: number) => n.toFixed(1).padStart(8);

/** Resident memory of the largest process in the server's tree in MB. */
async function serverRss(pid: number): Promise<number> {
  const { execSync } = await import("node:child_process");
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    const children = execSync(`pgrep -P ${tree[i]} || true`, { encoding: "utf8" }).split("\n").map(Number).filter((n) => n > 0);
    tree.push(...children);
  }
  const kb = tree.map((p) => Number(execSync(`ps -o rss= -p ${p} || true`, { encoding: "utf8" }).trim()) || 0);
  return Math.round(Math.max(...kb) / 1024);
}

// The server as npm start runs it: compiled to plain JavaScript.
if (spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build:server failed");
for (const items of sizes) {
  const dir = await prepareCatalogue(items);
  const queries = await queriesFor(dir, items);
  const neverSeen = await neverSeenQueries(dir, items, NEVER_SEEN);
  const barePort = await freePort();
  const bare = await startChild(["--import", "tsx", "bench/bareServer.ts"], { PORT: String(barePort), BARE_PROCESSES: String(processes) }, `http://127.0.0.1:${barePort}/bare`);
  try {
    console.log(`\n== search on SQLite, ${items.toLocaleString("en-US")} items (${requests} sequential requests per query, throughput: ${clients} clients; ${processes} server process${processes > 1 ? "es" : ""} each)`);
    const bareLat = await latency(`http://127.0.0.1:${barePort}/bare`, requests);
    const bareRps = (await throughput([`http://127.0.0.1:${barePort}/bare`], clients, seconds)).rps;
    console.log(`${"baseline: bare Express".padEnd(34)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"req/s".padStart(8)}`);
    console.log(`${"".padEnd(34)} ${fmt(bareLat.p50)} ${fmt(bareLat.p95)} ${fmt(bareRps)}`);
    // Uncached: every request filters and counts (what a query costs the first time).
    // Cached: identical searches reuse their counts until the catalogue changes (popular queries, paging).
    for (const cache of ["0", "1"]) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const t = Date.now();
      const server = await startChild(["dist/server/index.js"], { PORT: String(port), DATA_DIR: dir, SEED_DEMO: "0", LOG_LEVEL: "warn", SEARCH_CACHE: cache, SERVER_PROCESSES: String(processes) }, `${base}/app/config`);
      const rss = await serverRss(server.pid!);
      console.log(`\n${cache === "0" ? "uncached (every request counts)" : "cached counts (repeated queries)"}; server ready in ${((Date.now() - t) / 1000).toFixed(1)} s, RSS ${rss} MB${processes > 1 ? " (largest process)" : ""}`);
      try {
        const urls: string[] = [];
        let bytes = 0;
        for (const [name, q] of queries) {
          const url = `${base}/api/search?${q}`;
          urls.push(url);
          bytes += (await get(url)).bytes;
          const l = await latency(url, requests);
          if (l.status !== 200) throw new Error(`${name} answered ${l.status}`);
          const { rps } = await throughput([url], clients, Math.max(1, seconds / 2));
          console.log(`${name.padEnd(34)} ${fmt(l.p50)} ${fmt(l.p95)} ${fmt(rps)}`);
        }
        const mixed = (await throughput(urls, clients, seconds)).rps;
        // The same bytes from a bare endpoint: what sending (and the clients reading) the answers costs alone.
        const sizedUrl = `http://127.0.0.1:${barePort}/bare-sized?bytes=${Math.round(bytes / queries.length)}`;
        const sizedRps = (await throughput([sizedUrl], clients, seconds)).rps;
        console.log(`${"mixed queries".padEnd(34)} ${"".padStart(8)} ${"".padStart(8)} ${fmt(mixed)}   (${(mixed / bareRps).toFixed(3)} of baseline)`);
        console.log(`${`  bare Express, same ${Math.round(bytes / queries.length / 1024)} KB answers`.padEnd(34)} ${"".padStart(8)} ${"".padStart(8)} ${fmt(sizedRps)}   (search: ${(mixed / sizedRps).toFixed(3)} of it)`);
        // The same five kinds, but every request a query not asked before (see neverSeenQueries).
        const fresh = neverSeen.map((q) => `${base}/api/search?${q}`);
        const l = await latency(fresh.slice(0, requests), requests, 0);
        if (l.status !== 200) throw new Error(`a never-seen query answered ${l.status}`);
        const run = await throughput(fresh.slice(requests), clients, seconds);
        if (run.requests > fresh.length - requests) console.log("  (more requests than never-seen queries: some were asked twice; raise NEVER_SEEN)");
        console.log(`${"never-seen queries, mixed".padEnd(34)} ${fmt(l.p50)} ${fmt(l.p95)} ${fmt(run.rps)}   (${(run.rps / bareRps).toFixed(3)} of baseline)`);
      } finally {
        await stopChild(server);
      }
    }
  } finally {
    await stopChild(bare);
  }
}
process.exit(0);
