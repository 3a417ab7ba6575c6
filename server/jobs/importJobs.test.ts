import { spawn, type ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { BulkImport } from "../../contract/index.js";
import { openDatabase, type Db } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { buildUser } from "../test/factories.js";
import { freshDatabase, startTestServer, TestClient } from "../test/testServer.js";
import { CHILD_ADMIN, serverEnv, waitFor } from "../test/childServer.js";
import { freePort } from "../test/localHttp.js";
import { Lease } from "./lease.js";

const rowsCsv = (prefix: string, n: number) => ["Title,URL", ...Array.from({ length: n }, (_, i) => `${prefix} ${i},https://example.org/${prefix}/${i}`)].join("\n");

/** Counts what an import created and whether any row was imported twice. */
async function importedCounts(db: Db, prefix: string) {
  const content = await db.selectFrom("content").select(sql<number>`count(*)`.as("n")).where("title", "like", `${prefix} %`).executeTakeFirstOrThrow();
  const distinct = await db.selectFrom("content").select(sql<number>`count(distinct title)`.as("n")).where("title", "like", `${prefix} %`).executeTakeFirstOrThrow();
  const items = await db.selectFrom("bulk_import_items").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
  return { content: Number(content.n), distinct: Number(distinct.n), items: Number(items.n) };
}

describe("import jobs", () => {
  it("lets exactly one of many concurrent claims win an import", async () => {
    const database = await freshDatabase();
    const db = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      await migrateToLatest(db);
      const now = new Date().toISOString();
      const row = await db
        .insertInto("bulk_imports")
        .values({ uid: "claim-test", model_type: "resource", profile_id: 1, status: "processing", file_name: "x.csv", file_type: "csv", file_size: 1, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => Lease.claim(db, row.id, `instance-${i}`, 60000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims.find(Boolean)!;
      const stored = await db.selectFrom("bulk_imports").select(["lease_owner", "attempts"]).where("id", "=", row.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ lease_owner: winner.owner, attempts: 1 });
      // A batch of the loser cannot commit: renewing a lease it does not hold fails.
      const loser = new Lease(db, row.id, "someone-else", 60000);
      await expect(loser.renew()).rejects.toThrow(/lease/);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });

  it("two instances on one database import every row exactly once", async () => {
    const server = await startTestServer({ env: { IMPORT_POLL_MS: "50", IMPORT_BATCH_SIZE: "25", IMPORT_LEASE_MS: "2000" } });
    try {
      await server.startInstance();
      await server.startInstance();
      const user = await buildUser(server.db, { permissions: ["bulk_importer"] });
      const client = server.client();
      await client.signIn(user.username!, user.password);
      const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: { name: "two.csv", data: new TextEncoder().encode(rowsCsv("Twin", 600)) } });
      const link = res.body.data.link as string;
      await waitFor(() => client.get<BulkImport>(link), (r) => r.body.status === "preprocessed");
      expect((await client.post(`${link}/start`)).status).toBe(200);
      const done = await waitFor(() => client.get<BulkImport>(link), (r) => r.body.status === "completed");
      expect(done.body.import_results_summary.imported).toBe(600);
      expect(await importedCounts(server.db, "Twin")).toEqual({ content: 600, distinct: 600, items: 600 });
    } finally {
      await server.stop();
    }
  });

  it("finishes an import after the server is killed with SIGKILL in the middle, every row exactly once", async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const env = serverEnv(database, port, { LOG_LEVEL: "warn", IMPORT_POLL_MS: "100", IMPORT_LEASE_MS: "1500", IMPORT_BATCH_SIZE: "40", IMPORT_BATCH_PAUSE_MS: "40" });
    const url = `http://127.0.0.1:${port}`;
    const boot = async (): Promise<ChildProcess> => {
      const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: ["ignore", "ignore", "inherit"] });
      await waitFor(
        () => fetch(`${url}/app/config`).then((r) => r.status, () => 0),
        (status) => status === 200,
        60000,
      );
      return child;
    };
    let child = await boot();
    try {
      const client = new TestClient(url);
      expect((await client.signIn(CHILD_ADMIN.username, CHILD_ADMIN.password)).status).toBe(200);
      const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: { name: "big.csv", data: new TextEncoder().encode(rowsCsv("Killed", 1500)) } });
      const link = res.body.data.link as string;
      await waitFor(() => client.get<BulkImport>(link), (r) => r.body.status === "preprocessed");
      expect((await client.post(`${link}/start`)).status).toBe(200);
      const midway = await waitFor(() => client.get<BulkImport>(link), (r) => r.body.progress.done >= 200, 60000);
      expect(midway.body.progress.done).toBeLessThan(1500);
      child.kill("SIGKILL");
      await new Promise((r) => child.once("exit", r));

      child = await boot();
      const done = await waitFor(() => client.get<BulkImport>(link), (r) => r.body.status === "completed", 90000);
      expect(done.body.import_results_summary.imported).toBe(1500);
      const db = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        expect(await importedCounts(db, "Killed")).toEqual({ content: 1500, distinct: 1500, items: 1500 });
        const record = await db.selectFrom("bulk_imports").select(["attempts", "rows_done"]).where("uid", "=", link.split("/").pop()!).executeTakeFirstOrThrow();
        expect(record.attempts).toBeGreaterThanOrEqual(2);
        expect(record.rows_done).toBe(1500);
      } finally {
        await db.destroy();
      }
    } finally {
      child.kill("SIGKILL");
      await database.drop();
    }
  }, 180000);
});
