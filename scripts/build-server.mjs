// npm run build:server: compiles the server to plain JavaScript in dist/server, so production (npm start)
// and the import bench run without a runtime TypeScript loader (tsx's transpiler and loader threads
// cost ~100 MB of the process's memory). Two entries: the server and the spreadsheet worker, which
// readSpreadsheet starts as its own file. Packages stay external (better-sqlite3 is native; the rest
// load from node_modules as they would under tsx). `npm run dev` and the tests keep running the sources.
import { build, stop } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Where the compiled server goes; scripts/start.mjs and bench/import.ts run dist/server/index.js. */
export const SERVER_OUT_DIR = "dist/server";

/** The folders whose sources the compiled server is built from (start.mjs rebuilds when one is newer). */
export const SERVER_SOURCE_DIRS = ["server", "contract"];

/** The folders the web app is built from (start.mjs rebuilds dist/web when one of their files is newer). */
export const WEB_SOURCE_DIRS = ["renderer", "contract"];

/** The newest modification time of the source files in these folders (tests excluded), in ms. */
export function newestSource(dirs, files = /\.(ts|json)$/) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (files.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  };
  dirs.forEach(walk);
  return newest;
}

/** True when a build's output file is missing or older than one of its sources. */
export function isStale(output, dirs, files) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newestSource(dirs, files);
}

/** True when dist/server is missing or older than a source file. */
export function serverBuildIsStale() {
  return isStale(path.join(SERVER_OUT_DIR, "index.js"), SERVER_SOURCE_DIRS);
}

/** Compiles the server and its worker into dist/server. */
export async function buildServer() {
  await build({
    entryPoints: { index: "server/index.ts", spreadsheetWorker: "server/jobs/spreadsheetWorker.ts" },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
  });
  // The build's esbuild service would otherwise stay alive beside the server npm start goes on to run.
  await stop();
}

// Run directly (npm run build:server) rather than imported by start.mjs or the bench.
if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) await buildServer();
