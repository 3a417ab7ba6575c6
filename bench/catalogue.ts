import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../server/db/connection.js";
import { migrateToLatest } from "../server/db/migrate.js";
import { generateCatalogue } from "../server/seed/catalogue.js";
import { ensureDefaults } from "../server/seed/defaults.js";

/** The data folder of a generated catalogue of `items` items, generated on first use and kept in bench/.data. */
export async function prepareCatalogue(items: number): Promise<string> {
  const dir = path.resolve(`bench/.data/catalogue-${items}`);
  const marker = path.join(dir, "complete");
  if (fs.existsSync(marker)) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`generating a catalogue of ${items} items in ${dir} (once)...`);
  const db = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await ensureDefaults(db);
  const t = Date.now();
  await generateCatalogue(db, { items });
  await db.destroy();
  fs.writeFileSync(marker, new Date().toISOString());
  console.log(`generated in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  return dir;
}
