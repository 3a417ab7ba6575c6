// npm start: builds the web app when it is missing, then serves it on the embedded database
// (demo data is seeded on first start). Configuration comes from the environment (see README).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const webDir = path.resolve(process.env.WEB_DIR ?? "dist/web");
if (!fs.existsSync(path.join(webDir, "index.html"))) {
  console.log("Building the web app (first start)...");
  const build = spawnSync("npx", ["vite", "build", "--config", "renderer/vite.config.ts"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn("npx", ["tsx", "server/index.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
