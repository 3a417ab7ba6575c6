import cluster from "node:cluster";
import http from "node:http";
import { pino } from "pino";
import { runServerProcesses } from "../processes.js";

// A stand-in server for processes.test.ts: the primary runs the real runServerProcesses, and each worker
// does what FIXTURE_MODE says instead of being a whole server (failures a real server rarely shows on cue).
const mode = process.env.FIXTURE_MODE;
if (cluster.isPrimary) runServerProcesses(2, pino({ level: "silent" }));
else if (mode === "fail-at-start") process.exit(1);
else {
  const server = http.createServer((_req, res) => res.end("ok"));
  server.listen(0, "127.0.0.1", () => {
    if (mode === "crash-after-listening") setTimeout(() => process.exit(3), 50);
  });
}
