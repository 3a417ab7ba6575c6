import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import Papa from "papaparse";
import * as XLSX from "xlsx";
import type { BulkImport } from "../contract/index.js";
import { titleSortKey } from "../server/commands/createContent.js";
import { openDatabase } from "../server/db/connection.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { TestClient } from "../server/test/testServer.js";
import { freePort } from "./processes.js";

// npm run bench:import -- [--rows 100000,1000000] [--formats csv,xlsx] [--xlsx-max 100000]
// BENCH_TRACE=1 also prints each status poll with the server's RSS and the peak after upload and preprocessing, and writes the server's log to /tmp/bench-server.log.
// For each size and format: generates a spreadsheet (once, cached in bench/.data), starts the real
// server (SQLite, demo data, its own data folder), uploads the file through HTTP as an importer
// would, and prints rows per second for preprocessing and for the import, end to end, and the
// server's peak memory (VmHWM of the one server process, worker threads included). The baseline,
// measured in the same run: the same rows parsed with papaparse and inserted into the same content
// table (its search triggers included) with one prepared statement in one transaction.
const { values } = parseArgs({
  options: { rows: { type: "string", default: "100000,1000000" }, formats: { type: "string", default: "csv,xlsx" }, "xlsx-max": { type: "string", default: "100000" } },
});
const sizes = values.rows.split(",").map(Number);
const formats = values.formats.split(",") as ("csv" | "xlsx")[];
const xlsxMax = Number(values["xlsx-max"]);
const DATA = path.resolve("bench/.data");
const GRADES = ["Grade 3", "Grade 4", "Grade 5", "Grade 6", "Kindergarten"];
const SUBJECTS = ["Mathematics", "Science", "English Language Arts", "Social Studies"];

function* rows(n: number): Generator<string[]> {
  yield ["Title", "Description", "URL", "Keywords", "Grades", "Subjects"];
  for (let i = 0; i < n; i++) {
    yield [
      `Imported resource ${i} about fractions and ecosystems`,
      `Row ${i}: a classroom activity with worksheets, teacher notes and an answer key for practice.`,
      `https://example.org/resources/${i}`,
      `practice, worksheet, unit ${i % 40}`,
      GRADES[i % GRADES.length]!,
      SUBJECTS[i % SUBJECTS.length]!,
    ];
  }
}

/** The spreadsheet of n rows in a format, generated once. */
function prepareFile(n: number, format: "csv" | "xlsx"): string {
  fs.mkdirSync(DATA, { recursive: true });
  const file = path.join(DATA, `import-${n}.${format}`);
  if (fs.existsSync(file)) return file;
  console.log(`generating ${path.basename(file)} (once)...`);
  if (format === "csv") {
    const out = fs.openSync(`${file}.tmp`, "w");
    let batch: string[][] = [];
    for (const row of rows(n)) {
      batch.push(row);
      if (batch.length === 10000) {
        fs.writeSync(out, `${Papa.unparse(batch)}\r\n`);
        batch = [];
      }
    }
    if (batch.length) fs.writeSync(out, Papa.unparse(batch));
    fs.closeSync(out);
  } else {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([...rows(n)]), "Resources");
    fs.writeFileSync(`${file}.tmp`, XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer);
  }
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

