import { parseArgs } from "node:util";
import path from "node:path";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { ensureDefaults } from "./defaults.js";
import { generateCatalogue } from "./catalogue.js";

// npm run seed:catalogue -- --items 1000000 [--data-dir bench/.data/1m] : a large catalogue for benchmarks.
const { values } = parseArgs({ options: { items: { type: "string", default: "100000" }, "data-dir": { type: "string" }, seed: { type: "string", default: "7" } } });
const items = Number(values.items);
if (!Number.isInteger(items) || items < 1) {
  console.error("--items must be a positive whole number");
  process.exit(2);
}
const dataDir = path.resolve(values["data-dir"] ?? process.env.DATA_DIR ?? `bench/.data/catalogue-${items}`);
const db = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await migrateToLatest(db);
await ensureDefaults(db);
const started = Date.now();
let last = 0;
await generateCatalogue(db, {
  items,
  seed: Number(values.seed),
  onProgress: (done) => {
    if (done - last >= 50_000 || done === items) {
      last = done;
      console.log(`${done} items (${Math.round(done / ((Date.now() - started) / 1000))}/s)`);
    }
  },
});
console.log(`catalogue of ${items} items in ${dataDir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
await db.destroy();
