import { defineConfig } from "vitest/config";

// *.postgres.test.ts hold what only PostgreSQL can show (commit order, advisory locks): run by the PostgreSQL leg alone.
const onPostgres = process.env.DB_TEST === "postgres";

export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["**/node_modules/**", "dist/**", "out/**", "e2e/**", ...(onPostgres ? [] : ["**/*.postgres.test.ts"])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One migrated database that each test file's database is copied from (server/test/databaseTemplate.ts).
    globalSetup: ["server/test/databaseTemplate.ts"],
    // One module graph per worker, not per file: importing the server afresh for each of 80 files cost more than all the
    // tests (import 337 s of a 293 s run with three workers; 24 s of 68 s without). Each suite builds its own app and
    // database, so nothing a file keeps in a module outlives its own setup.
    isolate: false,
  },
});
