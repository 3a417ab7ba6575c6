import type { Server } from "node:http";
import { sql } from "kysely";
import { pino, type Logger } from "pino";
import { IMPORT_MAX_COLUMNS } from "../contract/index.js";
import { createApp } from "./app.js";
import type { ServerConfig } from "./config.js";
import { isPostgres, openDatabase, type Db } from "./db/connection.js";
import { migrateToLatest } from "./db/migrate.js";
import { answerClientErrorsAsJson } from "./lib/clientError.js";
import { DatabaseSessionStore } from "./lib/sessionStore.js";
import { ensureDefaults } from "./seed/defaults.js";
import { ensureAdminAccount, seedDemo } from "./seed/demo.js";
import { startEditorImageSweeper } from "./jobs/editorImageSweep.js";
import { ImportJobRunner } from "./jobs/importJobRunner.js";
import { CatalogueIndex } from "./search/catalogueIndex.js";
import { uploadsStorage } from "./storage/fileStorage.js";

export interface RunningServer {
  server: Server;
  db: Db;
  url: string;
  close(): Promise<void>;
}

const open = (config: ServerConfig, logger: Logger) =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onPoolError: (err) => logger.warn({ err }, "database connection lost") });

/** The PostgreSQL advisory lock key that lets one instance at a time prepare a shared database. */
const PREPARE_LOCK = 7_302_611;

/**
 * Migrates the database and writes what is missing: defaults, the demo catalogue (when asked), the admin account.
 * Idempotent. On PostgreSQL, instances starting at once on one database take turns (a session advisory lock held
 * on one connection while the pool does the work), so exactly one seeds and the others find the work done.
 */
async function prepare(db: Db, config: ServerConfig, logger: Logger): Promise<{ sessionSecret: string }> {
  if (!isPostgres(db)) return prepareUnlocked(db, config, logger);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${PREPARE_LOCK})`.execute(conn);
    try {
      return await prepareUnlocked(db, config, logger);
    } finally {
      await sql`select pg_advisory_unlock(${PREPARE_LOCK})`.execute(conn);
    }
  });
}

async function prepareUnlocked(db: Db, config: ServerConfig, logger: Logger): Promise<{ sessionSecret: string }> {
  await migrateToLatest(db);
  const defaults = await ensureDefaults(db);
  if (config.seedDemo && (await seedDemo(db, { passwordCost: config.demoPasswordCost ?? undefined, interceptorOn: config.demoInterceptor, storage: uploadsStorage(config.dataDir) }))) logger.info("seeded the demo catalogue");
  if (await ensureAdminAccount(db, config.adminUsername, config.adminPassword)) logger.info({ username: config.adminUsername }, "created the admin account");
  return defaults;
}

/** Prepares the database once, before several server processes start on it (server/processes.ts). */
export async function prepareDatabase(config: ServerConfig, logger: Logger): Promise<void> {
  const db = open(config, logger);
  try {
    await prepare(db, config, logger);
  } finally {
    await db.destroy();
  }
}

/** How long a closing server lets requests in flight finish before it ends their connections. */
const CLOSE_GRACE_MS = 3_000;

/** Opens and migrates the database, seeds what is missing, and starts listening. */
export async function startServer(config: ServerConfig, logger: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  const db = open(config, logger);
  const { sessionSecret } = await prepare(db, config, logger);
  let index: CatalogueIndex | null = null;
  if (config.searchIndex === "memory") {
    const started = Date.now();
    index = new CatalogueIndex({ cacheResults: config.searchCache });
    await index.load(db);
    logger.info({ items: index.size, ms: Date.now() - started }, "search index loaded");
  }
  const imports = config.imports;
  const jobs = imports.runJobs
    ? new ImportJobRunner(db, logger, {
        pollMs: imports.pollMs,
        leaseMs: imports.leaseMs,
        batchSize: imports.batchSize,
        maxAttempts: 5,
        batchPauseMs: imports.batchPauseMs,
        limits: { maxRows: imports.maxRows, maxColumns: IMPORT_MAX_COLUMNS, maxUncompressedBytes: imports.maxUncompressedBytes, timeoutMs: imports.parseTimeoutMs, workerMemoryMb: imports.workerMemoryMb },
      })
    : null;
  const app = createApp({ db, config, logger, sessionSecret: config.sessionSecret || sessionSecret, index, onImportWork: () => jobs?.poke() });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once("error", reject);
  });
  answerClientErrorsAsJson(server);
  // Idle keep-alive connections outlive a load balancer's (commonly 60 s), so the balancer, not this
  // server, closes them: a request never races a connection the server is closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const url = `http://${config.host}:${typeof address === "object" && address ? address.port : config.port}`;
  const store = new DatabaseSessionStore(db);
  const prune = setInterval(() => void store.prune().catch((err) => logger.warn({ err }, "session prune failed")), 60 * 60 * 1000);
  prune.unref();
  const stopImageSweeper = startEditorImageSweeper(db, uploadsStorage(config.dataDir), logger);
  jobs?.start();
  logger.info({ url, database: config.databaseUrl ? "postgres" : "sqlite" }, "server listening");
  return {
    server,
    db,
    url,
    async close() {
      clearInterval(prune);
      // No new connections; idle keep-alive ones end now. A request in flight gets a few seconds to finish, and then its
      // connection ends too: waiting for the client to leave could take the keep-alive timeout (65 s: a CI run's test
      // hook timed out on it).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
      await stopImageSweeper();
      await jobs?.stop();
      await closed;
      clearTimeout(grace);
      await db.destroy();
    },
  };
}
