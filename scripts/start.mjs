// npm start: builds the web app when it is missing and the server when it is missing or older than its
// sources, then serves it on the embedded database (demo data is seeded on first start) as plain
// JavaScript (no runtime TypeScript loader). Configuration comes from the environment (see README).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer, serverBuildIsStale, SERVER_OUT_DIR } from "./build-server.mjs";

const webDir = path.resolve(process.env.WEB_DIR ?? "dist/web");
if (!fs.existsSync(path.join(webDir, "index.html"))) {
  console.log("Building the web app (first start)...");
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
