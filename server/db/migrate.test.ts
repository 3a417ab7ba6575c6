import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { isPostgres } from "./connection.js";
import { migrateDownAll, migrateToLatest } from "./migrate.js";
import { startTestServer, type TestServer } from "../test/testServer.js";

describe("migrations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const tableNames = async () => {
    const db = server.db;
    const rows = isPostgres(db)
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    return rows.rows.map((r) => r.name).filter((n) => !n.startsWith("kysely_") && !n.startsWith("sqlite_") && !n.startsWith("content_fts_"));
  };

  it("run all the way down and up again", async () => {
    expect(await tableNames()).toContain("content");
    await migrateDownAll(server.db);
    expect(await tableNames()).toEqual([]);
    await migrateToLatest(server.db);
    expect(await tableNames()).toEqual(expect.arrayContaining(["profiles", "content", "content_grants", "content_attributes", "favorites", "sessions", "search_types"]));
  });
});