/** Baseline: papaparse, then one prepared INSERT into content in one transaction (same schema and triggers). */
async function baseline(file: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-baseline-"));
  try {
    const kdb = openDatabase({ dataDir: dir });
    await migrateToLatest(kdb);
    const owner = await kdb.insertInto("profiles").values({ uid: "owner", kind: "user", name: "Owner", short_name: null, username: "owner", email: null, password_hash: null, location: null, thumb_url: null, description: null, group_type_id: null, view_permission: null, join_permission: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow();
    await kdb.destroy();
    const started = performance.now();
    const parsed = Papa.parse<string[]>(fs.readFileSync(file, "utf8"), { skipEmptyLines: true }).data.slice(1);
    const db = new SQLite(path.join(dir, "platform.sqlite"));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    const insert = db.prepare(
      "insert into content (uid, opaque_id, model_key, title, description, tags, url, owner_id, visibility, title_sort, created_at, updated_at) values (?, ?, 'resource', ?, ?, ?, ?, ?, 'public', ?, ?, ?)",
    );
    const now = new Date().toISOString();
    db.transaction(() => {
      parsed.forEach((r, i) => insert.run(`b${i}`, `o${i}`, r[0], r[1], r[3], r[2], owner.id, titleSortKey(r[0]!), now, now));
    })();
    db.close();
    return parsed.length / ((performance.now() - started) / 1000);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Peak resident memory of a process in MB (Linux VmHWM). */
function peakMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(): Promise<{ child: ChildProcess; url: string; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-server-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server/index.js"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, SEED_DEMO: "1", ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-password-1", AUTH_RATE_LIMIT: "1000", LOG_LEVEL: process.env.BENCH_TRACE ? "info" : "warn" },
    stdio: ["ignore", process.env.BENCH_TRACE ? fs.openSync("/tmp/bench-server.log", "w") : "ignore", "inherit"],
  });
  child.on("exit", (code, signal) => console.error(`server exited: code ${code}, signal ${signal}`));
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${url}/app/config`).then((r) => r.status, () => 0)) === 200) return { child, url, dir };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

let slowestPollMs = 0;
let tracedPid = 0;
const traceRss = () => (tracedPid ? Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${tracedPid}/status`, "utf8"))?.[1] ?? 0) / 1024) : 0);
async function until(client: TestClient, link: string, done: (b: BulkImport) => boolean): Promise<BulkImport> {
  for (;;) {
    const t = performance.now();
    const res = await client.get<BulkImport>(link).catch((err: unknown) => {
      console.error(`poll failed after ${Math.round(performance.now() - t)} ms (slowest so far ${Math.round(slowestPollMs)} ms)`);
      throw err;
    });
    slowestPollMs = Math.max(slowestPollMs, performance.now() - t);
    if (process.env.BENCH_TRACE) console.error(`${Math.round(performance.now())} ${res.body.status} ${res.body.progress?.done}/${res.body.progress?.total} poll ${Math.round(performance.now() - t)} ms rss ${traceRss()} MB`);
    if (res.body.import_results_summary?.error) throw new Error(`import failed: ${res.body.import_results_summary.error}`);
    if (done(res.body)) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rate = (n: number, ms: number) => Math.round(n / (ms / 1000)).toLocaleString("en-US").padStart(9);

// The server runs compiled, as npm start runs it (no runtime TypeScript loader in its memory).
if (spawnSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" }).status !== 0) throw new Error("npm run build:server failed");
console.log("format    rows      baseline r/s  preprocess r/s  import r/s  end-to-end r/s  of baseline  peak server MB");
for (const n of sizes) {
  for (const format of formats) {
    if (format === "xlsx" && n > xlsxMax) {
      console.log(`${format.padEnd(6)} ${n.toLocaleString("en-US").padStart(10)}   skipped: XLSX is read whole by SheetJS (limit with --xlsx-max)`);
      continue;
    }
    const file = prepareFile(n, format);
    const csvForBaseline = prepareFile(n, "csv");
    const base = await baseline(csvForBaseline);
    const server = await startServer();
    try {
      tracedPid = server.child.pid!;
      const client = new TestClient(server.url);
      await client.signIn("bench", "bench-password-1");
      const t0 = performance.now();
      const data = fs.readFileSync(file);
      const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: { name: path.basename(file), data } });
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(res.body)}`);
      const link = res.body.data.link as string;
      const tracePeak = (phase: string) => process.env.BENCH_TRACE && console.error(`${phase}: server peak so far ${peakMb(server.child.pid!)} MB`);
      tracePeak("uploaded");
      const ready = await until(client, link, (b) => b.status === "preprocessed");
      const t1 = performance.now();
      tracePeak("preprocessed");
      if (ready.import_results_summary.rows_with_errors || ready.unresolved_values) throw new Error(`unexpected errors: ${JSON.stringify(ready.import_results_summary).slice(0, 300)}`);
      await client.post(`${link}/start`);
      const done = await until(client, link, (b) => b.status === "completed");
      const t2 = performance.now();
      if (done.import_results_summary.imported !== n) throw new Error(`imported ${done.import_results_summary.imported} of ${n}`);
      const endToEnd = n / ((t2 - t0) / 1000);
      console.log(
        `${format.padEnd(6)} ${n.toLocaleString("en-US").padStart(10)}   ${Math.round(base).toLocaleString("en-US").padStart(11)}  ${rate(n, t1 - t0).padStart(14)}  ${rate(n, t2 - t1).padStart(10)}  ${rate(n, t2 - t0).padStart(14)}  ${(endToEnd / base).toFixed(3).padStart(11)}  ${String(peakMb(server.child.pid!)).padStart(14)}`,
      );
    } finally {
      server.child.kill("SIGKILL");
      fs.rmSync(server.dir, { recursive: true, force: true });
    }
  }
}
process.exit(0);
