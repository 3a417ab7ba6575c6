import path from "node:path";
import fs from "node:fs";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import type { Database } from "./schema.js";

export type Db = Kysely<Database>;

/** Opens the database: PostgreSQL when the URL is a postgres URL, otherwise SQLite in dataDir. */
export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number; onPoolError?: (err: Error) => void }): Db {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Keep BIGINT counts as numbers: our counts never approach 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover, admin command) must not crash the process:
    // the pool replaces it on the next query.
    pool.on("error", options.onPoolError ?? ((err) => console.warn(`database connection lost: ${err.message}`)));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  let file: string;
  if (url && url.startsWith("sqlite:")) file = url.slice("sqlite:".length);
  else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    file = path.join(options.dataDir, "platform.sqlite");
  }
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -65536");
  sqlite.pragma("temp_store = MEMORY");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * better-sqlite3 behind a cache of prepared statements by SQL text. Kysely prepares every query
 * anew; each statement holds native memory that V8 does not count, so a long import (thousands of
 * large multi-row inserts) grew the process by hundreds of MB before a collection noticed. Reusing
 * statements for repeated SQL saves the re-prepare and that memory. A statement still being
 * iterated (a streamed query) is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, size = 256): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const hit = cache.get(text);
      if (hit && !hit.busy) {
        cache.delete(text); // most recently used last
        cache.set(text, hit);
        return hit;
      }
      const statement = sqlite.prepare(text);
      if (!hit) {
        cache.set(text, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      return statement;
    },
  };
}

/** True when the database is PostgreSQL. */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Whether a write failed on a foreign key (SQLite's SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL's 23503): a row it points
 * at was deleted after the request found it, as when an item is deleted while someone collects or comments on it.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

/** Whether a write failed on a unique constraint (SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505): a row raced in first. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
