import { pino } from "pino";
import { startServer } from "./boot.js";
import { loadConfig } from "./config.js";

// Boots the server from the environment (see README: PORT, DATA_DIR, DATABASE_URL, ...).
const config = loadConfig();
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
