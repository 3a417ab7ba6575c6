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

/** Statements kept per connection (dropped all at once past this; `in (...)` lists of many lengths make many texts). */
const STATEMENT_CACHE = 1000;

/**
 * better-sqlite3 keeping its prepared statements by SQL text. Kysely's driver prepares every query anew,
 * which costs more than running a small indexed query (the search's change-log read runs before every
 * search). Kysely runs one query at a time on its SQLite connection, so a statement is never in use twice
 * at once; SQLite re-prepares a statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** True when the database is PostgreSQL. */
export function isPostgres(db: Pick<Kysely<unknown>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
