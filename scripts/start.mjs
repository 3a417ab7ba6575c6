// npm start: builds the web app and the server when they are missing or older than their sources, then
// serves them on the embedded database (demo data is seeded on first start) as plain JavaScript (no runtime
// TypeScript loader). Configuration comes from the environment (see README).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer, isStale, serverBuildIsStale, SERVER_OUT_DIR, WEB_SOURCE_DIRS } from "./build-server.mjs";

const webDir = path.resolve(process.env.WEB_DIR ?? "dist/web");
const webIndex = path.join(webDir, "index.html");
/** A WEB_DIR other than dist/web, the one folder `vite build` writes. */
const ownWebDir = webDir !== path.resolve("dist/web");
// A WEB_DIR given is served as it was built; dist/web is rebuilt when the renderer's sources are newer.
// The build writes dist/web only, so a WEB_DIR without the app stops here rather than serving no pages.
if (ownWebDir && !fs.existsSync(webIndex)) {
  console.error(`WEB_DIR ${webDir} holds no built web app (index.html). Build one there, or leave WEB_DIR unset to build and serve dist/web.`);
  process.exit(1);
}
if (!fs.existsSync(webIndex) || (!process.env.WEB_DIR && isStale(webIndex, WEB_SOURCE_DIRS, /\.(tsx?|css|json|html|svg)$/))) {
  console.log("Building the web app...");
  const build = spawnSync("npx", ["vite", "build", "--config", "renderer/vite.config.ts"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (serverBuildIsStale()) {
  console.log("Building the server...");
  await buildServer();
}
const server = spawn(process.execPath, [path.join(SERVER_OUT_DIR, "index.js")], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
