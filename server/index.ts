import v8 from "node:v8";
import { pino } from "pino";
import { startServer } from "./boot.js";
import { loadConfig } from "./config.js";

// Boots the server from the environment (see README: PORT, DATA_DIR, DATABASE_URL, ...).
const config = loadConfig();
// A long import turns over its memory batch after batch while keeping ~30 MB alive; V8's own growing
// factor let the old space reach 4x that before a full collection, ~100 MB of the process's peak.
// Applies to every isolate of the process (the spreadsheet worker too); read at each collection.
if (config.heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(config.heapGrowingPercent)}`);
const logger = pino({ level: config.logLevel });
const running = await startServer(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, "server failed to start");
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "shutting down");
    void running.close().then(() => process.exit(0));
  });
}
