import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { openDatabase, type Db } from "../server/db/connection.js";
import { CatalogueIndex } from "../server/search/catalogueIndex.js";
import { prepareCatalogue } from "./catalogue.js";

// npm run bench:compaction -- [--items 100000,1000000]
// Loads the search index of a generated catalogue (a copy of it: the bench's catalogues stay as generated),
// changes every other item once through the change log, as writes do, then compacts the index and prints
// how long that took, the longest stretch it kept the event loop busy, and the index's memory before and after.
const { values } = parseArgs({ options: { items: { type: "string", default: "100000,1000000" } } });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (npm run bench:compaction does)");

/** Heap and array buffers in use after a full collection, in MB (after a turn of the event loop, which lets go of finished async work). */
const memory = async () => {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
  }
  const m = process.memoryUsage();
  return Math.round((m.heapUsed + m.arrayBuffers) / 1e6);
};

/** Loads the index, changes every other item, compacts; prints each step. Returns the compacted index only, so the old one is unreachable once this returns. */
async function churnAndCompact(db: Db, items: number, base: number): Promise<CatalogueIndex> {
  const index = new CatalogueIndex({ cacheResults: false });
  await index.load(db);
  console.log(`\n== ${items.toLocaleString("en-US")} items: index ${(await memory()) - base} MB`);

  let t = performance.now();
  await sql`update content set updated_at = ${new Date().toISOString()} where id % 2 = 0`.execute(db);
  await sql`insert into content_changes (content_id, changed_at) select id, ${new Date().toISOString()} from content where id % 2 = 0`.execute(db);
  await index.refresh(db);
  const seconds = ((performance.now() - t) / 1000).toFixed(1);
  console.log(`every other item changed (${index.deadSlots.toLocaleString("en-US")} dead slots) in ${seconds} s: index ${(await memory()) - base} MB; compaction due: ${index.compactionDue}`);

  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  t = performance.now();
  const compacted = await index.compacted();
  const ms = performance.now() - t;
  delay.disable();
  console.log(`compacted in ${Math.round(ms)} ms, the event loop never busy longer than ${Math.round(delay.max / 1e6)} ms at once`);
  return compacted;
}

/** Measures one catalogue size, on a copy of its database. */
async function measure(items: number): Promise<void> {
  const source = await prepareCatalogue(items);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compaction-"));
  for (const file of fs.readdirSync(source)) if (file.startsWith("platform.sqlite")) fs.copyFileSync(path.join(source, file), path.join(dir, file));
  const db = openDatabase({ dataDir: dir });
  try {
    const base = await memory();
    let compacted: CatalogueIndex | null = await churnAndCompact(db, items, base);
    console.log(`compacted index alone: ${(await memory()) - base} MB (${compacted.size.toLocaleString("en-US")} slots)`);
    compacted = null;
    const fresh = new CatalogueIndex({ cacheResults: false });
    await fresh.load(db);
    console.log(`the same catalogue loaded afresh: ${(await memory()) - base} MB (${fresh.size.toLocaleString("en-US")} slots)`);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const items of values.items.split(",").map(Number)) await measure(items);
