import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { prepareDatabase } from "../boot.js";
import { loadConfig } from "../config.js";
import { adminQuery } from "./testServer.js";

/**
 * vitest's global setup: one database migrated and given its defaults, which each test file's fresh database is copied
 * from (server/test/testServer.ts). A server starting on a copy finds its migrations done. Migrating a new database at
 * every server start cost about 1.3 s on PostgreSQL and 0.3 s on SQLite, for some 150 starts per run; copying costs
 * a few milliseconds on SQLite and the CREATE DATABASE every test file already paid on PostgreSQL.
 * server/db/migrate.test.ts still runs every migration down and up on a started server.
 *
 * The copy's source reaches the test workers through the environment (they are forked after this runs):
 * TEST_TEMPLATE_DATABASE names a PostgreSQL database, TEST_TEMPLATE_SQLITE a SQLite file.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platform-template-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = process.env.DB_TEST === "postgres" && adminUrl;
  const name = `test_template_${process.pid}`;
  let databaseUrl: string | undefined;
  if (onPostgres) {
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  await prepareDatabase(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "0", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }), pino({ level: "silent" }));
  if (onPostgres) process.env.TEST_TEMPLATE_DATABASE = name;
  // Closing the only connection checkpointed the write-ahead log into the file: the file alone is the database.
  else process.env.TEST_TEMPLATE_SQLITE = path.join(dataDir, "platform.sqlite");
  return async () => {
    if (onPostgres) await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
