import cluster from "node:cluster";
import v8 from "node:v8";
import { pino } from "pino";
import { prepareDatabase, startServer } from "./boot.js";
import { loadConfig } from "./config.js";
import { runServerProcesses } from "./processes.js";

// Boots the server from the environment (see README: PORT, DATA_DIR, DATABASE_URL, ...).
const config = loadConfig();
// A long import turns over its memory batch after batch while keeping ~30 MB alive; V8's own growing
// factor let the old space reach 4x that before a full collection, ~100 MB of the process's peak.
// Applies to every isolate of the process (the spreadsheet worker too); read at each collection.
if (config.heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(config.heapGrowingPercent)}`);
const logger = pino({ level: config.logLevel });
const fail = (err: unknown) => {
  logger.fatal({ err }, "server failed to start");
  process.exit(1);
};

if (config.processes > 1 && cluster.isPrimary) {
  // Several processes: the database is prepared once, then each worker process runs this file as one instance.
  await prepareDatabase(config, logger).catch(fail);
  runServerProcesses(config.processes, logger);
} else {
  const running = await startServer(config, logger).catch(fail);
  // One shutdown, whatever signals follow: a worker of several gets the signal twice (its process group's, then the primary's).
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      logger.info({ signal }, "shutting down");
      void running.close().then(() => process.exit(0));
    });
  }
}
