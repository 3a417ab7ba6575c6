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
  },
});
